package strategy

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// ruleAnswer is the answer of g's rule by its definition (testkit), apart
// from the engine's scoring.
func ruleAnswer(g mastermind.Game, secret, guess mastermind.Code) mastermind.Feedback {
	return testkit.Answer[mastermind.Feedback](g.Rule.String(), secret, guess)
}

// ruleReferenceNext is referenceNext scored by the reference of the
// game's rule, the candidates found by it too: no symmetry, no outcome.
func ruleReferenceNext(m Measure, s *mastermind.Space, h []mastermind.Turn, consistent bool) (int, []int32) {
	g := s.Game()
	var cands []int32
	for x := range s.Len() {
		fits := true
		for _, t := range h {
			fits = fits && ruleAnswer(g, s.Code(x), t.Guess) == t.Feedback
		}
		if fits {
			cands = append(cands, int32(x))
		}
	}
	isCand := map[int32]bool{}
	for _, x := range cands {
		isCand[x] = true
	}
	if len(cands) <= 2 {
		return int(cands[0]), cands
	}
	best, bestGuess := math.Inf(1), -1
	for guess := range s.Len() {
		if consistent && !isCand[int32(guess)] {
			continue
		}
		counts := map[mastermind.Feedback]int{}
		for _, x := range cands {
			counts[ruleAnswer(g, s.Code(int(x)), s.Code(guess))]++
		}
		var v float64
		for _, c := range counts {
			n := float64(c)
			switch m {
			case Minimax:
				v = math.Max(v, n)
			case Expected:
				v += n * n
			case Entropy:
				v += n * math.Log2(n)
			case Parts:
				v--
			}
		}
		switch {
		case v < best-1e-6:
		case v < best+1e-6 && isCand[int32(guess)] && !isCand[int32(bestGuess)]:
		default:
			continue
		}
		best, bestGuess = v, guess
	}
	return bestGuess, cands
}

// TestHeuristicsUnderRules checks every heuristic under the rules black
// and slots against the reference: after histories whose guesses have
// symmetries (where the orbit filter would work, were it wrong for the
// rule) and after random ones.
func TestHeuristicsUnderRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 70))
	for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
		for _, tc := range []struct {
			game    mastermind.Game
			guesses []string // the history's guesses; "" a random code
		}{
			{mastermind.Classic(), nil},
			{mastermind.Classic(), []string{"0011"}},
			{mastermind.Classic(), []string{"0012"}},
			{mastermind.Classic(), []string{"0123"}},
			{mastermind.Classic(), []string{"0000", "1111"}},
			{mastermind.Classic(), []string{"0000"}},
			{mastermind.Classic(), []string{"0101"}},
			{mastermind.Classic(), []string{"0011", "2233"}},
			{mastermind.Game{Positions: 5, Colors: 3}, []string{"00111"}},
			{mastermind.Classic(), []string{"", ""}},
			{mastermind.Game{Positions: 3, Colors: 5}, []string{"012"}},
			{mastermind.Game{Positions: 4, Colors: 6, Distinct: true}, []string{"0123"}},
			{mastermind.Game{Positions: 4, Colors: 6, Distinct: true}, []string{""}},
		} {
			g := tc.game
			g.Rule = rule
			s, err := mastermind.NewSpace(g)
			if err != nil {
				t.Fatal(err)
			}
			runs := 2 // 4 in the long lane
			if testkit.LongLane {
				runs = 4
			}
			for run := range runs {
				secret := s.Code(r.IntN(s.Len()))
				var h []mastermind.Turn
				for _, x := range tc.guesses {
					guess := s.Code(r.IntN(s.Len()))
					if x != "" {
						guess, _ = g.ParseCode(x)
					}
					h = append(h, mastermind.Turn{Guess: guess, Feedback: ruleAnswer(g, secret, guess)})
				}
				for m := Minimax; m <= Parts; m++ {
					for _, c := range []bool{false, true} {
						want, cands := ruleReferenceNext(m, s, h, c)
						st := &mastermind.State{Space: s, History: h, Candidates: cands}
						hs := Heuristic{Measure: m, Consistent: c}
						if got := hs.Next(st); got != want {
							t.Fatalf("%v after %v: %v chooses %v, want %v", g, h, hs.Name(), s.Code(got), s.Code(want))
						}
					}
				}
				if len(tc.guesses) == 0 && run > 0 {
					break
				}
			}
		}
	}
}

// TestHeuristicsSkipAlike checks the heuristics under the rule black
// against the reference after random histories of one to three guesses,
// in games where many colours stand nowhere in the candidates at some
// position: there the search leaves out the codes that split them as a
// lower code does (symmetry's Walker.Alike), which must never be the
// reference's choice.
func TestHeuristicsSkipAlike(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 71))
	for _, g := range []mastermind.Game{
		{Positions: 4, Colors: 7, Distinct: true, Rule: mastermind.BlackOnly},
		{Positions: 3, Colors: 7, Distinct: true, Rule: mastermind.BlackOnly},
		{Positions: 4, Colors: 5, Rule: mastermind.BlackOnly},
		{Positions: 3, Colors: 6, Rule: mastermind.BlackOnly},
	} {
		s, err := mastermind.NewSpace(g)
		if err != nil {
			t.Fatal(err)
		}
		for run := range 24 {
			secret := s.Code(r.IntN(s.Len()))
			var h []mastermind.Turn
			for range 1 + run%3 {
				guess := s.Code(r.IntN(s.Len()))
				h = append(h, mastermind.Turn{Guess: guess, Feedback: ruleAnswer(g, secret, guess)})
			}
			for m := Minimax; m <= Parts; m++ {
				want, cands := ruleReferenceNext(m, s, h, false)
				st := &mastermind.State{Space: s, History: h, Candidates: cands}
				if got := (Heuristic{Measure: m}).Next(st); got != want {
					t.Fatalf("%v after %v (%d candidates): %v chooses %v, want %v", g, h, len(cands), m, s.Code(got), s.Code(want))
				}
			}
		}
	}
}
