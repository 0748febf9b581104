package optimal

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// TestProvenFromParts checks the bound of a stopped search on games of a
// single class of first guesses, where the root's own bound says nothing
// until the search ends: once the parts of the first guess are solved,
// and nothing else, it is the optimum (brute force); before, no more.
func TestProvenFromParts(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 4, Colors: 4, Distinct: true}, {Positions: 3, Colors: 4, Distinct: true},
	} {
		s, _ := mastermind.NewSpace(g)
		all := consistent.All(s)
		want := bruteForce(s, all, tree.MaxDepth, map[string]int{})
		sv := newSolver(s, 0)
		if got := sv.proven(context.Background(), all, time.Minute); got < sv.least[len(all)] || got > want {
			t.Errorf("%v, nothing searched: proven %d; want between %d and the optimum %d", g, got, sv.least[len(all)], want)
		}
		tr := trial{sv: sv}
		tr.partition(all, 0, make([]mastermind.Outcome, len(all)))
		for _, p := range tr.parts {
			h := []mastermind.Turn{{Guess: s.Code(0), Feedback: p.feedback}}
			sv.solve(h, p.cands, tree.MaxDepth-1, infinite, nil, false)
		}
		if got := sv.proven(context.Background(), all, time.Minute); got != want {
			t.Errorf("%v, the first guess's parts solved: proven %d; want the optimum %d", g, got, want)
		}
	}
}

// TestStoppedMidSearch stops searches of classic after a while: what they
// report proven holds, at most Koyama and Lai's 5625 and at least one
// guess per secret.
func TestStoppedMidSearch(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Presets()["classic"])
	for _, after := range []time.Duration{20 * time.Millisecond, 100 * time.Millisecond, 300 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		_, err := Solve(ctx, s, Options{})
		cancel()
		var ie *InterruptedError
		if !errors.As(err, &ie) {
			continue // finished first
		}
		if ie.Lower < s.Len() || ie.Lower > 5625 || ie.Upper < 5625 {
			t.Errorf("stopped after %v: bounds %d..%d; want a lower bound within [%d, 5625] and an upper one from 5625", after, ie.Lower, ie.Upper, s.Len())
		}
	}
}

// TestBound checks Bound on classic: from the checkpoint of a finished
// search it is Koyama and Lai's 5625; from one of a search stopped early,
// a bound between the count's and 5625; from none, the count's.
func TestBound(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Presets()["classic"])
	least := newSolver(s, 0).least[s.Len()]
	for _, after := range []time.Duration{0, 150 * time.Millisecond} {
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if after > 0 {
			ctx, cancel = context.WithTimeout(ctx, after)
		}
		var last *Checkpoint
		_, err := Solve(ctx, s, Options{Save: func(c *Checkpoint) error { last = c; return nil }})
		cancel()
		got, berr := Bound(context.Background(), s, Options{Resume: last}, 10*time.Second)
		if berr != nil {
			t.Fatal(berr)
		}
		switch {
		case err == nil && got != 5625:
			t.Errorf("from a finished search's checkpoint: %d; want 5625", got)
		case got < least || got > 5625:
			t.Errorf("from a checkpoint after %v (%v): %d; want between %d and 5625", after, err, got, least)
		}
	}
	if got, _ := Bound(context.Background(), s, Options{}, time.Second); got < least || got > 5625 {
		t.Errorf("from nothing: %d; want between %d and 5625", got, least)
	}
}
