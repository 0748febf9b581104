package batch

import (
	"slices"
	"strings"
	"testing"
)

// TestReport sums three games by hand: 2, 5 and 5 tests.
func TestReport(t *testing.T) {
	var r Report
	for _, res := range []Result{{Secret: "000000000", Tests: 2, Seconds: 0.01}, {Secret: "123456789", Tests: 5, Seconds: 0.03}, {Secret: "997508460", Tests: 5, Seconds: 0.02}} {
		r.Add(res)
	}
	if r.Games != 3 || r.Worst != 5 || r.WorstGame != "123456789" || r.Average != 4 || r.MeanSecond != 0.02 || r.MaxSecond != 0.03 {
		t.Errorf("report = %+v, want 3 games, worst 5 (123456789), average 4, 0.02 s a game, 0.03 at most", r)
	}
	if got, want := r.Histogram, []int{0, 0, 1, 0, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("histogram = %v, want %v", got, want)
	}
	var b strings.Builder
	r.WriteText(&b, 1)
	if !strings.Contains(b.String(), "games     3 (1 random, 2 of the hard families)\n") || !strings.HasSuffix(b.String(), "\ntests   1 2 3 4 5\ngames   0 1 0 0 2\n") {
		t.Errorf("text:\n%s", b.String())
	}
}
