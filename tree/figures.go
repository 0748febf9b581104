package tree

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// Figures are a strategy's figures on a game as the commands print them
// (eval, optimal): a table, a comparison of several, or JSON, whose keys
// are a contract (docs/protocols.md).
type Figures struct {
	Game      string          `json:"game"`
	Positions int             `json:"positions"`
	Colors    int             `json:"colors"`
	Distinct  bool            `json:"distinct"`
	Feedback  mastermind.Rule `json:"feedback,omitempty"` // absent: black-white
	Strategy  string          `json:"strategy"`
	Secrets   int             `json:"secrets"`
	Total     int             `json:"total"`
	Average   float64         `json:"average"`
	Max       int             `json:"max"`
	Histogram []int           `json:"histogram"`
	Seconds   float64         `json:"seconds"`
}

// NewFigures returns the figures of stats, of the strategy named strategy
// on game g named name, that took seconds.
func NewFigures(name string, g mastermind.Game, strategy string, stats Stats, seconds float64) Figures {
	return Figures{
		Game: name, Positions: g.Positions, Colors: g.Colors, Distinct: g.Distinct, Feedback: g.Rule,
		Strategy: strategy, Secrets: stats.Secrets, Total: stats.Total,
		Average: math.Round(stats.Average()*1000) / 1000, Max: stats.Max,
		Histogram: stats.Histogram, Seconds: math.Round(seconds*1000) / 1000,
	}
}

// game returns the game of the figures.
func (r Figures) game() mastermind.Game {
	return mastermind.Game{Positions: r.Positions, Colors: r.Colors, Distinct: r.Distinct, Rule: r.Feedback}
}

// WriteTable writes the figures in the style of the Bulls and Cows report's table.
func (r Figures) WriteTable(w io.Writer) error {
	g := r.game()
	fmt.Fprintf(w, "game      %s (%v)\n", r.Game, g)
	fmt.Fprintf(w, "strategy  %s\n", r.Strategy)
	fmt.Fprintf(w, "secrets   %d\n", r.Secrets)
	fmt.Fprintf(w, "total     %d\n", r.Total)
	fmt.Fprintf(w, "average   %.3f\n", r.Average)
	fmt.Fprintf(w, "max       %d\n", r.Max)
	fmt.Fprintf(w, "seconds   %.3f\n", r.Seconds)
	var guesses, counts strings.Builder
	guesses.WriteString("guesses ")
	counts.WriteString("secrets ")
	for i, n := range r.Histogram[1:] {
		width := max(len(fmt.Sprint(n)), len(fmt.Sprint(i+1)))
		fmt.Fprintf(&guesses, " %*d", width, i+1)
		fmt.Fprintf(&counts, " %*d", width, n)
	}
	_, err := fmt.Fprintf(w, "\n%s\n%s\n", guesses.String(), counts.String())
	return err
}

// WriteComparison writes the figures of several strategies on one game, a
// row per strategy.
func WriteComparison(w io.Writer, results []Figures) error {
	g := results[0].game()
	fmt.Fprintf(w, "game      %s (%v)\n", results[0].Game, g)
	fmt.Fprintf(w, "secrets   %d\n\n", results[0].Secrets)
	guesses := 0
	for _, r := range results {
		guesses = max(guesses, len(r.Histogram)-1)
	}
	header := []string{"strategy", "total", "average", "worst"}
	for i := 1; i <= guesses; i++ {
		header = append(header, strconv.Itoa(i))
	}
	header = append(header, "seconds")
	rows := [][]string{header}
	for _, r := range results {
		row := []string{r.Strategy, strconv.Itoa(r.Total), fmt.Sprintf("%.3f", r.Average), strconv.Itoa(r.Max)}
		for i := 1; i <= guesses; i++ {
			n := 0
			if i < len(r.Histogram) {
				n = r.Histogram[i]
			}
			row = append(row, strconv.Itoa(n))
		}
		rows = append(rows, append(row, fmt.Sprintf("%.3f", r.Seconds)))
	}
	widths := make([]int, len(header))
	for _, row := range rows {
		for c, cell := range row {
			widths[c] = max(widths[c], len(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for c, cell := range row {
			if c == 0 {
				fmt.Fprintf(&b, "%-*s", widths[c], cell)
			} else {
				fmt.Fprintf(&b, "  %*s", widths[c], cell)
			}
		}
		fmt.Fprintln(w, b.String())
	}
	_, err := fmt.Fprintf(w, "\ncolumns 1 to %d: how many secrets take that many guesses\n", guesses)
	return err
}
