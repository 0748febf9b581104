package topcoder

import (
	"strings"
	"testing"
)

// TestExamples checks the examples against the problem statement's
// rules: k colours and l pegs, each a colour in 0..k-1.
func TestExamples(t *testing.T) {
	games := Examples()
	if len(games) != 20 {
		t.Fatalf("%d examples, want 20", len(games))
	}
	for i, tg := range games {
		if err := tg.Game.ValidCode(tg.Secret); err != nil || tg.Game.Colors < 5 || tg.Game.Colors > 20 || tg.Game.Positions < 5 || tg.Game.Positions > 100 {
			t.Errorf("example %d (%v, %v): %v", i+1, tg.Game, tg.Secret, err)
		}
	}
	if games[0].Secret.String() != "4 3 3 3 0" {
		t.Errorf("example 1 = %v, want 4 3 3 3 0", games[0].Secret)
	}
}

// A band of one game is told in the singular ("1 guesses" was the same
// fault in judge).
func TestSummaryPlural(t *testing.T) {
	r := &Report{Games: make([]Game, 3), Bands: []Band{{Min: 1, Max: 20, Games: 1}, {Min: 21, Max: 50, Games: 2}}}
	var b strings.Builder
	if err := r.WriteSummary(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"(1 game)", "(2 games)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("summary %q, want %q in it", b.String(), want)
		}
	}
}
