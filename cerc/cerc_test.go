package cerc

import (
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// TestGenerate checks that every family makes well-formed cases that some
// code satisfies unless an answer was changed, and that the changed ones are
// mostly contradictory.
func TestGenerate(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, family := range Families {
		cheating := 0
		for i := range 40 {
			cheat := i%2 == 1
			k, err := Generate(r, family, 10, 100, 10+i, cheat)
			if err != nil {
				t.Fatal(err)
			}
			g := mastermind.Game{Positions: k.Positions, Colors: k.Colors}
			if len(k.History) != 10+i {
				t.Fatalf("%s: %d guesses, want %d", family, len(k.History), 10+i)
			}
			for _, turn := range k.History {
				if err := g.ValidCode(turn.Guess); err != nil || turn.Feedback.Black+turn.Feedback.White > g.Positions {
					t.Fatalf("%s: bad turn %v: %v", family, turn, err)
				}
			}
			sat := consistent.Satisfiable(k.Positions, k.Colors, k.History)
			if !cheat && !sat {
				t.Fatalf("%s: a case without a changed answer has no solution", family)
			}
			if cheat && !sat {
				cheating++
			}
		}
		if cheating < 10 {
			t.Errorf("%s: only %d of 20 changed cases are contradictory", family, cheating)
		}
	}
	if _, err := Generate(r, "nonsense", 4, 6, 3, false); err == nil {
		t.Errorf("Generate accepted an unknown family")
	}
}
