package topcoder

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind/internal/words"
)

// A Game is one game of a report.
type Game struct {
	Positions int     `json:"positions"`
	Colors    int     `json:"colors"`
	Secret    string  `json:"secret"`
	Guesses   int     `json:"guesses"`
	Score     float64 `json:"score"`
	CPU       float64 `json:"cpu_seconds"`
	PeakRSS   int64   `json:"peak_rss_bytes"`
	// Error says why the game failed (its breaker broke the protocol,
	// exceeded the limits or crashed): it scores 0, and Guesses is how
	// many it made.
	Error string `json:"error,omitempty"`
}

// Failed reports whether the game failed.
func (g Game) Failed() bool { return g.Error != "" }

// Line is the line of the text report for the game, number n: its
// figures, or why it failed.
func (g Game) Line(n int) string {
	if g.Failed() {
		return fmt.Sprintf("game %d: l=%d k=%d secret %s failed, score 0: %s", n, g.Positions, g.Colors, g.Secret, g.Error)
	}
	return fmt.Sprintf("game %d: l=%d k=%d guesses %d score %.3f cpu %.3f s peak %.1f MB",
		n, g.Positions, g.Colors, g.Guesses, g.Score, g.CPU, float64(g.PeakRSS)/(1<<20))
}

// A Band is the mean score of the games of lengths Min..Max.
type Band struct {
	Min       int     `json:"min"`
	Max       int     `json:"max"`
	Games     int     `json:"games"`
	MeanScore float64 `json:"mean_score"`
}

// A Report is the evaluation of a breaker on games of the contest, in the
// form of eval --topcoder --json.
type Report struct {
	Games     []Game  `json:"games"`
	MeanScore float64 `json:"mean_score"`
	Bands     []Band  `json:"bands"`
	MaxCPU    float64 `json:"max_cpu_seconds"`
	MaxRSS    int64   `json:"max_peak_rss_bytes"`
	Failed    int     `json:"failed"` // games that failed, scored 0
}

// summarize makes the report of played games: the mean score, by band of
// length too, and the most CPU time and memory a game took.
func summarize(games []Game) *Report {
	rep := &Report{Games: games, Bands: []Band{{Min: 1, Max: 20}, {Min: 21, Max: 50}, {Min: 51, Max: 100}}}
	total := 0.0
	for _, g := range games {
		total += g.Score
		if g.Failed() {
			rep.Failed++
		}
		rep.MaxCPU = max(rep.MaxCPU, g.CPU)
		rep.MaxRSS = max(rep.MaxRSS, g.PeakRSS)
		for b := range rep.Bands {
			if band := &rep.Bands[b]; band.Min <= g.Positions && g.Positions <= band.Max {
				band.Games++
				band.MeanScore += g.Score
			}
		}
	}
	rep.MeanScore = round3(total / float64(len(games)))
	for b := range rep.Bands {
		if band := &rep.Bands[b]; band.Games > 0 {
			band.MeanScore = round3(band.MeanScore / float64(band.Games))
		}
	}
	return rep
}

// WriteSummary writes the text report's last lines: the games, the mean
// score, by band of length too, the most CPU time and memory a game took.
func (r *Report) WriteSummary(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "games %d", len(r.Games))
	if r.Failed > 0 {
		fmt.Fprintf(&b, " (%d failed, scored 0)", r.Failed)
	}
	fmt.Fprintf(&b, ", mean score %.3f", r.MeanScore)
	for _, band := range r.Bands {
		if band.Games > 0 {
			fmt.Fprintf(&b, "; l %d-%d: %.3f (%s)", band.Min, band.Max, band.MeanScore, words.Count(band.Games, "game"))
		}
	}
	fmt.Fprintf(&b, "\nmost cpu %.3f s, largest peak %.1f MB\n", r.MaxCPU, float64(r.MaxRSS)/(1<<20))
	_, err := io.WriteString(w, b.String())
	return err
}

// Failures returns an error naming the games that failed, if any.
func (r *Report) Failures() error {
	var numbers []string
	for i, g := range r.Games {
		if g.Failed() {
			numbers = append(numbers, strconv.Itoa(i+1))
		}
	}
	failed := len(numbers)
	if failed == 0 {
		return nil
	}
	if failed > 10 {
		numbers = append(numbers[:10], "...")
	}
	noun := "game"
	if failed > 1 {
		noun = "games"
	}
	return fmt.Errorf("%d of %s failed, scored 0 (%s %s): see the report", failed, words.Count(len(r.Games), "game"), noun, strings.Join(numbers, ", "))
}
