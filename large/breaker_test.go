package large_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/large"
	"github.com/mastermind-go/mastermind/protocol"
)

// TestBreakerFindsConflicts answers the first guess of a game too large
// to enumerate truly, and the second with an answer that no secret gives
// together with the first: the breaker must stop with those two answers.
func TestBreakerFindsConflicts(t *testing.T) {
	g := mastermind.Game{Positions: 6, Colors: 100}
	var secret mastermind.Code
	guessR, guessW := io.Pipe()
	answerR, answerW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- protocol.Break(context.Background(), answerR, guessW, large.NewBreaker(g, large.Options{Seed: 1}))
		guessW.Close()
	}()
	lines := bufio.NewScanner(guessR)
	var history []mastermind.Turn
	for lines.Scan() {
		guess, err := protocol.ParseGuess(g, lines.Text())
		if err != nil {
			t.Fatal(err)
		}
		if secret == nil {
			// Half the first guess, so that its answer says much.
			secret = append(mastermind.Code(nil), guess...)
			for p := 3; p < 6; p++ {
				secret[p] = (guess[p] + 50) % 100
			}
		}
		f := mastermind.Score(secret, guess)
		if len(history) == 1 {
			// An answer that conflicts with the first.
			found := false
			for b := 0; b <= g.Positions && !found; b++ {
				for w := 0; b+w <= g.Positions && !found; w++ {
					f = mastermind.Feedback{Black: b, White: w}
					found = g.ValidFeedback(f) == nil && !consistent.Satisfiable(g.Positions, g.Colors, append(history, mastermind.Turn{Guess: guess, Feedback: f}))
				}
			}
			if !found {
				t.Fatalf("no answer to %v conflicts with %v", guess, history)
			}
		}
		history = append(history, mastermind.Turn{Guess: guess, Feedback: f})
		fmt.Fprintf(answerW, "%d %d\n", f.Black, f.White)
	}
	answerW.Close()
	var conflict *mastermind.ConflictError
	if err := <-done; !errors.As(err, &conflict) || fmt.Sprint(conflict.Answers) != "[1 2]" {
		t.Fatalf("Break = %v, want a conflict of answers 1 and 2", err)
	}
}

// TestBreakerReplays plays a game of 30 positions through the breaker,
// taking back answers, correcting one and giving up a guess when its
// context ends: each later guess must be the one a breaker that never went
// back plays after the same answers.
func TestBreakerReplays(t *testing.T) {
	g := mastermind.Game{Positions: 30, Colors: 8}
	secret := make(mastermind.Code, g.Positions)
	for i := range secret {
		secret[i] = uint8(i * 5 % g.Colors)
	}
	ctx := context.Background()
	// The guesses of a play that never goes back.
	straight := large.NewBreaker(g, large.Options{Seed: 7})
	var want []mastermind.Code
	for range 6 {
		guess, err := straight.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, guess)
		if err := straight.Record(guess, mastermind.Score(secret, guess)); err != nil {
			t.Fatal(err)
		}
	}

	b := large.NewBreaker(g, large.Options{Seed: 7})
	next := func(turn int) mastermind.Code {
		t.Helper()
		guess, err := b.Next(ctx)
		if err != nil {
			t.Fatalf("guess %d: %v", turn+1, err)
		}
		if string(guess) != string(want[turn]) {
			t.Fatalf("guess %d: %v, want %v", turn+1, guess, want[turn])
		}
		return guess
	}
	record := func(guess mastermind.Code, f mastermind.Feedback) {
		t.Helper()
		if err := b.Record(guess, f); err != nil {
			t.Fatal(err)
		}
	}
	for turn := range 3 {
		guess := next(turn)
		record(guess, mastermind.Score(secret, guess))
	}
	if err := b.Undo(); err != nil {
		t.Fatal(err)
	}
	if n := len(b.History()); n != 2 {
		t.Fatalf("after Undo: %d turns, want 2", n)
	}
	guess := next(2)
	wrong := mastermind.Score(secret, guess)
	wrong.Black, wrong.White = wrong.White, wrong.Black
	if wrong == mastermind.Score(secret, guess) {
		t.Fatalf("guess 3 %v: the wrong answer %v is right", guess, wrong)
	}
	record(guess, wrong)
	if err := b.Replace(2, mastermind.Score(secret, guess)); err != nil {
		t.Fatal(err)
	}
	if err := b.Replace(0, wrong); err == nil {
		t.Error("Replace(0, ...) of three answers: no error, want one")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := b.Next(cancelled); !errors.Is(err, context.Canceled) {
		t.Fatalf("Next(a cancelled context) = %v, want %v", err, context.Canceled)
	}
	for turn := 3; turn < len(want); turn++ {
		guess := next(turn)
		record(guess, mastermind.Score(secret, guess))
	}
}

// TestBreakerStopsWhenDropped leaves breakers waiting for the answer to
// their first guess: their plays must end once the breakers are garbage.
func TestBreakerStopsWhenDropped(t *testing.T) {
	before := runtime.NumGoroutine()
	g := mastermind.Game{Positions: 20, Colors: 10}
	for i := range 10 {
		if _, err := large.NewBreaker(g, large.Options{Seed: uint64(i)}).Next(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(2 * time.Minute) // generous: the machine may be loaded
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the breakers were dropped, %d before", n, before)
	}
}

// TestBreakerRefusesRules checks that a game under black that the search
// does not play (distinct colours, or consistent codes asked, beyond
// MaxBlackSearch positions) is refused as an input error, by Next and by
// Play, rather than played by a search that finds no code in time.
func TestBreakerRefusesRules(t *testing.T) {
	for _, tc := range []struct {
		g mastermind.Game
		o large.Options
	}{
		{mastermind.Game{Positions: large.MaxBlackSearch + 1, Colors: 40, Distinct: true, Rule: mastermind.BlackOnly}, large.Options{}},
		{mastermind.Game{Positions: large.MaxBlackSearch + 1, Colors: 10, Rule: mastermind.BlackOnly}, large.Options{Consistent: true}},
	} {
		g := tc.g
		_, err := large.NewBreaker(g, tc.o).Next(context.Background())
		var ie *mastermind.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), "up to 30 positions") {
			t.Errorf("%v: Next: %v, want an input error", g, err)
		}
		err = large.Play(g, tc.o, func(mastermind.Code) (mastermind.Feedback, error) {
			t.Fatalf("%v: Play asked a guess", g)
			return mastermind.Feedback{}, nil
		})
		if !errors.As(err, &ie) {
			t.Errorf("%v: Play: %v, want an input error", g, err)
		}
	}
}
