package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/protocol"
)

const judgeUsage = `Usage: mastermind judge (--game NAME | -p N -c K [--distinct]) [--secret CODE | --seed S] [--games G]
                       [--max-guesses M] [--timeout D] [--cpu D] [--json] -- PROGRAM [ARGS...]

Referees a code-breaking program: runs PROGRAM once per game, as a breaker
speaking the break protocol (it writes a guess per line, colour numbers
separated by single spaces, and reads "B W"), answers its guesses, and
reports how many guesses each game took and the average. A program that
writes anything but a code of the game, needs more than M guesses, more
wall-clock time than --timeout or more CPU time than --cpu for a game, stops
before the code is found, or does not exit 0 once it is found, gets a
verdict naming the game, the guess and the line.

The CPU time (user and system) is that of the program's process and of the
processes it started and waited for. On Linux it is read (/proc) at each
guess and every 50 ms while the program thinks; elsewhere only once the
program has exited (its rusage), and --timeout stops a program that thinks
for ever. The CPU limit does not depend on the machine's load as the
wall-clock limit does: TopCoder's was 20 s of CPU a game (--cpu 20s).

` + gameUsage + `
Games:
    --secret CODE           play this secret (one game unless --games says more)
    --seed S                draw the secrets with this seed (default 1)
    --games G               how many games (default 10, or 1 with --secret)
    --max-guesses M         the most guesses a game may take (default 3000)
    --timeout D             wall-clock time per game, like 20s or 500ms (default 20s)
    --cpu D                 CPU time per game, like 20s (default none); the
                            report then gives each game's CPU time too (the
                            JSON always does: cpu_seconds)
    --json                  one JSON object instead of the report

Exit status: 0 every game solved; 1 a verdict against the program (or it
cannot be run); 2 bad usage.

Example:
    $ mastermind judge --game classic --games 3 -- mastermind break --game classic
`

// judgeGame is one game of a judge report.
type judgeGame struct {
	Secret  string  `json:"secret"`
	Guesses int     `json:"guesses"`
	Seconds float64 `json:"seconds"`
	CPU     float64 `json:"cpu_seconds"` // the program's, user and system
}

// judgeReport is the JSON form of a judge run.
type judgeReport struct {
	Games   []judgeGame `json:"games"`
	Total   int         `json:"total"`
	Average float64     `json:"average"`
	Max     int         `json:"max"`
}

func runJudge(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	var gf gameFlags
	gf.register(fs)
	secretFlag := fs.String("secret", "", "")
	seed := fs.Uint64("seed", 1, "")
	games := fs.Int("games", 0, "")
	maxGuesses := fs.Int("max-guesses", 3000, "")
	timeout := fs.Duration("timeout", 20*time.Second, "")
	cpu := fs.Duration("cpu", 0, "")
	asJSON := fs.Bool("json", false, "")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	program := fs.Args()
	if len(program) == 0 {
		return usageError("name the program to judge after --, as in: mastermind judge --game classic -- ./mybot")
	}
	g, err := gf.game(fs)
	if err != nil {
		return err
	}
	switch {
	case *games < 0:
		return usageError("--games must be at least 1, not %d", *games)
	case *maxGuesses < 1:
		return usageError("--max-guesses must be at least 1, not %d", *maxGuesses)
	case *timeout <= 0:
		return usageError("--timeout must be positive, not %v", *timeout)
	case givenFlag(fs, "cpu") != "" && *cpu <= 0:
		return usageError("--cpu must be positive, not %v (leave it out for no limit)", *cpu)
	}
	var fixed mastermind.Code
	if *secretFlag != "" {
		if f := givenFlag(fs, "seed"); f != "" {
			return usageError("--secret plays that secret and --seed draws secrets: give one of them")
		}
		if fixed, err = g.ParseCode(*secretFlag); err != nil {
			return usageError("--secret: %v", err)
		}
	}
	n := *games
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case set["games"] && n < 1:
		return usageError("--games must be at least 1, not %d", n)
	case !set["games"] && fixed != nil:
		n = 1
	case !set["games"]:
		n = 10
	}
	rng := rand.New(rand.NewPCG(*seed, 0x6d61737465726d69))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	lim := protocol.Limits{Guesses: *maxGuesses, Time: *timeout, CPU: *cpu}

	var report judgeReport
	for i := 1; i <= n; i++ {
		secret := fixed
		if secret == nil {
			secret = g.Random(rng)
		}
		start := time.Now()
		res, err := judgeOne(ctx, g, secret, exec.Command(program[0], program[1:]...), lim)
		guesses := res.Guesses
		if err != nil {
			return fmt.Errorf("game %d (secret %v): %w", i, secret, err)
		}
		game := judgeGame{Secret: secret.String(), Guesses: guesses, Seconds: round3(time.Since(start).Seconds()), CPU: round3(res.CPU)}
		report.Games = append(report.Games, game)
		report.Total += guesses
		report.Max = max(report.Max, guesses)
		if !*asJSON {
			cpuNote := ""
			if *cpu > 0 {
				cpuNote = fmt.Sprintf(", %.3f s of CPU", game.CPU)
			}
			if _, err := fmt.Fprintf(stdout, "game %d: secret %v: %s, %.3f s%s\n", i, secret, words.Count(guesses, "guess"), game.Seconds, cpuNote); err != nil {
				return fmt.Errorf("writing the report: %w", err)
			}
		}
	}
	report.Average = math.Round(float64(report.Total)/float64(n)*1000) / 1000
	if *asJSON {
		return json.NewEncoder(stdout).Encode(report)
	}
	_, err = fmt.Fprintf(stdout, "games %d, guesses %d, average %.3f, max %d\n", n, report.Total, report.Average, report.Max)
	return err
}

// judged is how one game of a program went.
type judged struct {
	Guesses int
	CPU     float64 // seconds of CPU, user and system; 0 when unknown
	PeakRSS int64   // the program's peak resident memory in bytes; 0 when unknown
}

// stderrTail is how much of the end of a program's standard error is kept
// for its verdict.
const stderrTail = 4 << 10

// judgeOne runs the program of cmd for one game and referees it: it
// returns the number of guesses and what the program took, or a verdict.
// The program runs in a process group of its own; whatever way the game
// ends, the group is killed and so is every process the program started
// that left it (see reapEscaped). Only the tail of its standard error is
// kept, and shown with a verdict.
func judgeOne(ctx context.Context, g mastermind.Game, secret mastermind.Code, cmd *exec.Cmd, lim protocol.Limits) (judged, error) {
	tail := &tailWriter{}
	cmd.Stderr = tail
	res, err := refereeProgram(ctx, g, secret, cmd, lim)
	if err != nil {
		if t := tail.String(); t != "" {
			err = fmt.Errorf("%w\n    its standard error ended with:\n%s", err, indent(t, "        "))
		}
	}
	return res, err
}

// refereeProgram runs the program of cmd for one game and referees it.
//
// res is named so that its CPU time and peak memory, known only once the
// program has been reaped in the deferred function, reach the caller.
func refereeProgram(ctx context.Context, g mastermind.Game, secret mastermind.Code, cmd *exec.Cmd, lim protocol.Limits) (res judged, err error) {
	cmd.WaitDelay = 500 * time.Millisecond // for children that keep its pipes open
	ownGroup(cmd)
	// Pipes of our own: their ends here are pollable, so that writing to
	// a program that does not read can time out.
	inR, inW, err := os.Pipe()
	if err != nil {
		return res, err
	}
	defer inW.Close()
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		return res, err
	}
	defer outR.Close()
	cmd.Stdin, cmd.Stdout = inR, outW
	err = startProgram(cmd)
	inR.Close()
	outW.Close()
	if err != nil {
		return res, fmt.Errorf("cannot run the program: %v", err)
	}
	// Once the program has exited, what it left behind goes too (its
	// group, and processes that left it), so that nothing holds its output
	// open: the end of its output is then the end of the program.
	exited := make(chan struct{})
	var status error
	go func() {
		status = cmd.Wait()
		kill(cmd)
		reapEscaped()
		close(exited)
	}()
	// wait waits up to d for the program to exit and returns its status.
	wait := func(d time.Duration) (error, bool) {
		select {
		case <-exited:
			return status, true
		case <-time.After(d):
			return nil, false
		}
	}
	if lim.CPU > 0 {
		// While the program runs, what the system tells of it (Linux);
		// once it has exited and been waited for, its rusage.
		pid := cmd.Process.Pid
		lim.CPUUsed = func() (time.Duration, bool) {
			select {
			case <-exited:
				return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), true
			default:
				return procCPU(pid)
			}
		}
	}
	done := make(chan struct{})
	defer func() {
		close(done)
		kill(cmd)
		if _, ok := wait(time.Second); ok {
			endProgram(cmd)
		}
		reapEscaped()
		if cmd.ProcessState != nil {
			res.CPU, res.PeakRSS = resourceUsage(cmd.ProcessState, res.PeakRSS)
			// The CPU time after the last guess, and all of it where
			// it is not known while the program runs.
			if used := time.Duration(res.CPU * float64(time.Second)); err == nil && lim.CPU > 0 && used > lim.CPU {
				v := protocol.OverCPU(0, lim.CPU, used)
				v.Reason += ", counted once the program had exited"
				err = v
			}
		}
	}()
	go func() {
		select {
		case <-ctx.Done(): // interrupted: stop the program, which ends the game
			kill(cmd)
		case <-done:
		}
	}()

	out := &unterminated{r: outR}
	lines := protocol.ReadLines(out, done)
	answers := &peakSampler{File: inW, pid: cmd.Process.Pid, peak: &res.PeakRSS, last: []byte(mastermind.Feedback{Black: g.Positions}.String() + "\n")}
	res.Guesses, err = protocol.Referee(g, secret, lines, answers, lim)
	inW.Close()
	if ctx.Err() != nil {
		return res, errors.New("interrupted")
	}
	const grace = 2 * time.Second
	if err != nil {
		if t := out.String(); t != "" {
			err = fmt.Errorf("%w; its last output, %q, has no end of line", err, words.Quote(t, 80))
		}
		// A program whose output ended most often exited: how (a crash,
		// say) is part of its verdict.
		var v *protocol.Violation
		if errors.As(err, &v) && v.Ended {
			if status, ok := wait(grace); ok && status != nil && !errors.Is(status, exec.ErrWaitDelay) {
				err = fmt.Errorf("%w; the program failed: %v", err, status)
			}
		}
		return res, err
	}
	// Found: the program must exit 0 and write nothing more.
	status, ok := wait(grace)
	if !ok {
		return res, &protocol.Violation{Reason: fmt.Sprintf("the program found the code but did not exit within %v", grace)}
	}
	select {
	case extra, ok := <-lines:
		switch {
		case ok && extra.Err != nil:
			return res, &protocol.Violation{Reason: fmt.Sprintf("after the code was found: %v", extra.Err)}
		case ok:
			return res, &protocol.Violation{Line: words.Quote(extra.Text, 80), Reason: "written after the code was found"}
		}
	case <-time.After(grace):
		return res, &protocol.Violation{Reason: fmt.Sprintf("the program found the code and exited, but its output stayed open for %v", grace)}
	}
	// exec.ErrWaitDelay: the program exited 0, but something it started
	// kept its standard error open.
	if status != nil && !errors.Is(status, exec.ErrWaitDelay) {
		return res, &protocol.Violation{Reason: fmt.Sprintf("the program found the code but then failed: %v", status)}
	}
	return res, nil
}

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

// An unterminated reads a program's output and keeps the start of what
// follows its last end of line, a guess written without one (a common
// mistake, which otherwise looks like a program that writes nothing), for
// its verdict. At the end of the output that text is a line like any
// other, and is forgotten; so is a line too long for the protocol, which
// has a verdict of its own.
type unterminated struct {
	r    io.Reader
	mu   sync.Mutex
	tail []byte // at most unterminatedKeep bytes
	n    int    // the bytes after the last end of line
}

// unterminatedKeep is how much of an unterminated line is kept.
const unterminatedKeep = 100

func (u *unterminated) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	u.mu.Lock()
	defer u.mu.Unlock()
	b := p[:n]
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		u.tail, u.n, b = u.tail[:0], 0, b[i+1:]
	}
	u.tail = append(u.tail, b[:min(len(b), unterminatedKeep-len(u.tail))]...)
	u.n += len(b)
	if err != nil {
		u.tail, u.n = u.tail[:0], 0
	}
	return n, err
}

// String returns the text after the last end of line, "" if none or if it
// is longer than a line may be.
func (u *unterminated) String() string {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.n >= protocol.MaxGuessLine {
		return ""
	}
	return string(u.tail)
}

// A tailWriter keeps the last stderrTail bytes written to it.
type tailWriter struct {
	mu  sync.Mutex
	buf []byte
	cut bool // bytes before buf were dropped
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(p) >= stderrTail {
		t.buf = append(t.buf[:0], p[len(p)-stderrTail:]...)
		t.cut = true
		return len(p), nil
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*stderrTail {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-stderrTail:]...)
		t.cut = true
	}
	return len(p), nil
}

// String returns the tail kept, from a line's start when bytes were
// dropped ("..." first).
func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	if len(b) > stderrTail {
		b, t.cut = b[len(b)-stderrTail:], true
	}
	s := strings.TrimRight(string(b), "\n")
	if t.cut {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i+1:]
		}
		s = "...\n" + s
	}
	return s
}

// indent puts prefix before every line of s.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
