package optimal

import (
	"errors"
	"fmt"
	"time"
)

// Options tune Solve.
type Options struct {
	// MaxDepth, if positive, is the most guesses any secret may take.
	MaxDepth int
	// Progress, if not nil, is called now and then with the fraction of
	// the work done: of the first guesses' classes searched (Solve), the
	// secrets fitted (Fit), the time spent (Bound); of the units of a
	// shard (package optimal/shard).
	Progress func(fraction float64)
	// Resume, if not nil, holds the results of an earlier search of the same
	// game and MaxDepth: the search starts from them.
	Resume *Checkpoint
	// Save, if not nil, is called with a checkpoint of the results proven
	// so far every SaveEvery (a minute if zero), and once more when the
	// search ends, finished or cancelled. A save that fails does not end
	// the search, whose results are still in memory: its error goes to
	// SaveFailed, if not nil, and the next save tries again.
	Save       func(*Checkpoint) error
	SaveEvery  time.Duration
	SaveFailed func(error)
	// Memory, if positive, is about the most bytes the search holds: the
	// results it remembers are forgotten, least recently used first, to
	// stay within it (the caller should also set the garbage collector's
	// limit, debug.SetMemoryLimit, to it).
	Memory int64
	// Lower, if not nil, is called by Bound with each higher lower bound
	// on the optimal total that it proves.
	Lower func(lower int)
}

// ErrInfeasible is returned when no strategy meets MaxDepth.
var ErrInfeasible = errors.New("no strategy finds every secret within the maximum depth")

// MaxCodes is the largest space Solve searches: beyond, the exact search
// would run for years (Super
// Mastermind, 32768 codes, is within; 5 positions of 9 colours is not).
const MaxCodes = 1 << 16

// A TooLargeError is returned for a space of more than MaxCodes codes.
type TooLargeError struct {
	Codes int // the codes of the space
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the exact search handles games of at most %d codes, not %d", MaxCodes, e.Codes)
}

// An InterruptedError is returned by a search stopped by its context,
// with what it has proven of the optimal total.
type InterruptedError struct {
	Lower    int   // the optimal total is at least Lower; 1<<40 if no strategy meets MaxDepth
	Upper    int   // and at most Upper, if below 1<<40 (a tree of that total exists)
	MaxDepth int   // the search's Options.MaxDepth
	Err      error // the context's error
}

func (e *InterruptedError) Error() string {
	switch {
	case e.Lower >= infinite:
		return fmt.Sprintf("%v; proven: %s", e.Err, e.Proven())
	case e.Upper < infinite:
		return fmt.Sprintf("%v; the optimal total is proven between %d and %d", e.Err, e.Lower, e.Upper)
	}
	return fmt.Sprintf("%v; the optimal total is proven at least %d", e.Err, e.Lower)
}

func (e *InterruptedError) Unwrap() error { return e.Err }

// Proven says what the search proved of the optimal total: "the optimal
// total is at least L", with " and at most U" when a tree of U is known;
// or, when it proved that no strategy meets the depth limit (the bound
// of no tree, 1<<40, which is no total), that.
func (e *InterruptedError) Proven() string {
	if e.Lower >= infinite {
		if e.MaxDepth > 0 {
			return fmt.Sprintf("no strategy finds every secret within %d guesses", e.MaxDepth)
		}
		return "no strategy finds every secret"
	}
	if e.Upper < infinite {
		return fmt.Sprintf("the optimal total is at least %d and at most %d", e.Lower, e.Upper)
	}
	return fmt.Sprintf("the optimal total is at least %d", e.Lower)
}

// infinite is a total no tree reaches.
const infinite = 1 << 40
