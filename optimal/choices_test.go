package optimal

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// TestChoiceBounds checks every choice the solver scores, with the table and
// with the walk, against its definition: the candidates, plus the least
// total of each part but the guess itself; exact when no part has more than
// two; and that no guess with a bound below the limit is left out but those
// of a class or orbit already scored. Choices scored candidates first
// (lazy) come to the same.
func TestChoiceBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	defer func(max int) { tableMax = max }(tableMax)
	for _, g := range []mastermind.Game{mastermind.Classic(), {Positions: 4, Colors: 3}, {Positions: 5, Colors: 2}, mastermind.Bulls()} {
		s, _ := mastermind.NewSpace(g)
		var solvers [2]*solver // with the table and with the walk
		for i, max := range []int{6000, 0} {
			tableMax = max
			solvers[i] = newSolver(s, 0)
		}
		for trial := range 20 {
			secret := r.IntN(s.Len())
			var history []mastermind.Turn
			cands := consistent.All(s)
			for range 1 + trial%3 {
				guess := r.IntN(s.Len())
				turn := mastermind.Turn{Guess: s.Code(guess), Feedback: s.Score(secret, guess)}
				history = append(history, turn)
				cands = consistent.Narrow(s, cands, turn)
			}
			if len(cands) < 3 {
				continue
			}
			limit := 1 << 40
			if trial%2 == 1 {
				limit = 3 * len(cands) // cuts some off
			}
			var got [2]map[int32]choice
			for i, sv := range solvers {
				got[i] = map[int32]choice{}
				all := sv.chooser.choices(history, cands, tree.MaxDepth, limit, false)
				for _, c := range all.list {
					got[i][c.guess()] = c
				}
				// Scored lazily, the same choices in the same order, the
				// candidates first, and a true lower bound.
				lazy := sv.chooser.choices(history, cands, tree.MaxDepth, limit, true)
				if lazy.least > all.least {
					t.Fatalf("%v, %d candidates: lazy bound %d above %d", g, len(cands), lazy.least, all.least)
				}
				if r := lazy.rest; r != nil {
					for _, c := range lazy.list {
						if !c.consistent() {
							t.Fatalf("%v: %v scored before the candidates", g, c)
						}
					}
					for _, c := range all.list {
						if !c.consistent() && c.bound() < r.floor {
							t.Fatalf("%v: %v below the floor %d of guesses that are not candidates", g, c, r.floor)
						}
					}
				}
				if least := lazy.settle(sv, limit); least != all.least {
					t.Fatalf("%v, %d candidates: lazy bound %d, want %d", g, len(cands), least, all.least)
				}
				if lazy.expand(sv, limit); !slices.Equal(lazy.list, all.list) {
					t.Fatalf("%v, %d candidates: lazy choices differ", g, len(cands))
				}
			}
			if len(got[0]) != len(got[1]) {
				t.Fatalf("%v: the table scores %d guesses, the walk %d", g, len(got[0]), len(got[1]))
			}
			for guess, c := range got[0] {
				want := definition(solvers[0], cands, int(guess))
				if c != want || got[1][guess] != want {
					t.Fatalf("%v, %d candidates, guess %v: table %+v, walk %+v, want %+v", g, len(cands), s.Code(int(guess)), c, got[1][guess], want)
				}
			}
		}
	}
}

// definition returns the choice of guess at the candidates, computed from
// the parts themselves.
func definition(sv *solver, cands []int32, guess int) choice {
	bound := len(cands)
	for _, p := range sv.split(nil, cands, guess) {
		bound += sv.least[len(p.cands)]
	}
	return newChoice(int32(guess), slices.Contains(cands, int32(guess)), bound)
}
