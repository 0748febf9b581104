package strategy

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
)

// TestBreakerDeadline: a guess whose context ends while it is being chosen
// is the context's error, not a guess, and is not kept: the next call with
// time enough chooses the guess afresh, the same as a breaker never
// interrupted.
func TestBreakerDeadline(t *testing.T) {
	s, err := mastermind.NewSpace(mastermind.Game{Positions: 6, Colors: 7})
	if err != nil {
		t.Fatal(err)
	}
	entropy, err := New("entropy", 0)
	if err != nil {
		t.Fatal(err)
	}
	first := mastermind.Turn{Guess: mastermind.Code{0, 0, 1, 1, 2, 3}, Feedback: mastermind.Feedback{Black: 1, White: 1}}
	b := NewBreaker(s, entropy)
	if err := b.Record(first.Guess, first.Feedback); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	if g, err := b.Next(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Next past its deadline = %v, %v; want the deadline's error", g, err)
	}
	got, err := b.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	fresh := NewBreaker(s, entropy)
	if err := fresh.Record(first.Guess, first.Feedback); err != nil {
		t.Fatal(err)
	}
	want, err := fresh.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("after an interrupted choice Next = %v, want %v as without it", got, want)
	}
}

// TestBreakersStop: every strategy's breaker, choosing among hundreds of
// thousands of candidates, returns its context's error within milliseconds
// of a cancel or a deadline, not the guess it would have chosen in seconds.
func TestBreakersStop(t *testing.T) {
	s, err := mastermind.NewSpace(mastermind.Game{Positions: 6, Colors: 9})
	if err != nil {
		t.Fatal(err)
	}
	first := mastermind.Turn{Guess: mastermind.Code{0, 1, 2, 3, 4, 5}, Feedback: mastermind.Feedback{Black: 0, White: 2}}
	for _, name := range Names() {
		strat, err := New(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBreaker(s, strat)
		if err := b.Record(first.Guess, first.Feedback); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if g, err := b.Next(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: Next after a cancel = %v, %v; want the cancel's error", name, g, err)
		}
		// The CPU time of the call, not the wall clock: on a loaded machine
		// the goroutine may wait its turn. 20 ms at most before the
		// deadline on each of the processors, and milliseconds after it,
		// where a whole choice takes seconds.
		const deadline, bound = 20 * time.Millisecond, 500 * time.Millisecond
		ctx, cancel = context.WithTimeout(context.Background(), deadline)
		start := cputime.Process()
		g, err := b.Next(ctx)
		used := cputime.Process() - start
		cancel()
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: Next with a deadline = %v, %v", name, g, err)
		}
		t.Logf("%s: %v of CPU (%v)", name, used, err)
		if used > bound+time.Duration(runtime.GOMAXPROCS(0))*deadline {
			t.Errorf("%s: Next with a deadline of %v used %v of CPU", name, deadline, used)
		}
	}
}
