package optimal

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/symmetry"
)

// A choice is a guess at a set of candidates with its lower bound, packed
// so that choices order as numbers, a < b when a comes first: a lower
// bound, or else a candidate first, or else a lower guess.
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
func (ch *chooser) exact(cands []int32, guess int) bool {
	var buf [tableCands]mastermind.Outcome
	outcomes := buf[:]
	if len(cands) > len(buf) {
		outcomes = make([]mastermind.Outcome, len(cands))
	}
	ok, _ := ch.partsAtMost(cands, guess, 2, outcomes)
	return ok
}

// partsAtMost reports whether no part of the guess's split of the candidates
// has more than k of them, and if so how many have k; outcomes is scratch as
// long as cands.
func (ch *chooser) partsAtMost(cands []int32, guess, k int, outcomes []mastermind.Outcome) (bool, int) {
	sv := ch.sv
	if t := sv.table; t != nil {
		return t.partsAtMost(cands, guess, k)
	}
	sv.outcomes(guess, cands, outcomes)
	pc := partCap{k: k}
	if o := sv.game.Outcomes(); o > len(pc.sizes) {
		pc.more = make([]uint8, o)
	}
	for _, o := range outcomes {
		if !pc.add(int(o)) {
			return false, 0
		}
	}
	return true, pc.full
}

// partsAtMost is chooser.partsAtMost read from the table. For k of 1 or 2,
// the parts seen once and twice are bits of two sets of outcomes (dense, so
// below 256), which cost less to clear than a count per outcome.
func (t *table) partsAtMost(cands []int32, guess, k int) (bool, int) {
	if !t.symmetric {
		return t.columnPartsAtMost(cands, guess, k)
	}
	row := t.rows[guess*t.size:][:t.size] // feedback is symmetric
	if k > 2 {
		pc := partCap{k: k}
		for _, x := range cands {
			if !pc.add(int(row[x])) {
				return false, 0
			}
		}
		return true, pc.full
	}
	var once, twice [4]uint64
	full := 0
	for _, x := range cands {
		o := row[x]
		w, bit := o>>6, uint64(1)<<(o&63)
		switch {
		case once[w]&bit == 0:
			once[w] |= bit
			if k == 1 {
				full++
			}
		case k == 1 || twice[w]&bit != 0:
			return false, 0
		default:
			twice[w] |= bit
			full++
		}
	}
	return true, full
}

// columnPartsAtMost is partsAtMost for a table that is not symmetric
// (slots): the guess's outcomes are read down its column.
func (t *table) columnPartsAtMost(cands []int32, guess, k int) (bool, int) {
	pc := partCap{k: k}
	for _, x := range cands {
		if !pc.add(int(t.at(int(x), guess))) {
			return false, 0
		}
	}
	return true, pc.full
}

// A partCap counts the candidates of each part (by outcome, of up to 15
// positions; beyond 256 outcomes, as under slots from 6 positions, in
// more, which the caller gives) while no part has more than k, and how
// many have k.
type partCap struct {
	sizes [256]uint8
	more  []uint8 // if not nil, the counts instead of sizes
	k     int
	full  int // parts of k candidates
}

// add counts a candidate of outcome o and reports whether its part still
// has at most k.
func (pc *partCap) add(o int) bool {
	if pc.more != nil {
		pc.more[o]++
		return pc.check(int(pc.more[o]))
	}
	pc.sizes[o]++
	return pc.check(int(pc.sizes[o]))
}

// check counts a part that has grown to size and reports whether it has
// at most k.
func (pc *partCap) check(size int) bool {
	switch size {
	case pc.k:
		pc.full++
	case pc.k + 1:
		return false
	}
	return true
}

// A choiceQueue holds choices in order (see choice). least is the first
// one's bound, or if there are none, the limit they were chosen below; or
// the floor of the pending guesses, if lower.
//
// In sets small enough for the table, the candidates are scored first and
// the other guesses, often most of the space, only when needed (pending):
// a guess that is not a candidate costs at least floor (see
// solver.floors, raised by pending.refine when needed), so that they are
// needed only by a search whose best total so far is above floor, once the
// candidates with bounds up to floor are tried. Most sets never need them:
// the search of the part of a guess often ends before, and the best
// guesses are mostly candidates. When they are needed, only the guesses
// whose multiset of colours allows a bound below the search's best are
// scored.
type choiceQueue struct {
	list  []choice
	least int
	rest  *pending // the guesses not scored yet, if any
	above int      // every guess neither in list nor pending costs at least above
}

// A pending holds the guesses of a set not scored yet, those that are not
// candidates, and once scored their choices. Copies of a queue share it.
type pending struct {
	history []mastermind.Turn
	cands   []int32
	guesses []int32 // every guess of the set, the candidates among them scored already
	depth   int
	limit   int      // the choices kept are below limit
	floor   int      // no bound is below floor
	scored  []choice // once scored, in order
	done    bool
	below   int     // once scored: the limit of the scored choices
	kinds   []int32 // once refined: per multiset of colours, the bound of its guesses (see refine)
}

// A chooser lists and scores the guesses worth trying at the sets of a
// search (see choices), with the caches and buffers that it reuses.
type chooser struct {
	sv      *solver
	classes symmetry.ClassCache
	orbits  symmetry.OrbitCache
	lists   sync.Pool // of *[]choice, for choices
	guesses sync.Pool // of *[]int32, for choiceQueue.expand
}

// choices returns one guess of every class that makes progress within
// depth and has a bound below limit, in order: pop returns the first. With
// lazy, only the candidates may be scored: see choiceQueue.
func (ch *chooser) choices(history []mastermind.Turn, cands []int32, depth, limit int, lazy bool) *choiceQueue {
	sv := ch.sv
	q := &choiceQueue{least: limit, above: limit}
	scratch := ch.scratch()
	list := (*scratch)[:0]
	add := func(c choice) { list = append(list, c) }
	st := &mastermind.State{Space: sv.space, History: history, Candidates: cands}
	perPosition := blackClasses(sv.game)
	if sv.table == nil || len(cands) > tableCands {
		var sym *symmetry.OrbitCheck
		if perPosition {
			ch.walkList(st, positionClasses(sv.space, history, cands), nil, depth, limit, add)
		} else if len(history) <= symmetry.OrbitGuesses {
			if sy := symmetry.Of(sv.space, history, cands, symmetry.Unlimited); sy != nil {
				sym = sy.Check()
			}
		}
		if !perPosition {
			ch.walk(st, sym, depth, limit, add)
		}
	} else {
		var guesses []int32
		if perPosition {
			guesses = positionClasses(sv.space, history, cands)
		} else {
			guesses = ch.orbits.Lowest(sv.space, st, ch.classes.Lowest(st))
		}
		switch floor := sv.floors[len(cands)]; {
		case floor >= limit: // no guess but a candidate costs less than limit
			ch.score(cands, candidatesAmong(guesses, cands, sv.space.Len()), depth, limit, add)
		case lazy:
			mine := candidatesAmong(guesses, cands, sv.space.Len())
			ch.score(cands, mine, depth, limit, add)
			if len(mine) < len(guesses) {
				q.rest = &pending{history: history, cands: cands, guesses: guesses, depth: depth, limit: limit, floor: floor}
			}
		default:
			ch.score(cands, guesses, depth, limit, add)
		}
	}
	q.list = sortChoices(list)
	*scratch = list
	ch.give(scratch)
	if len(q.list) > 0 {
		q.least = q.list[0].bound()
	}
	if q.rest != nil {
		q.least = min(q.least, q.rest.floor)
	}
	return q
}

// candidatesAmong returns the guesses that are candidates; both ascend.
// guesses are often every code of a space of size codes: then every
// candidate is one.
func candidatesAmong(guesses, cands []int32, codes int) []int32 {
	if len(guesses) == codes {
		return cands
	}
	var mine []int32
	for _, x := range cands {
		i, found := slices.BinarySearch(guesses, x)
		if found {
			mine = append(mine, x)
		}
		guesses = guesses[i:]
	}
	return mine
}

// next reports whether the queue has a choice left that may cost less than
// best, making sure first that it is the first in order: pending guesses
// are scored when the candidates left all cost more than their floor and
// best is above it.
func (q *choiceQueue) next(sv *solver, best int) bool {
	if r := q.rest; r != nil && best > r.floor && (len(q.list) == 0 || q.list[0].bound() > r.floor) {
		if r.refine(sv); best > r.floor && (len(q.list) == 0 || q.list[0].bound() > r.floor) {
			q.expand(sv, best)
		}
	}
	return len(q.list) > 0 && q.list[0].bound() < best
}

// expand scores the pending guesses whose bound is below limit and merges
// their choices into the queue's, whose choices from limit on it drops.
// The scored choices serve all the copies of the queue: a copy's search
// only lowers its limit, and a copy with a higher limit scores them again.
func (q *choiceQueue) expand(sv *solver, limit int) {
	r := q.rest
	if r == nil {
		return
	}
	limit = min(limit, r.limit)
	if !r.done || limit > r.below {
		buf, _ := sv.chooser.guesses.Get().(*[]int32)
		if buf == nil {
			buf = new([]int32)
		}
		r.refine(sv)
		others := r.others((*buf)[:0], sv.table, limit)
		scratch := sv.chooser.scratch()
		list := (*scratch)[:0]
		sv.chooser.score(r.cands, others, r.depth, limit, func(c choice) { list = append(list, c) })
		*buf = others
		sv.chooser.guesses.Put(buf)
		r.scored, r.done, r.below = sortChoices(list), true, limit
		*scratch = list
		sv.chooser.give(scratch)
	}
	q.rest = nil
	q.above = min(q.above, limit)
	a, b := q.list, r.scored
	for len(a) > 0 && a[len(a)-1].bound() >= limit {
		a = a[:len(a)-1]
	}
	for len(b) > 0 && b[len(b)-1].bound() >= limit {
		b = b[:len(b)-1]
	}
	if len(b) == 0 {
		q.list = a
		return
	}
	merged := make([]choice, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if a[0] < b[0] {
			merged, a = append(merged, a[0]), a[1:]
		} else {
			merged, b = append(merged, b[0]), b[1:]
		}
	}
	merged = append(append(merged, a...), b...)
	q.list = merged
}

// others appends to buf, ascending, the guesses pending that are not
// candidates and whose multiset's bound is below limit. When every code is
// a guess, as in most sets after a few guesses (see symmetry.ClassCache),
// and those multisets have few codes, only their codes are looked at.
func (r *pending) others(buf []int32, t *table, limit int) []int32 {
	// The codes of the multisets below limit, if every code is a guess:
	// read by multiset (and sorted) only when they are few.
	few := len(r.guesses) == t.size
	if few {
		count := 0
		for k, bound := range r.kinds {
			if int(bound) < limit {
				count += int(t.starts[k+1] - t.starts[k])
			}
		}
		few = count <= t.size/16
	}
	if !few {
		i := 0
		for _, g := range r.guesses {
			for i < len(r.cands) && r.cands[i] < g {
				i++
			}
			if (i == len(r.cands) || r.cands[i] != g) && int(r.kinds[t.kind[g]]) < limit {
				buf = append(buf, g)
			}
		}
		return buf
	}
	for k, bound := range r.kinds {
		if int(bound) >= limit {
			continue
		}
		for _, g := range t.ofKind[t.starts[k]:t.starts[k+1]] {
			if _, found := slices.BinarySearch(r.cands, g); !found {
				buf = append(buf, g)
			}
		}
	}
	slices.Sort(buf)
	return buf
}

// settle scores the pending guesses if that may raise least, the queue's
// lower bound, and returns it: the least of every choice, as if none was
// pending.
func (q *choiceQueue) settle(sv *solver, limit int) int {
	if r := q.rest; r != nil && q.least == r.floor && (len(q.list) == 0 || q.list[0].bound() > r.floor) {
		limit = min(limit, r.limit)
		if r.refine(sv); len(q.list) == 0 || q.list[0].bound() > r.floor {
			q.expand(sv, limit)
		}
		q.least = limit
		if len(q.list) > 0 {
			q.least = q.list[0].bound()
		}
		if q.rest != nil {
			q.least = min(q.least, r.floor)
		}
	}
	return q.least
}

// refine raises the floor of the pending guesses, once, to the least bound
// their multisets of colours allow, and keeps each multiset's bound for
// expand, which scores only the guesses whose multiset's bound is below
// the limit. What two codes share, Black+White, depends only on their
// multisets; so a guess's answers at the candidates that share s colours
// with it are among the few with Black+White = s (a guess that is not a
// candidate: Black below the positions), and each such group of
// candidates splits into at most that many parts. The bound is the set's
// size plus, for each group, the least total of its candidates split in
// that many parts (see sizes.splits); it is no more than the bound of
// any guess of the multiset (see score). Counting the groups (see
// table.shares) costs a fraction of counting every guess's parts: on 4
// positions of 9 colours, 495 multisets against 6561 guesses, and the
// candidates' multisets rather than the candidates.
func (r *pending) refine(sv *solver) {
	if r.kinds != nil {
		return
	}
	t := sv.table
	n, m, N := len(r.cands), t.kinds, sv.game.Positions
	// groups[k*stride+s]: the candidates sharing s colours with multiset k.
	stride := N + 1
	var buf [4096]uint8
	groups := buf[:]
	if m*stride > len(buf) {
		groups = make([]uint8, m*stride)
	}
	t.shares(r.cands, groups)
	r.kinds = make([]int32, m)
	least := infinite
	for k := range m {
		bound := n
		for s, c := range groups[k*stride:][:stride] {
			bound += sv.splits[s][c]
		}
		r.kinds[k] = int32(min(bound, math.MaxInt32))
		least = min(least, bound)
	}
	r.floor = max(r.floor, least)
}

// copy returns a copy of the queue whose list is scratch's.
func (q *choiceQueue) copy(scratch *[]choice) *choiceQueue {
	*scratch = append((*scratch)[:0], q.list...)
	return &choiceQueue{list: *scratch, least: q.least, rest: q.rest, above: q.above}
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

// scratch returns a list of choices from the pool, to give back.
func (ch *chooser) scratch() *[]choice {
	if scratch, ok := ch.lists.Get().(*[]choice); ok {
		return scratch
	}
	return new([]choice)
}

// give gives back a list scratch returned.
func (ch *chooser) give(scratch *[]choice) { ch.lists.Put(scratch) }

// unchosen returns a lower bound on the total of every guess not yet
// popped: the first choice's bound, the floor of the pending guesses, or
// the bound of those left out of the queue.
func (q *choiceQueue) unchosen() int {
	lower := q.above
	if len(q.list) > 0 {
		lower = min(lower, q.list[0].bound())
	}
	if q.rest != nil {
		lower = min(lower, q.rest.floor)
	}
	return lower
}

// pop removes and returns the first choice.
func (q *choiceQueue) pop() choice {
	first := q.list[0]
	q.list = q.list[1:]
	return first
}

// score calls fn with the choice of each guess, ascending, at the
// candidates, a set small enough for the table, that makes progress within
// depth and has a bound below limit.
func (ch *chooser) score(cands []int32, guesses []int32, depth, limit int, fn func(choice)) {
	sv := ch.sv
	t := sv.table
	words := t.counts(cands, guesses)
	defer t.release(words)
	counts := bytesOf(words)

	// The least total of a part of k secrets is 2k-1 up to k = flat, and
	// more above. The parts hold the n candidates but the guess, so the
	// bound is n + 2(n-found) - (nonempty parts) plus the excess of parts
	// over flat. Each guess's counts are read a word of eight at a time.
	n := len(cands)
	flat := sv.parts + 1
	deep := depth-1 < len(sv.capacity) // whether some part may be too large for the depth
	per := t.stride / 8                // words per guess
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

// walk is score for spaces too large for a table: it scores the classes
// as symmetry.Representatives walks them.
func (ch *chooser) walk(st *mastermind.State, sym *symmetry.OrbitCheck, depth, limit int, fn func(choice)) {
	sv := ch.sv
	if sv.game.Outcomes() > 256 {
		// Too many outcomes for Representatives' bytes (slots from 6
		// positions): the lowest code of each class, scored here.
		ch.walkList(st, ch.classes.Lowest(st), sym, depth, limit, fn)
		return
	}
	counts := make([]int32, sv.game.Outcomes())
	win := int(sv.game.Solved())
	choose := func(g int, out []byte) bool {
		if sv.ctx.Err() != nil {
			return false // the choices are incomplete: remember ignores them
		}
		if sym != nil && !sym.Lowest(sv.space.Code(g)) {
			return true
		}
		if c, ok := tally(sv, counts, out, win, depth, limit); ok {
			fn(newChoice(int32(g), c.consistent(), c.bound()))
		}
		return true
	}
	symmetry.Representatives(st, choose)
}

// walkList is walk over the guesses of a list, ascending, each scored at
// the candidates by the space.
func (ch *chooser) walkList(st *mastermind.State, guesses []int32, sym *symmetry.OrbitCheck, depth, limit int, fn func(choice)) {
	sv := ch.sv
	counts := make([]int32, sv.game.Outcomes())
	win := int(sv.game.Solved())
	outs := make([]mastermind.Outcome, len(st.Candidates))
	for _, g := range guesses {
		if sv.ctx.Err() != nil {
			return
		}
		if sym != nil && !sym.Lowest(sv.space.Code(int(g))) {
			continue
		}
		sv.space.Outcomes(int(g), st.Candidates, outs)
		if c, ok := tally(sv, counts, outs, win, depth, limit); ok {
			fn(newChoice(g, c.consistent(), c.bound()))
		}
	}
}

// tally returns the choice (its bound and whether the guess is found; no
// guess) of a guess whose outcomes at the candidates are out, if it is
// below limit, makes progress and fits within depth; counts, as long as
// the outcomes, are zero before and after.
func tally[T byte | mastermind.Outcome](sv *solver, counts []int32, out []T, win, depth, limit int) (choice, bool) {
	n := len(out)
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
		return newChoice(0, found, bound), true
	}
	return 0, false
}
