package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/optimal"
)

// optimalFlags are the flags of optimal, parsed, and the command's
// arguments and streams.
type optimalFlags struct {
	gameFlags
	fs                                  *flag.FlagSet
	maxDepth, exactBelow, tries         int
	asJSON, merge                       bool
	out, checkpoint, shard, plot, first string
	fit                                 string
	saveEvery, prove                    time.Duration
	memory                              optimal.Memory
	parts                               []string // --merge's files
	unsaved                             error    // the last checkpoint's save failed so
	stdin                               io.Reader
	stdout, stderr                      io.Writer
}

// An optimalMode is one of optimal's modes: picked by a flag, it takes
// its own flags and no others.
type optimalMode struct {
	flag  string   // the flag that picks it, "" for the search
	flags []string // the others it takes
	note  string   // why it takes no others, if one reason says it
	codes int      // the most codes of its games, 0 if it takes none
	gc    int      // the garbage collector's percent, 0 for Go's
	run   func(context.Context, *optimalFlags, mastermind.Game) error
}

// gameAnd returns the game's flags and others.
func gameAnd(others ...string) []string {
	return append([]string{"game", "p", "positions", "c", "colors", "distinct"}, others...)
}

// optimalModes are optimal's modes: the first whose flag is given runs.
// The search makes many short-lived slices: collecting at 5 times the live
// heap rather than twice took 11% off classic and 5% off bulls (whose peak
// RSS went from 150 to 340 MB). A hybrid's outcome table (1 GiB for super)
// is most of its heap: collecting at a fifth more than the live heap kept
// the peak RSS near the table's size.
var optimalModes = []optimalMode{
	{"merge", []string{"json", "out", "plot"}, "the parts say the game, the depth and the shards", 0, 0, nil},
	{"exact-below", gameAnd("tries", "first", "checkpoint", "memory", "json", "out", "plot"), "", optimal.HybridMaxCodes, 20, runHybrid},
	{"fit", gameAnd("max-depth", "memory", "json", "out", "plot"), "", optimal.MaxCodes, 0, runFit},
	{"prove", gameAnd("max-depth", "checkpoint", "save-every", "memory", "shard", "out"), "", optimal.MaxCodes, 400, runProve},
	{"shard", gameAnd("max-depth", "out", "checkpoint", "save-every", "memory"), "", optimal.MaxCodes, 400, runShard},
	{"", gameAnd("max-depth", "json", "out", "checkpoint", "save-every", "memory", "plot"), "", optimal.MaxCodes, 400, runSearch},
}

// name names the mode in messages.
func (m *optimalMode) name() string {
	if m.flag == "" {
		return "the search"
	}
	return "--" + m.flag
}

// check refuses the flags given that the mode does not take.
func (m *optimalMode) check(fs *flag.FlagSet) error {
	bad := givenOther(fs, append(m.flags, m.flag)...)
	if bad == "" {
		return nil
	}
	if m.note != "" {
		return usageError("%s means nothing with %s: %s (see --help)", bad, m.name(), m.note)
	}
	var owners []string
	for _, o := range optimalModes {
		if "--"+o.flag == bad {
			return usageError("%s and %s are two modes of optimal: give one (see --help)", m.name(), bad)
		}
		if slices.Contains(o.flags, strings.TrimLeft(bad, "-")) {
			owners = append(owners, o.name())
		}
	}
	last := len(owners) - 1
	if last > 0 {
		owners[last-1] += " or " + owners[last]
		owners = owners[:last]
	}
	return usageError("%s goes with %s, not with %s (see --help)", bad, strings.Join(owners, ", "), m.name())
}

func runOptimal(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	of := &optimalFlags{stdin: stdin, stdout: stdout, stderr: stderr}
	var err error
	if of.parts, err = of.parse(args); err != nil {
		return err
	}
	m := optimalModes[len(optimalModes)-1]
	for _, o := range optimalModes {
		if o.flag != "" && givenFlag(of.fs, o.flag) != "" {
			m = o
			break
		}
	}
	if err := m.check(of.fs); err != nil {
		return err
	}
	if err := of.checkFiles(); err != nil {
		return err
	}
	if m.flag == "merge" {
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
	case of.maxDepth < 0 || givenFlag(of.fs, "max-depth") != "" && of.maxDepth == 0:
		return usageError("--max-depth must be positive, not %d (leave it out for no limit)", of.maxDepth)
	case of.saveEvery <= 0:
		return usageError("--save-every must be positive, not %v", of.saveEvery)
	case of.checkpoint == "" && givenFlag(of.fs, "save-every") != "":
		return usageError("--save-every applies only with --checkpoint (see --help)")
	case g.Count() > float64(m.codes):
		return usageError("%s has %.0f codes: %s handles games of at most %d codes", gameName(g), g.Count(), strings.Replace(m.name(), "the search", "the exact search", 1), m.codes)
	}
	if os.Getenv("GOGC") == "" && m.gc > 0 {
		debug.SetGCPercent(m.gc)
	}
	debug.SetMemoryLimit(int64(of.memory))
	return m.run(ctx, of, g)
}

// parse parses args, returning the arguments between the flags (the part
// files of --merge may come before other flags).
func (of *optimalFlags) parse(args []string) ([]string, error) {
	fs := flag.NewFlagSet("optimal", flag.ContinueOnError)
	of.fs = fs
	of.gameFlags.register(fs)
	fs.IntVar(&of.maxDepth, "max-depth", 0, "")
	fs.BoolVar(&of.asJSON, "json", false, "")
	fs.DurationVar(&of.saveEvery, "save-every", time.Minute, "")
	fs.BoolVar(&of.merge, "merge", false, "")
	fs.IntVar(&of.exactBelow, "exact-below", 0, "")
	fs.IntVar(&of.tries, "tries", 1, "")
	fs.DurationVar(&of.prove, "prove", 0, "")
	of.memory = optimal.DefaultMemory()
	fs.Var(&of.memory, "memory", "")
	for name, dst := range map[string]*string{"out": &of.out, "checkpoint": &of.checkpoint, "shard": &of.shard,
		"plot": &of.plot, "first": &of.first, "fit": &of.fit} {
		fs.Func(name, "", func(v string) error {
			if v == "" { // a mistake, such as --out "$UNSET"
				return errors.New("empty (leave the flag out if not wanted)")
			}
			*dst = v
			return nil
		})
	}
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

// failure is the error of an optimal command that failed with err: the
// one place its errors are mapped to messages and exit statuses.
func (of *optimalFlags) failure(err error) error {
	var ie *optimal.InterruptedError
	var ce *optimal.CheckpointError
	var tooLarge *optimal.TooLargeError
	var tooMany *optimal.ShardsError
	var le *optimal.LimitError
	var pe *optimal.PartError
	var path *fs.PathError
	switch {
	case errors.Is(err, context.Canceled):
		var proven string
		if errors.As(err, &ie) {
			proven = "; proven: " + ie.Proven()
		}
		switch {
		case of.unsaved != nil:
			proven += fmt.Sprintf("; the results so far could not be saved in %s", of.checkpoint)
		case of.checkpoint != "" && of.exactBelow == 0: // a hybrid only reads it
			proven += fmt.Sprintf("; the results so far are in %s: run the same command again to continue", of.checkpoint)
		}
		return fmt.Errorf("%w%s", errInterrupted, proven)
	case errors.As(err, &ce) && !ce.Damaged:
		return usageError("%v (left unchanged; remove it to start over)", err)
	case errors.As(err, &ce), errors.As(err, &tooLarge), errors.As(err, &tooMany), errors.As(err, &le), errors.As(err, &pe):
		return usageError("%v", err)
	case errors.As(err, &path) && path.Path == of.checkpoint:
		return usageError("--checkpoint: %v", err)
	case errors.Is(err, optimal.ErrInfeasible):
		return fmt.Errorf("no strategy finds every secret within %d guesses (--max-depth %d): proven", of.maxDepth, of.maxDepth)
	}
	return err
}
