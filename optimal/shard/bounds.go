package shard

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/tree"
)

// A proof splits into shards by the units of a search (see Solve): each
// shard proves a lower bound on the optimal total of each of its units'
// parts, exact where it solves the part, and MergeBounds adds up the
// bounds of each first guess's parts. Every first guess, one of each
// class, costs at least the codes plus its parts' bounds, so that the
// least of those sums bounds the optimal total; if the first guess of
// that least sum has every part solved, a strategy reaches it, and it is
// the optimum.

// A proofUnit is a unit of a proof: a first guess and one of its answers,
// or, where that part holds more than 1/splitShare of the codes (and the
// proof has no depth limit, where the strategy of ceiling would not
// prune), the part with one of the second guesses worth trying there (one
// of each class).
type proofUnit struct {
	first   *optimal.Unit
	second  []optimal.Unit // the parts of the second guess, if split
	seconds int            // the second guesses at the part, if split
	// ceiling, if split, is the total of a strategy for the part
	// (strategyTotal): its optimum is at most that, so that a second
	// guess shown to cost more need not be proven further.
	ceiling int
}

// splitShare: a part of more than 1/splitShare of the codes is split by
// its second guess, so that a unit holds about that share of the work at
// most (6 of 7 distinct: 11 units of a first guess and its answer, the
// largest of 1,854 codes; 207 units, of at most 1,854 codes over 29
// second guesses).
const splitShare = 100

// proofUnits lists the units of a proof of s within maxDepth guesses (0
// for no limit): the units of the search, the large ones split by their
// second guesses.
func proofUnits(ctx context.Context, se *optimal.Search, s *mastermind.Space, maxDepth int) ([]proofUnit, error) {
	codes, depth := s.Len(), maxDepth
	if depth == 0 {
		depth = tree.MaxDepth
	}
	firsts, err := se.Units(ctx, nil)
	if err != nil {
		return nil, err
	}
	var list []proofUnit
	for i := range firsts {
		u := &firsts[i]
		if maxDepth > 0 || len(u.Secrets)*splitShare <= codes {
			list = append(list, proofUnit{first: u})
			continue
		}
		subs, err := se.Units(ctx, u)
		if errors.Is(err, optimal.ErrInfeasible) {
			list = append(list, proofUnit{first: u}) // no second guess within the depth: its bound says so
			continue
		} else if err != nil {
			return nil, err
		}
		seconds, ceiling := subs[len(subs)-1].Choice+1, strategyTotal(s, u.Secrets, depth-1)
		for a := 0; a < len(subs); {
			b := a
			for b < len(subs) && subs[b].Choice == subs[a].Choice {
				b++
			}
			list = append(list, proofUnit{first: u, second: subs[a:b], seconds: seconds, ceiling: ceiling})
			a = b
		}
	}
	return list, nil
}

// result returns the result of proof unit u, not yet proven.
func (pu *proofUnit) result(u int) Result {
	r := result(u, pu.first)
	if pu.second != nil {
		r.Second, r.SecondChoice, r.Seconds = pu.second[0].Guess, pu.second[0].Choice, pu.seconds
	}
	return r
}

// A Plan says what a shard of a proof will do, before it does it. A
// unit's work is estimated as the sum of the squares of the sizes of the
// sets it searches: its part's, or its second guess's parts'.
type Plan struct {
	Shard, Shards int
	Units, Mine   int     // the units of the proof, and of the shard
	Work          float64 // the shard's share of the proof's work
	Largest       float64 // the share of its largest unit
}

func (p Plan) String() string {
	return fmt.Sprintf("shard %d/%d will prove %d of %d units (a first guess and its answer, split by the second guess where the part holds more than 1/%d of the codes): about %.2f%% of the work, its largest unit %.2f%% (by the squares of the sets searched)",
		p.Shard, p.Shards, p.Mine, p.Units, splitShare, 100*p.Work, 100*p.Largest)
}

// plan returns the plan of the shard over the units.
func plan(list []proofUnit, shard, shards int) Plan {
	p := Plan{Shard: shard, Shards: shards, Units: len(list)}
	work := make([]float64, len(list))
	var all float64
	for u := range list {
		sets := list[u].second
		if sets == nil {
			sets = []optimal.Unit{*list[u].first}
		}
		for _, set := range sets {
			work[u] += float64(len(set.Secrets)) * float64(len(set.Secrets))
		}
		all += work[u]
	}
	for u := shard; u < len(list) && all > 0; u += shards {
		p.Mine, p.Work, p.Largest = p.Mine+1, p.Work+work[u]/all, max(p.Largest, work[u]/all)
	}
	return p
}

// Prove proves lower bounds on the units of the shard-th (from 0) of
// shards parts of a proof (see Part, whose Bounds it sets), working for
// about budget in all: each unit gets the time left shared by the units
// left, and one solved early leaves its time to the others. A unit's
// bound rises by searching its part for a tree below a limit, the limit
// raised step by step until the part is solved or its time is up; a unit
// of a second guess, the same for each of that guess's parts. Options are
// as for optimal.Bound (Resume, Save, Memory, MaxDepth; Progress gets the
// fraction of the units done). It calls show, if not nil, with its plan
// once the units are listed. If ctx is done then, the units left keep the
// bounds known of them (as when the budget is spent): it returns the part,
// a weaker proof marked CutShort, with ctx's error; before, only ctx's
// error.
func Prove(ctx context.Context, s *mastermind.Space, opt optimal.Options, shard, shards int, budget time.Duration, show func(Plan)) (*Part, error) {
	if shards < 1 || shard < 0 || shard >= shards {
		return nil, fmt.Errorf("optimal: shard %d of %d", shard, shards)
	}
	se, err := optimal.NewSearch(ctx, s, opt)
	if err != nil {
		return nil, err
	}
	list, err := proofUnits(ctx, se, s, opt.MaxDepth)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	if shards > len(list) {
		return nil, &TooManyError{Shards: shards, Units: len(list)}
	}
	if show != nil {
		show(plan(list, shard, shards))
	}
	p := &Part{Game: s.Game(), MaxDepth: opt.MaxDepth, Shard: shard, Shards: shards, Units: len(list), Bounds: true}
	saved := se.Autosave(opt)
	defer saved()
	deadline := time.Now().Add(budget)
	mine := (len(list) - shard + shards - 1) / shards
	for k, u := 0, shard; u < len(list); k, u = k+1, u+shards {
		if opt.Progress != nil {
			opt.Progress(float64(k) / float64(mine))
		}
		unitCtx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/time.Duration(mine-k)))
		r := list[u].result(u)
		r.Total, r.Exact = list[u].prove(unitCtx, se)
		cancel()
		p.Results = append(p.Results, r)
	}
	if err := ctx.Err(); err != nil {
		p.CutShort = true
		return p, err
	}
	return p, nil
}

// prove returns a lower bound on the optimal total of the unit's part
// (with its second guess, if any), and whether it is that total, working
// until ctx (which has a deadline) is done: each part of the second
// guess gets the time left shared by the parts left, until the total is
// shown above the part's ceiling (then the guess is not the part's best).
func (pu *proofUnit) prove(ctx context.Context, se *optimal.Search) (int, bool) {
	if pu.second == nil {
		return prove(ctx, se, pu.first, infinite)
	}
	deadline, _ := ctx.Deadline()
	bounds := make([]int, len(pu.second))
	total := len(pu.first.Secrets)
	for k := range pu.second {
		bounds[k] = se.Least(&pu.second[k])
		total = min(total+bounds[k], infinite)
	}
	exact := true
	for k := range pu.second {
		if max(total, pu.second[0].ChoiceBound) > pu.ceiling {
			return max(total, pu.second[0].ChoiceBound), false
		}
		sub, cancel := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/time.Duration(len(pu.second)-k)))
		b, ok := prove(sub, se, &pu.second[k], pu.ceiling-(total-bounds[k])+1)
		cancel()
		total, exact = min(total-bounds[k]+max(b, bounds[k]), infinite), exact && ok
	}
	if !exact {
		total = max(total, pu.second[0].ChoiceBound)
	}
	return total, exact
}

// prove returns a lower bound on the optimal total of the unit's part,
// and whether it is its optimum, working until ctx is done or the bound
// reaches goal: it searches for the optimum below a limit, a step above
// the bound, and raises the bound to what a search that fails proves; a
// step that ends at once is followed by one twice as large.
func prove(ctx context.Context, se *optimal.Search, u *optimal.Unit, goal int) (int, bool) {
	bound := se.Least(u)
	step := 0
	for bound < min(goal, infinite) && ctx.Err() == nil {
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
