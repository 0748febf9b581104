package judge

import (
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

// The totals of a report are those of its games, and its lines say each.
func TestReport(t *testing.T) {
	var r Report
	var lines strings.Builder
	for i, guesses := range []int{4, 7, 5} {
		secret := mastermind.Code{uint8(i), 0, 1, 2}
		game := r.Add(secret, Result{Guesses: guesses, CPU: 1234 * time.Millisecond}, 2*time.Second)
		if err := game.WriteLine(&lines, i+1, i == 2); err != nil {
			t.Fatal(err)
		}
	}
	if r.Total != 16 || r.Max != 7 || r.Average != 5.333 || len(r.Games) != 3 {
		t.Errorf("report of 4, 7 and 5 guesses: total %d, max %d, average %v, %d games; want 16, 7, 5.333, 3", r.Total, r.Max, r.Average, len(r.Games))
	}
	want := "game 1: secret 0 0 1 2: 4 guesses, 2.000 s\n" +
		"game 2: secret 1 0 1 2: 7 guesses, 2.000 s\n" +
		"game 3: secret 2 0 1 2: 5 guesses, 2.000 s, 1.234 s of CPU\n"
	if lines.String() != want {
		t.Errorf("lines:\n%s\nwant:\n%s", lines.String(), want)
	}
	var sum strings.Builder
	r.WriteSummary(&sum)
	if got := sum.String(); got != "games 3, guesses 16, average 5.333, max 7\n" {
		t.Errorf("summary %q", got)
	}
}
