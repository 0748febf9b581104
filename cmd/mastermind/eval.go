package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/cmd/internal/chart"
	"github.com/mastermind-go/mastermind/cmd/internal/progress"
	"github.com/mastermind-go/mastermind/tree"
)

func runEval(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	var pf playerFlags
	pf.register(fs)
	asJSON := fs.Bool("json", false, "")
	plotFile := fs.String("plot", "", "")
	topcoder := fs.Bool("topcoder", false, "")
	games := fs.Int("games", 100, "")
	examples := fs.Bool("examples", false, "")
	jobs := fs.Int("jobs", 1, "")
	compare := fs.String("compare", "", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *compare != "" {
		if other := givenOther(fs, "compare", "topcoder", "json"); other != "" {
			return usageError("%s does not apply to --compare, which compares two reports", other)
		}
		return compareTopcoder(*compare, *asJSON, stdout)
	}
	if *topcoder || *examples {
		if *plotFile != "" {
			return usageError("--plot draws the figures of strategies on one game, not of --topcoder or --examples")
		}
		cases, n, err := topcoderCases(fs, *games, *jobs, pf.seed, *examples, stderr)
		if err != nil {
			return err
		}
		return runTopcoder(ctx, cases, n, *asJSON, stdout, stderr)
	}
	if f := givenFlag(fs, "games", "jobs"); f != "" {
		return usageError("%s applies only with --topcoder (see --help)", f)
	}
	return evalStrategies(ctx, fs, &pf, *plotFile, *asJSON, stdout, stderr)
}

// An evalEntry is a strategy to evaluate.
type evalEntry struct {
	space *mastermind.Space
	strat mastermind.Strategy
	shown string        // its name in the results
	made  time.Duration // the time it took to make
}

// evalStrategies evaluates the strategies of --strategy on the game of
// the flags and prints their figures.
func evalStrategies(ctx context.Context, fs *flag.FlagSet, pf *playerFlags, plotFile string, asJSON bool, stdout, stderr io.Writer) error {
	names, err := strategyList(pf.strategyFlags.name)
	if err != nil {
		return err
	}
	if len(names) > 1 && pf.treeFile != "" {
		return usageError("--tree plays one strategy: give it without a list of strategies")
	}
	if err := checkPlot(plotFile); err != nil {
		return err
	}
	// Every strategy is made before any is played, so that a strategy
	// that cannot be had is told at once.
	entries := make([]evalEntry, len(names))
	for i, name := range names {
		start := time.Now()
		pf.strategyFlags.name = name
		space, strat, err := pf.strategy(ctx, fs)
		if ctx.Err() != nil {
			return errInterrupted
		}
		if err != nil {
			return err
		}
		shown := strat.Name()
		if len(names) > 1 && name != "" && !strings.HasPrefix(shown, name) {
			shown = name + " (" + shown + ")" // auto, and what it played
		}
		entries[i] = evalEntry{space, strat, shown, time.Since(start)}
	}
	results, err := evaluate(ctx, entries, stderr)
	if err != nil {
		return err
	}
	return writeFigures(stdout, entries[0].space.Game(), plotFile, asJSON, results)
}

// evaluate plays each strategy against every secret, with a bar over them
// all on a terminal.
func evaluate(ctx context.Context, entries []evalEntry, stderr io.Writer) ([]tree.Figures, error) {
	bar := progress.New(stderr, entries[0].space.Len()*len(entries), fmt.Sprintf("eval %-8s", entries[0].strat.Name()), "secrets")
	defer bar.Done()
	var found func()
	if bar != nil {
		found = func() { bar.Add(1) }
	}
	results := make([]tree.Figures, len(entries))
	for i, e := range entries {
		if i > 0 {
			bar.Describe(fmt.Sprintf("eval %-8s", e.strat.Name()))
		}
		start := time.Now().Add(-e.made)
		stats, err := tree.EvaluateProgress(ctx, e.space, e.strat, found)
		if ctx.Err() != nil {
			return nil, errInterrupted
		}
		if err != nil {
			return nil, err
		}
		results[i] = figures(e.space.Game(), e.shown, stats, start)
	}
	return results, nil
}

// strategyList returns the names of --strategy, a name or a comma-separated
// list, each checked, so that a mistake is told before any work.
func strategyList(list string) ([]string, error) {
	names := strings.Split(list, ",")
	for i, name := range names {
		names[i] = strings.TrimSpace(name)
		switch {
		case names[i] == "":
			return nil, usageError("--strategy %q: an empty name in the list", list)
		case choose.Check(names[i]) != nil:
			return nil, usageError("--%v", choose.Check(names[i]))
		}
	}
	return names, nil
}

// figures returns the figures of a strategy on game g, begun at start.
func figures(g mastermind.Game, strategy string, stats tree.Stats, start time.Time) tree.Figures {
	return tree.NewFigures(g.Name(), g, strategy, stats, time.Since(start).Seconds())
}

// checkPlot checks the path of --plot, if any, before the work begins.
func checkPlot(path string) error {
	if err := chart.CheckPlot(path); path != "" && err != nil {
		return usageError("--plot %v", err)
	}
	return nil
}

// writeFigures draws the figures of strategies on game g in the chart of
// --plot, if any, and writes them: a strategy's as its table, several side
// by side, or as JSON.
func writeFigures(w io.Writer, g mastermind.Game, plot string, asJSON bool, results []tree.Figures) error {
	title := fmt.Sprintf("%s (%v): secrets by number of guesses", g.Name(), g)
	if err := chart.WritePlot(plot, title, results); plot != "" && err != nil {
		return fmt.Errorf("--plot: %v", err)
	}
	enc := json.NewEncoder(w)
	switch {
	case len(results) == 1 && asJSON:
		return enc.Encode(results[0])
	case len(results) == 1:
		return results[0].WriteTable(w)
	case asJSON:
		return enc.Encode(results)
	default:
		return tree.WriteComparison(w, results)
	}
}
