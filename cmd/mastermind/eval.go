package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

const evalUsage = `Usage: mastermind eval (--game NAME | -p N -c K [--distinct]) [--strategy NAME] [--seed S] [--first CODE] [--json]

Plays a strategy against every secret of the game and prints the total and
average number of guesses, the most any secret needs, how many secrets take
1, 2, 3, ... guesses, and the seconds it took.

` + gameUsage + `
` + strategyUsage + `
Output:
    --json                  one JSON object instead of the table

TopCoder Marathon Match 2, instead of one game:
    --topcoder              play games generated as TopCoder did (k colours
                            in 5..20, length l in 5..100, colours drawn with
                            random weights), each by "mastermind break -p l
                            -c k" in a process of its own, and print per game
                            l, k, guesses, the score l*log2(k)/guesses, the
                            CPU seconds and the peak resident memory; then
                            the mean score, by length too
    --games G               how many games (default 100); --seed S seeds them
    --examples              play the 20 example codes of its problem
                            statement instead
    --jobs N                games played at once (default 1)

Example:
    $ mastermind eval --game classic --strategy minimax
`

// evalResult is the JSON form of eval's figures (PROTOCOLS.md).
type evalResult struct {
	Game      string  `json:"game"`
	Positions int     `json:"positions"`
	Colors    int     `json:"colors"`
	Distinct  bool    `json:"distinct"`
	Strategy  string  `json:"strategy"`
	Secrets   int     `json:"secrets"`
	Total     int     `json:"total"`
	Average   float64 `json:"average"`
	Max       int     `json:"max"`
	Histogram []int   `json:"histogram"`
	Seconds   float64 `json:"seconds"`
}

func runEval(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	var pf playerFlags
	pf.register(fs)
	asJSON := fs.Bool("json", false, "")
	topcoder := fs.Bool("topcoder", false, "")
	games := fs.Int("games", 100, "")
	examples := fs.Bool("examples", false, "")
	jobs := fs.Int("jobs", 1, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *topcoder || *examples {
		n, err := checkTopcoder(fs, *games, *jobs, *examples, stderr)
		if err != nil {
			return err
		}
		if *examples {
			return runTopcoder(examplesGames(), n, *asJSON, stdout)
		}
		return runTopcoder(topcoderGames(*games, pf.seed), n, *asJSON, stdout)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	start := time.Now()
	space, strat, err := pf.strategy(ctx, fs)
	if err != nil {
		return err
	}
	g := space.Game()
	stats, err := tree.Evaluate(ctx, space, strat)
	if err != nil {
		return err
	}
	r := newEvalResult(g, strat.Name(), stats, start)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		return enc.Encode(r)
	}
	printTable(stdout, g, r)
	return nil
}

// newEvalResult makes the figures of a strategy's tree, begun at start.
func newEvalResult(g mastermind.Game, strategy string, stats tree.Stats, start time.Time) evalResult {
	return evalResult{
		Game: gameName(g), Positions: g.Positions, Colors: g.Colors, Distinct: g.Distinct,
		Strategy: strategy, Secrets: stats.Secrets, Total: stats.Total,
		Average: math.Round(stats.Average()*1000) / 1000, Max: stats.Max,
		Histogram: stats.Histogram, Seconds: math.Round(time.Since(start).Seconds()*1000) / 1000,
	}
}

// printTable prints the figures in the style of the Bulls and Cows report's table.
func printTable(w io.Writer, g mastermind.Game, r evalResult) {
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
	fmt.Fprintf(w, "\n%s\n%s\n", guesses.String(), counts.String())
}
