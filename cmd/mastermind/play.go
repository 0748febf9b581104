package main

import (
	"context"
	"flag"
	"io"
	"os"
	"time"

	"github.com/mastermind-go/mastermind/internal/progress"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/strategy"
)

func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	var pf playerFlags
	pf.register(fs)
	role := fs.String("role", "maker", "")
	color := fs.String("color", "auto", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if givenFlag(fs, gameFlagNames...) == "" {
		pf.gameFlags.name = "classic" // the first game of a first run
	}
	if *role != "maker" && *role != "breaker" {
		return usageError("--role must be maker or breaker, not %q", *role)
	}
	if *role == "maker" && givenFlag(fs, "strategy", "tree") == "" {
		// The computer asks only codes that could be yours, as a person would.
		pf.strategyFlags.name = strategy.ConsistentName
	}
	useColor, ok := play.WantColor(*color, isTerminal(stdout))
	if !ok {
		return usageError("--color must be auto, always or never, not %q", *color)
	}
	b, err := pf.breaker(context.Background(), fs)
	if err != nil {
		return err
	}
	cfg := play.Config{Breaker: b, Color: useColor, Echo: !isTerminal(stdin), In: stdin, Out: stdout}
	if *role == "maker" {
		return play.Guess(cfg)
	}
	seed := pf.seed
	if givenFlag(fs, "seed") == "" {
		seed = uint64(time.Now().UnixNano())
	}
	return play.Referee(cfg, play.Secret(b.Game(), seed))
}

// isTerminal reports whether f, a command's standard input or output, is
// a terminal.
func isTerminal(f any) bool {
	if c, ok := f.(*checkedWriter); ok {
		f = c.w
	}
	file, ok := f.(*os.File)
	return ok && progress.IsTerminal(file)
}
