package optimal

import (
	"github.com/mastermind-go/mastermind"
)

// feasible reports whether some strategy finds each of the candidates
// within depth guesses, and if so the guess of one. It is a search for any
// strategy, not the best, so that it ends long before the search of the
// best total: it proved in 23 minutes of CPU that no strategy of 8x3 needs at
// most 5 guesses, where the search of the best total within 5 had proven
// only a bound in 25. The guesses are those of choices (which leaves out
// those that make no progress or leave a part too large for the depth,
// and all but one of each class of symmetric guesses), in order of bound,
// each rejected at its first part that does not fit, largest part first.
// Answers are kept in feasibleMemo (the guess, or -1); a set that does not
// fit also goes into the search's memo, as a lower bound of infinite.
//
// It is not safe for concurrent use (Fit calls it from one goroutine).
func (sv *solver) feasible(history []mastermind.Turn, cands []int32, depth int) (int, bool) {
	n := len(cands)
	switch {
	case n == 1:
		return int(cands[0]), depth >= 1
	case depth <= 1 || !sv.fits(n, depth):
		return -1, false
	case n == 2:
		return int(cands[0]), true
	}
	var kb keyBuffer
	key := sv.key(&kb, cands, depth)
	if g, ok := sv.feasibleMemo[string(key)]; ok {
		return int(g), g >= 0
	}
	if e, ok := sv.recall(key); ok && e.exact && e.guess >= 0 {
		return int(e.guess), true
	} else if ok && e.total >= infinite {
		return -1, false
	}
	found := -1
	q := sv.choices(history, cands, depth, infinite, false)
	for q.next(sv, infinite) && found < 0 && sv.ctx.Err() == nil {
		g := int(q.pop().guess()) // whose parts' sizes fit (see choices)
		if sv.feasibleGuess(history, cands, g, depth) {
			found = g
		}
	}
	if sv.ctx.Err() != nil {
		return -1, false // not proven either way
	}
	if budget := sv.memo.budget / 4; sv.feasibleMemo == nil || budget > 0 && sv.feasibleBytes > budget {
		// Forgotten all at once, within a quarter of the memo's budget.
		sv.feasibleMemo, sv.feasibleBytes = map[string]int32{}, 0
	}
	sv.feasibleMemo[string(key)] = int32(found)
	sv.feasibleBytes += entryBytes(len(key))
	if found < 0 {
		sv.remember(key, memoEntry{total: infinite})
	}
	return found, found >= 0
}
