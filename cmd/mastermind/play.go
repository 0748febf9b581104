package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/cmd/internal/cmdline"
	"github.com/mastermind-go/mastermind/cmd/internal/progress"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/board"
	"github.com/mastermind-go/mastermind/strategy"
)

func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	var pf playerFlags
	pf.register(fs)
	role := fs.String("role", "maker", "")
	color := fs.String("color", "auto", "")
	plain := fs.Bool("plain", false, "")
	isDaily := fs.Bool("daily", false, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if givenFlag(fs, cmdline.GameFlagNames[:len(cmdline.GameFlagNames)-1]...) == "" { // all but the last, --feedback
		pf.gameFlags.Name = "classic" // the first game of a first run, under any rule
	}
	if *role != "maker" && *role != "breaker" {
		return usageError("--role must be maker or breaker, not %q", *role)
	}
	if *isDaily {
		if givenFlag(fs, "role") != "" && *role != "breaker" {
			return usageError("--daily is a code to guess: it takes no --role maker")
		}
		if givenFlag(fs, "seed") != "" {
			return usageError("--daily draws the day's code: it takes no --seed")
		}
		if pf.gameFlags.Name == "" {
			return usageError("--daily is drawn for a preset (--game %s), not a game given by its size", mastermind.Presets()[0].Name)
		}
		*role = "breaker"
	}
	defaulted := *role == "maker" && givenFlag(fs, "strategy", "tree") == ""
	if defaulted { // The computer asks only codes that could be yours, as a person would.
		pf.strategyFlags.name = strategy.ConsistentName
	}
	in, out := terminal(stdin), terminal(stdout)
	useColor, ok := play.WantColor(*color, out != nil)
	if !ok {
		return usageError("--color must be auto, always or never, not %q", *color)
	}
	b, err := pf.breaker(context.Background(), fs)
	if err != nil && defaulted { // where it cannot (black beyond large.MaxBlackSearch), as auto plays
		pf.strategyFlags.name = ""
		b, err = pf.breaker(context.Background(), fs)
	}
	if err != nil {
		return err
	}
	o := play.Options{Breaker: b, Role: play.Computer, Daily: *isDaily, Color: useColor, Plain: *plain, In: stdin, Out: stdout, InTerm: in, OutTerm: out}
	if *role == "breaker" {
		o.Role = play.You
	}
	if givenFlag(fs, "seed") != "" {
		o.Seed = &pf.seed
	}
	err = playGame(o)
	if stopped := (*play.Stopped)(nil); errors.As(err, &stopped) {
		stopped.End() // killed by the signal, unless it was ignored
		return errInterrupted
	}
	return err
}

// playGame plays the game of o: on the board where the terminal can draw
// one, else as a line dialogue.
func playGame(o play.Options) error {
	if o.OnBoard() {
		return board.Play(o)
	}
	return play.Dialogue(o)
}

// terminal returns the file of f, a command's standard input or output,
// if it is a terminal, else nil.
func terminal(f any) *os.File {
	if c, ok := f.(*checkedWriter); ok {
		f = c.w
	}
	if file, ok := f.(*os.File); ok && progress.IsTerminal(file) {
		return file
	}
	return nil
}
