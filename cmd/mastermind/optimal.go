package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/internal/progress"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// optimalFlags are the flags of optimal, parsed.
type optimalFlags struct {
	gameFlags
	fs         *flag.FlagSet
	maxDepth   int
	asJSON     bool
	out        string
	checkpoint string
	saveEvery  time.Duration
	shard      string
	merge      bool
	plot       string
	exactBelow int
	tries      int
	first      string
	fit        string
	prove      time.Duration
	memory     optimal.Memory
}

// parse parses args, returning the arguments between the flags (the part
// files of --merge may come before other flags).
func (of *optimalFlags) parse(args []string) ([]string, error) {
	fs := flag.NewFlagSet("optimal", flag.ContinueOnError)
	of.fs = fs
	of.gameFlags.register(fs)
	fs.IntVar(&of.maxDepth, "max-depth", 0, "")
	fs.BoolVar(&of.asJSON, "json", false, "")
	fs.StringVar(&of.out, "out", "", "")
	fs.StringVar(&of.checkpoint, "checkpoint", "", "")
	fs.DurationVar(&of.saveEvery, "save-every", time.Minute, "")
	fs.StringVar(&of.shard, "shard", "", "")
	fs.BoolVar(&of.merge, "merge", false, "")
	fs.StringVar(&of.plot, "plot", "", "")
	fs.IntVar(&of.exactBelow, "exact-below", 0, "")
	fs.IntVar(&of.tries, "tries", 1, "")
	fs.StringVar(&of.first, "first", "", "")
	fs.StringVar(&of.fit, "fit", "", "")
	fs.DurationVar(&of.prove, "prove", 0, "")
	of.memory = optimal.DefaultMemory()
	fs.Var(&of.memory, "memory", "")
	return parseInterleaved(fs, args)
}

// name is the strategy's name in the figures.
func (of *optimalFlags) name() string {
	if of.maxDepth > 0 {
		return fmt.Sprintf("optimal, at most %d guesses", of.maxDepth)
	}
	return "optimal"
}

// checkFiles checks the output files before any work: each can be
// written, and no two are one file.
func (of *optimalFlags) checkFiles() error {
	if of.plot != "" && (of.merge || of.shard != "") {
		return usageError("--plot draws a whole strategy: not with --merge or --shard (plot the merged tree with eval --tree FILE --plot)")
	}
	if err := checkPlot(of.plot); err != nil {
		return err
	}
	outputs := []files.Named{{Flag: "--out", Path: of.out}, {Flag: "--checkpoint", Path: of.checkpoint}, {Flag: "--plot", Path: of.plot}}
	for _, o := range outputs[:2] {
		if err := files.CheckWritable(o.Path); err != nil {
			return usageError("%s %v", o.Flag, err)
		}
	}
	if err := files.Distinct(outputs...); err != nil {
		return usageError("%v", err)
	}
	return nil
}

// checkSearch checks the flags of the exact search, whole or sharded.
func (of *optimalFlags) checkSearch(g mastermind.Game) error {
	switch {
	case of.maxDepth < 0 || givenFlag(of.fs, "max-depth") != "" && of.maxDepth == 0:
		return usageError("--max-depth must be positive, not %d (leave it out for no limit)", of.maxDepth)
	case of.saveEvery <= 0:
		return usageError("--save-every must be positive, not %v", of.saveEvery)
	case of.checkpoint == "" && givenFlag(of.fs, "save-every") != "":
		return usageError("--save-every applies only with --checkpoint (see --help)")
	case of.first != "":
		return usageError("--first goes with --exact-below (an optimal strategy chooses its own first guess)")
	case givenFlag(of.fs, "tries") != "":
		return usageError("--tries goes with --exact-below (an optimal strategy tries every guess)")
	case g.Count() > optimal.MaxCodes:
		return usageError("%s has %.0f codes: the exact search handles games of at most %d codes", gameName(g), g.Count(), optimal.MaxCodes)
	}
	return nil
}

func runOptimal(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var of optimalFlags
	parts, err := of.parse(args)
	if err != nil {
		return err
	}
	if err := of.checkFiles(); err != nil {
		return err
	}
	if of.merge {
		return runMerge(&of, parts, stdout)
	}
	if len(parts) > 0 {
		return usageError("unexpected argument %q (part files go with --merge)", parts[0])
	}
	g, err := of.game(of.fs)
	if err != nil {
		return err
	}
	if givenFlag(of.fs, "exact-below") != "" {
		return runHybrid(ctx, &of, g, stdout, stderr)
	}
	if err := of.checkSearch(g); err != nil {
		return err
	}
	if of.fit != "" {
		return runFit(ctx, &of, g, stdin, stdout, stderr)
	}
	if os.Getenv("GOGC") == "" {
		// The search makes many short-lived slices: collecting at 5 times
		// the live heap rather than twice took 11% off classic and 5% off
		// bulls (whose peak RSS went from 150 to 340 MB).
		debug.SetGCPercent(400)
	}
	if givenFlag(of.fs, "prove") != "" {
		return runProve(ctx, &of, g, stdout, stderr)
	}
	if of.shard != "" {
		return runShard(ctx, &of, g, stdout, stderr)
	}
	return runSearch(ctx, &of, g, stdout, stderr)
}

// runSearch searches the optimal strategy of game g and reports it.
func runSearch(ctx context.Context, of *optimalFlags, g mastermind.Game, stdout, stderr io.Writer) error {
	if c := g.Count(); c > optimal.LargestFinished && of.checkpoint == "" {
		if err := beyondReach(stderr, g, c); err != nil {
			return err
		}
	}
	start := time.Now()
	space, opt, err := searchOptions(of, g)
	if err != nil {
		return err
	}
	done := firstGuessesBar(stderr, &opt)
	tr, err := optimal.Solve(ctx, space, opt)
	done()
	if err != nil {
		return of.failure(err)
	}
	return of.report(stdout, tr, nil, of.name(), start)
}

// runFit makes the tree of --fit fit within --max-depth guesses
// (optimal.Fit) and reports it like eval.
func runFit(ctx context.Context, of *optimalFlags, g mastermind.Game, stdin io.Reader, stdout, stderr io.Writer) error {
	if f := givenFlag(of.fs, "checkpoint", "shard", "prove"); f != "" {
		return usageError("--fit makes a strategy of its own: not with %s", f)
	}
	if of.maxDepth == 0 {
		return usageError("--fit needs --max-depth D, the guesses to fit within")
	}
	start := time.Now()
	f, err := files.OpenInput(of.fit, stdin)
	if err != nil {
		return usageError("--fit: %v", err)
	}
	defer f.Close()
	t, err := readTreeOf(f, g)
	if err != nil {
		return usageError("--fit %s: %v", of.fit, err)
	}
	debug.SetMemoryLimit(int64(of.memory))
	opt := optimal.Options{MaxDepth: of.maxDepth, Memory: int64(of.memory)}
	bar := progress.New(stderr, 100, "optimal: fitting, secrets done", "%")
	if bar != nil {
		opt.Progress = func(f float64) { bar.Set(int(100 * f)) }
	}
	fitted, err := optimal.Fit(ctx, t, opt)
	bar.Done()
	return of.report(stdout, fitted, err, fmt.Sprintf("%s fitted to at most %d guesses", of.fit, of.maxDepth), start)
}

// runShard searches the shard of --shard I/N and writes its part to --out.
func runShard(ctx context.Context, of *optimalFlags, g mastermind.Game, stdout, stderr io.Writer) error {
	shard, shards, ok := optimal.ParseShard(of.shard)
	if !ok {
		return usageError("--shard: want I/N with 0 <= I < N, not %q", of.shard)
	}
	if of.out == "" {
		return usageError("--shard needs --out FILE for the part")
	}
	start := time.Now()
	space, opt, err := searchOptions(of, g)
	if err != nil {
		return err
	}
	done := firstGuessesBar(stderr, &opt)
	p, err := optimal.SolveShard(ctx, space, opt, shard, shards)
	done()
	if err != nil {
		return of.failure(err)
	}
	if err := files.Write(of.out, p.WriteJSON); err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "shard %d/%d: %v, %.3f seconds\n", shard, shards, p, time.Since(start).Seconds())
	return err
}

// searchOptions returns the space of game g and the options of its exact
// search, with the checkpoint.
func searchOptions(of *optimalFlags, g mastermind.Game) (*mastermind.Space, optimal.Options, error) {
	opt := optimal.Options{MaxDepth: of.maxDepth, Memory: int64(of.memory)}
	debug.SetMemoryLimit(int64(of.memory))
	space, err := mastermind.NewSpace(g)
	if err != nil {
		return nil, opt, usageError("%v", err)
	}
	if of.checkpoint != "" {
		err := opt.UseCheckpoint(of.checkpoint, space, of.saveEvery)
		var ce *optimal.CheckpointError
		if errors.As(err, &ce) {
			return nil, opt, usageError("%s: %v (left unchanged; remove it to start over)", of.checkpoint, ce.Reason)
		}
		if err != nil {
			return nil, opt, usageError("%v", err)
		}
	}
	return space, opt, nil
}

// firstGuessesBar shows a search's progress over the first guesses on a
// terminal, and returns the function that takes it away.
func firstGuessesBar(stderr io.Writer, opt *optimal.Options) func() {
	bar := progress.New(stderr, 100, "optimal: first guesses", "%")
	if bar != nil {
		opt.Progress = func(f float64) { bar.Set(int(100 * f)) }
	}
	return bar.Done
}

// beyondReach warns on stderr, before an exact search of a game of c codes
// that starts without --checkpoint or --shard, that the search is unlikely
// to finish, and says what to do instead and how to stop it.
func beyondReach(stderr io.Writer, g mastermind.Game, c float64) error {
	_, err := fmt.Fprintf(stderr, `mastermind optimal: warning: %s has %.0f codes, more than the exact search has
    ever finished here (%d codes, 4x10, in 18 minutes on 2 cores; --memory
    SIZE bounds what it holds).
    For a strategy within minutes: --exact-below N (entropy while more than N
    codes are left, optimal from there), as in
        mastermind optimal --game super --exact-below 160 --first 00112
    For a search of hours or days: --checkpoint FILE (resumable) or --shard I/N.
    Searching anyway: Ctrl-C stops it and prints the bounds proven so far.
`, gameName(g), c, optimal.LargestFinished)
	return err
}

// failure is the error of an optimal command that failed with err: the
// one place its errors are mapped to messages and exit statuses.
func (of *optimalFlags) failure(err error) error {
	var tooLarge *optimal.TooLargeError
	var tooMany *optimal.ShardsError
	switch {
	case errors.Is(err, context.Canceled):
		var proven string
		var ie *optimal.InterruptedError
		if errors.As(err, &ie) {
			proven = "; proven: " + ie.Proven()
		}
		if of.checkpoint != "" && of.exactBelow == 0 { // a hybrid only reads it
			proven += fmt.Sprintf("; the results so far are in %s: run the same command again to continue", of.checkpoint)
		}
		return fmt.Errorf("%w%s", errInterrupted, proven)
	case errors.As(err, &tooLarge), errors.As(err, &tooMany):
		return usageError("%v", err)
	case errors.Is(err, optimal.ErrInfeasible):
		return fmt.Errorf("no strategy finds every secret within %d guesses (--max-depth %d): proven", of.maxDepth, of.maxDepth)
	}
	return err
}

// mergeFlags are the flags that mean nothing with --merge: its parts say
// the game, the depth and the shards.
var mergeFlags = []string{"game", "p", "positions", "c", "colors", "distinct", "max-depth",
	"checkpoint", "save-every", "shard", "memory", "exact-below", "tries", "first", "fit", "prove"}

// runMerge merges the part files into the optimal tree.
func runMerge(of *optimalFlags, names []string, stdout io.Writer) error {
	start := time.Now()
	if f := givenFlag(of.fs, mergeFlags...); f != "" {
		return usageError("%s means nothing with --merge: the parts say the game, the depth and the shards (see --help)", f)
	}
	if len(names) == 0 {
		return usageError("--merge needs the part files")
	}
	var parts []*optimal.Part
	for _, name := range names {
		f, err := files.Open(name)
		if err != nil {
			return usageError("%v", err)
		}
		p, err := optimal.ReadPart(f, name)
		f.Close()
		if err != nil {
			return usageError("%v", err)
		}
		parts = append(parts, p)
	}
	tr, err := optimal.Merge(parts, names)
	var pe *optimal.PartError
	if errors.As(err, &pe) {
		return usageError("%v", err)
	}
	of.maxDepth = parts[0].MaxDepth
	return of.report(stdout, tr, err, of.name(), start)
}

// readCheckpoint reads the checkpoint file of a stopped search of the
// space within maxDepth guesses (0 for no limit), which it only reads.
func readCheckpoint(name string, space *mastermind.Space, maxDepth int) (*optimal.Checkpoint, error) {
	f, err := files.Open(name)
	if err != nil {
		return nil, usageError("--checkpoint: %v", err)
	}
	defer f.Close()
	c, err := optimal.ReadCheckpoint(f, space, maxDepth)
	var ce *optimal.CheckpointError
	switch {
	case errors.As(err, &ce):
		return nil, usageError("%s: %v", name, ce.Reason)
	case err != nil:
		return nil, usageError("%s: %v", name, err)
	}
	return c, nil
}

// runProve searches for --prove's time for a lower bound on the optimal
// total (optimal.Bound), from --checkpoint's results and saving to it if
// given, and prints it.
func runProve(ctx context.Context, of *optimalFlags, g mastermind.Game, stdout, stderr io.Writer) error {
	if f := givenFlag(of.fs, "out", "plot", "json", "shard", "fit"); f != "" {
		return usageError("--prove prints a bound: not with %s", f)
	}
	if of.prove <= 0 {
		return usageError("--prove must be a positive duration, not %v", of.prove)
	}
	space, opt, err := searchOptions(of, g)
	if err != nil {
		return err
	}
	bar := progress.New(stderr, int(math.Ceil(of.prove.Seconds())), "optimal: proving", "s")
	opt.Lower = func(lower int) { bar.Describe(fmt.Sprintf("optimal: at least %d", lower)) }
	start := time.Now()
	tick := time.NewTicker(time.Second)
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-tick.C:
				bar.Set(int(time.Since(start).Seconds()))
			case <-stop:
				return
			}
		}
	}()
	lower, exact, err := optimal.Bound(ctx, space, opt, of.prove)
	tick.Stop()
	close(stop)
	bar.Done()
	if err != nil {
		return of.failure(err)
	}
	if exact {
		_, err = fmt.Fprintf(stdout, "proven: the optimal total is %d\n", lower)
	} else {
		_, err = fmt.Fprintf(stdout, "proven: the optimal total is at least %d\n", lower)
	}
	return err
}

// report ends a command that made a strategy's tree (or failed to, err):
// it writes the tree to --out, and reports it like eval under its name.
func (of *optimalFlags) report(stdout io.Writer, tr *tree.Tree, err error, name string, start time.Time) error {
	if err != nil {
		return of.failure(err)
	}
	if of.out != "" {
		if err := files.Write(of.out, tr.WriteJSON); err != nil {
			return err
		}
	}
	return reportTree(stdout, tr, name, of.plot, of.asJSON, start)
}

// reportTree prints the figures of a strategy's tree like eval, under its
// name, begun at start, and draws them in the chart file plot if any.
func reportTree(stdout io.Writer, tr *tree.Tree, name, plot string, asJSON bool, start time.Time) error {
	g := tr.Space.Game()
	r := figures(g, name, tr.Stats(), start)
	if err := savePlot(plot, g, []tree.Figures{r}); err != nil {
		return err
	}
	if asJSON {
		return json.NewEncoder(stdout).Encode(r)
	}
	return r.WriteTable(stdout)
}

// runHybrid builds the tree of entropy above --exact-below candidates and
// optimal strategies from there (optimal.Hybrid), and reports it like eval.
func runHybrid(ctx context.Context, of *optimalFlags, g mastermind.Game, stdout, stderr io.Writer) error {
	other := givenFlag(of.fs, "max-depth", "save-every", "shard", "fit", "prove")
	switch {
	case of.exactBelow < 1:
		return usageError("--exact-below must be positive, not %d", of.exactBelow)
	case of.tries < 1:
		return usageError("--tries must be positive, not %d", of.tries)
	case other != "":
		return usageError("--exact-below makes a strategy of its own: not with %s", other)
	case g.Count() > optimal.HybridMaxCodes:
		return usageError("%s has %.0f codes: --exact-below handles games of at most %d codes", gameName(g), g.Count(), optimal.HybridMaxCodes)
	}
	var first mastermind.Code
	if of.first != "" {
		var err error
		if first, err = g.ParseCode(of.first); err != nil {
			return usageError("--first: %v", err)
		}
	}
	start := time.Now()
	space, err := mastermind.NewSpace(g)
	if err != nil {
		return usageError("%v", err)
	}
	if os.Getenv("GOGC") == "" {
		// The outcome table of the exact searches (1 GiB for super) is
		// most of the heap: collecting at a fifth more than the live heap
		// rather than twice it kept the peak RSS near the table's size.
		debug.SetGCPercent(20)
	}
	h, err := optimal.NewHybrid(ctx, space, strategy.Heuristic{Measure: strategy.Entropy}, of.exactBelow)
	if err != nil {
		return usageError("%v", err)
	}
	h.Tries = of.tries
	h.SetMemory(int64(of.memory))
	debug.SetMemoryLimit(int64(of.memory))
	strat, name := mastermind.Strategy(h), h.Name()
	if of.checkpoint != "" {
		c, err := readCheckpoint(of.checkpoint, space, 0)
		if err != nil {
			return err
		}
		if err := h.Resume(c); err != nil {
			return err
		}
		name += ", and the sets solved in " + of.checkpoint
	}
	if first != nil {
		strat = strategy.Opening{Strategy: h, First: first}
		name = withFirst(name, first, g)
	}
	bar := progress.New(stderr, space.Len(), "optimal", "secrets found")
	var found func()
	if bar != nil {
		found = func() { bar.Add(1) }
	}
	tr, err := tree.BuildProgress(ctx, space, strat, found)
	bar.Done()
	return of.report(stdout, tr, err, name, start)
}
