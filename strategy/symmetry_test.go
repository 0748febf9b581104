package strategy

import (
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// TestHeuristicsWithSymmetry checks the heuristics against plain scoring of
// every code after histories with symmetry, where the orbit filter works.
func TestHeuristicsWithSymmetry(t *testing.T) {
	tests := []struct {
		game    string
		guesses []string
	}{
		{"classic", []string{"0011"}},
		{"classic", []string{"0012"}},
		{"classic", []string{"0123"}},
		{"classic", []string{"0000", "1111"}},
		{"bulls", []string{"0123"}},
		{"bulls", []string{"0123", "1045"}},
		{"bulls", []string{"0123", "4567"}},
	}
	for _, tt := range tests {
		g, _ := mastermind.Preset(tt.game)
		s, _ := mastermind.NewSpace(g)
		var guesses []mastermind.Code
		for _, x := range tt.guesses {
			c, _ := g.ParseCode(x)
			guesses = append(guesses, c)
		}
		// Every history those guesses can get with at least 16 candidates
		// (below that the filter is not used), at most 6 of them.
		seen := map[string]bool{}
		checked := 0
		for secret := 0; secret < s.Len() && checked < 6; secret += 7 {
			var h []mastermind.Turn
			key := ""
			for _, c := range guesses {
				f := mastermind.Score(s.Code(secret), c)
				h = append(h, mastermind.Turn{Guess: c, Feedback: f})
				key += f.String() + ";"
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			st := &mastermind.State{Space: s, History: h, Candidates: consistent.Candidates(s, h)}
			if len(st.Candidates) < 16 {
				continue
			}
			checked++
			for m := Minimax; m <= Parts; m++ {
				if got, want := (Heuristic{Measure: m}).Next(st), referenceNext(m, st, false); got != want {
					t.Errorf("%s after %v: %v chooses %v, want %v", tt.game, h, m, s.Code(got), s.Code(want))
				}
			}
		}
	}
}
