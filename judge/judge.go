// Package judge referees a code-breaking program: [Run] runs it for one
// game under [protocol.Limits] (guesses, wall-clock and CPU time; Run
// measures the program's CPU time itself), answers its
// guesses through package protocol, and returns the [Result] (guesses, CPU
// time, peak memory) or the verdict against it, an error naming the guess
// and the line at fault (a [*protocol.Violation] at its root) with the end
// of the program's standard error.
// A [Report] gathers the games of a run, as mastermind judge prints them.
//
// The program runs in a process group of its own, and nothing it starts
// outlives its game: when the game ends, however it ends, the group is
// killed, and so (on Linux) is every process that left the group. On Linux
// the CPU time is read while the program thinks, elsewhere once it has
// exited.
package judge

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/protocol"
)

// Result is how one game of a program went.
type Result struct {
	Guesses int           // the guesses made (until the verdict, if any)
	CPU     time.Duration // the program's CPU time, user and system; 0 when unknown
	PeakRSS int64         // the program's peak resident memory in bytes; 0 when unknown
}

// Run runs the program of cmd, not yet started, for one game and referees
// it: the program writes guesses of g and reads their answers for secret
// (the break protocol). Run sets cmd's standard streams and process
// attributes. It returns the result, with an error when the program breaks
// the protocol or the limits, cannot be run, or does not exit 0 with
// nothing more written once it has found the code; ctx's error when ctx
// ends first (the program is then killed).
func Run(ctx context.Context, g mastermind.Game, secret mastermind.Code, cmd *exec.Cmd, lim protocol.Limits) (Result, error) {
	tail := &tailWriter{}
	cmd.Stderr = tail
	res, err := referee(ctx, g, secret, cmd, lim)
	if err != nil && ctx.Err() == nil {
		if t := tail.String(); t != "" {
			err = fmt.Errorf("%w\n    its standard error ended with:\n%s", err, indent(t, "        "))
		}
	}
	return res, err
}

// grace is how long a program has, once its game is over, to exit and
// close its output.
const grace = 2 * time.Second

// referee runs the program of cmd for one game and referees it. res is
// named so that the CPU time and peak memory, known once the program has
// been reaped in the deferred function, reach the caller.
func referee(ctx context.Context, g mastermind.Game, secret mastermind.Code, cmd *exec.Cmd, lim protocol.Limits) (res Result, err error) {
	deadline := time.Now().Add(lim.Time)
	p, err := start(cmd)
	if err != nil {
		return res, err
	}
	done := make(chan struct{})
	defer func() {
		close(done)
		res.CPU, res.PeakRSS = p.stop(res.PeakRSS)
		// The CPU time after the last guess, and all of it where it is
		// not known while the program runs.
		if err == nil && lim.CPU > 0 && res.CPU > lim.CPU {
			v := protocol.OverCPU(0, lim.CPU, res.CPU)
			v.Reason += ", counted once the program had exited"
			err = v
		}
	}()
	go func() {
		select {
		case <-ctx.Done(): // interrupted: stop the program, which ends the game
			kill(cmd)
		case <-done:
		}
	}()
	plim := lim
	plim.CPUUsed = nil
	if lim.CPU > 0 {
		plim.CPUUsed = p.cpuUsed // the program's own and its waited-for children's
	}
	out := &unterminated{r: p.out}
	lines := protocol.ReadLines(out, done)
	answers := &peakSampler{File: p.in, pid: cmd.Process.Pid, peak: &res.PeakRSS, last: []byte(g.Rule.Format(g.Winning()) + "\n")}
	res.Guesses, err = protocol.Referee(g, secret, lines, answers, plim)
	p.in.Close()
	switch {
	case ctx.Err() != nil:
		return res, ctx.Err()
	case err != nil:
		return res, p.failed(err, out)
	}
	return res, p.found(lines, lim, deadline)
}

// A program is a program being judged.
type program struct {
	cmd    *exec.Cmd
	in     *os.File      // our end of its standard input
	out    *os.File      // our end of its standard output
	exited chan struct{} // closed once it has exited and what it left is gone
	status error         // its exit status, once exited
}

// start starts the program of cmd in a process group of its own, with
// pipes to its standard input and output.
func start(cmd *exec.Cmd) (*program, error) {
	cmd.WaitDelay = 500 * time.Millisecond // for children that keep its pipes open
	ownGroup(cmd)
	// Pipes of our own: their ends here are pollable, so that writing to
	// a program that does not read can time out.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = startProgram(cmd)
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, cannotRun(cmd.Args[0], err)
	}
	p := &program{cmd: cmd, in: inW, out: outR, exited: make(chan struct{})}
	// Once the program has exited, what it left behind goes too (its
	// group, and processes that left it), so that nothing holds its output
	// open: the end of its output is then the end of the program.
	go func() {
		p.status = cmd.Wait()
		kill(cmd)
		reapEscaped()
		close(p.exited)
	}()
	return p, nil
}

// Check reports whether the program name can be run, as Run would find
// it: an error, in the system's words, when it cannot.
func Check(name string) error {
	if name == "" {
		return errors.New("the program's name is empty")
	}
	if _, err := exec.LookPath(name); err != nil {
		return cannotRun(name, err)
	}
	return nil
}

// cannotRun says why the program name cannot be run, in the system's words
// ("no such file or directory"), without Go's ("fork/exec", "exec:").
func cannotRun(name string, err error) error {
	var ee *exec.Error
	var pe *fs.PathError
	switch {
	case errors.Is(err, exec.ErrNotFound):
		err = errors.New("no such program in the folders of $PATH")
	case errors.Is(err, exec.ErrDot):
		err = errors.New("it is in the current folder, which $PATH lists: write ./" + name)
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &ee):
		err = ee.Err
	}
	return fmt.Errorf("cannot run the program \"%s\": %v", quote.Cut(name, quote.Max), err)
}

// wait waits up to d for the program to exit and returns its status.
func (p *program) wait(d time.Duration) (error, bool) {
	select {
	case <-p.exited:
		return p.status, true
	case <-time.After(d):
		return nil, false
	}
}

// cpuUsed returns the CPU time the program has used so far: what the
// system tells of it while it runs (Linux), its rusage once it has exited.
func (p *program) cpuUsed() (time.Duration, bool) {
	select {
	case <-p.exited:
		return p.cmd.ProcessState.UserTime() + p.cmd.ProcessState.SystemTime(), true
	default:
		return procCPU(p.cmd.Process.Pid)
	}
}

// stop kills the program and whatever it left behind, and returns its CPU
// time and peak resident memory: sampled, if positive (measured while it
// ran), else that of its rusage (which, after execve, may be its parent's).
func (p *program) stop(sampled int64) (time.Duration, int64) {
	kill(p.cmd)
	_, exited := p.wait(time.Second)
	if exited {
		endProgram(p.cmd)
	}
	reapEscaped()
	p.in.Close()
	p.out.Close()
	if !exited {
		return 0, sampled
	}
	ps := p.cmd.ProcessState
	if sampled <= 0 {
		sampled = peakRSS(ps)
	}
	return ps.UserTime() + ps.SystemTime(), sampled
}

// failed returns the verdict err on a program that did not find the code,
// with what it wrote after its last end of line and, when its output ended
// (most often it exited), how it exited (a crash, say).
func (p *program) failed(err error, out *unterminated) error {
	if t := out.String(); t != "" {
		err = fmt.Errorf("%w; its last output, %q, has no end of line", err, quote.Cut(t, 80))
	}
	var v *protocol.Violation
	if errors.As(err, &v) && v.Ended {
		if status, ok := p.wait(grace); ok && status != nil && !errors.Is(status, exec.ErrWaitDelay) {
			err = fmt.Errorf("%w; the program failed: %v", err, status)
		}
	}
	return err
}

// found checks a program that has found the code: it must exit 0 and
// write nothing more.
func (p *program) found(lines <-chan protocol.Line, lim protocol.Limits, deadline time.Time) error {
	v, ok, status := p.exitAfterWin(lim, deadline)
	switch {
	case v != nil:
		return v
	case !ok:
		return &protocol.Violation{Reason: fmt.Sprintf("the program found the code but did not exit within its time limit (%v) or %v", lim.Time, grace)}
	}
	select {
	case extra, ok := <-lines:
		switch {
		case ok && errors.Is(extra.Err, bufio.ErrTooLong):
			return &protocol.Violation{Reason: fmt.Sprintf("a line longer than %d bytes written after the code was found", protocol.MaxGuessLine)}
		case ok && extra.Err != nil:
			return &protocol.Violation{Reason: "after the code was found, reading its output: " + protocol.SystemWords(extra.Err)}
		case ok:
			return &protocol.Violation{Line: quote.Cut(extra.Text, 80), Reason: "written after the code was found"}
		}
	case <-time.After(grace):
		return &protocol.Violation{Reason: fmt.Sprintf("the program found the code and exited, but its output stayed open for %v", grace)}
	}
	// exec.ErrWaitDelay: the program exited 0, but something it started
	// kept its standard error open.
	if status != nil && !errors.Is(status, exec.ErrWaitDelay) {
		return &protocol.Violation{Reason: fmt.Sprintf("the program found the code but then failed: %v", status)}
	}
	return nil
}

// exitAfterWin waits for a program that has found the code to exit, and
// returns the verdict on it if any, whether it exited, and its status. It
// has the rest of the game's time (deadline), and at least grace, to do
// so, so that a loaded machine, which runs it slowly, does not fail it;
// with a CPU limit, as long as it keeps within it: its CPU time is read
// while it runs (where the system tells it) every cpuPoll, and a program
// over its limit gets the verdict then.
func (p *program) exitAfterWin(lim protocol.Limits, deadline time.Time) (*protocol.Violation, bool, error) {
	if lim.CPU <= 0 {
		status, ok := p.wait(max(grace, time.Until(deadline)))
		return nil, ok, status
	}
	end := time.NewTimer(max(grace, time.Until(deadline)))
	defer end.Stop()
	poll := time.NewTicker(cpuPoll)
	defer poll.Stop()
	for {
		select {
		case <-p.exited:
			return nil, true, p.status
		case <-end.C:
			return nil, false, nil
		case <-poll.C:
			if used, ok := p.cpuUsed(); ok && used > lim.CPU {
				v := protocol.OverCPU(0, lim.CPU, used)
				v.Reason += ", after the code was found"
				return v, false, nil
			}
		}
	}
}

// cpuPoll is how often a program's CPU time is read while it runs after
// it found the code.
const cpuPoll = 50 * time.Millisecond

// A peakSampler writes the answers to a program, and before the last one
// (all black) notes the program's peak resident memory (where the system
// tells it, see procPeakRSS): by then the program has done all its work.
// Unlike the rusage of a process that has ended, this is the program's
// own, not its parent's: ru_maxrss survives execve, so a child started
// from a large parent reports the parent's size.
type peakSampler struct {
	*os.File
	pid  int
	peak *int64
	last []byte // the answer that ends the game
}

func (s *peakSampler) Write(p []byte) (int, error) {
	if bytes.Equal(p, s.last) {
		if n, ok := procPeakRSS(s.pid); ok {
			*s.peak = max(*s.peak, n)
		}
	}
	return s.File.Write(p)
}
