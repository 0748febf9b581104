package optimal

import (
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// TestFeasibleMatchesBruteForce checks feasible against the definition
// (brute force) on every game's whole set and on the parts of every first
// guess, at every depth: a set fits within d guesses exactly when the
// best total within d is finite, and the guess it gives is one whose
// parts all fit within d-1. At odd depths the memos forget all the time.
func TestFeasibleMatchesBruteForce(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 3, Colors: 3}, {Positions: 2, Colors: 6}, {Positions: 4, Colors: 3},
		{Positions: 3, Colors: 5, Distinct: true}, {Positions: 4, Colors: 4, Distinct: true},
	} {
		s, _ := mastermind.NewSpace(g)
		memo := map[string]int{}
		all := consistent.All(s)
		type set struct {
			history []mastermind.Turn
			cands   []int32
		}
		sets := []set{{nil, all}}
		for guess := range s.Len() {
			outcomes := make([]mastermind.Outcome, len(all))
			sv := newSolver(s, 0)
			for _, p := range sv.partition(all, guess, outcomes) {
				sets = append(sets, set{[]mastermind.Turn{{Guess: s.Code(guess), Feedback: p.feedback}}, p.cands})
			}
		}
		fit, unfit := 0, 0
		for depth := 1; depth <= 6; depth++ {
			sv := newSolver(s, depth)
			if depth%2 == 1 {
				sv.memo.budget = 8 << 10 // forgetting all the time
			}
			for _, set := range sets {
				want := bruteForce(s, set.cands, depth, memo) < 1<<30
				guess, got := sv.feasible(set.history, set.cands, depth)
				if got != want {
					t.Fatalf("%v, a set of %d after %v within %d: feasible %v; brute force says %v", g, len(set.cands), set.history, depth, got, want)
				}
				if !got {
					unfit++
					continue
				}
				fit++
				if len(set.cands) > 1 && !sv.feasibleGuess(set.history, set.cands, guess, depth, make([]mastermind.Outcome, len(set.cands))) {
					t.Errorf("%v, a set of %d after %v within %d: guess %v leaves a part that does not fit", g, len(set.cands), set.history, depth, s.Code(guess))
				}
			}
		}
		if fit == 0 || unfit == 0 {
			t.Errorf("%v: %d sets fit, %d do not; want some of each", g, fit, unfit)
		}
	}
}
