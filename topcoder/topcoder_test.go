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

// FirstCases is the start of Cases, games and secrets alike.
func TestFirstCases(t *testing.T) {
	first := FirstCases(3, 7)
	if len(first) != 7 || len(FirstCases(3, 0)) != 0 {
		t.Fatalf("FirstCases(3, 7): %d games; FirstCases(3, 0): %d", len(first), len(FirstCases(3, 0)))
	}
	i := 0
	for c := range Cases(3) {
		if i == len(first) {
			break
		}
		if c.Game != first[i].Game || c.Secret.String() != first[i].Secret.String() {
			t.Errorf("FirstCases(3, 7)[%d] = %v %v, Cases(3) gives %v %v", i, first[i].Game, first[i].Secret, c.Game, c.Secret)
		}
		i++
	}
}
