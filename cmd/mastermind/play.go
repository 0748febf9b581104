package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/internal/progress"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/board"
	"github.com/mastermind-go/mastermind/play/stats"
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
	if givenFlag(fs, gameFlagNames...) == "" {
		pf.gameFlags.name = "classic" // the first game of a first run
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
		if pf.gameFlags.name == "" {
			return usageError("--daily is drawn for a preset (--game %s), not a game given by its size", mastermind.Presets()[0].Name)
		}
		*role = "breaker"
	}
	if *role == "maker" && givenFlag(fs, "strategy", "tree") == "" {
		// The computer asks only codes that could be yours, as a person would.
		pf.strategyFlags.name = strategy.ConsistentName
	}
	in, inTerm := terminal(stdin)
	out, outTerm := terminal(stdout)
	// A dumb terminal (TERM=dumb: Emacs's shell, say) cannot draw a board.
	useBoard := inTerm && outTerm && !*plain && os.Getenv("TERM") != "dumb"
	useColor, ok := play.WantColor(*color, outTerm)
	if !ok {
		return usageError("--color must be auto, always or never, not %q", *color)
	}
	b, err := pf.breaker(context.Background(), fs)
	if err != nil {
		return err
	}
	g := b.Game()
	preset := "" // the preset's name, "" for a game given by its size
	if g.Name() != g.Size() {
		preset = g.Name()
	}
	var secret mastermind.Code
	var day *board.Daily
	switch {
	case *isDaily:
		date := time.Now().Format("2006-01-02") // the player's local date, as on the page
		d, err := daily.Of(date, preset)
		if err != nil {
			return err
		}
		secret, day = daily.Secret(g, d.Seed), &board.Daily{Date: date, Number: d.Number}
	case *role == "breaker":
		seed := pf.seed
		if givenFlag(fs, "seed") == "" {
			seed = uint64(time.Now().UnixNano())
		}
		secret = play.Secret(g, seed)
	}
	if useBoard {
		cfg := board.Config{Breaker: b, Role: board.Computer, Secret: secret, Preset: preset, Daily: day, Color: useColor, In: in, Out: out}
		if *role == "breaker" {
			cfg.Role = board.You
		}
		cfg.StatsDir = stats.Dir()
		cfg.Stats, cfg.StatsNote = stats.Load(cfg.StatsDir)
		err := board.Run(cfg)
		var stopped *board.Stopped
		if errors.As(err, &stopped) {
			return endBy(stopped.Signal)
		}
		if err != nil {
			return fmt.Errorf("the terminal: %w", err)
		}
		return nil
	}
	cfg := play.Config{Breaker: b, Color: useColor, Echo: !inTerm, In: stdin, Out: stdout}
	if *role == "maker" {
		return play.Guess(cfg)
	}
	return play.Referee(cfg, secret)
}

// terminal returns the file of f, a command's standard input or output,
// and whether it is a terminal.
func terminal(f any) (*os.File, bool) {
	if c, ok := f.(*checkedWriter); ok {
		f = c.w
	}
	file, ok := f.(*os.File)
	return file, ok && progress.IsTerminal(file)
}

// isTerminal reports whether f, a command's standard input or output, is
// a terminal.
func isTerminal(f any) bool {
	_, ok := terminal(f)
	return ok
}
