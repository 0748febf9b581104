package cerc

import (
	"errors"
	"io"
	"math/rand/v2"
	"strings"
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

// WriteGenerated writes the count and the cases, which read back as
// cases of the size asked, the same for the same seed; an unknown family
// is an *InputError and writes nothing.
func TestWriteGenerated(t *testing.T) {
	var a, b strings.Builder
	if err := WriteGenerated(&a, "mixed", 5, 9, 4, 6, 3, 0.5); err != nil {
		t.Fatal(err)
	}
	if err := WriteGenerated(&b, "mixed", 5, 9, 4, 6, 3, 0.5); err != nil || a.String() != b.String() {
		t.Errorf("WriteGenerated differs from one call to the next (%v)", err)
	}
	cr := NewCaseReader(strings.NewReader(a.String()))
	n := 0
	for {
		k, err := cr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("reading case %d back: %v", n+1, err)
		}
		if k.Positions != 4 || k.Colors != 6 || len(k.History) != 3 {
			t.Errorf("case %d: %d positions, %d colours, %d guesses; want 4, 6, 3", n+1, k.Positions, k.Colors, len(k.History))
		}
		n++
	}
	if n != 5 {
		t.Errorf("read %d cases back, want 5", n)
	}
	var c strings.Builder
	err := WriteGenerated(&c, "nonsense", 2, 1, 4, 6, 3, 0)
	var input *mastermind.InputError
	if !errors.As(err, &input) || c.Len() != 0 {
		t.Errorf("WriteGenerated(nonsense) = %v, wrote %q; want an *InputError and nothing", err, c.String())
	}
}
