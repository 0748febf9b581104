package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/cmd/internal/cmdline"
	"github.com/mastermind-go/mastermind/cmd/mastermind/internal/search"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/optimal/shard"
)

// optimalFlags are the flags of optimal, parsed, and the command's
// arguments and streams.
type optimalFlags struct {
	gameFlags
	fs                    *flag.FlagSet
	search                search.Command // the flags of the exact search
	exactBelow, tries     int
	asJSON, merge         bool
	out, shard, plot, fit string
	first                 string
	prove                 time.Duration
	parts                 []string // --merge's files
	stdin                 io.Reader
	stdout, stderr        io.Writer
}

// An optimalRun is what optimal does in one of its modes.
type optimalRun struct {
	codes int // the most codes of its games, 0 if it takes none
	gc    int // the garbage collector's percent (search.Tune)
	run   func(context.Context, *optimalFlags, mastermind.Game) error
}

// gameAnd returns the game's flags and others.
func gameAnd(others ...string) []string {
	return slices.Concat(cmdline.GameFlagNames, others)
}

// optimalModes are optimal's modes: the first whose flag is given runs.
var optimalModes = []cmdline.Mode[optimalRun]{
	{Flag: "merge", Flags: []string{"json", "out", "plot"}, Note: "the parts say the game, the depth and the shards"},
	{Flag: "exact-below", Flags: gameAnd("tries", "first", "checkpoint", "memory", "json", "out", "plot"), Run: optimalRun{optimal.HybridMaxCodes, search.HybridGC, runHybrid}},
	{Flag: "fit", Flags: gameAnd("max-depth", "memory", "json", "out", "plot"), Run: optimalRun{optimal.MaxCodes, 0, runFit}},
	{Flag: "prove", Flags: gameAnd("max-depth", "checkpoint", "save-every", "memory", "shard", "out"), Run: optimalRun{optimal.MaxCodes, search.SearchGC, runProve}},
	{Flag: "shard", Flags: gameAnd("max-depth", "out", "checkpoint", "save-every", "memory"), Run: optimalRun{optimal.MaxCodes, search.SearchGC, runShard}},
	{Unflagged: "the search", Flags: gameAnd("max-depth", "json", "out", "checkpoint", "save-every", "memory", "plot"), Run: optimalRun{optimal.MaxCodes, search.SearchGC, runSearch}},
}

func runOptimal(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	of := &optimalFlags{stdin: stdin, stdout: stdout, stderr: stderr}
	var err error
	if of.parts, err = of.parse(args); err != nil {
		return err
	}
	m, err := cmdline.Pick(of.fs, optimalModes)
	if err != nil {
		return err
	}
	if err := of.checkFiles(m.Flag == "exact-below"); err != nil {
		return err
	}
	if m.Flag == "merge" {
		return runMerge(of)
	}
	if len(of.parts) > 0 {
		return usageError("unexpected argument %q (part files go with --merge)", of.parts[0])
	}
	g, err := of.game(of.fs)
	if err != nil {
		return err
	}
	switch {
	case of.search.MaxDepth < 0 || givenFlag(of.fs, "max-depth") != "" && of.search.MaxDepth == 0:
		return usageError("--max-depth must be positive, not %d (leave it out for no limit)", of.search.MaxDepth)
	case of.search.SaveEvery <= 0:
		return usageError("--save-every must be positive, not %v", of.search.SaveEvery)
	case of.search.Checkpoint == "" && givenFlag(of.fs, "save-every") != "":
		return usageError("--save-every applies only with --checkpoint (see --help)")
	case g.Count() > float64(m.Run.codes):
		return usageError("%s has %.0f codes: %s handles games of at most %d codes", g.Name(), g.Count(), strings.Replace(m.Name(), "the search", "the exact search", 1), m.Run.codes)
	}
	of.search.Tune(m.Run.gc)
	return m.Run.run(ctx, of, g)
}

// parse parses args, returning the arguments between the flags (the part
// files of --merge may come before other flags).
func (of *optimalFlags) parse(args []string) ([]string, error) {
	fs := flag.NewFlagSet("optimal", flag.ContinueOnError)
	of.fs = fs
	of.gameFlags.register(fs)
	fs.IntVar(&of.search.MaxDepth, "max-depth", 0, "")
	fs.BoolVar(&of.asJSON, "json", false, "")
	fs.DurationVar(&of.search.SaveEvery, "save-every", time.Minute, "")
	fs.BoolVar(&of.merge, "merge", false, "")
	fs.IntVar(&of.exactBelow, "exact-below", 0, "")
	fs.IntVar(&of.tries, "tries", 1, "")
	fs.DurationVar(&of.prove, "prove", 0, "")
	of.search.Memory = search.DefaultMemory()
	fs.Var(&of.search.Memory, "memory", "")
	fs.StringVar(&of.out, "out", "", "")
	fs.StringVar(&of.search.Checkpoint, "checkpoint", "", "")
	fs.StringVar(&of.shard, "shard", "", "")
	fs.StringVar(&of.plot, "plot", "", "")
	fs.StringVar(&of.first, "first", "", "")
	fs.StringVar(&of.fit, "fit", "", "")
	return parseInterleaved(fs, args)
}

// checkFiles checks the output files before any work: each can be
// written, and no two are one file. The checkpoint is an output unless
// it is only read (readCheckpoint: a hybrid's, --exact-below), and a
// regular file or a new one either way (never a pipe or a device).
func (of *optimalFlags) checkFiles(readCheckpoint bool) error {
	if err := checkPlot(of.plot); err != nil {
		return err
	}
	var pe *fs.PathError
	if err := shard.CheckCheckpointPath(of.search.Checkpoint); errors.As(err, &pe) {
		return usageError("--checkpoint %s: %v", pe.Path, pe.Err)
	}
	outputs := []files.Named{{Flag: "--out", Path: of.out}, {Flag: "--checkpoint", Path: of.search.Checkpoint}, {Flag: "--plot", Path: of.plot}}
	for _, o := range outputs[:2] {
		if o.Flag == "--checkpoint" && readCheckpoint {
			continue
		}
		if err := files.CheckWritable(o.Path); err != nil {
			return usageError("%s %v", o.Flag, err)
		}
	}
	if err := files.Distinct(outputs...); err != nil {
		return usageError("%v", err)
	}
	return nil
}

// failure is the error of an optimal command that failed with err: the
// one place its errors are mapped to messages and exit statuses.
func (of *optimalFlags) failure(err error) error {
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("%w%s", errInterrupted, of.search.Stopped(err))
	}
	return of.search.Explain(err)
}
