package shard

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
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

// A proofUnit is a unit of a proof: a set of secrets reached by the first
// guess and one of its answers (path[0]), or below it by a second guess
// and its answer (path[1]), proven whole; or that set with one of the
// guesses worth trying at it (one of each class), or with a share of them
// (a chunk).
//
// A first answer's part of more than 1/splitShare of the codes is split by
// its second guesses (few, by symmetry): the unit of a second guess proves
// the part's codes plus the bounds of the guess's parts that hold at most
// that share (parts); each larger part (large) is a set of its own, below
// the second guess's answer. Such a set whose work is still more than
// 1/splitShare of the proof's is split by its third guesses (many: after
// two guesses little symmetry is left) into chunks of about that share,
// chunk i holding the guesses i, i+chunks, ... in the search's order at
// the set, each chunk proving the least over its guesses of their totals.
// The merge composes the units as one machine would: a second guess's
// total is its unit's plus its large parts' bounds; a set's bound, the
// least over its guesses (or chunks).
type proofUnit struct {
	path  []*optimal.Unit // path[0] the first guess and its answer; path[1], if any, a part of a second guess
	guess *optimal.Unit   // a part of the unit's second guess (its code, place and bound), nil if none
	parts []optimal.Unit  // the second guess's parts the unit proves
	large []*optimal.Unit // the second guess's parts that are sets of their own (their units follow)
	// guesses is the count of the second guesses worth trying at the set
	// (one of each class), if of a second guess.
	guesses int
	// chunk of chunks, if chunks > 0: the unit proves its set with the
	// guesses chunk, chunk+chunks, ... of those worth trying there.
	chunk, chunks int
	// ceiling, if of a second guess, is the total of a strategy for the
	// set (strategyTotal): its optimum is at most that, so that a guess
	// shown to cost more need not be proven further.
	ceiling int
	// goal, for a set below a second guess (0 for none), is the bound at
	// which the second guess is shown to cost more than its own set's
	// ceiling (the other parts at their least): the set need not be
	// proven further.
	goal int
}

// splitShare: a part of more than 1/splitShare of the codes is split by
// the guesses at it, so that a unit holds about that share of the work at
// most (6 of 7 distinct: 11 units of a first guess and its answer, the
// largest of 1,854 codes). A variable for the tests.
var splitShare = 100

// perShard: a search in N shards splits below the first answer only if
// its units of a first guess and its answer are fewer than perShard N,
// and then its sets from 1/(perShard N) of the codes (at most
// 1/splitShare), so that its units, dealt largest first, leave no shard
// much more than its share (Graham). A search split below pays for each
// unit a search within its room, where one machine stops each guess at
// the best total found so far: it splits no further than the shards need
// (4x7 in 40 shards: 45 times the CPU of one run). A variable for the
// tests.
var perShard = 4

// searchShare returns the share from which a search in shards splits,
// given its units of a first guess and its answer (0: none split).
func searchShare(shards int) func(firsts int) int {
	return func(firsts int) int {
		if perShard*shards <= firsts {
			return 0
		}
		return min(splitShare, perShard*shards)
	}
}

// proofShare is the share from which a proof splits.
func proofShare(int) int { return splitShare }

// set returns the unit's set: its first guess's part, or the part below.
func (pu *proofUnit) set() *optimal.Unit { return pu.path[len(pu.path)-1] }

// first returns the unit's first guess and its answer.
func (pu *proofUnit) first() *optimal.Unit { return pu.path[0] }

// key names the unit's set among the proof's: its place in each guess's
// order and each part's among its guess's, from the root down.
func (pu *proofUnit) key() string { return pathKey(pu.path) }

// pathKey is proofUnit.key of a path.
func pathKey(path []*optimal.Unit) string {
	var b strings.Builder
	for _, u := range path {
		fmt.Fprintf(&b, "%d.%d/", u.Choice, u.Part)
	}
	return b.String()
}

// below describes the unit below its first guess's answer: the second
// guess and answer of its set, its second guess or its chunk of third
// guesses, each with its place in the search's order at its set.
func (pu *proofUnit) below() string {
	var steps []string
	for _, u := range pu.path[1:] {
		steps = append(steps, fmt.Sprintf("second guess %s (%d), answer %s (part %d of %d)", u.Guess, u.Choice, u.Answer, u.Part, u.Parts))
	}
	switch {
	case pu.guess != nil:
		steps = append(steps, fmt.Sprintf("second guess %s (%d of %d)", pu.guess.Guess, pu.guess.Choice, pu.guesses))
	case pu.chunks > 0:
		steps = append(steps, fmt.Sprintf("third guesses %d, %d+%d, ... (chunk %d of %d)", pu.chunk, pu.chunk, pu.chunks, pu.chunk, pu.chunks))
	}
	return strings.Join(steps, "; ")
}

// proofUnits lists the units of a proof of s within maxDepth guesses (0
// for no limit): the units of the search (a first guess and its answer),
// the large ones split below (see proofUnit).
func proofUnits(ctx context.Context, se *optimal.Search, s *mastermind.Space, maxDepth int, shareOf func(firsts int) int) ([]proofUnit, error) {
	depth := maxDepth
	if depth == 0 {
		depth = tree.MaxDepth
	}
	firsts, err := se.Units(ctx, nil)
	if err != nil {
		return nil, err
	}
	share := shareOf(len(firsts))
	large := func(u *optimal.Unit) bool { return len(u.Secrets)*share > s.Len() }
	var list []proofUnit
	for i := range firsts {
		u := &firsts[i]
		if !large(u) || maxDepth > 0 {
			// Within a depth limit, a strategy within it is rarely found
			// cheaply (strategyTotal), so that the units of a guess could
			// not stop at a ceiling: classic within 5 guesses, split,
			// took 2m15s a shard of 5 where one proof takes seconds.
			list = append(list, proofUnit{path: []*optimal.Unit{u}})
			continue
		}
		subs, err := se.Units(ctx, u)
		if errors.Is(err, optimal.ErrInfeasible) {
			list = append(list, proofUnit{path: []*optimal.Unit{u}}) // no second guess within the depth: its bound says so
			continue
		} else if err != nil {
			return nil, err
		}
		guesses, ceiling := subs[len(subs)-1].Choice+1, strategyTotal(s, u.Secrets, depth-1)
		for a := 0; a < len(subs); {
			b := a
			for b < len(subs) && subs[b].Choice == subs[a].Choice {
				b++
			}
			pu := proofUnit{path: []*optimal.Unit{u}, guess: &subs[a], guesses: guesses, ceiling: ceiling}
			for k := a; k < b; k++ {
				if large(&subs[k]) {
					pu.large = append(pu.large, &subs[k])
				} else {
					pu.parts = append(pu.parts, subs[k])
				}
			}
			list = append(list, pu)
			least := len(u.Secrets) // the guess's total, its parts at their least
			for k := a; k < b; k++ {
				least = min(least+se.Least(&subs[k]), infinite)
			}
			for _, p := range pu.large {
				goal := min(ceiling-(least-se.Least(p))+1, infinite)
				list = append(list, proofUnit{path: []*optimal.Unit{u, p}, goal: max(goal, 1)})
			}
			a = b
		}
	}
	// The sets below a second guess whose work is more than the share
	// of all, in chunks of their third guesses.
	all := int64(0)
	for u := range list {
		w, _ := list[u].work()
		all += w
	}
	var chunked []proofUnit
	for _, pu := range list {
		w, _ := pu.work()
		if len(pu.path) == 1 || w*int64(share) <= all || share == 0 {
			chunked = append(chunked, pu)
			continue
		}
		n := int((w*int64(share) + all - 1) / all)
		for c := range n {
			chunked = append(chunked, proofUnit{path: pu.path, chunk: c, chunks: n, goal: pu.goal})
		}
	}
	return chunked, nil
}

// result returns the result of proof unit u, not yet proven.
func (pu *proofUnit) result(u int) Result {
	r := result(u, pu.first())
	r.Below = pu.below()
	return r
}

// A Plan says what a shard of a search or proof will do, before it does
// it. A unit's work is estimated as the sum of the squares of the sizes
// of the sets it searches: its set's, or its guess's parts'; the units are
// dealt to the shards by that work (deal).
type Plan struct {
	Shard, Shards int
	Units, Mine   int     // the units of the proof, and of the shard
	Work          float64 // the shard's share of the proof's work
	Busiest       float64 // the share of the shard that has the most
	Largest       float64 // the share of its largest unit
	// Codes is the most codes a unit searches in one set.
	Codes int
	// Search says that the plan is of a search (Solve), not of a proof.
	Search bool
	// Share: a set of more than 1/Share of the codes is split below.
	Share int
}

func (p Plan) String() string {
	verb := "prove"
	if p.Search {
		verb = "search"
	}
	split := fmt.Sprintf("split by the guesses below where a set holds more than 1/%d of the codes", p.Share)
	if p.Share == 0 {
		split = "not split below: few shards"
	}
	return fmt.Sprintf("shard %d/%d will %s %d of %d units (a first guess and its answer, %s): about %.2f%% of the work (the largest shard %.2f%%), its largest unit %.2f%% (by the squares of the sets searched, at most %d codes)",
		p.Shard, p.Shards, verb, p.Mine, p.Units, split, 100*p.Work, 100*p.Busiest, 100*p.Largest, p.Codes)
}

// work returns the unit's work, by the squares of the sets it searches
// (a chunk: its share of its set's), and the largest of those sets.
func (pu *proofUnit) work() (int64, int) {
	sets := pu.parts
	if pu.guess == nil {
		sets = []optimal.Unit{*pu.set()}
	}
	w, most := int64(0), 0
	for _, set := range sets {
		w += int64(len(set.Secrets)) * int64(len(set.Secrets))
		most = max(most, len(set.Secrets))
	}
	if pu.chunks > 0 {
		w = max(w/int64(pu.chunks), 1)
	}
	return w, most
}

// dealUnits deals the units to shards by their work (deal): each unit's
// shard.
func dealUnits(list []proofUnit, shards int) []int {
	work := make([]int64, len(list))
	for u := range list {
		work[u], _ = list[u].work()
	}
	return deal(work, shards)
}

// plan returns the plan of the shard over the units dealt (owner: each
// unit's shard).
func plan(list []proofUnit, owner []int, shard, shards int) Plan {
	p := Plan{Shard: shard, Shards: shards, Units: len(list)}
	loads := make([]int64, shards)
	var all int64
	for u := range list {
		w, codes := list[u].work()
		all += w
		loads[owner[u]] += w
		if owner[u] == shard {
			p.Mine, p.Codes = p.Mine+1, max(p.Codes, codes)
		}
	}
	if all == 0 {
		return p
	}
	for u := range list {
		if owner[u] == shard {
			w, _ := list[u].work()
			p.Largest = max(p.Largest, float64(w)/float64(all))
		}
	}
	p.Work = float64(loads[shard]) / float64(all)
	p.Busiest = float64(slices.Max(loads)) / float64(all)
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
	list, err := proofUnits(ctx, se, s, opt.MaxDepth, proofShare)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	if shards > len(list) {
		return nil, &TooManyError{Shards: shards, Units: len(list)}
	}
	owner := dealUnits(list, shards)
	if show != nil {
		pl := plan(list, owner, shard, shards)
		pl.Share = splitShare
		show(pl)
	}
	p := &Part{Game: s.Game(), MaxDepth: opt.MaxDepth, Shard: shard, Shards: shards, Units: len(list), Bounds: true}
	saved := se.Autosave(opt)
	defer saved()
	depth := opt.MaxDepth
	if depth == 0 {
		depth = tree.MaxDepth
	}
	deadline := time.Now().Add(budget)
	units := mine(owner, shard)
	for k, u := range units {
		if opt.Progress != nil {
			opt.Progress(float64(k) / float64(len(units)))
		}
		unitCtx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/time.Duration(len(units)-k)))
		r := list[u].result(u)
		r.Total, r.Exact = list[u].prove(unitCtx, se, s, depth)
		cancel()
		p.Results = append(p.Results, r)
	}
	if err := ctx.Err(); err != nil {
		p.CutShort = true
		return p, err
	}
	return p, nil
}

// prove returns a lower bound on the unit's total (its set's, or its
// set's codes plus its guess's parts' totals) and whether it is that
// total, working until ctx (which has a deadline) is done: each part of
// the guess gets the time left shared by the parts left, until the guess
// is shown to cost more than its set's ceiling (with its large parts at
// their least: then it is not the set's best).
func (pu *proofUnit) prove(ctx context.Context, se *optimal.Search, s *mastermind.Space, depth int) (int, bool) {
	switch {
	case pu.chunks > 0:
		return pu.proveChunk(ctx, se, s, depth)
	case pu.guess == nil && pu.goal > 0:
		return prove(ctx, se, pu.set(), pu.goal)
	case pu.guess == nil:
		return prove(ctx, se, pu.set(), infinite)
	}
	deadline, _ := ctx.Deadline()
	bounds := make([]int, len(pu.parts))
	total, others := len(pu.set().Secrets), 0 // others: the large parts' least
	for k := range pu.parts {
		bounds[k] = se.Least(&pu.parts[k])
		total = min(total+bounds[k], infinite)
	}
	for _, p := range pu.large {
		others = min(others+se.Least(p), infinite)
	}
	exact := true
	for k := range pu.parts {
		if max(min(total+others, infinite), pu.guess.ChoiceBound) > pu.ceiling {
			return total, false
		}
		sub, cancel := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/time.Duration(len(pu.parts)-k)))
		b, ok := prove(sub, se, &pu.parts[k], pu.ceiling-(total+others-bounds[k])+1)
		cancel()
		total, exact = min(total-bounds[k]+max(b, bounds[k]), infinite), exact && ok
	}
	return total, exact
}

// proveChunk is prove of a chunk of a set's guesses: the least, over the
// chunk's guesses, of a lower bound on the guess's total (each proven as a
// second guess's unit is, every part of it, for its share of the time),
// and whether it is exact (a guess whose parts are all solved reaches it);
// at least the set's least bound. The depth is of the whole space.
func (pu *proofUnit) proveChunk(ctx context.Context, se *optimal.Search, s *mastermind.Space, depth int) (int, bool) {
	at := pu.set()
	least := se.Least(at)
	subs, err := se.Units(ctx, at)
	if err != nil {
		return least, errors.Is(err, optimal.ErrInfeasible) && least >= infinite
	}
	ceiling := strategyTotal(s, at.Secrets, depth-len(pu.path))
	if pu.goal > 0 {
		ceiling = min(ceiling, pu.goal-1) // a bound at the goal is enough
	}
	var mine [][]optimal.Unit // the chunk's guesses, each with its parts
	for a := 0; a < len(subs); {
		b := a
		for b < len(subs) && subs[b].Choice == subs[a].Choice {
			b++
		}
		if subs[a].Choice%pu.chunks == pu.chunk {
			mine = append(mine, subs[a:b])
		}
		a = b
	}
	if len(mine) == 0 {
		return max(least, min(ceiling+1, infinite)), false // no guess: none is the set's best
	}
	deadline, _ := ctx.Deadline()
	best, exact := infinite, false
	for k, parts := range mine {
		sub, cancel := context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/time.Duration(len(mine)-k)))
		// A guess that costs at least a total already reached exactly is
		// not the chunk's best: it need not be proven further.
		if exact {
			ceiling = min(ceiling, best-1)
		}
		gu := proofUnit{path: pu.path, guess: &parts[0], parts: parts, ceiling: ceiling}
		total, ok := gu.prove(sub, se, s, depth)
		cancel()
		if !ok {
			total = max(total, parts[0].ChoiceBound)
		}
		switch {
		case total < best:
			best, exact = total, ok
		case total == best:
			exact = exact || ok
		}
	}
	if best < least {
		return least, false
	}
	return best, exact
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
