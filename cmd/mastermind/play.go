package main

import (
	"context"
	"flag"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"time"

	"github.com/mastermind-go/mastermind/play"
)

const playUsage = `Usage: mastermind play [--game NAME | -p N -c K [--distinct]] [--role maker|breaker]
                      [--strategy NAME] [--seed S] [--color auto|always|never]

Plays with you. As the code maker (the default role) you think of a code and
the computer guesses it: answer each guess with the right colours in the
right place, then in the wrong place ("1 2", "n 1 2", "12"), "y" when it has
your code. Unless --strategy names another, it plays consistent: every guess
could be your code, fitting every answer so far. If your answers contradict
each other it shows which ones; correct one with "fix N B W" or take back
the last with "undo".

As the code breaker (--role breaker) the computer picks a code and you guess
it; "hint" shows the computer's next guess, "giveup" the code.

Without a game it plays classic Mastermind (4 positions, 6 colours).

Codes are written with a digit per colour (letters beyond ten colours). Type
"help" during a game for its commands. Works the same with piped input.

` + gameUsage + `
` + strategyNamesUsage + `    --seed S                seed for random and for the search of large games
                            (default 1); with --role breaker, the secret's
                            seed too, for a repeatable game (default: the clock)
` + strategyOtherUsage + `
Display:
    --color WHEN            coloured pegs: auto (on a terminal), always or never

Exit status: 0 when the game ends (found, given up or quit); 2 bad usage,
or input that ends before the game is over (as in break); 1 output that
cannot be written. A line over 1 MiB is refused and asked again.

Examples:
    $ mastermind play
    $ mastermind play --game digits --role breaker
`

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

// isTerminal reports whether f is a terminal.
func isTerminal(f any) bool {
	if c, ok := f.(*checkedWriter); ok {
		f = c.w
	}
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	info, err := file.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
