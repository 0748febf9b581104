package symmetry

import (
	"fmt"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/mastermind-go/mastermind"
)

// Guesses that split the candidates alike need to be scored only once: see
// colorGroups for the colours that make guesses interchangeable.
// The lowest code of each class has its absent colours (with distinct
// colours: its absent colours in order, lowest first) and its free colours in
// order of first appearance, lowest first. Ties go to the lowest code, so
// scoring only those codes chooses the same guess as scoring all.

// Classes describes the classes of guesses at a state: guesses that
// split the candidates alike.
type Classes struct {
	Game  mastermind.Game
	group []colorGroup // per colour
	rank  []int        // per colour: its rank within its group, lowest first
}

// classSets holds Classes for reuse.
var classSets sync.Pool

// NewClasses returns the classes of guesses at st; release it when done.
func NewClasses(st *mastermind.State) *Classes {
	gc, _ := classSets.Get().(*Classes)
	if gc == nil {
		gc = &Classes{}
	}
	g := st.Space.Game()
	*gc = Classes{Game: g, group: grow(gc.group, g.Colors), rank: grow(gc.rank, g.Colors)}
	colorGroups(st.Space, st.History, st.Candidates, gc.group, gc.rank)
	return gc
}

// Release returns gc to the pool; it must not be used after.
func (gc *Classes) Release() { classSets.Put(gc) }

// An Intro counts the colours of each group (plain, free, absent) that a
// code has introduced so far, a byte per group.
type Intro uint32

// of returns the number of colours of group grp introduced.
func (n Intro) of(grp colorGroup) int { return int(n >> (8 * uint(grp)) & 0xff) }

// admit reports whether colour c may come next in the lowest code of a class,
// given next, the colours of each group the code has so far introduced; and
// returns next updated.
func (gc *Classes) admit(c int, next Intro) (Intro, bool) {
	grp, r := gc.group[c], gc.rank[c]
	switch {
	case grp == plain:
	case grp == absent && !gc.Game.Distinct:
		return next, r == 0
	case r < next.of(grp):
	case r == next.of(grp):
		next += 1 << (8 * uint(grp))
	default:
		return next, false
	}
	return next, true
}

// Lowest reports whether code is the lowest code of its class.
func (gc *Classes) Lowest(code mastermind.Code) bool {
	var next Intro
	for _, c := range code {
		var ok bool
		if next, ok = gc.admit(int(c), next); !ok {
			return false
		}
	}
	return true
}

// A Walk enumerates the lowest code of each class in ascending order,
// computing as it goes the outcomes of every candidate against the code: a
// byte per candidate, Black*N + Black+White, which is the Outcome index.
// Adding colour c at position p adds N to the candidates with c there, and 1
// to those with more c than the code had so far; eight candidates are added
// at a time, a word of eight bytes. It needs (N+1)^2 <= 256 and so N <= 15.
// Under the rule black the outcome is Black alone: colour c at p adds 1 to
// the candidates with c there, and nothing else.
//
// The vectors are padded to a whole number of words. The padding bytes of
// the last word never change: each holds its own sentinel outcome, above any
// real one, so that a whole word can be tallied at once (see Padding).
type Walk struct {
	Classes *Classes
	n       int        // number of candidates
	width   int        // n rounded up to a multiple of 8
	words   int        // width / 8
	eqN     []uint64   // vector p*K+c: N where the candidate has colour c at position p
	more    []uint64   // vector c*N+k: 1 where the candidate has more than k of colour c
	Eqs     [][]uint64 // the vectors of eqN
	Mores   [][]uint64 // the vectors of more
	ways    []int      // distinct games: the number of ways to fill positions p+1..
	// colors is the number of colours worth trying at a position: with
	// repeats, the absent colours but the lowest can never be admitted.
	colors int

	// In games of up to 64 colours, the colours as bit sets: plain holds the
	// plain colours, upTo[grp][r] those of group grp of rank below r.
	plain uint64
	upTo  [3][]uint64

	// Under the rule black, after SkipAlike, in games of up to 64 colours:
	// per position, the colours no candidate has there (see Alike).
	skipAlike bool
	nowhere   []uint64
}

// Masks reports whether the Walk has colour masks (see Admitted).
func (cw *Walk) Masks() bool { return cw.Classes.Game.Colors <= 64 }

// Admitted returns the colours that may come last in the lowest code of a
// class whose first colours introduced next of each group (see
// Classes.admit) and, with distinct colours, are the set used; in
// games of up to 64 colours.
func (cw *Walk) Admitted(next Intro, used uint64) uint64 {
	fr, ab := cw.upTo[free], cw.upTo[absent]
	m := cw.plain | fr[min(next.of(free)+1, len(fr)-1)]
	if !cw.Classes.Game.Distinct {
		return m | ab[min(1, len(ab)-1)] // the lowest absent colour only
	}
	return (m | ab[min(next.of(absent)+1, len(ab)-1)]) &^ used
}

// SkipAlike makes the walk leave out, under the rule black, the codes
// that split the candidates as a lower code does because a colour stands
// where no candidate has it and a lower colour could (see Alike). It is
// for the heuristics, which choose the lowest of the codes that score
// best, never such a code; with the other rules, or more than 64 colours,
// it does nothing.
func (cw *Walk) SkipAlike() {
	if cw.Classes.Game.Rule != mastermind.BlackOnly || !cw.Masks() {
		return
	}
	cw.skipAlike = true
}

// Alike returns, after SkipAlike, the colours that need not be tried at
// position p after the walker's first p colours, whose set is used: under
// the rule black, a colour that no candidate has at p adds nothing to any
// outcome there, and so splits the candidates as any other such colour
// does; a code with it where a lower such colour could stand is left out.
// With repeats that is every such colour but the lowest. With distinct
// colours the lower colour must be in no other position of the code: of
// the such colours not used, all but the lowest N-p are left out, as the
// N-1-p positions after p cannot use all the lower ones; and at the last
// position, where the code is whole, a code is left out too when an
// earlier position's colour has two lower such colours there not used, or
// one that is not the last colour. Without SkipAlike it returns 0.
func (w *Walker) Alike(p int, used uint64) uint64 {
	if !w.cw.skipAlike { // inlined: nothing more for the other rules
		return 0
	}
	return w.alike(p, used)
}

// alike is Alike after SkipAlike.
func (w *Walker) alike(p int, used uint64) uint64 {
	cw := w.cw
	g := cw.Classes.Game
	none := cw.nowhere[p]
	if !g.Distinct {
		return none & (none - 1) // all but the lowest
	}
	none &^= used
	for range g.Positions - p {
		none &= none - 1
	}
	if p < g.Positions-1 {
		return none
	}
	allowed := ^uint64(0)
	for q, c := range w.Code[:p] {
		if cw.nowhere[q]>>c&1 == 0 {
			continue // some candidate has c at q
		}
		below := cw.nowhere[q] & (1<<c - 1) &^ used
		switch bits.OnesCount64(below) {
		case 0:
		case 1:
			allowed &= below
		default:
			return ^uint64(0)
		}
	}
	return none | ^allowed
}

// Sentinel returns the outcome of the first padding byte in game g; the
// others follow it. In games of up to 7 positions the outcomes are below 57
// (7*7+7 = 56 is the highest; under slots, up to 3 positions: 3^3 = 27),
// so the sentinels are 57 to 63 and all fit in 64 counts; beyond, they are
// 249 to 255 (15*15+15 = 240; under slots, up to 5 positions: 3^5 = 243).
func Sentinel(g mastermind.Game) int {
	if g.Positions <= 7 && (g.Rule != mastermind.Slots || g.Positions <= 3) {
		return 64 - 7
	}
	return 256 - 7
}

// Walkable reports whether a Walk can compute the outcomes of game g: a
// game of at most 15 positions under the rule black-white or black. Slots
// outcomes are no sums per position (a Y depends on the positions to its
// left and on the G to its right): a Walk of such a game enumerates the
// classes without outcomes.
func Walkable(g mastermind.Game) bool { return g.Positions <= 15 && g.Rule != mastermind.Slots }

// bytesOf returns the bytes of a vector.
func bytesOf(v []uint64) []byte {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 8*len(v))
}

// walks holds class walks for reuse, with their vectors.
var walks sync.Pool

// NewWalk returns a walk of the classes gc that computes the outcomes of
// cands (indices into s; none with a nil s) against each code; release it
// when done.
func NewWalk(gc *Classes, s *mastermind.Space, cands []int32) *Walk {
	g := gc.Game
	N, K := g.Positions, g.Colors
	cw, _ := walks.Get().(*Walk)
	if cw == nil {
		cw = &Walk{}
	}
	*cw = Walk{Classes: gc, n: len(cands), width: (len(cands) + 7) &^ 7, eqN: cw.eqN, more: cw.more, ways: cw.ways, Eqs: cw.Eqs[:0], Mores: cw.Mores[:0], upTo: cw.upTo, nowhere: cw.nowhere[:0]}
	cw.words = cw.width / 8
	cw.eqN = grow(cw.eqN, N*K*cw.words)
	cw.more = grow(cw.more, K*N*cw.words)
	for i := range N * K {
		cw.Eqs = append(cw.Eqs, cw.eqN[i*cw.words:][:cw.words:cw.words])
		cw.Mores = append(cw.Mores, cw.more[i*cw.words:][:cw.words:cw.words])
	}
	eqN, more := bytesOf(cw.eqN), bytesOf(cw.more)
	var count [mastermind.MaxColors]int
	eqValue, moreValue := byte(N), byte(1)
	if g.Rule == mastermind.BlackOnly {
		eqValue, moreValue = 1, 0
	}
	for i, x := range cands {
		code := s.Code(int(x))
		for p, c := range code {
			eqN[(p*K+int(c))*cw.width+i] = eqValue
			more[(int(c)*N+count[c])*cw.width+i] = moreValue
			count[c]++
		}
		for _, c := range code {
			count[c] = 0
		}
	}
	if g.Rule == mastermind.BlackOnly && cw.Masks() {
		for range N {
			all := uint64(1)<<K - 1
			if K == 64 {
				all = ^uint64(0)
			}
			cw.nowhere = append(cw.nowhere, all)
		}
		for _, x := range cands {
			for p, c := range s.Code(int(x)) {
				cw.nowhere[p] &^= 1 << c
			}
		}
	}
	cw.colors = K
	for !g.Distinct && cw.colors > 0 && gc.group[cw.colors-1] == absent && gc.rank[cw.colors-1] > 0 {
		cw.colors--
	}
	if cw.Masks() {
		for grp := range cw.upTo {
			cw.upTo[grp] = append(cw.upTo[grp][:0], 0)
		}
		for c, grp := range gc.group {
			if grp == plain {
				cw.plain |= 1 << c
				continue
			}
			u := cw.upTo[grp]
			cw.upTo[grp] = append(u, u[len(u)-1]|1<<c)
		}
	}
	cw.ways = grow(cw.ways, N)
	w := 1
	for p := N - 1; p >= 0; p-- {
		cw.ways[p] = w
		w *= K - p
	}
	return cw
}

// Release returns the walk to the pool; it must not be used after.
func (cw *Walk) Release() { walks.Put(cw) }

// grow returns a zeroed slice of length n, reusing s when it is long enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// Padding returns the number of padding bytes.
func (cw *Walk) Padding() int { return cw.width - cw.n }

// eq returns the vector of N where the candidates have colour c at position
// p.
func (cw *Walk) eq(p, c int) []uint64 { return cw.Eqs[p*cw.Classes.Game.Colors+c] }

// moreThan returns the vector of 1 where the candidates have more than k of
// colour c.
func (cw *Walk) moreThan(c, k int) []uint64 { return cw.Mores[c*cw.Classes.Game.Positions+k] }

// A Walker is one goroutine's state in a Walk.
type Walker struct {
	cw     *Walk
	Code   []uint8    // the code so far
	Count  []int      // its colour counts
	Levels [][]uint64 // Levels[p]: the outcomes of the code's first p colours
	next   Intro      // at a leaf: the colours of each group the code introduced
}

// walkers holds walkers for reuse.
var walkers sync.Pool

// Walker returns a new walker of the walk, one per goroutine; release it
// when done.
func (cw *Walk) Walker() *Walker {
	N := cw.Classes.Game.Positions
	w, _ := walkers.Get().(*Walker)
	if w == nil {
		w = &Walker{}
	}
	*w = Walker{cw: cw, Code: grow(w.Code, N), Count: grow(w.Count, cw.Classes.Game.Colors), Levels: w.Levels[:0]}
	for p := range N + 1 {
		if p < cap(w.Levels) {
			w.Levels = w.Levels[:p+1]
			w.Levels[p] = grow(w.Levels[p], cw.words)
		} else {
			w.Levels = append(w.Levels, make([]uint64, cw.words))
		}
	}
	pad := bytesOf(w.Levels[0])[cw.n:]
	for i := range pad {
		pad[i] = byte(Sentinel(cw.Classes.Game) + i)
	}
	return w
}

// Release returns the walker to the pool; it must not be used after.
func (w *Walker) Release() { walkers.Put(w) }

// push appends colour c to the code at position p.
func (w *Walker) push(p, c int) {
	w.outcomes(w.Levels[p+1], p, c)
	w.Code[p] = uint8(c)
	w.Count[c]++
}

// outcomes writes to dst the outcomes of the code so far, of length p, with
// colour c added.
func (w *Walker) outcomes(dst []uint64, p, c int) {
	if len(dst) == 0 { // a walk of classes only
		return
	}
	cw := w.cw
	src := w.Levels[p][:len(dst)]
	eq := cw.eq(p, c)[:len(dst)]
	more := cw.moreThan(c, w.Count[c])[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + eq[i] + more[i]
	}
}

func (w *Walker) pop(p int) { w.Count[w.Code[p]]-- }

// A Prefix is where a walk starts: the first colours of the code, the index
// they contribute, and the colours of each group they introduced.
type Prefix struct {
	colors []uint8
	index  int
	next   Intro
}

// walk enumerates the lowest codes that extend the Walker's first p colours
// (whose index so far is index), calling leaf at position limit with the
// index and outcomes so far, until leaf returns false. It returns false when
// stopped. With limit = N and last set, it hands the codes that differ only
// in their last colour to last all at once instead of to leaf one by one:
// last gets the index and the groups' colours of the code's first N-1
// colours, and enumerates the last colours itself.
func (w *Walker) walk(p, limit, index int, next Intro, leaf func(index int, out []byte) bool, last func(w *Walker, index int, next Intro) bool) bool {
	gc := w.cw.Classes
	g := gc.Game
	if p == limit {
		if limit < g.Positions {
			w.next = next // for prefixes
		}
		return leaf(index, bytesOf(w.Levels[p])[:w.cw.n])
	}
	if p == limit-1 && limit == g.Positions && last != nil {
		return last(w, index, next)
	}
	if w.cw.Masks() {
		return w.walkMasks(p, limit, index, next, leaf, last)
	}
	below := 0 // unused colours below c, for the rank in a distinct game
	for c := range w.cw.colors {
		if g.Distinct && w.Count[c] > 0 {
			continue
		}
		n, ok := gc.admit(c, next)
		if !ok {
			below++
			continue
		}
		w.push(p, c)
		i := index*g.Colors + c
		if g.Distinct {
			i = index + below*w.cw.ways[p]
		}
		more := w.walk(p+1, limit, i, n, leaf, last)
		w.pop(p)
		if !more {
			return false
		}
		below++
	}
	return true
}

// walkMasks is walk's loop over the colours at position p, in games of up
// to 64 colours: only the colours admitted are tried.
func (w *Walker) walkMasks(p, limit, index int, next Intro, leaf func(index int, out []byte) bool, last func(w *Walker, index int, next Intro) bool) bool {
	gc := w.cw.Classes
	g := gc.Game
	var used uint64
	for _, c := range w.Code[:p] {
		used |= 1 << c
	}
	for m := w.cw.Admitted(next, used) &^ w.Alike(p, used); m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		n := next
		if grp := gc.group[c]; grp != plain && gc.rank[c] == next.of(grp) {
			n += 1 << (8 * uint(grp))
		}
		w.push(p, c)
		i := index*g.Colors + c
		if g.Distinct {
			i = index + bits.OnesCount64(^used&(1<<c-1))*w.cw.ways[p]
		}
		more := w.walk(p+1, limit, i, n, leaf, last)
		w.pop(p)
		if !more {
			return false
		}
	}
	return true
}

// Prefixes returns, in order, the lowest codes' distinct first colours up to
// length limit.
func (cw *Walk) Prefixes(limit int) []Prefix {
	w := cw.Walker()
	var ps []Prefix
	w.walk(0, limit, 0, 0, func(index int, _ []byte) bool {
		ps = append(ps, Prefix{append([]uint8(nil), w.Code[:limit]...), index, w.next})
		return true
	}, nil)
	return ps
}

// From runs a walk to the end from Prefix pf, calling leaf with each code's
// index and outcomes, or last (if not nil) with the codes that differ only in
// their last colour.
func (w *Walker) From(pf Prefix, leaf func(index int, out []byte) bool, last func(w *Walker, index int, next Intro) bool) {
	for p, c := range pf.colors {
		w.push(p, int(c))
	}
	N := w.cw.Classes.Game.Positions
	w.walk(len(pf.colors), N, pf.index, pf.next, leaf, last)
	for p := len(pf.colors) - 1; p >= 0; p-- {
		w.pop(p)
	}
}

// each calls fn with the index of the lowest code of every class, in
// ascending order, until fn returns false.
func (gc *Classes) each(fn func(index int) bool) {
	cw := NewWalk(gc, nil, nil)
	cw.Walker().From(Prefix{}, func(index int, _ []byte) bool { return fn(index) }, nil)
}

// A ClassCache lists the lowest code of every class of guesses that split
// the candidates alike (see Representatives), remembering the lists: they
// depend only on which colours are free and which absent. It is safe for
// concurrent use.
type ClassCache struct {
	mu    sync.Mutex
	lists map[string][]int32
}

// Lowest returns, in ascending order, the lowest code of every class of
// guesses at st. The caller must not change the list.
func (cc *ClassCache) Lowest(st *mastermind.State) []int32 {
	gc := NewClasses(st)
	defer gc.Release()
	key := make([]byte, len(gc.group))
	for c, grp := range gc.group {
		key[c] = byte(grp)
	}
	cc.mu.Lock()
	list, ok := cc.lists[string(key)]
	cc.mu.Unlock()
	if ok {
		return list
	}
	gc.each(func(g int) bool {
		list = append(list, int32(g))
		return true
	})
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.lists == nil {
		cc.lists = map[string][]int32{}
	}
	cc.lists[string(key)] = list
	return list
}

// Representatives calls fn, in ascending order, with the lowest code of every
// class of guesses that split the candidates of st alike (see Heuristic), and
// with the outcomes of the candidates against it (out[i] is the Outcome of
// st.Candidates[i]), until fn returns false. The games must have at most 15
// positions, and under another rule than black-white at most 256 outcomes
// (Game.Outcomes); out is valid only during the call.
func Representatives(st *mastermind.State, fn func(guess int, out []byte) bool) {
	gc := NewClasses(st)
	if Walkable(gc.Game) {
		cw := NewWalk(gc, st.Space, st.Candidates)
		cw.Walker().From(Prefix{}, fn, nil)
		return
	}
	// The outcomes of other rules are not sums per position: score each.
	if gc.Game.Outcomes() > 256 {
		panic(fmt.Sprintf("symmetry.Representatives: %v has %d outcomes, more than a byte holds", gc.Game, gc.Game.Outcomes()))
	}
	cw := NewWalk(gc, st.Space, nil)
	outs := make([]mastermind.Outcome, len(st.Candidates))
	out := make([]byte, len(st.Candidates))
	cw.Walker().From(Prefix{}, func(guess int, _ []byte) bool {
		st.Space.Outcomes(guess, st.Candidates, outs)
		for i, o := range outs {
			out[i] = byte(o)
		}
		return fn(guess, out)
	}, nil)
}
