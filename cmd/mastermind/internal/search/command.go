// Package search is the command line's view of an exact search (mastermind
// optimal): its settings, the options they make, the process tuned for it,
// and what it tells its user. It is apart from package main to keep the
// command's wiring short.
package search

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/optimal/shard"
	"github.com/mastermind-go/mastermind/strategy"
)

// A Command is an exact search run from the command line (mastermind
// optimal): its settings, the options they make, and what it tells its
// user: the warnings, the bounds proven and the failures.
type Command struct {
	MaxDepth   int           // the most guesses, 0 for no limit (optimal.Options.MaxDepth)
	Memory     Memory        // about the most bytes the search holds (optimal.Options.Memory)
	Checkpoint string        // the checkpoint file, "" if none
	SaveEvery  time.Duration // how often to save it
	// Warn, if not nil, is given the warnings of the search: each
	// different failure to save the checkpoint, once.
	Warn func(warning string)

	unsaved  error // the last save's failure, nil if it succeeded
	readOnly bool  // whether the checkpoint is only read (Solved)
}

// Name is the name of the strategy the search finds, in its figures.
func (c *Command) Name() string {
	if c.MaxDepth > 0 {
		return fmt.Sprintf("%s, at most %d guesses", strategy.OptimalName, c.MaxDepth)
	}
	return strategy.OptimalName
}

// Options returns the options of the search of s: within c's depth and
// memory, resuming from c's checkpoint, if any, and saving to it.
func (c *Command) Options(s *mastermind.Space) (optimal.Options, error) {
	opt := optimal.Options{MaxDepth: c.MaxDepth, Memory: int64(c.Memory)}
	if c.Checkpoint == "" {
		return opt, nil
	}
	if err := shard.UseCheckpoint(&opt, c.Checkpoint, s, c.SaveEvery); err != nil {
		return opt, err
	}
	save := opt.Save
	opt.Save = func(cp *optimal.Checkpoint) error {
		c.unsaved = save(cp) // the last save's
		return c.unsaved
	}
	var last string // each failure once
	opt.SaveFailed = func(err error) {
		if err.Error() != last && c.Warn != nil {
			c.Warn(err.Error() + "; searching on, trying again at the next save")
		}
		last = err.Error()
	}
	return opt, nil
}

// Solved reads the checkpoint, if any, for searches that only read it,
// of any depth (a hybrid's, choose.HybridOptions): nil if there is none.
func (c *Command) Solved(s *mastermind.Space) (*optimal.Checkpoint, error) {
	c.readOnly = true
	if c.Checkpoint == "" {
		return nil, nil
	}
	return shard.ReadCheckpointFile(c.Checkpoint, s, 0, int64(c.Memory))
}

// ReachWarning returns the warning to give, before an exact search of
// game name of codes codes, that it is unlikely to finish: for a game of
// more codes than any search finished here (LargestFinished), started
// without a checkpoint. It says what to do instead; "" if no warning.
func (c *Command) ReachWarning(name string, codes float64) string {
	if codes <= LargestFinished || c.Checkpoint != "" {
		return ""
	}
	return fmt.Sprintf(beyondReach, name, codes, LargestFinished)
}

// beyondReach is the text of ReachWarning.
const beyondReach = `%s has %.0f codes, more than the exact search has
    ever finished here (%d codes, 4x10, in 18 minutes on 2 cores; --memory
    SIZE bounds what it holds).
    For a strategy within minutes: --exact-below N (entropy while more than N
    codes are left, optimal from there), as in
        mastermind optimal --game super --exact-below 160 --first 00112
    For a search of hours or days: --checkpoint FILE (resumable) or --shard I/N.
    Searching anyway: Ctrl-C stops it and prints the bounds proven so far.
`

// Stopped says what a search stopped by its context (err) proved and
// where its results are, to follow "interrupted": "; proven: the optimal
// total is at least L; the results so far are in FILE: run the same
// command again to continue".
func (c *Command) Stopped(err error) string {
	var proven string
	var ie *optimal.InterruptedError
	if errors.As(err, &ie) {
		proven = "; proven: " + ie.Proven()
	}
	switch {
	case c.unsaved != nil:
		proven += fmt.Sprintf("; the results so far could not be saved in %s", c.Checkpoint)
	case c.Checkpoint != "" && !c.readOnly:
		proven += fmt.Sprintf("; the results so far are in %s: run the same command again to continue", c.Checkpoint)
	}
	return proven
}

// Explain returns the failure err of the search in its user's words: a
// *mastermind.InputError when it is the input's fault, a checkpoint, a
// part or a file that cannot be used, a game too large, too many shards.
func (c *Command) Explain(err error) error {
	var ce *shard.CheckpointError
	var tooLarge *optimal.TooLargeError
	var tooMany *shard.TooManyError
	var le *shard.LimitError
	var pe *shard.PartError
	var path *fs.PathError
	var merged *shard.InfeasibleError
	switch {
	case errors.As(err, &ce) && !ce.Damaged:
		return &mastermind.InputError{Err: fmt.Errorf("%w (left unchanged; remove it to start over)", err)}
	case errors.As(err, &ce), errors.As(err, &tooLarge), errors.As(err, &tooMany), errors.As(err, &le), errors.As(err, &pe):
		return &mastermind.InputError{Err: err}
	case errors.As(err, &path) && path.Path == c.Checkpoint:
		return &mastermind.InputError{Err: fmt.Errorf("--checkpoint: %w", err)}
	case errors.As(err, &merged): // the parts' depth, whatever the command's flags
		return fmt.Errorf("%w (the parts' --max-depth %d): proven by the shards", err, merged.MaxDepth)
	case errors.Is(err, optimal.ErrInfeasible):
		return fmt.Errorf("no strategy finds every secret within %d guesses (--max-depth %d): proven", c.MaxDepth, c.MaxDepth)
	}
	return err
}

// ProvenTotal says what a proof proved of the optimal total: lower is
// the total, if exact, or a lower bound on it.
func ProvenTotal(lower int, exact bool) string {
	if exact {
		return fmt.Sprintf("proven: the optimal total is %d", lower)
	}
	return fmt.Sprintf("proven: the optimal total is at least %d", lower)
}

// MergedTotal says what the merged bounds of a proof's shards prove of the
// optimal total: proven by the shards, their numbers checked against what
// the merge can refute cheaply (see MergeBounds), not proven again.
func MergedTotal(lower int, exact bool) string {
	return "proven by the shards (their bounds checked, not proven again): " + strings.TrimPrefix(ProvenTotal(lower, exact), "proven: ")
}
