package optimal

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
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
		if got := (prover{sv}).proven(context.Background(), all, time.Minute); got < sv.least[len(all)] || got > want {
			t.Errorf("%v, nothing searched: proven %d; want between %d and the optimum %d", g, got, sv.least[len(all)], want)
		}
		tr := trial{sv: sv}
		tr.partition(all, 0, make([]mastermind.Outcome, len(all)))
		for _, p := range tr.parts {
			h := []mastermind.Turn{{Guess: s.Code(0), Feedback: p.feedback}}
			sv.solve(h, p.cands, tree.MaxDepth-1, infinite, nil, inner)
		}
		if got := (prover{sv}).proven(context.Background(), all, time.Minute); got != want {
			t.Errorf("%v, the first guess's parts solved: proven %d; want the optimum %d", g, got, want)
		}
	}
}

// TestStoppedMidSearch stops searches of classic after a while: what they
// report proven holds, at most Koyama and Lai's 5625 and at least one
// guess per secret.
func TestStoppedMidSearch(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
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
// search, or given a few seconds from nothing, it is Koyama and Lai's 5625
// and says so; from a search stopped early, or cut short, a bound between
// the count's and 5625.
func TestBound(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	least := newSolver(s, 0).least[s.Len()]
	for _, after := range []time.Duration{0, 150 * time.Millisecond} {
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if after > 0 {
			ctx, cancel = context.WithTimeout(ctx, after)
		}
		var last *Checkpoint
		_, err := Solve(ctx, s, Options{Save: func(c *Checkpoint) error { last = c; return nil }})
		cancel()
		got, exact, berr := Bound(context.Background(), s, Options{Resume: last}, time.Millisecond)
		if berr != nil {
			t.Fatal(berr)
		}
		switch {
		case err == nil && (got != 5625 || !exact):
			t.Errorf("from a finished search's checkpoint: %d (exact: %v); want 5625, exact", got, exact)
		case got < least || got > 5625 || exact && got != 5625:
			t.Errorf("from a checkpoint after %v (%v): %d (exact: %v); want between %d and 5625", after, err, got, exact, least)
		}
	}
	for _, budget := range []time.Duration{time.Millisecond, 20 * time.Millisecond, 80 * time.Millisecond, time.Minute} {
		got, exact, err := Bound(context.Background(), s, Options{}, budget)
		switch {
		case err != nil:
			t.Fatal(err)
		case budget == time.Minute && (got != 5625 || !exact):
			t.Errorf("from nothing in %v: %d (exact: %v); want 5625, exact", budget, got, exact)
		case got < least || got > 5625 || exact && got != 5625:
			t.Errorf("from nothing in %v: %d (exact: %v); want between %d and 5625", budget, got, exact, least)
		}
	}
}

// TestBoundRises checks what Bound tells of its progress on classic: bounds
// that only rise, between the count's and Koyama and Lai's 5625, none above
// the bound it returns; given the time, the last is 5625.
func TestBoundRises(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	least := newSolver(s, 0).least[s.Len()]
	for _, budget := range []time.Duration{30 * time.Millisecond, time.Minute} {
		var told []int
		got, _, err := Bound(context.Background(), s, Options{Lower: func(l int) { told = append(told, l) }}, budget)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range told {
			if l < least || l > got || i > 0 && l <= told[i-1] {
				t.Fatalf("in %v: bounds told %v, returned %d; want them rising, from %d, to at most %d", budget, told, got, least, got)
			}
		}
		if budget == time.Minute && (len(told) == 0 || told[len(told)-1] != 5625) {
			t.Errorf("in %v: bounds told %v; want the last 5625", budget, told)
		}
	}
}

// TestRaiseMatchesBruteForce checks raise on small games, without a
// limit on the guesses and within each depth: given the time it reaches
// the optimum of brute force and says so, or reports that no strategy
// fits; cut short at any point, it never claims more.
func TestRaiseMatchesBruteForce(t *testing.T) {
	games := []mastermind.Game{
		{Positions: 3, Colors: 3}, {Positions: 2, Colors: 6}, {Positions: 4, Colors: 3},
		{Positions: 3, Colors: 5, Distinct: true}, {Positions: 4, Colors: 4, Distinct: true},
		{Positions: 5, Colors: 2},
	}
	for _, g := range games {
		if !testkit.LongLane && g.Count() > 64 { // 4x3 (81 codes): the long lane
			continue
		}
		s, _ := mastermind.NewSpace(g)
		all := consistent.All(s)
		for depth := 2; depth <= 7; depth++ {
			want := bruteForce(s, all, depth, map[string]int{})
			sv := newSolver(s, depth)
			sv.pairs = newPairForms(all) // as Bound does
			got, exact := prover{sv}.raise(all, nil)
			switch {
			case want >= 1<<30 && got < infinite:
				t.Errorf("%v within %d: raised to %d (exact: %v); want no strategy", g, depth, got, exact)
			case want < 1<<30 && (got != want || !exact):
				t.Errorf("%v within %d: raised to %d (exact: %v); want %d, exact", g, depth, got, exact, want)
			}
			if want >= 1<<30 {
				continue
			}
			// Cut short after a number of the solver's searches.
			for _, calls := range []int64{1, 3, 10, 30, 100} {
				sv := newSolver(s, depth)
				sv.pairs = newPairForms(all)
				ctx, cancel := context.WithCancel(context.Background())
				sv.ctx = &cutAfter{Context: ctx, sv: sv, calls: calls, cancel: cancel}
				got, exact := prover{sv}.raise(all, nil)
				cancel()
				if got > want || exact && got != want {
					t.Errorf("%v within %d, cut after %d searches: raised to %d (exact: %v); want at most %d", g, depth, calls, got, exact, want)
				}
			}
		}
	}
}

// A cutAfter is a context that its solver finds done once it has made
// calls searches.
type cutAfter struct {
	context.Context
	sv     *solver
	calls  int64
	cancel context.CancelFunc
}

func (c *cutAfter) Err() error {
	if c.sv.calls.Load() >= c.calls {
		c.cancel()
	}
	return c.Context.Err()
}

// TestRaiseKeepsParts checks that raise, in a memo too small for its
// work, keeps the bound of every part of every first guess (of the sizes
// a checkpoint holds), so that its checkpoint proves what it did.
func TestRaiseKeepsParts(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	all := consistent.All(s)
	for _, budget := range []time.Duration{50 * time.Millisecond, 300 * time.Millisecond} {
		sv := newSolver(s, 0)
		sv.memo.budget = 1 << 18
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		sv.ctx = ctx
		prover{sv}.raise(all, nil)
		cancel()
		c := sv.snapshot()
		_, classes := prover{newSolver(s, 0)}.firstGuesses(all, tree.MaxDepth)
		var kb keyBuffer
		for _, parts := range classes {
			for _, p := range parts {
				key := sv.key(&kb, p.cands, 0)
				if _, ok := c.entries[memoKey{set: string(key[:len(key)-1])}]; !ok && len(p.cands) >= checkpointMin {
					t.Errorf("raise for %v: the checkpoint lacks a part of %d candidates", budget, len(p.cands))
				}
			}
		}
	}
}

// TestRaiseCancelled checks raise when the end comes before the first
// guesses are listed (a budget of a millisecond under the race detector):
// the list may lack classes, and their least is no bound. It used to
// return 5880 on classic, and sometimes no bound at all (infeasible).
func TestRaiseCancelled(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	sv := newSolver(s, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sv.ctx = ctx
	lower, exact := prover{sv}.raise(consistent.All(s), nil)
	if exact || lower < sv.least[s.Len()] || lower > 5625 {
		t.Errorf("raise, cancelled at once: %d (exact: %v); want a bound from %d to 5625, not exact", lower, exact, sv.least[s.Len()])
	}
}
