package shard

import (
	"context"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
)

// A proof splits into shards by the units of a search (see Solve): each
// shard proves a lower bound on the optimal total of each of its units'
// parts, exact where it solves the part, and MergeBounds adds up the
// bounds of each first guess's parts. Every first guess, one of each
// class, costs at least the codes plus its parts' bounds, so that the
// least of those sums bounds the optimal total; if the first guess of
// that least sum has every part solved, a strategy reaches it, and it is
// the optimum.

// Prove proves lower bounds on the units of the shard-th (from 0) of
// shards parts of a proof (see Part, whose Bounds it sets), working for
// about budget in all: each unit gets the time left shared by the units
// left, and one solved early leaves its time to the others. A unit's
// bound rises by searching its part for a tree below a limit, the limit
// raised step by step until the part is solved or its time is up. Options
// are as for optimal.Bound (Resume, Save, Memory, MaxDepth; Progress gets
// the fraction of the units done). If ctx is done once the units are
// listed, the units left keep the bounds known of them (as when the budget
// is spent): it returns the part, a weaker proof marked CutShort, with
// ctx's error; before, only ctx's error.
func Prove(ctx context.Context, s *mastermind.Space, opt optimal.Options, shard, shards int, budget time.Duration) (*Part, error) {
	se, us, err := units(ctx, s, opt, shard, shards)
	if err != nil {
		return nil, err
	}
	p := &Part{Game: s.Game(), MaxDepth: opt.MaxDepth, Shard: shard, Shards: shards, Units: len(us), Bounds: true}
	saved := se.Autosave(opt)
	defer saved()
	deadline := time.Now().Add(budget)
	mine := (len(us) - shard + shards - 1) / shards
	for k, u := 0, shard; u < len(us); k, u = k+1, u+shards {
		if opt.Progress != nil {
			opt.Progress(float64(k) / float64(mine))
		}
		unitCtx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/time.Duration(mine-k)))
		r := result(u, &us[u])
		r.Total, r.Exact = prove(unitCtx, se, &us[u])
		cancel()
		p.Results = append(p.Results, r)
	}
	if err := ctx.Err(); err != nil {
		p.CutShort = true
		return p, err
	}
	return p, nil
}

// prove returns a lower bound on the optimal total of the unit's part,
// and whether it is its optimum, working until ctx is done: it searches
// for the optimum below a limit, a step above the bound, and raises the
// bound to what a search that fails proves; a step that ends at once is
// followed by one twice as large.
func prove(ctx context.Context, se *optimal.Search, u *optimal.Unit) (int, bool) {
	bound := se.Least(u)
	step := 0
	for bound < infinite && ctx.Err() == nil {
		step = max(step, bound/optimal.RaiseStep, 1)
		began := time.Now()
		got, ok := se.Solve(ctx, u, min(bound+step, infinite))
		if ctx.Err() != nil {
			break // cut short: got proves nothing
		}
		if ok {
			return got, true
		}
		bound = max(bound, got)
		if time.Since(began) < optimal.RaiseQuick {
			step *= 2
		} else {
			step = 0
		}
	}
	return bound, false
}
