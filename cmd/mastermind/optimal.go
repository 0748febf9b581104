package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

const optimalUsage = `Usage: mastermind optimal (--game NAME | -p N -c K [--distinct]) [--max-depth D]
                        [--json] [--out FILE] [--checkpoint FILE] [--shard I/N]
                        [--memory SIZE] [--plot FILE.svg|FILE.png]
       mastermind optimal --merge PART... [--json] [--out FILE]
       mastermind optimal (--game NAME | ...) --exact-below N [--first CODE]
                        [--json] [--out FILE] [--plot FILE]

Computes a strategy with the smallest possible total number of guesses over
all secrets, and prints its figures like eval. With --max-depth D, the best
strategy that never needs more than D guesses. Games of more than 65536
codes are refused. Beyond 6561 codes (4x9, about a minute), the search is
unlikely to finish: without --checkpoint or --shard it starts with a
warning on standard error saying so, and what to do instead.

With --exact-below N, for games too large for the exact search (Super
Mastermind: --game super): plays entropy while more than N codes are still
possible, and from there an optimal strategy of the codes left (any code
may be guessed). The total is never above entropy's and usually below; the
search takes longer the larger N (super: N=80 about 15 s of CPU and 1.3 GB,
N=160 about 2 minutes and 1.5 GB). --first CODE plays CODE first instead of
entropy's choice (the total is then never above entropy's after CODE).

` + gameUsage + `
Options:
    --max-depth D           never more than D guesses
    --json                  one JSON object instead of the table
    --out FILE              also write the strategy's decision tree (JSON; see
                            "go doc github.com/mastermind-go/mastermind/tree")
                            for eval --tree FILE and break --tree FILE; with
                            --shard, the shard's part
    --checkpoint FILE       save the results proven so far to FILE every
                            --save-every (default 1m) and when stopped; if FILE
                            exists, continue from it (same optimum and tree)
    --save-every DURATION   how often to save the checkpoint
    --memory SIZE           the memory the search may use, as 4GB or 512MiB
                            (default half the machine's): it forgets the
                            results least recently used to stay within
    --shard I/N             search only the I-th (0..N-1) of N shares of the
                            units of work (a first guess and one of its
                            answers: 52 with 4 positions), and write
                            the part to --out
    --plot FILE             also draw a bar chart of the secrets per number
                            of guesses in FILE (.svg or .png), as eval does
    --merge                 combine the parts of every shard (files given as
                            arguments) into the optimal strategy
    --exact-below N         entropy above N codes still possible, optimal at N
                            or fewer (see above)
    --first CODE            with --exact-below, the first guess

On a terminal it shows its progress on standard error; Ctrl-C (or SIGTERM)
stops it within a second or two, after saving the checkpoint if any.

Exit status: 0 success; 2 bad usage, a game too large, a bad checkpoint or
part; 1 no strategy within --max-depth, or interrupted.

Examples:
    $ mastermind optimal --game classic --out classic.json
    $ mastermind optimal -p 4 -c 9 --checkpoint 4x9.ckpt    # Ctrl-C, then again
    $ for i in 0 1 2; do mastermind optimal -p 4 -c 7 --shard $i/3 --out part-$i.json; done
    $ mastermind optimal --merge part-*.json --out 4x7.json
    $ mastermind optimal --game super --exact-below 160 --first 00112 --out super.json
    $ mastermind eval --game super --tree super.json
`

func runOptimal(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("optimal", flag.ContinueOnError)
	var gf gameFlags
	gf.register(fs)
	maxDepth := fs.Int("max-depth", 0, "")
	asJSON := fs.Bool("json", false, "")
	out := fs.String("out", "", "")
	checkpoint := fs.String("checkpoint", "", "")
	saveEvery := fs.Duration("save-every", time.Minute, "")
	shardFlag := fs.String("shard", "", "")
	merge := fs.Bool("merge", false, "")
	plotFile := fs.String("plot", "", "")
	exactBelow := fs.Int("exact-below", 0, "")
	first := fs.String("first", "", "")
	memory := optimal.DefaultMemory()
	fs.Var(&memory, "memory", "")
	// The part files of --merge may come before other flags: the flags
	// are parsed around them.
	var files []string
	fs.SetOutput(io.Discard)
	for {
		if err := fs.Parse(args); err != nil {
			return parseFlags(fs, args) // its message
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if *plotFile != "" && (*merge || *shardFlag != "") {
		return usageError("--plot draws a whole strategy: not with --merge or --shard (plot the merged tree with eval --tree FILE --plot)")
	}
	if err := checkPlot(*plotFile); err != nil {
		return err
	}
	for _, f := range []struct{ flag, path string }{{"--out", *out}, {"--checkpoint", *checkpoint}} {
		if err := checkWritable(f.path); err != nil {
			return usageError("%s %v", f.flag, err)
		}
	}
	if *merge {
		return runMerge(files, *out, *asJSON, stdout)
	}
	if len(files) > 0 {
		return usageError("unexpected argument %q (part files go with --merge)", files[0])
	}
	g, err := gf.game(fs)
	if err != nil {
		return err
	}
	depthSet := false
	fs.Visit(func(f *flag.Flag) { depthSet = depthSet || f.Name == "max-depth" })
	if *maxDepth < 0 || depthSet && *maxDepth == 0 {
		return usageError("--max-depth must be positive, not %d (leave it out for no limit)", *maxDepth)
	}
	if *saveEvery <= 0 {
		return usageError("--save-every must be positive, not %v", *saveEvery)
	}
	shard, shards := 0, 0
	if *shardFlag != "" {
		if _, err := fmt.Sscanf(*shardFlag+"\n", "%d/%d\n", &shard, &shards); err != nil || shards < 1 || shard < 0 || shard >= shards {
			return usageError("--shard: want I/N with 0 <= I < N, not %q", *shardFlag)
		}
		if *out == "" {
			return usageError("--shard needs --out FILE for the part")
		}
	}
	hybrid := false
	fs.Visit(func(f *flag.Flag) { hybrid = hybrid || f.Name == "exact-below" })
	if hybrid {
		switch {
		case *exactBelow < 1:
			return usageError("--exact-below must be positive, not %d", *exactBelow)
		case depthSet || *checkpoint != "" || *shardFlag != "":
			return usageError("--exact-below makes a strategy of its own: not with --max-depth, --checkpoint or --shard")
		}
		var opening mastermind.Code
		if *first != "" {
			if opening, err = g.ParseCode(*first); err != nil {
				return usageError("--first: %v", err)
			}
		}
		return runHybrid(g, *exactBelow, opening, *out, *plotFile, *asJSON, stdout, stderr)
	}
	if *first != "" {
		return usageError("--first goes with --exact-below (an optimal strategy chooses its own first guess)")
	}
	if c := g.Count(); c > optimal.MaxCodes {
		return usageError("%s has %.0f codes: the exact search handles games of at most %d codes", gameName(g), c, optimal.MaxCodes)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if os.Getenv("GOGC") == "" {
		// The search makes many short-lived slices: collecting at 5 times
		// the live heap rather than twice took 11% off classic and 5% off
		// bulls (whose peak RSS went from 150 to 340 MB).
		debug.SetGCPercent(400)
	}

	if c := g.Count(); c > optimal.LargestFinished && *checkpoint == "" && shards == 0 {
		// After the signal handler, so that the Ctrl-C it suggests works.
		if err := beyondReach(stderr, g, c); err != nil {
			return err
		}
	}

	start := time.Now()
	space, err := mastermind.NewSpace(g)
	if err != nil {
		return usageError("%v", err)
	}
	opt := optimal.Options{MaxDepth: *maxDepth, Memory: int64(memory)}
	debug.SetMemoryLimit(int64(memory))
	if *checkpoint != "" {
		if err := useCheckpoint(&opt, *checkpoint, space, *maxDepth, *saveEvery); err != nil {
			return err
		}
	}
	if isTerminal(stderr) {
		last := time.Now()
		opt.Progress = func(f float64) {
			if time.Since(last) > 200*time.Millisecond {
				fmt.Fprintf(stderr, "\rsearching: %3.0f%% of the first guesses, %s", 100*f, time.Since(start).Round(time.Second))
				last = time.Now()
			}
		}
		defer fmt.Fprint(stderr, "\r\x1b[K")
	}
	if shards > 0 {
		p, err := optimal.SolveShard(ctx, space, opt, shard, shards)
		if err != nil {
			return solveError(err, *checkpoint)
		}
		if err := writeFile(*out, p.WriteJSON); err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "shard %d/%d: %v, %.3f seconds\n", shard, shards, p, time.Since(start).Seconds())
		return err
	}
	tr, err := optimal.Solve(ctx, space, opt)
	if err != nil {
		return solveError(err, *checkpoint)
	}
	if *out != "" {
		if err := writeFile(*out, tr.WriteJSON); err != nil {
			return err
		}
	}
	if *plotFile != "" {
		name := "optimal"
		if *maxDepth > 0 {
			name = fmt.Sprintf("optimal, at most %d guesses", *maxDepth)
		}
		r := newEvalResult(g, name, tr.Stats(), start)
		if err := savePlot(*plotFile, g, []evalResult{r}); err != nil {
			return err
		}
	}
	return report(stdout, tr, *maxDepth, *asJSON, start)
}

// beyondReach warns on stderr, before an exact search of a game of c codes
// that starts without --checkpoint or --shard, that the search is unlikely
// to finish, and says what to do instead and how to stop it.
func beyondReach(stderr io.Writer, g mastermind.Game, c float64) error {
	_, err := fmt.Fprintf(stderr, `mastermind optimal: warning: %s has %.0f codes, more than the exact search has
    ever finished here (%d codes, 4x9, in about a minute; larger games did
    not finish in 10 minutes; --memory SIZE bounds what it holds).
    For a strategy within minutes: --exact-below N (entropy while more than N
    codes are left, optimal from there), as in
        mastermind optimal --game super --exact-below 160 --first 00112
    For a search of hours or days: --checkpoint FILE (resumable) or --shard I/N.
    Searching anyway: Ctrl-C stops it and prints the bounds proven so far.
`, gameName(g), c, optimal.LargestFinished)
	return err
}

// useCheckpoint sets opt to resume from the checkpoint file, if it exists,
// and to save to it. A file that is not a checkpoint of this search is an
// error, and is left as it is.
func useCheckpoint(opt *optimal.Options, name string, space *mastermind.Space, maxDepth int, every time.Duration) error {
	f, err := os.Open(name)
	switch {
	case err == nil:
		c, err := optimal.ReadCheckpoint(f, space, maxDepth)
		f.Close()
		var ce *optimal.CheckpointError
		if errors.As(err, &ce) {
			return usageError("%s: %v (left unchanged; remove it to start over)", name, ce.Reason)
		}
		if err != nil {
			return usageError("%v", err)
		}
		opt.Resume = c
	case !errors.Is(err, fs.ErrNotExist):
		return usageError("%v", err)
	}
	opt.SaveEvery = every
	opt.Save = func(c *optimal.Checkpoint) error {
		return writeFile(name, func(w io.Writer) error {
			_, err := c.WriteTo(w)
			return err
		})
	}
	return nil
}

// solveError is the error of a search that failed.
func solveError(err error, checkpoint string) error {
	var tooLarge *optimal.TooLargeError
	var tooMany *optimal.ShardsError
	switch {
	case errors.Is(err, context.Canceled):
		msg := "interrupted"
		var ie *optimal.InterruptedError
		if errors.As(err, &ie) {
			msg += fmt.Sprintf("; proven: the optimal total is at least %d", ie.Lower)
			if ie.Upper < 1<<40 {
				msg += fmt.Sprintf(" and at most %d", ie.Upper)
			}
		}
		if checkpoint != "" {
			msg += fmt.Sprintf("; the results so far are in %s: run the same command again to continue", checkpoint)
		}
		return errors.New(msg)
	case errors.As(err, &tooLarge), errors.As(err, &tooMany):
		return usageError("%v", err)
	}
	return err
}

// runMerge merges the part files into the optimal tree.
func runMerge(names []string, out string, asJSON bool, stdout io.Writer) error {
	start := time.Now()
	if len(names) == 0 {
		return usageError("--merge needs the part files")
	}
	var parts []*optimal.Part
	for _, name := range names {
		f, err := openFile(name)
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
	if err != nil {
		return err
	}
	if out != "" {
		if err := writeFile(out, tr.WriteJSON); err != nil {
			return err
		}
	}
	return report(stdout, tr, parts[0].MaxDepth, asJSON, start)
}

// report prints the figures of an optimal tree like eval.
func report(stdout io.Writer, tr *tree.Tree, maxDepth int, asJSON bool, start time.Time) error {
	name := "optimal"
	if maxDepth > 0 {
		name = fmt.Sprintf("optimal, at most %d guesses", maxDepth)
	}
	return reportAs(stdout, tr, name, asJSON, start)
}

// reportAs prints the figures of a tree like eval, under a strategy's name.
func reportAs(stdout io.Writer, tr *tree.Tree, name string, asJSON bool, start time.Time) error {
	g := tr.Space.Game()
	stats := tr.Stats()
	r := newEvalResult(g, name, stats, start)
	if asJSON {
		return json.NewEncoder(stdout).Encode(r)
	}
	printTable(stdout, g, r)
	return nil
}

// hybridMaxCodes is the largest game --exact-below takes: beyond, entropy's
// own tree (a node per secret) outgrows memory before the search matters.
const hybridMaxCodes = 1 << 20

// runHybrid builds the tree of entropy above below candidates and optimal
// strategies from there (optimal.Hybrid), and reports it like eval.
func runHybrid(g mastermind.Game, below int, first mastermind.Code, out, plotFile string, asJSON bool, stdout, stderr io.Writer) error {
	if c := g.Count(); c > hybridMaxCodes {
		return usageError("%s has %.0f codes: --exact-below handles games of at most %d codes", gameName(g), c, hybridMaxCodes)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
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
	h, err := optimal.NewHybrid(ctx, space, strategy.Heuristic{Measure: strategy.Entropy}, below)
	if err != nil {
		return usageError("%v", err)
	}
	strat := strategy.Strategy(h)
	name := h.Name()
	if first != nil {
		strat = strategy.Opening{Strategy: h, First: first}
		name = fmt.Sprintf("%s, first %s", name, first.Compact(g.Colors))
	}
	if isTerminal(stderr) {
		var found atomic.Int64
		var mu sync.Mutex
		last := time.Now()
		total := space.Len()
		strat = watch{strat, func() {
			n := found.Add(1)
			mu.Lock()
			defer mu.Unlock()
			if time.Since(last) > 200*time.Millisecond {
				fmt.Fprintf(stderr, "\rsearching: %3.0f%% of the secrets found, %s", 100*float64(n)/float64(total), time.Since(start).Round(time.Second))
				last = time.Now()
			}
		}}
		defer fmt.Fprint(stderr, "\r\x1b[K")
	}
	tr, err := tree.Build(ctx, space, strat)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return errors.New("interrupted")
		}
		return err
	}
	if out != "" {
		if err := writeFile(out, tr.WriteJSON); err != nil {
			return err
		}
	}
	if plotFile != "" {
		r := newEvalResult(g, name, tr.Stats(), start)
		if err := savePlot(plotFile, g, []evalResult{r}); err != nil {
			return err
		}
	}
	return reportAs(stdout, tr, name, asJSON, start)
}

// watch is a strategy that calls found when its guess is a candidate:
// each secret once.
type watch struct {
	strategy.Strategy
	found func()
}

func (w watch) Next(st *strategy.State) int {
	g := w.Strategy.Next(st)
	if _, ok := slices.BinarySearch(st.Candidates, int32(g)); ok {
		w.found()
	}
	return g
}
