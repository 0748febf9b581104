package optimal

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

// A choice is a guess at a set of candidates with its lower bound, packed
// so that choices order as numbers (see before): the bound, then whether
// the guess is not a candidate, then the guess.
type choice uint64

// newChoice returns the choice of guess, a candidate if consistent, with
// its bound.
func newChoice(guess int32, consistent bool, bound int) choice {
	c := choice(bound)<<33 | choice(uint32(guess))
	if !consistent {
		c |= 1 << 32
	}
	return c
}

// guess returns the choice's guess.
func (c choice) guess() int32 { return int32(uint32(c)) }

// bound returns the choice's lower bound.
func (c choice) bound() int { return int(c >> 33) }

// consistent reports whether the choice's guess is a candidate.
func (c choice) consistent() bool { return c&(1<<32) == 0 }

func (c choice) String() string {
	return fmt.Sprintf("{guess %d, bound %d, consistent %v}", c.guess(), c.bound(), c.consistent())
}

// exact reports whether a guess's bound at the candidates is its total: when
// no part of its split has more than two secrets, one or two more guesses
// find each.
func (sv *solver) exact(cands []int32, guess int) bool {
	ok, _ := sv.partsAtMost(cands, guess, 2, make([]mastermind.Outcome, len(cands)))
	return ok
}

// partsAtMost reports whether no part of the guess's split of the candidates
// has more than k of them, and if so how many have k; outcomes is scratch as
// long as cands.
func (sv *solver) partsAtMost(cands []int32, guess, k int, outcomes []mastermind.Outcome) (bool, int) {
	sv.outcomes(guess, cands, outcomes)
	var sizes [256]uint8 // outcomes of up to 15 positions
	full := 0
	for _, o := range outcomes {
		sizes[o]++
		switch int(sizes[o]) {
		case k:
			full++
		case k + 1:
			return false, 0
		}
	}
	return true, full
}

// before reports whether choice a comes before b: a lower bound, or else a
// candidate first, or else a lower guess.
func (a choice) before(b choice) bool { return a < b }

// A choiceQueue holds choices in order (see before). least is the first
// one's bound, or if there are none, the limit they were chosen below.
type choiceQueue struct {
	list  []choice
	least int
}

// choices returns one guess of every class that makes progress within
// depth and has a bound below limit, in order: pop returns the first.
func (sv *solver) choices(history []mastermind.Turn, cands []int32, depth, limit int) *choiceQueue {
	q := &choiceQueue{least: limit}
	scratch := sv.scratchChoices()
	list := (*scratch)[:0]
	sv.eachChoice(history, cands, depth, limit, func(c choice) {
		list = append(list, c)
	})
	q.list = sortChoices(list)
	*scratch = list
	sv.scratch.Put(scratch)
	if len(q.list) > 0 {
		q.least = q.list[0].bound()
	}
	return q
}

// sortChoices returns a sorted copy of list, whose guesses ascend: by a
// counting sort on bound and consistency when the bounds span little, as
// they mostly do.
func sortChoices(list []choice) []choice {
	sorted := make([]choice, len(list))
	if len(list) == 0 {
		return sorted
	}
	lo, hi := list[0]>>32, list[0]>>32
	for _, c := range list {
		lo, hi = min(lo, c>>32), max(hi, c>>32)
	}
	if int(hi-lo) > 4*len(list)+64 {
		copy(sorted, list)
		slices.Sort(sorted)
		return sorted
	}
	starts := make([]int32, hi-lo+2)
	for _, c := range list {
		starts[c>>32-lo+1]++
	}
	for k := 1; k < len(starts); k++ {
		starts[k] += starts[k-1]
	}
	for _, c := range list { // stable, so guesses ascend within a key
		sorted[starts[c>>32-lo]] = c
		starts[c>>32-lo]++
	}
	return sorted
}

// scratchChoices returns a list of choices from the pool, to give back.
func (sv *solver) scratchChoices() *[]choice {
	if scratch, ok := sv.scratch.Get().(*[]choice); ok {
		return scratch
	}
	return new([]choice)
}

// pop removes and returns the first choice.
func (q *choiceQueue) pop() choice {
	first := q.list[0]
	q.list = q.list[1:]
	return first
}

// eachChoice calls fn with one guess of every class that makes progress
// within depth and has a bound below limit: only the lowest of each class
// (strategy.ClassCache), and of those, after up to symmetricGuesses
// guesses, only the lowest of each orbit of the history's symmetry.
func (sv *solver) eachChoice(history []mastermind.Turn, cands []int32, depth, limit int, fn func(choice)) {
	st := &strategy.State{Space: sv.space, History: history, Candidates: cands}
	if sv.table == nil || len(cands) > tableCands {
		var sym *mastermind.OrbitCheck
		if len(history) <= symmetricGuesses {
			if sy := sv.space.Symmetry(history, cands, unlimited); sy != nil {
				sym = sy.Check()
			}
		}
		sv.eachChoiceWalk(st, sym, depth, limit, fn)
		return
	}
	guesses := sv.orbits.lowest(sv.space, st, sv.classes.Lowest(st))
	t := sv.table
	counts := t.counts(cands, guesses)
	defer t.release(counts)

	// The least total of a part of k secrets is 2k-1 up to k = flat, and
	// more above. The parts hold the n candidates but the guess, so the
	// bound is n + 2(n-found) - (nonempty parts) plus the excess of parts
	// over flat. Each guess's counts are read a word of eight at a time.
	n := len(cands)
	flat := sv.parts + 1
	deep := depth-1 < len(sv.capacity) // whether some part may be too large for the depth
	words := t.words(counts)
	per := t.stride / 8 // words per guess
	winWord, winShift := t.win/8, 8*(t.win%8)
	for j, g := range guesses {
		ws := words[j*per:][:per]
		found := ws[winWord]>>winShift&0xff == 1
		var nonempty int
		// A lane of the OR above flat may be a large part.
		var aboveFlat uint64
		if per == 2 { // up to 15 outcomes, the usual case
			w0, w1 := ws[0]&t.others[0], ws[1]&t.others[1]
			nonempty = bits.OnesCount64(exceeds(w0, 0) | exceeds(w1, 0)>>1)
			aboveFlat = w0 | w1
		} else {
			for i, w := range ws {
				w &= t.others[i]
				nonempty += bits.OnesCount64(exceeds(w, 0))
				aboveFlat |= w
			}
		}
		bound := 3*n - nonempty
		if found {
			bound -= 2
		}
		if bound >= limit {
			continue
		}
		if n > flat && exceeds(aboveFlat, flat) != 0 {
			c := counts[j*t.stride:][:t.stride]
			for _, k := range c {
				if int(k) > flat {
					bound += sv.least[k] - (2*int(k) - 1)
				}
			}
		}
		if bound >= limit || nonempty == 1 && !found { // too costly, or no progress
			continue
		}
		if deep && !sv.fits(int(slices.Max(counts[j*t.stride:][:t.stride])), depth-1) {
			continue
		}
		fn(newChoice(g, found, bound))
	}
}

// eachChoiceWalk is eachChoice for spaces too large for a table: it scores
// the classes as strategy.Representatives walks them.
func (sv *solver) eachChoiceWalk(st *strategy.State, sym *mastermind.OrbitCheck, depth, limit int, fn func(choice)) {
	n := len(st.Candidates)
	counts := make([]int32, sv.game.Outcomes())
	win := byte(sv.game.Solved())
	strategy.Representatives(st, func(g int, out []byte) bool {
		if sv.ctx.Err() != nil {
			return false // the choices are incomplete: remember ignores them
		}
		if sym != nil && !sym.Lowest(sv.space.Code(g)) {
			return true
		}
		bound, worst := n, int32(0)
		for _, o := range out {
			counts[o]++
			c := counts[o]
			bound += sv.grow[c]
			worst = max(worst, c)
		}
		found := counts[win] == 1
		for _, o := range out {
			counts[o] = 0
		}
		if found {
			bound-- // the guess itself is found, not a part: least[1] less
		}
		if bound < limit && worst < int32(n) && sv.fits(int(worst), depth-1) { // not too costly, progress, not too deep
			fn(newChoice(int32(g), found, bound))
		}
		return true
	})
}
