package main

import (
	"context"
	"flag"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"time"

	"github.com/mastermind-go/mastermind/internal/progress"
	"github.com/mastermind-go/mastermind/play"
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
	seedSet, gameSet, strategySet := false, false, false
	fs.Visit(func(f *flag.Flag) {
		seedSet = seedSet || f.Name == "seed"
		gameSet = gameSet || slices.Contains([]string{"game", "p", "positions", "c", "colors", "distinct"}, f.Name)
		strategySet = strategySet || f.Name == "strategy" || f.Name == "tree"
	})
	if !gameSet {
		pf.gameFlags.name = "classic" // the first game of a first run
	}
	if *role != "maker" && *role != "breaker" {
		return usageError("--role must be maker or breaker, not %q", *role)
	}
	if *role == "maker" && !strategySet {
		// The computer asks only codes that could be yours, as a person would.
		pf.strategyFlags.name = "consistent"
	}
	useColor, err := colorWanted(*color, stdout)
	if err != nil {
		return err
	}
	b, err := pf.breaker(context.Background(), fs)
	if err != nil {
		return err
	}
	g := b.Game()
	cfg := play.Config{Breaker: b, Color: useColor, Echo: !isTerminal(stdin), In: stdin, Out: stdout}
	if *role == "maker" {
		return play.Guess(cfg)
	}
	seed := pf.seed
	if !seedSet {
		seed = uint64(time.Now().UnixNano())
	}
	return play.Referee(cfg, g.Random(rand.New(rand.NewPCG(seed, 0x706c6179))))
}

// colorWanted decides whether to draw coloured pegs.
func colorWanted(when string, out io.Writer) (bool, error) {
	switch when {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return isTerminal(out) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb", nil
	}
	return false, usageError("--color must be auto, always or never, not %q", when)
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
