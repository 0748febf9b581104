package main

import (
	"bufio"
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
	"syscall"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/protocol"
)

const judgeUsage = `Usage: mastermind judge (--game NAME | -p N -c K [--distinct]) [--secret CODE | --seed S] [--games G]
                       [--max-guesses M] [--timeout D] [--json] -- PROGRAM [ARGS...]

Referees a code-breaking program: runs PROGRAM once per game, as a breaker
speaking the break protocol (it writes a guess per line, colour numbers
separated by single spaces, and reads "B W"), answers its guesses, and
reports how many guesses each game took and the average. A program that
writes anything but a code of the game, needs more than M guesses or more
than D for a game, stops before the code is found, or does not exit 0 once
it is found, gets a verdict naming the game, the guess and the line.

` + gameUsage + `
Games:
    --secret CODE           play this secret (one game unless --games says more)
    --seed S                draw the secrets with this seed (default 1)
    --games G               how many games (default 10, or 1 with --secret)
    --max-guesses M         the most guesses a game may take (default 3000)
    --timeout D             wall-clock time per game, like 20s or 500ms (default 20s)
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
}

// judgeReport is the JSON form of a judge run.
type judgeReport struct {
	Games   []judgeGame `json:"games"`
	Total   int         `json:"total"`
	Average float64     `json:"average"`
	Max     int         `json:"max"`
}

func runJudge(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	var gf gameFlags
	gf.register(fs)
	secretFlag := fs.String("secret", "", "")
	seed := fs.Uint64("seed", 1, "")
	games := fs.Int("games", 0, "")
	maxGuesses := fs.Int("max-guesses", 3000, "")
	timeout := fs.Duration("timeout", 20*time.Second, "")
	asJSON := fs.Bool("json", false, "")
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError("%v (see --help)", strings.TrimPrefix(err.Error(), "flag: "))
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
	}
	var fixed mastermind.Code
	if *secretFlag != "" {
		if fixed, err = g.ParseCode(*secretFlag); err != nil {
			return usageError("--secret: %v", err)
		}
	}
	n := *games
	if n == 0 {
		n = 10
		if fixed != nil {
			n = 1
		}
	}
	rng := rand.New(rand.NewPCG(*seed, 0x6d61737465726d69))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	lim := protocol.Limits{Guesses: *maxGuesses, Time: *timeout}

	var report judgeReport
	for i := 1; i <= n; i++ {
		secret := fixed
		if secret == nil {
			secret = g.Random(rng)
		}
		start := time.Now()
		guesses, _, err := judgeOne(ctx, g, secret, exec.Command(program[0], program[1:]...), lim, stderr)
		if err != nil {
			return fmt.Errorf("game %d (secret %v): %w", i, secret, err)
		}
		game := judgeGame{Secret: secret.String(), Guesses: guesses, Seconds: math.Round(time.Since(start).Seconds()*1000) / 1000}
		report.Games = append(report.Games, game)
		report.Total += guesses
		report.Max = max(report.Max, guesses)
		if !*asJSON {
			fmt.Fprintf(stdout, "game %d: secret %v: %d guesses, %.3f s\n", i, secret, guesses, game.Seconds)
		}
	}
	report.Average = math.Round(float64(report.Total)/float64(n)*1000) / 1000
	if *asJSON {
		return json.NewEncoder(stdout).Encode(report)
	}
	fmt.Fprintf(stdout, "games %d, guesses %d, average %.3f, max %d\n", n, report.Total, report.Average, report.Max)
	return nil
}

// judgeOne runs the program of cmd for one game and referees it. It
// returns the number of guesses and, once the program has exited, its
// process state (for its CPU time and memory).
func judgeOne(ctx context.Context, g mastermind.Game, secret mastermind.Code, cmd *exec.Cmd, lim protocol.Limits, stderr io.Writer) (int, *os.ProcessState, error) {
	guesses, err := refereeProgram(ctx, g, secret, cmd, lim, stderr)
	return guesses, cmd.ProcessState, err
}

// refereeProgram runs the program of cmd for one game and referees it.
func refereeProgram(ctx context.Context, g mastermind.Game, secret mastermind.Code, cmd *exec.Cmd, lim protocol.Limits, stderr io.Writer) (int, error) {
	cmd.Stderr = stderr
	cmd.WaitDelay = 500 * time.Millisecond // for children that keep its pipes open
	ownGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("cannot run the program: %v", err)
	}
	// wait waits up to d for the program to exit and returns its status.
	exited := make(chan error, 1)
	waiting, gone := false, false
	var status error
	wait := func(d time.Duration) (error, bool) {
		if !waiting {
			waiting = true
			go func() { exited <- cmd.Wait() }()
		}
		if !gone {
			select {
			case status = <-exited:
				gone = true
			case <-time.After(d):
			}
		}
		return status, gone
	}
	done := make(chan struct{})
	defer func() {
		close(done)
		kill(cmd)
		wait(time.Second)
	}()
	go func() {
		select {
		case <-ctx.Done(): // interrupted: stop the program, which ends the game
			kill(cmd)
		case <-done:
		}
	}()

	// The program's output lines, until its end.
	lines := make(chan string, 16)
	readErr := make(chan error, 1)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-done:
				return
			}
		}
		readErr <- sc.Err()
	}()
	guesses, err := protocol.Referee(g, secret, lines, in, lim)
	in.Close()
	if ctx.Err() != nil {
		return guesses, errors.New("interrupted")
	}
	if err != nil {
		return guesses, err
	}
	// Found: the program must exit 0 and write nothing more.
	const grace = 2 * time.Second
	select {
	case extra, ok := <-lines:
		if ok {
			return guesses, &protocol.Violation{Line: extra, Reason: "written after the code was found"}
		}
	case <-time.After(grace):
		return guesses, &protocol.Violation{Reason: fmt.Sprintf("the program found the code but did not exit within %v", grace)}
	}
	if err := <-readErr; err != nil {
		return guesses, &protocol.Violation{Reason: fmt.Sprintf("reading its output: %v", err)}
	}
	status, ok := wait(grace)
	switch {
	case !ok:
		return guesses, &protocol.Violation{Reason: fmt.Sprintf("the program found the code but did not exit within %v", grace)}
	case status != nil:
		return guesses, &protocol.Violation{Reason: fmt.Sprintf("the program found the code but then failed: %v", status)}
	}
	return guesses, nil
}
