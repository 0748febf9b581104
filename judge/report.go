package judge

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
)

// A Game is one game of a [Report]: its secret and how it went, times in
// seconds rounded to the millisecond.
type Game struct {
	Secret  string  `json:"secret"`
	Guesses int     `json:"guesses"`
	Seconds float64 `json:"seconds"`     // wall-clock time
	CPU     float64 `json:"cpu_seconds"` // the program's, user and system
}

// MaxGames bounds the games of a run of mastermind judge: at a few
// milliseconds a game at the least, a million take hours, and the JSON
// report holds them all.
const MaxGames = 1_000_000

// A Report is the games a program played, in order, and their totals: the
// JSON form of mastermind judge.
type Report struct {
	Games   []Game  `json:"games"`
	Total   int     `json:"total"`   // guesses in all
	Average float64 `json:"average"` // guesses a game, rounded to 0.001
	Max     int     `json:"max"`     // guesses of the longest game
}

// Add records the game of secret that ended with res after elapsed time,
// updates the totals and returns the game.
func (r *Report) Add(secret mastermind.Code, res Result, elapsed time.Duration) Game {
	g := Game{Secret: secret.String(), Guesses: res.Guesses, Seconds: round3(elapsed.Seconds()), CPU: round3(res.CPU.Seconds())}
	r.Games = append(r.Games, g)
	r.Total += g.Guesses
	r.Max = max(r.Max, g.Guesses)
	r.Average = round3(float64(r.Total) / float64(len(r.Games)))
	return g
}

// WriteLine writes the line of game n (from 1) of the report, with its CPU
// time if cpu.
func (g Game) WriteLine(w io.Writer, n int, cpu bool) error {
	cpuNote := ""
	if cpu {
		cpuNote = fmt.Sprintf(", %.3f s of CPU", g.CPU)
	}
	_, err := fmt.Fprintf(w, "game %d: secret %s: %s, %.3f s%s\n", n, g.Secret, words.Count(g.Guesses, "guess"), g.Seconds, cpuNote)
	return err
}

// WriteSummary writes the line of the totals.
func (r *Report) WriteSummary(w io.Writer) error {
	_, err := fmt.Fprintf(w, "games %d, guesses %d, average %.3f, max %d\n", len(r.Games), r.Total, r.Average, r.Max)
	return err
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
