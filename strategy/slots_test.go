package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/symmetry"
)

// TestSlotsVectors checks the outcomes of slotsVectors, eight candidates a
// word, of each guess whole and by its first N-1 colours (slotsPrefix),
// against the rule's definition (testkit's Marks, through
// ruleAnswer) for every guess of small games of up to 5 positions, with
// and without repeats, on every code and on random subsets of candidates
// of every length modulo 8; and the padding's bytes, which must hold the
// sentinels.
func TestSlotsVectors(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 70))
	games := []mastermind.Game{
		{Positions: 1, Colors: 3},
		{Positions: 2, Colors: 3},
		{Positions: 3, Colors: 4},
		{Positions: 3, Colors: 4, Distinct: true},
		{Positions: 4, Colors: 3},
		{Positions: 4, Colors: 6},
		{Positions: 4, Colors: 6, Distinct: true},
		{Positions: 5, Colors: 3},
		{Positions: 5, Colors: 4},
		{Positions: 5, Colors: 7, Distinct: true},
	}
	for _, g := range games {
		g.Rule = mastermind.Slots
		s, err := mastermind.NewSpace(g)
		if err != nil {
			t.Fatal(err)
		}
		all := make([]int32, s.Len())
		for i := range all {
			all[i] = int32(i)
		}
		sets := [][]int32{all}
		for n := 1; n <= 17; n++ {
			var c []int32
			for _, x := range r.Perm(s.Len())[:min(n, s.Len())] {
				c = append(c, int32(x))
			}
			sets = append(sets, c)
		}
		for _, cands := range sets {
			sv := newSlotsVectors(s, cands)
			out := make([]uint64, sv.words)
			var sp slotsPrefix
			for guess := range s.Len() {
				if len(cands) < s.Len() && guess%7 != 0 && s.Len() > 200 {
					continue
				}
				code := s.Code(guess)
				var sg, last slotsGuess
				sv.prepare(&sg, code)
				sv.preparePrefix(&sp, code[:g.Positions-1])
				sv.prepareLast(&last, &sp, int(code[g.Positions-1]))
				for _, sg := range []*slotsGuess{&sg, &last} {
					how := "whole"
					if sg.prefix != nil {
						how = "by its prefix"
					}
					// Two chunks: the outcomes of words from 1 on need not
					// start at word 0.
					sv.outcomes(sg, out[:min(1, len(out))], 0)
					sv.outcomes(sg, out[min(1, len(out)):], min(1, len(out)))
					b := bytesOf(out)
					for i, x := range cands {
						want := g.OutcomeOf(ruleAnswer(g, s.Code(int(x)), code))
						if int(b[i]) != int(want) {
							t.Fatalf("%v: secret %v, guess %v scored %s: outcome %d, want %d (%s)", g, s.Code(int(x)), code, how, b[i], want, g.FeedbackOf(want).Marks)
						}
					}
					for i := len(cands); i < len(b); i++ {
						if want := symmetry.Sentinel(g) + i - len(cands); int(b[i]) != want {
							t.Fatalf("%v, %d candidates, scored %s: padding byte %d is %d, want %d", g, len(cands), how, i, b[i], want)
						}
					}
				}
			}
			sv.release()
		}
	}
}
