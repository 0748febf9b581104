package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/cmd/internal/cmdline"
	"github.com/mastermind-go/mastermind/internal/cputime"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/optimal/optima"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// rulesCommands are the commands that play every answer rule (--feedback);
// the others that take a game play black-white only so far, and refuse
// another rule.
var rulesCommands = []string{"break", "eval", "judge", "optimal", "play"}

// gameFlags are the flags that choose a game (cmdline's, with the
// commands that take every answer rule).
type gameFlags struct{ cmdline.GameFlags }

func (gf *gameFlags) register(fs *flag.FlagSet) { gf.Register(fs) }

func (gf *gameFlags) game(fs *flag.FlagSet) (mastermind.Game, error) {
	return gf.Game(fs, rulesCommands)
}

// shippedTrees reads the optimal trees choose plays beyond its own from
// package optima, which the command carries (as its server does).
var shippedTrees = choose.NewTreeStore(func(_ context.Context, name string) ([]byte, error) { return optima.File(name) })

// strategyFlags are the flags that choose a strategy.
type strategyFlags struct {
	name     string
	seed     uint64
	first    string
	treeFile string
}

func (sf *strategyFlags) register(fs *flag.FlagSet) {
	sf.name = strategy.AutoName
	fs.Func("strategy", "", func(name string) error {
		if strings.TrimSpace(name) == "" { // not auto: a mistake, such as --strategy "$UNSET"
			return fmt.Errorf("an empty name: give one of %s", strings.Join(choose.Names(), ", "))
		}
		sf.name = name
		return nil
	})
	fs.Uint64Var(&sf.seed, "seed", 1, "")
	fs.StringVar(&sf.first, "first", "", "")
	fs.StringVar(&sf.treeFile, "tree", "", "")
}

// options returns what the flags ask of the chooser for game g: the tree
// of --tree is read here.
func (sf *strategyFlags) options(g mastermind.Game) (choose.Options, error) {
	// A large game's play is charged for the process's CPU, as TopCoder's
	// limit counts it (a command plays one game at a time).
	o := choose.Options{Strategy: sf.name, Seed: sf.seed, Clock: cputime.Process, Trees: shippedTrees}
	if sf.treeFile != "" && sf.name != "" && sf.name != strategy.AutoName {
		return o, usageError("--tree %s plays that tree, not --strategy %s: give one of them", sf.treeFile, sf.name)
	}
	if sf.first != "" {
		code, err := g.ParseCode(sf.first)
		if err != nil {
			return o, usageError("--first: %v", err)
		}
		o.First = code
	}
	if sf.treeFile != "" {
		f, err := files.Open(sf.treeFile)
		if err != nil {
			return o, usageError("--tree: %v", err)
		}
		defer f.Close()
		t, err := tree.ReadJSONOf(f, g, choose.Space)
		if err != nil {
			return o, usageError("--tree %s: %v", sf.treeFile, err)
		}
		o.Tree = t
	}
	return o, nil
}

// playerFlags are the flags of the commands that play a strategy on a game.
type playerFlags struct {
	gameFlags
	strategyFlags
}

func (pf *playerFlags) register(fs *flag.FlagSet) {
	pf.gameFlags.register(fs)
	pf.strategyFlags.register(fs)
}

// chosen returns the game and the chooser's options the parsed flags
// describe.
func (pf *playerFlags) chosen(fs *flag.FlagSet) (mastermind.Game, choose.Options, error) {
	g, err := pf.game(fs)
	if err != nil {
		return g, choose.Options{}, err
	}
	o, err := pf.options(g)
	return g, o, err
}

// breaker returns the breaker the parsed flags describe.
func (pf *playerFlags) breaker(ctx context.Context, fs *flag.FlagSet) (mastermind.Breaker, error) {
	g, o, err := pf.chosen(fs)
	if err != nil {
		return nil, err
	}
	return choose.Breaker(ctx, g, o)
}

// strategy returns the space of the game and the strategy the parsed flags
// describe, for the commands that enumerate every secret.
func (pf *playerFlags) strategy(ctx context.Context, fs *flag.FlagSet) (*mastermind.Space, mastermind.Strategy, error) {
	g, o, err := pf.chosen(fs)
	if err != nil {
		return nil, nil, err
	}
	s, err := choose.Space(g)
	if err != nil {
		return nil, nil, err
	}
	strat, err := choose.Strategy(ctx, s, o)
	if err != nil {
		return nil, nil, err
	}
	name := strat.Name()
	if o.Tree != nil {
		name = "tree " + pf.treeFile
	}
	return s, named{strat, withFirst(name, o.First, g)}, nil
}

// withFirst is a strategy's name in the figures when first (if not nil)
// is played first.
func withFirst(name string, first mastermind.Code, g mastermind.Game) string {
	if first == nil {
		return name
	}
	return name + ", first " + first.Compact(g.Colors)
}

// named gives a strategy another name.
type named struct {
	mastermind.Strategy
	name string
}

func (n named) Name() string { return n.name }

// The flag grammar every command shares is package cmdline's.
var (
	parseFlags       = cmdline.Parse
	parseInterleaved = cmdline.ParseInterleaved
	parseArgs        = cmdline.ParseArgs
	givenFlag        = cmdline.Given
	givenOther       = cmdline.GivenOther
)
