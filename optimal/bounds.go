package optimal

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// A proof splits into shards by the units of a search (see SolveShard):
// each shard proves a lower bound on the optimal total of each of its
// units' parts, exact where it solves the part, and MergeBounds adds up
// the bounds of each first guess's parts. Every first guess, one of each
// class, costs at least the codes plus its parts' bounds, so that the
// least of those sums bounds the optimal total; if the first guess of
// that least sum has every part solved, a strategy reaches it, and it is
// the optimum.

// ProveShard proves lower bounds on the units of the shard-th (from 0) of
// shards parts of a proof (see Part, whose Bounds it sets), working for
// about budget in all: each unit gets the time left shared by the units
// left, and one solved early leaves its time to the others. A unit's
// bound rises by searching its part for a tree below a limit, the limit
// raised step by step until the part is solved or its time is up. Options
// are as for Bound (Resume, Save, Memory, MaxDepth; Progress gets the
// fraction of the units done). If ctx is done once the units are listed,
// the units left keep the bounds known of them (as when the budget is
// spent): it returns the part, a weaker proof marked CutShort, with ctx's
// error; before, only ctx's error.
func ProveShard(ctx context.Context, s *mastermind.Space, opt Options, shard, shards int, budget time.Duration) (*Part, error) {
	sv, err := start(ctx, s, Options{MaxDepth: opt.MaxDepth, Memory: opt.Memory, Resume: opt.Resume})
	if err != nil {
		return nil, err
	}
	all := consistent.All(s)
	choices, parts, units, err := sv.shardUnits(ctx, all, shards)
	if err != nil {
		return nil, err
	}
	p := &Part{Game: s.Game(), MaxDepth: opt.MaxDepth, Shard: shard, Shards: shards, Units: len(units), Bounds: true}
	saved := sv.autosave(opt)
	defer saved()
	deadline := time.Now().Add(budget)
	mine := (len(units) - shard + shards - 1) / shards
	for k, u := 0, shard; u < len(units); k, u = k+1, u+shards {
		if opt.Progress != nil {
			opt.Progress(float64(k) / float64(mine))
		}
		i, j := units[u].choice, units[u].part
		guess, pt := s.Code(int(choices[i].guess())), parts[i][j]
		history := []mastermind.Turn{{Guess: guess, Feedback: pt.feedback}}
		unitCtx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/time.Duration(mine-k)))
		sv.ctx = unitCtx
		total, exact := sv.proveSet(history, pt.cands, sv.maxDepth-1)
		cancel()
		p.Results = append(p.Results, Result{Unit: u, Choice: i, Guess: guess, Part: j, Parts: len(parts[i]),
			Answer: pt.feedback, Candidates: len(pt.cands), Exact: exact, Total: total})
	}
	sv.ctx = ctx
	if err := ctx.Err(); err != nil {
		p.CutShort = true
		return p, err
	}
	return p, nil
}

// proveSet returns a lower bound on the optimal total of the candidates
// within depth guesses, and whether it is their optimum, working until
// sv.ctx is done: it searches for the optimum below a limit, a step above
// the bound, and raises the bound to what a search that fails proves; a
// step that ends at once is followed by one twice as large.
func (sv *solver) proveSet(history []mastermind.Turn, cands []int32, depth int) (int, bool) {
	bound := sv.provenBound(history, cands, depth, 0)
	step := 0
	for bound < infinite && sv.ctx.Err() == nil {
		step = max(step, bound/raiseStep, 1)
		began := time.Now()
		got, ok := sv.solve(history, cands, depth, min(bound+step, infinite), nil, inner)
		if sv.ctx.Err() != nil {
			break // cut short: got proves nothing
		}
		if ok {
			return got, true
		}
		bound = max(bound, got)
		if time.Since(began) < raiseQuick {
			step *= 2
		} else {
			step = 0
		}
	}
	return bound, false
}

// MergeBounds combines the bound parts (ProveShard's) of every shard of
// one proof into a lower bound on the game's optimal total, and whether
// it is the optimum. The parts must be of the same proof (game, depth
// limit, shards and units), one of each shard, none of a search;
// otherwise it returns a *PartError naming what is wrong or missing. If
// every first guess needs more guesses than the depth limit allows, it
// returns ErrInfeasible: that is then proven.
func MergeBounds(parts []*Part, names []string) (lower int, exact bool, err error) {
	s, guesses, err := collect(parts, names, true)
	if err != nil {
		return 0, false, err
	}
	lower = infinite
	for _, choice := range slices.Sorted(maps.Keys(guesses)) {
		total, solved := s.Len(), true
		for _, r := range guesses[choice].parts {
			total = min(total+r.Total, infinite)
			solved = solved && r.Exact
		}
		switch {
		case total < lower:
			lower, exact = total, solved
		case total == lower:
			exact = exact || solved
		}
	}
	if lower >= infinite {
		return 0, false, ErrInfeasible
	}
	return lower, exact, nil
}
