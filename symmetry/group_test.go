package symmetry

import (
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// TestSymmetryGroups checks the size of the group that fixes a few
// histories: every permutation of the positions with the colours moved
// along, where the guesses allow it.
func TestSymmetryGroups(t *testing.T) {
	tests := []struct {
		game    string
		guesses []string
		order   int // the group's order, identity included; 1 for nil
	}{
		{"classic", []string{"0011"}, 8},          // swaps within the pairs, and of the pairs with their colours
		{"classic", []string{"0012"}, 4},          // swapping the first two positions, and the last two with their colours
		{"classic", []string{"0123"}, 24},         // any order, the colours along
		{"classic", []string{"0011", "0123"}, 2},  // swapping the last two positions with colours 2 and 3
		{"classic", []string{"0012", "1203"}, 1},  // nothing but the identity
		{"bulls", []string{"0123"}, 24},           // any order, the colours along
		{"bulls", []string{"0123", "1045"}, 4},    // swapping the first two positions, and the last two with their colours
		{"super", []string{"00112"}, 8},           // as classic's 0011, position 5 fixed
		{"super", []string{"00000"}, 120},         // any order
		{"super", []string{"01234", "43210"}, 8},  // the permutations that commute with the reversal
		{"super", []string{"01234", "12340"}, 5},  // the rotations
		{"classic", []string{"0000", "1111"}, 24}, // any order
	}
	for _, tt := range tests {
		g, _ := mastermind.Preset(tt.game)
		s, _ := mastermind.NewSpace(g)
		var h []mastermind.Turn
		secret := s.Code(s.Len() - 1)
		for _, x := range tt.guesses {
			c, err := g.ParseCode(x)
			if err != nil {
				t.Fatal(err)
			}
			h = append(h, mastermind.Turn{Guess: c, Feedback: mastermind.Score(secret, c)})
		}
		sy := Of(s, h, consistent.Candidates(s, h), MaxOrder)
		order := 1
		if sy != nil {
			order += sy.Order()
		}
		if order != tt.order {
			t.Errorf("%s after %v: group of order %d, want %d", tt.game, tt.guesses, order, tt.order)
		}
	}
}
