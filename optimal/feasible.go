package optimal

import (
	"github.com/mastermind-go/mastermind"
)

// A feasibility tells whether a set has any strategy within a depth (see
// feasible), for Fit, remembering its answers: by key, a guess of each
// set it has shown to fit within its depth, or -1 if none does, in about
// bytes.
type feasibility struct {
	sv    *solver
	memo  map[string]int32
	bytes int64
}

// feasible reports whether some strategy finds each of the candidates
// within depth guesses, and if so the guess of one. It is a search for any
// strategy, not the best, so that it ends long before the search of the
// best total: it proved in 23 minutes of CPU that no strategy of 8x3 needs at
// most 5 guesses, where the search of the best total within 5 had proven
// only a bound in 25. The guesses are those of choices (which leaves out
// those that make no progress or leave a part too large for the depth,
// and all but one of each class of symmetric guesses), in order of bound,
// each rejected at its first part that does not fit, largest part first.
// Answers are kept in its memo (the guess, or -1); a set that does not
// fit also goes into the search's memo, as a lower bound of infinite.
//
// It is not safe for concurrent use (Fit calls it from one goroutine).
func (fe *feasibility) feasible(history []mastermind.Turn, cands []int32, depth int) (int, bool) {
	sv := fe.sv
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
	key, kf := sv.ownKey(&kb, cands, depth)
	if g, ok := fe.memo[string(key)]; ok {
		if g >= 0 && kf.f != nil {
			g = kf.f.from(sv.space, g)
		}
		return int(g), g >= 0
	}
	if e, ok := sv.recall(key); ok && e.exact && e.guess >= 0 {
		return int(kf.load(sv.space, e).guess), true
	} else if ok && e.total >= infinite {
		return -1, false
	}
	found := -1
	q := sv.chooser.choices(history, cands, depth, infinite, false)
	for q.next(sv, infinite) && found < 0 && sv.ctx.Err() == nil {
		g := int(q.pop().guess()) // whose parts' sizes fit (see choices)
		if fe.guess(history, cands, g, depth) {
			found = g
		}
	}
	if sv.ctx.Err() != nil {
		return -1, false // not proven either way
	}
	if budget := sv.memo.budget / 4; fe.memo == nil || budget > 0 && fe.bytes > budget {
		// Forgotten all at once, within a quarter of the memo's budget.
		fe.memo, fe.bytes = map[string]int32{}, 0
	}
	if kf.f != nil && found >= 0 {
		fe.memo[string(key)] = kf.f.to(sv.space, int32(found))
	} else {
		fe.memo[string(key)] = int32(found)
	}
	fe.bytes += entryBytes(len(key))
	if found < 0 {
		sv.remember(key, memoEntry{total: infinite})
	}
	return found, found >= 0
}

// guess reports whether each part of guess's split of the
// candidates fits within depth-1 guesses (see feasible).
func (fe *feasibility) guess(history []mastermind.Turn, cands []int32, guess, depth int) bool {
	sv := fe.sv
	for _, p := range sv.split(history, cands, guess) { // largest first
		if _, ok := fe.feasible(p.history, p.cands, depth-1); !ok {
			return false
		}
	}
	return true
}
