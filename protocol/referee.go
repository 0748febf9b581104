package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/words"
)

// A Violation is a breaker's breach of the break protocol or of the limits.
type Violation struct {
	Guess  int    // the guess (1-based) at fault, 0 if none in particular
	Line   string // the offending line, if any
	Reason string
	Ended  bool // the breaker's output ended before the code was found
}

func (v *Violation) Error() string {
	var b strings.Builder
	if v.Guess > 0 {
		fmt.Fprintf(&b, "guess %d: ", v.Guess)
	}
	if v.Line != "" {
		fmt.Fprintf(&b, "%q: ", v.Line)
	}
	b.WriteString(v.Reason)
	return b.String()
}

// Limits bound one game of a breaker.
type Limits struct {
	Guesses int           // the most guesses allowed
	Time    time.Duration // wall-clock time for the whole game
	// CPU, if positive, bounds the breaker's CPU time (user and system)
	// for the whole game, as CPUUsed tells it.
	CPU time.Duration
	// CPUUsed returns the CPU time the breaker has used so far, or false
	// when it cannot tell. With CPU, Referee asks it at each guess and
	// every cpuPoll while it waits for one.
	CPUUsed func() (time.Duration, bool)
}

// cpuPoll is how often Referee looks at a breaker's CPU time while it
// waits for a guess: a breaker may overrun its limit by about this much
// (times the processors it uses) before its verdict.
const cpuPoll = 50 * time.Millisecond

// OverCPU is the verdict on a breaker that used cpu, more than the limit,
// at guess n (0 for none in particular).
func OverCPU(n int, limit, cpu time.Duration) *Violation {
	return &Violation{Guess: n, Reason: fmt.Sprintf("beyond the CPU time limit of %v: %.3f s of CPU used", limit, cpu.Seconds())}
}

// MaxGuessLine bounds a line of a breaker's output; a longer one is a
// violation.
const MaxGuessLine = 1 << 20

// A Line is a line of a breaker's output, or the error that ended it.
type Line struct {
	Text string
	Err  error // bufio.ErrTooLong for a line of more than MaxGuessLine bytes
}

// ReadLines reads the lines of r, a breaker's output, onto the channel it
// returns, which is closed at the end of r (after a Line with Err when r
// failed or a line was too long). It stops early when done is closed.
func ReadLines(r io.Reader, done <-chan struct{}) <-chan Line {
	lines := make(chan Line, 16)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 4096), MaxGuessLine)
		send := func(l Line) bool {
			select {
			case lines <- l:
				return true
			case <-done:
				return false
			}
		}
		for sc.Scan() {
			if !send(Line{Text: sc.Text()}) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			send(Line{Err: err})
		}
	}()
	return lines
}

// ended is the verdict on a breaker whose output ended after n guesses,
// before the code was found.
func ended(n int) *Violation {
	if n == 0 {
		return &Violation{Reason: "output ended before the first guess", Ended: true}
	}
	return &Violation{Reason: "output ended after " + words.Count(n, "guess") + ", before the code was found", Ended: true}
}

// Referee answers a breaker's guesses for secret until it finds it: lines
// delivers the breaker's output lines (closed at its end) and answers go to
// w, in the written form of g's rule. It returns the number of guesses, or a *Violation when the breaker
// writes something that is not a code of the game, a line longer than
// MaxGuessLine, needs too many guesses or too much time, or stops before
// finding the code. The time limit holds while writing too when w has
// SetWriteDeadline (as an *os.File pipe has): a breaker that does not read
// its answers cannot stall the referee. The CPU limit, if any, is checked
// at each guess and every cpuPoll while Referee waits for one; the CPU
// time used after the last guess is the caller's to check.
func Referee(g mastermind.Game, secret mastermind.Code, lines <-chan Line, w io.Writer, lim Limits) (int, error) {
	timer := time.NewTimer(lim.Time)
	defer timer.Stop()
	// overCPU returns the verdict at guess n when the breaker has used
	// more CPU time than allowed.
	overCPU := func(n int) *Violation { return nil }
	var poll <-chan time.Time
	if lim.CPU > 0 && lim.CPUUsed != nil {
		overCPU = func(n int) *Violation {
			if used, ok := lim.CPUUsed(); ok && used > lim.CPU {
				return OverCPU(n, lim.CPU, used)
			}
			return nil
		}
		ticker := time.NewTicker(cpuPoll)
		defer ticker.Stop()
		poll = ticker.C
	}
	if d, ok := w.(interface{ SetWriteDeadline(time.Time) error }); ok {
		if err := d.SetWriteDeadline(time.Now().Add(lim.Time)); err == nil {
			defer d.SetWriteDeadline(time.Time{})
		}
	}
	for n := 1; ; n++ {
		var line Line
		var ok bool
	wait:
		for {
			select {
			case line, ok = <-lines:
				if !ok {
					return n - 1, ended(n - 1)
				}
				break wait
			case <-timer.C:
				return n - 1, &Violation{Guess: n, Reason: fmt.Sprintf("no guess within the time limit of %v", lim.Time)}
			case <-poll:
				if v := overCPU(n); v != nil {
					return n - 1, v
				}
			}
		}
		if v := overCPU(n); v != nil {
			if line.Err == nil {
				v.Line = quote.Cut(line.Text, 80)
			}
			return n - 1, v
		}
		switch {
		case errors.Is(line.Err, bufio.ErrTooLong):
			return n - 1, &Violation{Guess: n, Reason: fmt.Sprintf("a line longer than %d bytes", MaxGuessLine)}
		case line.Err != nil:
			return n - 1, &Violation{Guess: n, Reason: "reading its output: " + SystemWords(line.Err)}
		}
		if n > lim.Guesses {
			return n - 1, &Violation{Guess: n, Line: quote.Cut(line.Text, 80), Reason: "more than the " + words.Count(lim.Guesses, "guess") + " allowed"}
		}
		guess, err := ParseGuess(g, line.Text)
		if err != nil {
			return n - 1, &Violation{Guess: n, Line: quote.Cut(line.Text, 80), Reason: err.Error()}
		}
		f := g.Answer(secret, guess)
		if _, err := fmt.Fprintln(w, g.Rule.Format(f)); err != nil {
			switch {
			case errors.Is(err, os.ErrDeadlineExceeded):
				return n, &Violation{Guess: n, Reason: fmt.Sprintf("no answer could be sent within the time limit of %v: the program is not reading its answers", lim.Time)}
			case g.Wins(f):
				// Found. A breaker that exits on writing the code,
				// without reading the answer, is told alike whether or
				// not the answer reached its pipe before it exited.
				return n, nil
			}
			// Its input is closed, most often because it exited: told
			// as when the answer reached the pipe before it exited.
			select {
			case _, ok := <-lines:
				if !ok {
					return n, ended(n)
				}
			case <-timer.C:
			}
			return n, &Violation{Guess: n, Reason: "cannot send the answer: " + SystemWords(err)}
		}
		if g.Wins(f) {
			return n, nil
		}
	}
}

// SystemWords returns what the system says of a failed read or write of a
// breaker's pipes, without Go's words for the call ("write |1: broken
// pipe" is "it closed its input (broken pipe)").
func SystemWords(err error) string {
	var pe *fs.PathError
	switch {
	case errors.Is(err, syscall.EPIPE):
		return "the program closed its input (broken pipe)"
	case errors.As(err, &pe):
		return pe.Err.Error()
	}
	return err.Error()
}

// ParseGuess reads a guess line exactly as the break protocol writes it: N
// colour numbers in 0..K-1 separated by single spaces, with no colour
// repeated in a distinct game.
func ParseGuess(g mastermind.Game, line string) (mastermind.Code, error) {
	fields := strings.Split(line, " ")
	if len(fields) != g.Positions || slices.Contains(fields, "") {
		return nil, fmt.Errorf("want %d colour numbers separated by single spaces", g.Positions)
	}
	code := make(mastermind.Code, len(fields))
	for i, f := range fields {
		x, err := strconv.Atoi(f)
		if err != nil || x < 0 || x >= g.Colors || strconv.Itoa(x) != f {
			return nil, fmt.Errorf("position %d: %q is not a colour number in 0..%d", i+1, f, g.Colors-1)
		}
		code[i] = uint8(x)
	}
	if err := g.ValidCode(code); err != nil {
		return nil, err
	}
	return code, nil
}
