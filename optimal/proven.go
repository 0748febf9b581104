package optimal

import (
	"context"
	"time"

	"github.com/mastermind-go/mastermind"
)

// provenLevels is how many guesses deep proven looks past the root, at
// most. On 6 of 7 distinct's checkpoint (one class of first guesses), one
// level proves what the parts finished, two what the search has shown of
// the parts' guesses too (26402), three more (27423, in under 2 s); a
// fourth on 7 of 7 distinct's did not end in 2 minutes.
const provenLevels = 3

// provenTime bounds the time proven takes, as it runs once the search is
// stopped: the guesses of Super Mastermind's root alone take minutes.
const provenTime = 2 * time.Second

// proven returns a lower bound on the optimal total of the whole space
// from what the memo holds, for a search that was stopped: the least over
// the root's guesses of the candidates' count plus each part's bound, a
// part's bound being, levels deep, the same least over its own guesses, at
// least what the memo knows of it. Where the search at the root proves
// nothing until a class of first guesses is done (a single class, as in 6
// of 7 distinct), the parts it finished and the bounds it raised on the
// others still count. It looks one level deeper at a time while within
// provenTime, and returns 0 if even one level takes longer.
func (sv *solver) proven(cands []int32) int {
	saved := sv.ctx
	defer func() { sv.ctx = saved }()
	// The guesses' walk stops on a cancelled context: a context of its own.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(saved), provenTime)
	defer cancel()
	sv.ctx = ctx
	best := 0
	for levels := 1; levels <= provenLevels; levels++ {
		b := sv.provenBound(nil, cands, sv.maxDepth, levels)
		if ctx.Err() != nil {
			break // some guesses were left out: no bound
		}
		best = max(best, b)
	}
	return best
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
