package choose

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/symmetry"
)

// considered counts the guesses a heuristic may score: every code of the
// game listed, and those that are the lowest of their class under the
// permutations of the colours no guess used counted (package symmetry's
// classes, with every code still possible, so that no colour is absent).
func TestConsidered(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 4))
	for _, g := range []mastermind.Game{
		{Positions: 4, Colors: 6}, {Positions: 3, Colors: 5}, {Positions: 5, Colors: 3},
		{Positions: 2, Colors: 8}, {Positions: 6, Colors: 2}, {Positions: 1, Colors: 4},
		{Positions: 4, Colors: 6, Distinct: true}, {Positions: 3, Colors: 7, Distinct: true},
		{Positions: 4, Colors: 4, Distinct: true},
	} {
		s, err := Space(g)
		if err != nil {
			t.Fatal(err)
		}
		all := consistent.All(s)
		for turns := range 4 {
			var h []mastermind.Turn
			for range turns {
				guess := s.Code(rng.IntN(s.Len()))
				h = append(h, mastermind.Turn{Guess: guess, Feedback: mastermind.Score(s.Code(rng.IntN(s.Len())), guess)})
			}
			classes := symmetry.NewClasses(&mastermind.State{Space: s, History: h, Candidates: all})
			want := 0
			for i := range s.Len() {
				if classes.Lowest(s.Code(i)) {
					want++
				}
			}
			classes.Release()
			if got := considered(g, h); math.Round(got) != float64(want) || math.Abs(got-math.Round(got)) > 1e-6 {
				t.Errorf("%v after %v: considered = %v, want %d", g, h, got, want)
			}
		}
	}
	// Classic before any guess: 15 classes (the set partitions of 4
	// positions); 13 positions of 2 colours: 2^12.
	for _, c := range []struct {
		g    mastermind.Game
		want float64
	}{{mastermind.Game{Positions: 4, Colors: 6}, 15}, {mastermind.Game{Positions: 13, Colors: 2}, 4096}} {
		if got := considered(c.g, nil); got != c.want {
			t.Errorf("%v: considered = %v, want %v", c.g, got, c.want)
		}
	}
}
