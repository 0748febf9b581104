package optimal

import (
	"context"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// provenLevels is how many guesses deep proven looks past a part of the
// root, at most. On 7 of 7 distinct's checkpoint (one class of first
// guesses, six parts), two levels prove 31613 in under a second; with
// --prove 15m, the large parts get a third level or more: 32226.
const provenLevels = 5

// provenTime bounds the time proven takes when a search is stopped (see
// run): the guesses of Super Mastermind's root alone take minutes.
const provenTime = 2 * time.Second

// proven returns a lower bound on the optimal total of the whole space
// from what the memo holds, working for about budget: the least over the
// root's guesses of the candidates' count plus each part's bound. A
// part's bound is what the memo knows of it or, levels deep, the same
// least over its own guesses (see provenBound). Every part goes one level
// deeper at a time, all parts at each level in turn, each within its share
// of the time left; a part whose level does not end in its share keeps the
// bound of the level before and goes no deeper, so that the cheap levels
// end for every part before the dear ones begin. Where the search at the
// root proves nothing until a class of first guesses is done (a single
// class, as in 6 and 7 of 7 distinct), the parts it finished and the
// bounds it raised on the others still count. It returns 0 if the root's
// guesses cannot be listed within budget. It stops early if base is done
// (a stopped search passes a base that is not: see run).
func (sv *solver) proven(base context.Context, cands []int32, budget time.Duration) int {
	saved := sv.ctx
	defer func() { sv.ctx = saved }()
	ctx, cancel := context.WithTimeout(base, budget)
	defer cancel()
	sv.ctx = ctx
	n, depth := len(cands), sv.maxDepth
	own := sv.provenBound(nil, cands, depth, 0)
	if n <= 2 || depth <= 1 || !sv.fits(n, depth) {
		return own
	}
	// The root's guesses and their parts, each part with its bound so far
	// and whether it may go deeper.
	type part struct {
		history []mastermind.Turn
		cands   []int32
		bound   int
		deeper  bool
	}
	var guesses [][]part
	for _, c := range sv.choices(nil, cands, depth, infinite, false).list {
		tr := &trial{sv: sv, code: sv.space.Code(int(c.guess()))}
		tr.partition(cands, int(c.guess()), make([]mastermind.Outcome, n))
		tr.histories = make([]mastermind.Turn, len(tr.parts))
		parts := make([]part, len(tr.parts))
		for i, p := range tr.parts {
			h := tr.historyOf(i)
			parts[i] = part{h, p.cands, sv.provenBound(h, p.cands, depth-1, 0), true}
		}
		guesses = append(guesses, parts)
	}
	if ctx.Err() != nil || len(guesses) == 0 {
		return 0
	}
	deadline, _ := ctx.Deadline()
	for levels := 1; levels <= provenLevels && ctx.Err() == nil; levels++ {
		left := 0
		for _, parts := range guesses {
			for _, p := range parts {
				if p.deeper {
					left++
				}
			}
		}
		for _, parts := range guesses {
			for i := range parts {
				p := &parts[i]
				if !p.deeper {
					continue
				}
				share := time.Until(deadline) / time.Duration(left)
				left--
				b, ok := sv.boundWithin(base, p.history, p.cands, depth-1, levels, share)
				p.bound, p.deeper = max(p.bound, b), ok
			}
		}
	}
	least := infinite
	for _, parts := range guesses {
		total := n
		for _, p := range parts {
			total += p.bound
		}
		least = min(least, total)
	}
	return max(own, least)
}

// boundWithin returns provenBound of a set levels deep, and true, if it
// ends within share; otherwise false.
func (sv *solver) boundWithin(base context.Context, history []mastermind.Turn, cands []int32, depth, levels int, share time.Duration) (int, bool) {
	ctx, cancel := context.WithTimeout(base, share)
	defer cancel()
	sv.ctx = ctx
	b := sv.provenBound(history, cands, depth, levels)
	if ctx.Err() != nil {
		return 0, false // some guesses were left out: no bound
	}
	return b, true
}

// provenBound is proven for a set of candidates within depth guesses,
// looking levels guesses deep.
func (sv *solver) provenBound(history []mastermind.Turn, cands []int32, depth, levels int) int {
	n := len(cands)
	switch {
	case n == 1:
		return 1
	case depth <= 1 || !sv.fits(n, depth):
		return infinite
	case n == 2:
		return 3
	}
	if _, ok := sv.small(cands); ok {
		return 2*n - 1
	}
	bound := sv.least[n]
	var kb keyBuffer
	if e, ok := sv.recall(sv.key(&kb, cands, depth)); ok {
		if e.exact {
			return e.total
		}
		bound = max(bound, e.total)
	}
	if levels == 0 || n <= sv.parts+1 {
		return bound
	}
	// Every guess, one of each class, with the bound of its parts' sizes.
	choices := sv.choices(history, cands, depth, infinite, false)
	outcomes := make([]mastermind.Outcome, n)
	least := infinite
	for _, c := range choices.list {
		if c.bound() >= least || sv.ctx.Err() != nil {
			break // in order of bound: none of the rest does better
		}
		tr := trial{sv: sv, history: history, code: sv.space.Code(int(c.guess()))}
		tr.partition(cands, int(c.guess()), outcomes)
		k := len(history) + 1
		tr.histories = make([]mastermind.Turn, k*len(tr.parts))
		total := n
		for i := range tr.parts {
			total += sv.provenBound(tr.historyOf(i), tr.parts[i].cands, depth-1, levels-1)
			if total >= least {
				break
			}
		}
		least = min(least, total)
	}
	return max(bound, least)
}

// Bound returns a lower bound on the optimal total of the space within
// opt.MaxDepth guesses from what opt.Resume holds (a checkpoint of a
// stopped search; without one, the bound of the count alone): the bound
// a stopped search reports (see InterruptedError), worked out for about
// budget rather than seconds, so that it looks deeper into each part of
// the first guesses. If ctx is done first, it returns the bound proven so
// far.
func Bound(ctx context.Context, s *mastermind.Space, opt Options, budget time.Duration) (int, error) {
	sv, err := start(ctx, s, Options{MaxDepth: opt.MaxDepth, Memory: opt.Memory, Resume: opt.Resume})
	if err != nil {
		return 0, err
	}
	all := consistent.All(s)
	return max(sv.least[len(all)], sv.proven(ctx, all, budget)), nil
}
