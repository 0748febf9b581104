package tree

import (
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestReadJSONOf: a tree of its game is read; one of another game is
// refused, naming both, without the codes of either enumerated.
func TestReadJSONOf(t *testing.T) {
	one := mastermind.Game{Positions: 1, Colors: 3}
	tr, err := ReadJSONOf(strings.NewReader(small), one, mastermind.NewSpace)
	if err != nil {
		t.Fatal(err)
	}
	// Guess 0, then 1, then 2: 1 + 2 + 3 guesses.
	if st := tr.Stats(); st.Total != 6 {
		t.Errorf("the small tree's total is %d, want 6", st.Total)
	}
	other := mastermind.Game{Positions: 1, Colors: 4}
	_, err = ReadJSONOf(strings.NewReader(small), other, func(g mastermind.Game) (*mastermind.Space, error) {
		t.Errorf("the space of %v was made for a tree of another game", g)
		return mastermind.NewSpace(g)
	})
	if err == nil || err.Error() != "the tree is for "+one.String()+", not for "+other.String() {
		t.Errorf("a tree of %v read as one of %v: %v", one, other, err)
	}
}
