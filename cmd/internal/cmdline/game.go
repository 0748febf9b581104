package cmdline

import (
	"flag"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// GameFlagNames are the flags of [GameFlags]: the one list, for the
// commands that ask whether one was given. --feedback is last: play
// tells a game chosen from a rule chosen alone by the others.
var GameFlagNames = []string{"game", "p", "positions", "c", "colors", "distinct", "feedback"}

// GameFlags are the flags that choose a game: --game NAME, or -p N and -c K
// (--positions, --colors) with --distinct, and the answer rule --feedback.
type GameFlags struct {
	Name      string // --game; a command may set a default before parsing
	positions int
	colors    int
	distinct  bool
	feedback  string
}

// Register defines the flags in fs.
func (gf *GameFlags) Register(fs *flag.FlagSet) {
	fs.StringVar(&gf.Name, "game", "", "")
	fs.IntVar(&gf.positions, "positions", 0, "")
	fs.IntVar(&gf.positions, "p", 0, "")
	fs.IntVar(&gf.colors, "colors", 0, "")
	fs.IntVar(&gf.colors, "c", 0, "")
	fs.BoolVar(&gf.distinct, "distinct", false, "")
	fs.StringVar(&gf.feedback, "feedback", "", "")
}

// Game returns the game the flags of fs describe: a preset, changed by the
// size flags given, or the size alone. A rule other than black-white is
// taken only by the commands named in rulesCommands; the others refuse it.
// Every error is bad usage (exit status 2).
func (gf *GameFlags) Game(fs *flag.FlagSet, rulesCommands []string) (mastermind.Game, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var g mastermind.Game
	rule := mastermind.BlackWhite
	if set["feedback"] {
		var err error
		if rule, err = mastermind.ParseRule(gf.feedback); err != nil {
			return g, usageError("--feedback: %v", err)
		}
		if rule != mastermind.BlackWhite && !slices.Contains(rulesCommands, fs.Name()) {
			return g, usageError("--feedback %v: mastermind %s plays black-white games only so far (the rules black and slots are played by %s)", rule, fs.Name(), strings.Join(rulesCommands, ", "))
		}
	}
	if gf.Name != "" {
		var err error
		if g, err = mastermind.Preset(gf.Name); err != nil {
			return g, usageError("--game: %v", err)
		}
	} else if !(set["p"] || set["positions"]) || !(set["c"] || set["colors"]) {
		return g, usageError("choose a game: --game NAME, or -p N and -c K")
	}
	if set["p"] || set["positions"] {
		g.Positions = gf.positions
	}
	if set["c"] || set["colors"] {
		g.Colors = gf.colors
	}
	if set["distinct"] {
		g.Distinct = gf.distinct
	}
	g.Rule = rule
	if err := g.Validate(); err != nil {
		return g, usageError("%v", err)
	}
	return g, nil
}
