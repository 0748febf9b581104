// Package choose picks the code-breaker for a game: [Breaker] returns it
// for a game and [Options] (a strategy name of [Names], a seed, a tree or a
// first guess), [Strategy] the strategy of an enumerated game. Every front
// end (the break protocol, play, eval, judge's opponents, the web API) gets
// its breaker here, so the choice is made in one place.
//
// The strategy "auto" (or no name) means:
//
//   - the optimal tree where one is shipped for classic or Bulls and Cows,
//     under any answer rule (not bulls under black, which has only bounds);
//   - entropy up to HeuristicLimit (50,000) codes;
//   - a random consistent code up to EnumerateLimit (1,000,000) codes, and
//     up to mastermind.MaxSpaceLen (10^7) with distinct colours;
//   - beyond, package large: consistent codes found by local search
//     (repeats allowed or distinct colours); under the rule black the
//     search up to large.AutoBlackSearch positions with repeats (of 3
//     colours or more; up to large.MaxBlackSearch with distinct colours),
//     and beyond each colour's count, then each position's colour, asked
//     in turn (large.SearchesBlack); under slots (and beyond
//     mastermind.MaxSlotsPositions positions whatever the count) a random
//     code of those that give every answer, found by a flow.
//
// The strategy "consistent" is auto asking only codes that fit every
// answer so far, which could be the secret (as the number-guessing program
// of kwanghoon's blog post, github.com/kwanghoon/mastermind, does):
// entropy among the candidates where auto plays
// an optimal tree or entropy; random and package large ask such codes
// already, but under the rule black with repeats beyond
// large.AutoBlackSearch positions, where package large searches them up
// to large.MaxBlackSearch positions.
//
// The other names play that strategy on games that can be enumerated (up
// to 10^7 codes) and that it plays within the contest's limits (20 s of
// CPU and 64 MB a game): the heuristics up to NamedHeuristicLimit
// (300,000) codes, first and random up to EnumerateLimit with repeats;
// beyond, they are refused, naming what works. "optimal" plays the
// optimal tree shipped for the game under its rule (Shipped: choose's own,
// of classic and bulls, and the files of package optima a TreeStore reads,
// TreeFiles), and computes one for games of up to OptimalLimit codes.
package choose

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/large"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// Limits of the choice.
const (
	// HeuristicLimit is the largest game on which auto plays a heuristic;
	// beyond it, scoring every guess against every candidate is too slow
	// to wait for.
	HeuristicLimit = 50_000
	// EnumerateLimit is the largest game with repeats that auto
	// enumerates: an enumerated game of 10^7 codes needs hundreds of MB,
	// beyond TopCoder's 64 MB; larger games play by search instead.
	EnumerateLimit = 1_000_000
	// OptimalLimit is the largest game for which "optimal" computes its
	// tree when none is shipped.
	OptimalLimit = 500
	// NamedHeuristicLimit is the largest game on which minimax, expected,
	// entropy and parts are played when named: a whole game of 6x8
	// (262,144 codes) takes them about 12 s and 40 MB; 6x9 (531,441) takes
	// minimax over 64 MB, 7x7 entropy a minute.
	NamedHeuristicLimit = 300_000
)

// Options say what breaker to choose. The zero value is auto.
type Options struct {
	Strategy string          // a name of Names; "" is "auto"
	Seed     uint64          // seeds random and package large
	Tree     *tree.Tree      // play this tree instead (entropy where it has no answer)
	First    mastermind.Code // play this guess first
	// Trees reads the shipped optimal trees beyond choose's own (classic
	// and bulls, black-white): optimal refuses the others when nil, and
	// auto plays entropy there.
	Trees *TreeStore

	// Clock, if not nil, reads the CPU time a play of package large is
	// charged for (see large.Options): mastermind break gives its
	// process's.
	Clock func() time.Duration
}

// auto reports whether the options leave the whole choice to auto (or to
// consistent, auto's variant).
func (o Options) auto() bool {
	return isAuto(o.Strategy) && o.Tree == nil && o.First == nil
}

// isAuto reports whether name is auto's or consistent's.
func isAuto(name string) bool {
	return name == "" || name == strategy.AutoName || name == strategy.ConsistentName
}

// Enumerated reports whether the breaker chosen for game g with o plays on
// an enumerated space of its codes (and false when it plays package large).
func Enumerated(g mastermind.Game, o Options) bool {
	return g.Count() <= mastermind.MaxSpaceLen && !(o.auto() && !g.Distinct && g.Count() > EnumerateLimit) &&
		!(g.Rule == mastermind.Slots && g.Positions > mastermind.MaxSlotsPositions)
}

// Breaker returns the breaker for game g. Its work stops when ctx ends.
// Unknown names and games too large for the strategy are *mastermind.InputError.
func Breaker(ctx context.Context, g mastermind.Game, o Options) (mastermind.Breaker, error) {
	if err := g.Validate(); err != nil {
		return nil, &mastermind.InputError{Where: "game", Err: err}
	}
	if err := Check(o.Strategy); err != nil {
		return nil, err
	}
	if !Enumerated(g, o) {
		switch {
		case o.First != nil && isAuto(o.Strategy) && o.Tree == nil && g.Rule == mastermind.Slots && g.Positions > mastermind.MaxSlotsPositions:
			return nil, mastermind.Invalid("first guess", "a first guess of your own is played under the rule slots on games of up to %d positions: leave it out, and auto plays this game by a flow", mastermind.MaxSlotsPositions)
		case o.First != nil && isAuto(o.Strategy) && o.Tree == nil:
			limit := EnumerateLimit
			if g.Distinct {
				limit = mastermind.MaxSpaceLen
			}
			return nil, mastermind.Invalid("first guess", "a first guess of your own is played on games of up to %d codes, and this one has %.3g: leave it out, and auto plays this game by search", limit, g.Count())
		case !o.auto():
			return nil, refuseLarge(g)
		}
		lo := large.Options{Seed: o.Seed, Clock: o.Clock, Consistent: o.Strategy == strategy.ConsistentName}
		if lo.Consistent && large.SearchMisses(g) {
			return nil, mastermind.Invalid("strategy consistent", "under the rule black a game of %d colours too large to enumerate is not played by codes that could be the secret (the search misses secrets of nearly one colour): leave the strategy out (auto asks each colour's count, then each position's colour)", g.Colors)
		}
		if err := large.Supported(g, lo); err != nil {
			return nil, err
		}
		return large.NewBreaker(g, lo), nil
	}
	if err := playable(g, o); err != nil {
		return nil, err
	}
	s, err := Space(g)
	if err != nil {
		return nil, err
	}
	strat, err := Strategy(ctx, s, o)
	if err != nil {
		return nil, err
	}
	return strategy.NewBreaker(s, strat), nil
}

// Strategy returns the strategy the options name for the codes of s.
func Strategy(ctx context.Context, s *mastermind.Space, o Options) (mastermind.Strategy, error) {
	st, err := base(ctx, s, o)
	if err != nil || o.First == nil {
		return st, err
	}
	if err := s.Game().ValidCode(o.First); err != nil {
		return nil, &mastermind.InputError{Where: "first guess", Err: err}
	}
	return strategy.Opening{Strategy: st, First: o.First}, nil
}

// base returns the strategy of the tree or the name.
func base(ctx context.Context, s *mastermind.Space, o Options) (mastermind.Strategy, error) {
	entropy := strategy.Heuristic{Measure: strategy.Entropy}
	if o.Tree != nil {
		return o.Tree.Strategy("tree", entropy), nil
	}
	name := o.Strategy
	if isAuto(name) {
		consistent := name == strategy.ConsistentName
		name = strategy.Entropy.String()
		// A tree of a file is played only where the store can read it.
		if g := s.Game(); !consistent && autoTree(g) && (o.Trees != nil || optimal.Shipped(g)) {
			t, err := optimalTree(ctx, s, o.Trees)
			if err != nil {
				return nil, err
			}
			if opens(t, o.First) {
				name = strategy.OptimalName // after another first guess, entropy plays
			}
		}
		if s.Len() > HeuristicLimit {
			name = strategy.RandomName
		}
		if name == strategy.Entropy.String() && consistent {
			return strategy.Heuristic{Measure: strategy.Entropy, Consistent: true}, nil
		}
	}
	if name != strategy.OptimalName {
		st, err := strategy.New(name, o.Seed)
		if err != nil {
			return nil, Check(name)
		}
		return st, nil
	}
	t, err := optimalTree(ctx, s, o.Trees)
	switch {
	case err != nil:
		return nil, err
	case t == nil && s.Len() > OptimalLimit:
		return nil, mastermind.Invalid("strategy optimal", "no optimal tree is shipped for %s, and optimal computes games of up to %d codes only (the trees shipped: docs/optima.md); compute one with \"mastermind optimal --out FILE\" and play it with --tree FILE", s.Game().Name(), OptimalLimit)
	case t == nil:
		if t, err = optimal.Solve(ctx, s, optimal.Options{}); err != nil {
			return nil, err
		}
	}
	if !opens(t, o.First) {
		first := s.Code(t.Root.Guess).Compact(s.Game().Colors)
		return nil, mastermind.Invalid("first guess", "optimal plays its own first guess, %s: after another it would not be optimal (leave the first guess out, give %s, or name another strategy)", first, first)
	}
	return t.Strategy(strategy.OptimalName, entropy), nil
}

// refuseLarge is the refusal of a strategy other than auto and consistent
// on a game too large to enumerate (package large plays those two).
func refuseLarge(g mastermind.Game) error {
	if g.Rule == mastermind.Slots && g.Positions > mastermind.MaxSlotsPositions {
		return mastermind.Invalid("strategy", "under the rule slots games of more than %d positions are played by package large, with the default strategy (auto) or consistent only", mastermind.MaxSlotsPositions)
	}
	return mastermind.Invalid("strategy", "games of more than %d codes can only be played with the default strategy (auto)", mastermind.MaxSpaceLen)
}

// opens reports whether tree t opens with the guess first, or first is nil.
func opens(t *tree.Tree, first mastermind.Code) bool {
	if first == nil {
		return true
	}
	i, ok := t.Space.Index(first)
	return ok && i == t.Root.Guess
}

// playable refuses a named strategy on an enumerated game it cannot play
// within the contest's limits (20 s of CPU and 64 MB a game), naming what
// works: the heuristics beyond NamedHeuristicLimit codes, and, with
// repeats, first and random beyond EnumerateLimit (the codes alone take
// hundreds of MB; auto plays such games by search). Auto's own choice and
// trees are not refused.
func playable(g mastermind.Game, o Options) error {
	const limits = "within the contest's limits (20 s of CPU and 64 MB a game)"
	name, n := o.Strategy, g.Count()
	switch {
	case o.Tree != nil:
	case slices.Contains(strategy.Heuristics(), name) && n > NamedHeuristicLimit:
		alternatives := fmt.Sprintf("play first or random (up to %d codes), or the default, auto", EnumerateLimit)
		if g.Distinct {
			alternatives = "play first or random, or the default, auto"
		}
		return mastermind.Invalid("strategy "+name, "%s plays games of up to %d codes %s, and this one has %.0f: %s",
			name, NamedHeuristicLimit, limits, n, alternatives)
	case (name == strategy.FirstName || name == strategy.RandomName) && !g.Distinct && n > EnumerateLimit:
		return mastermind.Invalid("strategy "+name, "%s plays games of up to %d codes %s, and this one has %.0f: play the default, auto",
			name, EnumerateLimit, limits, n)
	case isAuto(name) && o.First != nil && !g.Distinct && n > EnumerateLimit:
		// Auto with a first guess of its own plays on the enumerated codes.
		return mastermind.Invalid("first guess", "a first guess of your own is played on games of up to %d codes %s, and this one has %.0f: leave it out, and auto plays this game by search",
			EnumerateLimit, limits, n)
	}
	return nil
}

// Spaces are kept once made: they are read-only, and a server asks for
// the same few games again and again. Only games of up to cacheLimit codes
// are kept.
const cacheLimit = 100_000

var spaces sync.Map // mastermind.Game -> *mastermind.Space

// Space returns the codes of game g, enumerated; a game of more than
// mastermind.MaxSpaceLen codes is a *mastermind.InputError.
func Space(g mastermind.Game) (*mastermind.Space, error) {
	if s, ok := spaces.Load(g); ok {
		return s.(*mastermind.Space), nil
	}
	s, err := mastermind.NewSpace(g)
	if err != nil {
		return nil, &mastermind.InputError{Where: "game", Err: err}
	}
	if s.Len() <= cacheLimit {
		spaces.Store(g, s)
	}
	return s, nil
}
