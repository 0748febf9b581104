package strategy

import (
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/symmetry"
)

// A Measure scores how a guess partitions the candidates by feedback; the
// heuristics choose the guess with the best score.
type Measure int

// The measures of the Bulls and Cows report.
const (
	Minimax  Measure = iota // smallest largest part (Knuth)
	Expected                // smallest sum of squared part sizes (Irving)
	Entropy                 // largest entropy of the part sizes (Neuwirth)
	Parts                   // most non-empty parts (Kooi)
)

// String returns the measure's strategy name.
func (m Measure) String() string { return measureNames[m] }

// Heuristics lists the names of the heuristic strategies (those that score
// every guess against the candidates still possible), in Measure order.
func Heuristics() []string { return append([]string(nil), measureNames[:]...) }

// measure returns the Measure of a heuristic's name.
func measure(name string) (Measure, bool) {
	for m, n := range measureNames {
		if n == name {
			return Measure(m), true
		}
	}
	return 0, false
}

// Heuristic chooses, among all codes of the game, the guess whose partition
// of the candidates scores best under Measure. Ties go first to a code that
// is still a candidate, then to the lowest code.
//
// Codes that differ only by a permutation of the colours no earlier guess
// used, or of the colours no candidate has, split the candidates alike, and
// so do codes that a permutation of positions and colours fixing every
// earlier guess maps onto each other; under the rule black, so do codes
// that differ only by colours standing where no candidate has them (see
// symmetry's Walker.Alike): only the lowest of each such class is scored,
// so the choice is the same as if every code were. The search stops at a
// guess no other can beat: its parts as even as the feedbacks allow. The
// candidates' outcomes against the codes are computed eight at a time as
// the codes are enumerated in order (under slots, in games of up to 5
// positions, from the candidates' colours and counts: see slotsVectors);
// codes that differ only in their last colour share the work of the
// others, and are skipped together when the outcomes they can reach are
// too few; a code is first filtered by its number of parts, and scoring it
// stops as soon as it cannot beat the best so far.
//
// With Consistent, only the candidates are scored: every guess is a code
// that fits every answer so far, and could be the secret.
type Heuristic struct {
	Measure    Measure
	Consistent bool
}

// Name returns the measure's name, followed by " (consistent)" when only
// candidates are guessed.
func (h Heuristic) Name() string {
	if h.Consistent {
		return h.Measure.String() + " (consistent)"
	}
	return h.Measure.String()
}

// Entropy scores are sums of c*log2(c) over the part sizes c, in fixed point
// with entropyUnit units to 1 and each term rounded, so that equal partitions
// score exactly alike whatever the order of their parts. Sums closer than
// entropyTolerance units are equal (as 9*log2(9) and 6*3*log2(3) are).
const (
	entropyUnit      = 1 << 32
	entropyTolerance = 64
)

// Next returns the best guess.
func (h Heuristic) Next(st *mastermind.State) int {
	cands := st.Candidates
	if len(cands) <= 2 {
		return int(cands[0]) // splits perfectly and is a candidate
	}
	s := st.Space
	gc := symmetry.NewClasses(st)
	defer gc.Release()
	sym := worthSymmetry(gc, st)
	var oc *symmetry.OrbitCheck
	if sym != nil {
		oc = sym.Check()
	}
	sc := newScorer(h.Measure, s.Game(), len(cands))
	defer sc.release()
	unbeaten := sc.bestCandidate(len(cands))
	sv := newSlotsVectors(s, cands)
	if sv != nil {
		defer sv.release()
	}

	// Candidates first: ties go to them.
	best, guess := int64(math.MaxInt64), -1
	for _, g := range cands {
		if st.Done != nil && st.Stopped() {
			break
		}
		code := s.Code(int(g))
		if !gc.Lowest(code) || oc != nil && !oc.Lowest(code) {
			continue
		}
		var v int64
		var ok bool
		if sv != nil {
			v, ok = sc.scoreSlots(sv, code, best, best)
		} else {
			v, ok = sc.scoreGuess(s, int(g), cands, best, best)
		}
		if ok {
			best, guess = v, int(g)
			if best <= unbeaten {
				return guess
			}
		}
	}
	switch {
	case h.Consistent:
	case best <= sc.bestOther(len(cands)) || len(cands) == s.Len():
		// No other code can score better, or there is none.
	case st.Done != nil && st.Stopped():
	default:
		if g := h.searchOthers(st, gc, sym, sv, best); g >= 0 {
			guess = g
		}
	}
	if guess < 0 { // stopped before any code was scored
		guess = int(cands[0])
	}
	return guess
}

// worthSymmetry returns the symmetry of the history at st when checking
// codes against it costs less than the scoring it saves, or nil.
func worthSymmetry(gc *symmetry.Classes, st *mastermind.State) *symmetry.Group {
	n := len(st.Candidates)
	if n < 16 {
		return nil
	}
	sym := symmetry.Of(st.Space, st.History, st.Candidates, symmetry.MaxOrder)
	if sym == nil || 4*sym.Order()*gc.Game.Positions > n {
		return nil
	}
	return sym
}

// parallelWork is the least number of scorings worth sharing between
// processors.
const parallelWork = 1 << 20

// searchOthers returns the first code that is no candidate, is the lowest of
// its class, and scores strictly better than bound and than every such code
// before it; or -1 if none beats bound. Large searches are shared out to all
// processors by the code's first colours; the result is that of a search in
// order. With sym, only the lowest codes of their orbits are scored; with
// sv, the guesses are scored on its vectors (the rule slots).
func (h Heuristic) searchOthers(st *mastermind.State, gc *symmetry.Classes, sym *symmetry.Group, sv *slotsVectors, bound int64) int {
	s, cands := st.Space, st.Candidates
	g := s.Game()
	srch, _ := othersSearches.Get().(*othersSearch)
	if srch == nil {
		srch = &othersSearch{}
	}
	defer othersSearches.Put(srch)
	if symmetry.Walkable(g) {
		srch.cw = symmetry.NewWalk(gc, s, cands)
	} else {
		srch.cw = symmetry.NewWalk(gc, s, nil)
	}
	srch.cw.SkipAlike()
	defer srch.cw.Release()
	srch.h, srch.st, srch.sym, srch.slots = h, st, sym, sv
	srch.prefixes = append(srch.prefixes[:0], symmetry.Prefix{})
	workers := 1
	if s.Len()*len(cands) >= parallelWork && runtime.GOMAXPROCS(0) > 1 {
		workers = runtime.GOMAXPROCS(0)
		srch.prefixes = srch.cw.Prefixes(min(2, g.Positions))
	}
	srch.results = grow(srch.results, len(srch.prefixes))
	srch.nextTask.Store(0)
	srch.shared.Store(bound)
	srch.perfectAt.Store(math.MaxInt64)
	srch.bound = bound
	srch.vectors = symmetry.Walkable(g) && srch.cw.Masks()
	srch.workers = grow(srch.workers, workers)
	for i := 1; i < workers; i++ {
		srch.wg.Go(func() { srch.work(&srch.workers[i]) })
	}
	srch.work(&srch.workers[0])
	srch.wg.Wait()

	best, guess := bound, -1
	tol := int64(0)
	if h.Measure == Entropy {
		tol = entropyTolerance
	}
	for _, r := range srch.results[:min(int64(len(srch.results))-1, srch.perfectAt.Load())+1] {
		if r.guess >= 0 && r.score < best-tol {
			best, guess = r.score, r.guess
		}
	}
	srch.st, srch.sym, srch.cw, srch.slots = nil, nil, nil, nil
	return guess
}

// An othersSearch is what the workers of one searchOthers share; kept in
// othersSearches for reuse.
type othersSearch struct {
	h        Heuristic
	st       *mastermind.State
	cw       *symmetry.Walk
	sym      *symmetry.Group
	slots    *slotsVectors // the candidates' vectors under slots, or nil
	bound    int64
	vectors  bool
	prefixes []symmetry.Prefix
	results  []searchResult // per prefix
	workers  []searchWorker
	wg       sync.WaitGroup // the workers but the first

	nextTask  atomic.Int64
	shared    atomic.Int64 // the best score any worker has found
	perfectAt atomic.Int64 // the first task known to hold a perfect guess
}

// A searchResult is the best code of one prefix's task and its score.
type searchResult struct {
	score int64
	guess int
}

var othersSearches sync.Pool

// work takes tasks (prefixes) until none is left, as worker sw.
func (srch *othersSearch) work(sw *searchWorker) {
	st, cw := srch.st, srch.cw
	s, cands := st.Space, st.Candidates
	g := s.Game()
	*sw = searchWorker{st: st, cw: cw, sc: newScorer(srch.h.Measure, g, len(cands)), cands: cands, pad: cw.Padding(),
		shared: &srch.shared, perfectAt: &srch.perfectAt, slots: srch.slots, prefix: sw.prefix}
	defer sw.sc.release()
	sw.perfect = sw.sc.bestOther(len(cands))
	sw.few = g.Positions <= 7 && len(cands) <= fewCandidates
	w := cw.Walker()
	defer w.Release()
	if srch.sym != nil {
		sw.oc = srch.sym.Check()
	}
	var last func(w *symmetry.Walker, index int, next symmetry.Intro) bool
	switch {
	case srch.vectors:
		last = sw.last
	case sw.slots != nil && cw.Masks():
		last = sw.lastSlots
	}
	for {
		sw.task = srch.nextTask.Add(1) - 1
		if sw.task >= int64(len(srch.prefixes)) || sw.task > srch.perfectAt.Load() || st.Done != nil && st.Stopped() {
			return
		}
		sw.best, sw.guess, sw.next = srch.bound, -1, 0
		w.From(srch.prefixes[sw.task], sw.consider, last)
		srch.results[sw.task] = searchResult{sw.best, sw.guess}
	}
}

// consider scores code x, one by one.
func (sw *searchWorker) consider(x int, _ []byte) bool {
	if sw.stopped() {
		return false
	}
	s := sw.st.Space
	if sw.candidate(x) || sw.oc != nil && !sw.oc.Lowest(s.Code(x)) {
		return true
	}
	var v int64
	var ok bool
	if sw.slots != nil {
		v, ok = sw.sc.scoreSlots(sw.slots, s.Code(x), sw.best, sw.shared.Load())
	} else {
		v, ok = sw.sc.scoreGuess(s, x, sw.cands, sw.best, sw.shared.Load())
	}
	if ok {
		return sw.better(x, v)
	}
	return true
}

// stopCheck is how many candidates or prefixes a search scores between two
// looks at mastermind.State.Done; a power of two.
const stopCheck = 64

// fewCandidates is the most candidates for which the search checks each
// code's first N-1 colours with mayPart.
const fewCandidates = 128

// A searchWorker is one goroutine's part of searchOthers.
type searchWorker struct {
	st      *mastermind.State
	checks  int // calls of stopped
	cw      *symmetry.Walk
	sc      *scorer
	oc      *symmetry.OrbitCheck // nil without symmetry
	slots   *slotsVectors        // the candidates' vectors under slots, or nil
	prefix  slotsPrefix          // lastSlots's
	cands   []int32
	pad     int   // the padding bytes of the vectors
	perfect int64 // the best score a code that is no candidate can reach
	few     bool  // few candidates: check each prefix with mayPart

	shared    *atomic.Int64 // the best score any worker has found
	perfectAt *atomic.Int64 // the first task known to hold a perfect guess

	task  int64 // the task under way
	best  int64 // the best score of the task so far
	guess int   // the code that scores best, or -1
	next  int   // cands[next] is the first candidate not below the codes to come
}

// stopped reports, every stopCheck calls, whether the search is to stop.
func (sw *searchWorker) stopped() bool {
	if sw.st.Done == nil {
		return false
	}
	sw.checks++
	return sw.checks&(stopCheck-1) == 0 && sw.st.Stopped()
}

// candidate reports whether code x, not below the codes before it, is a
// candidate: scored already.
func (sw *searchWorker) candidate(x int) bool {
	cands, k := sw.cands, sw.next
	for k < len(cands) && int(cands[k]) < x {
		k++
	}
	sw.next = k
	return k < len(cands) && int(cands[k]) == x
}

// better records code x, which scores v, better than the best so far; it
// reports whether the search goes on.
func (sw *searchWorker) better(x int, v int64) bool {
	sw.best, sw.guess = v, x
	shared := sw.shared
	for old := shared.Load(); v < old && !shared.CompareAndSwap(old, v); old = shared.Load() {
	}
	if v <= sw.perfect {
		for old := sw.perfectAt.Load(); sw.task < old && !sw.perfectAt.CompareAndSwap(old, sw.task); old = sw.perfectAt.Load() {
		}
		return false
	}
	return true
}

// last scores the codes that extend the walker's first N-1 colours by one
// (see symmetry.Walker.From), and reports whether the search goes on. It
// needs a symmetry.Walk with colour masks.
func (sw *searchWorker) last(w *symmetry.Walker, index int, next symmetry.Intro) bool {
	cw, sc, oc := sw.cw, sw.sc, sw.oc
	g := cw.Classes.Game
	p := g.Positions - 1
	base := w.Levels[p]
	var used uint64
	for _, c := range w.Code[:p] {
		used |= 1 << c
	}
	if sw.stopped() {
		return false
	}
	if sw.few && !sw.mayPart(base) {
		return true
	}
	eqs := cw.Eqs[p*g.Colors:][:g.Colors]
	mores := cw.Mores[:g.Colors*g.Positions]
	for m := cw.Admitted(next, used) &^ w.Alike(p, used); m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		x := index*g.Colors + c
		if g.Distinct { // the last position has one way to be filled
			x = index + bits.OnesCount64(^used&(1<<c-1))
		}
		if sw.candidate(x) {
			continue
		}
		if oc != nil {
			w.Code[p] = uint8(c)
			if !oc.Lowest(w.Code) {
				continue
			}
		}
		sc.start(sw.best, sw.shared.Load())
		eq, more := eqs[c], mores[c*g.Positions+w.Count[c]]
		if sc.filter {
			if need := sc.needParts(); need > 1 {
				sc.tries++
				if !hasParts(base, eq, more, sc.size, need) {
					continue
				}
				sc.passed()
			}
		}
		if v, ok := sc.scoreWords(base, eq, more, sw.pad); ok && !sw.better(x, v) {
			return false
		}
	}
	return true
}

// mayPart reports whether some last colour may give the codes whose first
// N-1 colours have outcomes out (one byte per candidate, below 64) enough
// parts to beat the best so far. The last colour adds to a candidate's
// outcome 0, 1, N or N+1 (not N with distinct colours): a part of the first
// colours splits into at most that many parts, and the outcomes so reached
// are at most the parts too (but "solved", the guesses here being no
// candidates, and N-1 blacks with a white, which no code gets).
func (sw *searchWorker) mayPart(base []uint64) bool {
	sc := sw.sc
	sc.start(sw.best, sw.shared.Load())
	var need int
	switch {
	case sc.measure == Parts:
		need = int(min(-sc.limit+1, 65))
	case sc.filter:
		need = sc.needParts()
	default:
		return true
	}
	const real = 1<<(64-7) - 1 // the outcomes that are not sentinels
	var seen uint64
	for _, x := range base {
		seen |= 1<<(x>>0&63) | 1<<(x>>8&63) | 1<<(x>>16&63) | 1<<(x>>24&63) |
			1<<(x>>32&63) | 1<<(x>>40&63) | 1<<(x>>48&63) | 1<<(x>>56&63)
	}
	seen &= real
	n := uint(sc.positions)
	if sc.black { // the last colour adds 0 or 1; N is "solved"
		return bits.OnesCount64((seen|seen<<1)&^(1<<n)) >= need
	}
	reach := seen | seen<<1 | seen<<(n+1)
	if !sc.distinct {
		reach |= seen << n
	}
	reach &^= 1<<(n*n+n) | 1<<(n*n)
	return bits.OnesCount64(reach) >= need
}

// A scorer scores partitions under one measure, lower is better, as the
// candidates' outcomes come in; it gives up as soon as the guess cannot beat
// the best so far.
type scorer struct {
	measure   Measure
	counts    []int32 // per outcome; at least 256 long
	outcomes  int     // the number of outcomes of the game
	feedbacks int     // the most feedbacks a guess can get (see feedbacks)
	distinct  bool    // the game has distinct colours
	black     bool    // the game's rule is black: outcomes count blacks
	positions int     // the positions of the game
	gain      []int64 // entropy: the score added when a part grows to c
	nlogn     []int64 // entropy: the score of a part of c
	tol       int64   // scores closer than tol are equal
	size      int     // the number of candidates
	buf       [256]mastermind.Outcome

	slots *slotsScratch // scoreSlots's, made when first needed

	// The tally of one guess.
	limit       int64 // give up when the score reaches limit
	v           int64 // the score so far; it only grows
	parts, seen int

	// The filter by number of parts: in games of up to 7 positions, a guess
	// is first filtered by its number of parts, which a word of the
	// outcomes seen counts at a third of the cost of a tally (hasParts): with
	// p parts, it scores at best as the most even partition into p parts
	// does. Where the filter stops too few guesses to pay, it is left off.
	filter        bool  // in use
	tries, misses int   // guesses filtered, and those that passed
	minLimit      int64 // the limit minParts was computed for
	minParts      int   // the fewest parts a guess needs to score below it
}

// scorers holds scorers for reuse.
var scorers sync.Pool

func newScorer(m Measure, g mastermind.Game, size int) *scorer {
	sc, _ := scorers.Get().(*scorer)
	if sc == nil {
		sc = &scorer{}
	}
	*sc = scorer{measure: m, counts: grow(sc.counts, max(256, g.Outcomes())), outcomes: g.Outcomes(), feedbacks: feedbacks(g), distinct: g.Distinct, black: g.Rule == mastermind.BlackOnly, positions: g.Positions, size: size,
		filter: m != Parts && g.Outcomes() <= 64, minLimit: math.MinInt64, slots: sc.slots}
	if m == Entropy {
		sc.gain, sc.nlogn = entropyGains(size)
		sc.tol = entropyTolerance
	}
	return sc
}

// release returns the scorer to the pool; it must not be used after.
func (sc *scorer) release() { scorers.Put(sc) }

// bestCandidate returns the best score a candidate can reach on n
// candidates: a part of one, itself, and the others split as evenly as the
// feedbacks allow. No code scores better.
func (sc *scorer) bestCandidate(n int) int64 {
	if n == 1 {
		return sc.even(1, 1)
	}
	rest := sc.even(n-1, min(n-1, sc.feedbacks-1))
	switch sc.measure {
	case Minimax:
		return max(1, rest)
	case Expected:
		return 1 + rest
	case Parts:
		return rest - 1
	}
	return rest // entropy: a part of one adds nothing
}

// bestOther returns the best score a code that is no candidate can reach
// on n candidates: they are split as evenly as the feedbacks other than
// "solved" allow.
func (sc *scorer) bestOther(n int) int64 { return sc.even(n, min(n, sc.feedbacks-1)) }

// even returns the score of the most even partition of n candidates into p
// parts, 1 <= p <= n: no partition into p parts or fewer scores better (the
// measures are convex).
func (sc *scorer) even(n, p int) int64 {
	q, r := int64(n/p), int64(n%p)
	switch sc.measure {
	case Minimax:
		if r > 0 {
			return q + 1
		}
		return q
	case Expected:
		return (int64(p)-r)*q*q + r*(q+1)*(q+1)
	case Entropy:
		v := (int64(p) - r) * sc.nlogn[q]
		if r > 0 {
			v += r * sc.nlogn[q+1]
		}
		return v
	}
	return -int64(p)
}

// feedbacks returns an upper bound on the number of feedbacks a guess can
// get in game g: one per count of blacks and whites with B+W <= N, but for
// N-1 blacks and a white; under black, N+1; under slots, the 3^N marks but
// the N with one Y and N-1 G.
func feedbacks(g mastermind.Game) int {
	n := g.Positions
	switch g.Rule {
	case mastermind.BlackOnly:
		return n + 1
	case mastermind.Slots:
		return g.Outcomes() - n
	}
	f := (n + 1) * (n + 2) / 2
	if n >= 2 {
		f--
	}
	return f
}

// start begins the tally of a guess that must score strictly better than
// best, and not worse than shared, the best score some other guess reached,
// by more than the tolerance.
func (sc *scorer) start(best, shared int64) {
	sc.limit = best - sc.tol
	if shared < math.MaxInt64-sc.tol {
		sc.limit = min(sc.limit, shared+sc.tol+1)
	}
	sc.v, sc.parts, sc.seen = 0, 0, 0
}

// value returns the score of the partition tallied.
func (sc *scorer) value() int64 {
	if sc.measure == Parts {
		return -int64(sc.parts)
	}
	return sc.v
}

// tally adds the candidates' outcomes to the partition and reports whether
// the guess may still beat the limit, and how many outcomes it added: it
// stops at the first that shows the guess cannot.
func tally[T uint8 | mastermind.Outcome](sc *scorer, out []T) (int, bool) {
	counts, limit := sc.counts, sc.limit
	switch sc.measure {
	case Minimax:
		for i, o := range out {
			counts[o]++
			if int64(counts[o]) >= limit {
				return i + 1, false
			}
			sc.v = max(sc.v, int64(counts[o]))
		}
	case Expected:
		v := sc.v
		for i, o := range out {
			counts[o]++
			v += int64(2*counts[o] - 1)
			if v >= limit {
				return i + 1, false
			}
		}
		sc.v = v
	case Entropy:
		v, gain := sc.v, sc.gain
		for i, o := range out {
			counts[o]++
			v += gain[counts[o]]
			if v >= limit {
				return i + 1, false
			}
		}
		sc.v = v
	case Parts:
		for i, o := range out {
			counts[o]++
			sc.seen++
			if counts[o] == 1 {
				sc.parts++
			}
			if -int64(sc.parts+sc.size-sc.seen) >= limit {
				return i + 1, false
			}
		}
	}
	return len(out), true
}

// scoreWords scores the guess whose outcomes are base+eq+more, vectors of a
// symmetry.Walk with pad padding bytes (see start), and reports whether it
// beats the limit.
func (sc *scorer) scoreWords(base, eq, more []uint64, pad int) (int64, bool) {
	var ok bool
	var v int64
	switch sc.measure {
	case Minimax: // the padding makes parts of 1
		ok = sc.tallyWordsMinimax(base, eq, more)
		v = sc.v
	case Expected: // the padding adds 1 a byte
		sc.limit += int64(pad)
		ok = sc.tallyWordsExpected(base, eq, more)
		v = sc.v - int64(pad)
	case Entropy: // the padding adds nothing
		ok = sc.tallyWordsEntropy(base, eq, more)
		v = sc.v
	case Parts: // the padding adds as many parts as outcomes
		if sc.outcomes <= 64 {
			var parts int
			parts, ok = sc.tallyWordsPartsSet(base, eq, more)
			return -int64(parts), ok
		}
		ok = sc.tallyWordsParts(base, eq, more)
		v = -(int64(sc.size) + sc.v)
	}
	if sc.outcomes <= 64 {
		*(*[64]int32)(sc.counts) = [64]int32{} // the sentinels too
	} else {
		clear(sc.counts[:sc.outcomes])
		clear(sc.counts[symmetry.Sentinel(mastermind.Game{Positions: 15}):256])
	}
	return v, ok
}

// needParts returns the fewest parts a guess needs to score below the
// limit (see fewestParts).
func (sc *scorer) needParts() int {
	if sc.limit != sc.minLimit {
		sc.minLimit, sc.minParts = sc.limit, sc.fewestParts(sc.limit)
	}
	return sc.minParts
}

// passed notes a guess that passed the filter by number of parts, and
// leaves the filter off where it stops too few guesses to pay.
func (sc *scorer) passed() {
	sc.misses++
	if sc.tries >= 128 && 4*sc.misses > 3*sc.tries {
		sc.filter = false
	}
}

// fewestParts returns the fewest parts a partition of the candidates needs
// to score below limit, or 65 if none of up to 64 parts does: the most even
// partition into p parts scores best of those with p parts (the measures are
// convex), and the fewer the parts, the worse it scores.
func (sc *scorer) fewestParts(limit int64) int {
	n := sc.size
	for p := 1; p <= min(n, 64); p++ {
		if sc.even(n, p) < limit {
			return p
		}
	}
	return 65
}

// scoreGuess scores guess g on the candidates, scoring them a chunk at a
// time; see start for best and shared.
func (sc *scorer) scoreGuess(s *mastermind.Space, g int, cands []int32, best, shared int64) (int64, bool) {
	sc.start(best, shared)
	for start := 0; start < len(cands); start += len(sc.buf) {
		chunk := cands[start:min(start+len(sc.buf), len(cands))]
		out := sc.buf[:len(chunk)]
		s.Outcomes(g, chunk, out)
		if _, ok := tally(sc, out); !ok {
			clear(sc.counts)
			return 0, false
		}
	}
	clear(sc.counts)
	return sc.value(), true
}

var (
	gainsMu sync.Mutex
	gains   []int64
	nlogns  []int64
)

// entropyGains returns two tables, for c up to at least n, shared by all
// scorers: the fixed-point c*log2(c) less that of c-1, and c*log2(c).
func entropyGains(n int) (gain, cum []int64) {
	gainsMu.Lock()
	defer gainsMu.Unlock()
	if len(gains) <= n {
		size := max(n+1, 2*len(gains), 1024)
		gains, nlogns = make([]int64, size), make([]int64, size)
		for c := 1; c < size; c++ {
			nlogns[c] = nlogn(c)
			gains[c] = nlogns[c] - nlogns[c-1]
		}
	}
	return gains, nlogns
}

// nlogn returns c*log2(c) in entropy units, rounded.
func nlogn(c int) int64 {
	if c <= 1 {
		return 0
	}
	return int64(math.Round(float64(c) * math.Log2(float64(c)) * entropyUnit))
}

// grow returns a zeroed slice of length n, reusing s when it is long enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
