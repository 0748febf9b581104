package consistent

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// ruleHistory is a random history of game g's rule answered for a random
// secret by the reference scorer (testkit), each answer replaced with
// probability 1/3 by another valid answer, and turns often repeated: so
// that some histories conflict, some in several turns.
func ruleHistory(r *rand.Rand, s *mastermind.Space, n int) []mastermind.Turn {
	g := s.Game()
	answer := func(secret, guess mastermind.Code) mastermind.Feedback {
		return testkit.Answer[mastermind.Feedback](g.Rule.String(), secret, guess)
	}
	secret := s.Code(r.IntN(s.Len()))
	var h []mastermind.Turn
	for i := range n {
		guess := s.Code(r.IntN(s.Len()))
		f := answer(secret, guess)
		switch r.IntN(6) {
		case 0, 1:
			f = answer(s.Code(r.IntN(s.Len())), guess) // another secret's
		case 2:
			if i > 0 {
				h = append(h, h[r.IntN(i)])
				continue
			}
		}
		if g.Wins(f) {
			f = answer(s.Code(r.IntN(s.Len())), s.Code(r.IntN(s.Len())))
		}
		h = append(h, mastermind.Turn{Guess: guess, Feedback: f})
	}
	return h
}

// TestRulesCandidatesAndConflicts checks, under the rules black and
// slots, Candidates against the reference scorer and Conflict against the
// definition (referenceConflict) with satisfiability decided by it too.
func TestRulesCandidatesAndConflicts(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 1))
	conflicts, big := 0, 0
	for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
		for _, g := range []mastermind.Game{{Positions: 4, Colors: 6}, {Positions: 3, Colors: 5, Distinct: true}, {Positions: 3, Colors: 3}, {Positions: 5, Colors: 2}} {
			g.Rule = rule
			s, _ := mastermind.NewSpace(g)
			fits := func(x int, turns []mastermind.Turn) bool {
				for _, t := range turns {
					if testkit.Answer[mastermind.Feedback](rule.String(), s.Code(x), t.Guess) != t.Feedback {
						return false
					}
				}
				return true
			}
			for range 25 {
				h := ruleHistory(r, s, 1+r.IntN(12))
				var want []int32
				for x := range s.Len() {
					if fits(x, h) {
						want = append(want, int32(x))
					}
				}
				if got := Candidates(s, h); !slices.Equal(got, want) {
					t.Fatalf("%v: Candidates(%v) = %d codes, want %d", g, h, len(got), len(want))
				}
				sat := func(turns []int) bool {
					for x := range s.Len() {
						if fits(x, pick(h, turns)) {
							return true
						}
					}
					return false
				}
				wantC := referenceConflict(len(h), sat, 1<<16)
				got, err := Conflict(context.Background(), s, h)
				if err != nil || !slices.Equal(got, wantC) {
					t.Fatalf("%v: Conflict(%v) = %v, %v; want %v", g, h, got, err, wantC)
				}
				if wantC != nil {
					conflicts++
					if len(wantC) > 2 {
						big++
					}
				}
			}
		}
	}
	if conflicts < 40 || big < 3 {
		t.Fatalf("only %d conflicts, %d of more than two turns: the test is too weak", conflicts, big)
	}
}
