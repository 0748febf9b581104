// Package progress shows how a long job moves: a bar with a count, a rate
// and an estimate of the time left, drawn on standard error when that is a
// terminal, and nothing at all otherwise, so that scripts and tests see clean
// output.
//
// Commands only call it:
//
//	bar := progress.New(os.Stderr, len(secrets), "eval", "secrets")
//	defer bar.Done()
//	for ... { bar.Add(1) }
//
// A nil *Bar does nothing, so a job need not ask whether a bar is shown.
//
// Kind: command-line plumbing, imported by cmd/ only (internal/README.md).
package progress

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// A Bar is the progress of one job on a terminal. Its methods may be called
// from several goroutines at once; on a nil *Bar they do nothing.
type Bar struct {
	mu    sync.Mutex
	bar   *progressbar.ProgressBar
	total int
	done  int
	over  bool // Done was called
}

// throttle is the shortest time between two drawings of a bar.
const throttle = 100 * time.Millisecond

// New returns a bar for a job of total steps, described as what, its steps
// counted as unit ("secrets", "games", "cases"), drawn on w. When w is not a
// terminal, or total is not positive, it returns nil: a bar that draws
// nothing.
func New(w io.Writer, total int, what, unit string) *Bar {
	if total <= 0 || !IsTerminal(w) {
		return nil
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(throttle),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionSetTheme(progressbar.Theme{
			Saucer: "=", SaucerHead: ">", SaucerPadding: " ", BarStart: "[", BarEnd: "]",
		}),
	)
	return &Bar{bar: bar, total: total}
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Add records n more steps done.
func (b *Bar) Add(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.add(n)
}

// add records n more steps done; b.mu is held.
func (b *Bar) add(n int) {
	n = min(n, b.total-b.done) // the bar refuses to go past its end
	if n <= 0 || b.over {
		return
	}
	b.done += n
	b.bar.Add(n)
}

// Set records that done steps in all are done, for a job that knows how
// far it is rather than how many steps it has just made; the bar never
// moves back.
func (b *Bar) Set(done int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.add(done - b.done)
}

// Describe changes what the bar says the job is.
func (b *Bar) Describe(what string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.over {
		b.bar.Describe(what)
	}
}

// Clear erases the bar, so that other output can be written on the terminal;
// the next Add draws it again.
func (b *Bar) Clear() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.over {
		b.bar.Clear()
	}
}

// Done erases the bar for good: the job is over, done or not.
func (b *Bar) Done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.over {
		return
	}
	b.over = true
	b.bar.Clear()
	b.bar.Exit()
}
