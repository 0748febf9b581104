package batch

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// A Report sums up the games of an evaluation (Evaluate): how many tests
// they took and how long. Its JSON form is that of mastermind batch --eval
// --json.
type Report struct {
	Games      int     `json:"games"`
	Worst      int     `json:"worst"`
	Average    float64 `json:"average"`
	Histogram  []int   `json:"histogram"` // [i]: the games of i tests
	MeanSecond float64 `json:"mean_seconds"`
	MaxSecond  float64 `json:"max_seconds"`
	WorstGame  string  `json:"worst_secret"`

	tests   int     // in all
	seconds float64 // in all
	slowest float64
}

// Add counts the result of one more game.
func (r *Report) Add(res Result) {
	r.Games++
	for len(r.Histogram) <= res.Tests {
		r.Histogram = append(r.Histogram, 0)
	}
	r.Histogram[res.Tests]++
	if res.Tests > r.Worst {
		r.Worst, r.WorstGame = res.Tests, res.Secret
	}
	r.tests += res.Tests
	r.seconds += res.Seconds
	r.slowest = max(r.slowest, res.Seconds)
	r.Average = math.Round(float64(r.tests)/float64(r.Games)*1000) / 1000
	r.MeanSecond = math.Round(r.seconds/float64(r.Games)*10000) / 10000
	r.MaxSecond = math.Round(r.slowest*10000) / 10000
}

// WriteText writes the report as a table; random of its games were random
// secrets, the others of the hard families.
func (r *Report) WriteText(w io.Writer, random int) error {
	fmt.Fprintf(w, "games     %d (%d random, %d of the hard families)\n", r.Games, random, r.Games-random)
	fmt.Fprintf(w, "worst     %d tests (%s)\n", r.Worst, r.WorstGame)
	fmt.Fprintf(w, "average   %.3f tests\n", r.Average)
	fmt.Fprintf(w, "seconds   %.4f a game on average, %.4f at most\n", r.MeanSecond, r.MaxSecond)
	var tests, counts strings.Builder
	for i := 1; i < len(r.Histogram); i++ {
		n := r.Histogram[i]
		width := max(len(fmt.Sprint(n)), len(fmt.Sprint(i)))
		fmt.Fprintf(&tests, " %*d", width, i)
		fmt.Fprintf(&counts, " %*d", width, n)
	}
	_, err := fmt.Fprintf(w, "\ntests  %s\ngames  %s\n", tests.String(), counts.String())
	return err
}
