package optimal

import (
	"fmt"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// TestFeasibleMatchesBruteForce checks feasible against the definition
// (brute force) at every depth, on every game's whole set, the parts of
// every first guess and the parts after some pairs of guesses: a set fits
// within d guesses exactly when the best total within d is finite, and the
// guess it gives is one whose parts all fit within d-1. It does so with
// the table of outcomes and without (the walk of sets too large for it, as
// at the top of 8x3), and at odd depths with memos that forget all the
// time.
func TestFeasibleMatchesBruteForce(t *testing.T) {
	defer func(n int) { tableMax = n }(tableMax)
	for _, tableMax = range []int{tableMax, 0} {
		t.Run(fmt.Sprintf("tableMax=%d", tableMax), feasibleMatchesBruteForce)
	}
}

func feasibleMatchesBruteForce(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 3, Colors: 3}, {Positions: 2, Colors: 6}, {Positions: 4, Colors: 3},
		{Positions: 3, Colors: 5, Distinct: true}, {Positions: 4, Colors: 4, Distinct: true},
	} {
		if !testkit.LongLane && g.Count() > 64 { // 4x3 (81 codes): the long lane
			continue
		}
		s, _ := mastermind.NewSpace(g)
		memo := map[string]int{}
		type set struct {
			history []mastermind.Turn
			cands   []int32
		}
		all := consistent.All(s)
		sets := []set{{nil, all}}
		sv := newSolver(s, 0)
		for guess := range s.Len() {
			for _, p := range sv.split(nil, all, guess) {
				sets = append(sets, set{p.history, p.cands})
				if second := (guess*7 + len(p.cands)) % s.Len(); len(p.cands) > 3 && guess%3 == 0 {
					for _, q := range sv.split(p.history, p.cands, second) {
						sets = append(sets, set{q.history, q.cands})
					}
				}
			}
		}
		fit, unfit := 0, 0
		for depth := 1; depth <= 6; depth++ {
			sv := newSolver(s, depth)
			fe := &feasibility{sv: sv}
			if depth%2 == 1 {
				sv.memo.budget = 8 << 10 // forgetting all the time
			}
			for _, set := range sets {
				want := bruteForce(s, set.cands, depth, memo) < 1<<30
				guess, got := fe.feasible(set.history, set.cands, depth)
				if got != want {
					t.Fatalf("%v, a set of %d after %v within %d: feasible %v; brute force says %v", g, len(set.cands), set.history, depth, got, want)
				}
				if !got {
					unfit++
					continue
				}
				fit++
				if len(set.cands) > 1 && !fe.guess(set.history, set.cands, guess, depth) {
					t.Errorf("%v, a set of %d after %v within %d: guess %v leaves a part that does not fit", g, len(set.cands), set.history, depth, s.Code(guess))
				}
			}
		}
		if fit == 0 || unfit == 0 {
			t.Errorf("%v: %d sets fit, %d do not; want some of each", g, fit, unfit)
		}
	}
}
