package search

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/cmd/internal/progress"
	"github.com/mastermind-go/mastermind/optimal"
)

// The garbage collector's percent for the searches, unless GOGC sets it
// (Tune). The search makes many short-lived slices: collecting at 5 times
// the live heap rather than twice took 11% off classic and 5% off bulls
// (whose peak RSS went from 150 to 340 MB). A hybrid's outcome table (1
// GiB for super) is most of its heap: collecting at a fifth more than the
// live heap kept the peak RSS near the table's size.
const (
	SearchGC = 400
	HybridGC = 20
)

// Tune sets the process's garbage collector for a search: collecting at
// gc percent (SearchGC, HybridGC; 0 leaves Go's) unless the environment
// sets GOGC, and c's Memory its soft limit.
func (c *Command) Tune(gc int) {
	if os.Getenv("GOGC") == "" && gc > 0 {
		debug.SetGCPercent(gc)
	}
	debug.SetMemoryLimit(int64(c.Memory))
}

// Start returns the space of game g and the options of its search
// (Options), the search's warnings written to stderr, where it also says
// when the search continues from the checkpoint, and its progress bar
// (Bar). A game too large to list is a *mastermind.InputError.
func (c *Command) Start(g mastermind.Game, what string, stderr io.Writer) (*mastermind.Space, optimal.Options, *progress.Bar, error) {
	space, err := mastermind.NewSpace(g)
	if err != nil {
		return nil, optimal.Options{}, nil, &mastermind.InputError{Err: err}
	}
	c.Warn = func(w string) { fmt.Fprintf(stderr, "mastermind optimal: warning: %s\n", w) }
	opt, err := c.Options(space)
	if err != nil {
		return nil, opt, nil, err
	}
	if opt.Resume != nil {
		fmt.Fprintf(stderr, "mastermind optimal: continuing from the checkpoint %s (%d sets' results)\n", c.Checkpoint, opt.Resume.Len())
	}
	return space, opt, Bar(&opt, stderr, what), nil
}

// Bar returns the progress bar of a search of options opt, saying what,
// drawn on stderr when it is a terminal (nil elsewhere), that the search
// moves (opt.Progress).
func Bar(opt *optimal.Options, stderr io.Writer, what string) *progress.Bar {
	bar := progress.New(stderr, 100, what, "%")
	if bar != nil {
		opt.Progress = func(f float64) { bar.Set(int(100 * f)) }
	}
	return bar
}
