package strategy

import (
	"math"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/symmetry"
)

// Under the rule slots an outcome is no sum per position, as the outcome
// vectors of a symmetry.Walk are: a Y depends on the positions to its left
// and on the G to its right. It is still a sum over the positions i of the
// guess, of 3^(N-1-i) times its mark (G 2, Y 1, . 0), and the mark of a
// position i not G, of colour c, is Y when
//
//	k + g <= count
//
// where k is the number of positions of colour c up to i in the guess, g
// the number of G of colour c right of i, and count the number of c in the
// secret: the secret's copies of c not taken by a G are left for the open
// positions of c from the left, and i is the (k-g')th of them where g' is
// the number of G of c left of i, while the copies left are count-g'-g.
// So the marks of eight candidates at a time, a byte each, come from the
// candidates' vectors (a byte per candidate: 1 where it has colour c at
// position p; its count of colour c) with a few word operations a
// position, the positions taken from right to left so that g is the sum
// of the G seen so far. Outcomes fit a byte for up to 5 positions
// (3^5 = 243), below the sentinels of the padding (249 to 255).

// maxSlotsVectorPositions is the most positions of a game whose outcomes
// under slots fit the bytes of slotsVectors.
const maxSlotsVectorPositions = 5

// slotsVectors holds the candidates' vectors for scoring guesses under
// the rule slots, eight candidates a word (see above); kept in
// slotsVectorSets for reuse.
type slotsVectors struct {
	positions, colors int
	n, words          int      // candidates, and words of eight
	eq                []uint64 // vector p*K+c: 1 where the candidate has c at p
	count             []uint64 // vector c: the candidate's count of colour c
	pad               uint64   // the last word's sentinels, 0 in its candidates' bytes
}

var slotsVectorSets sync.Pool

// maxSlotsVectorWords bounds the size of slotsVectors, in words (16 MB):
// beyond, the guesses are scored by Space.Outcomes.
const maxSlotsVectorWords = 1 << 21

// newSlotsVectors returns the vectors of candidates cands of s, a game
// under slots of at most maxSlotsVectorPositions positions, or nil for any
// other game or when they would take more than maxSlotsVectorWords;
// release them when done.
func newSlotsVectors(s *mastermind.Space, cands []int32) *slotsVectors {
	g := s.Game()
	N, K := g.Positions, g.Colors
	words := (len(cands) + 7) / 8
	if g.Rule != mastermind.Slots || N > maxSlotsVectorPositions || (N+1)*K*words > maxSlotsVectorWords {
		return nil
	}
	sv, _ := slotsVectorSets.Get().(*slotsVectors)
	if sv == nil {
		sv = &slotsVectors{}
	}
	*sv = slotsVectors{positions: N, colors: K, n: len(cands), words: words,
		eq: grow(sv.eq, N*K*words), count: grow(sv.count, K*words)}
	eq, count := bytesOf(sv.eq), bytesOf(sv.count)
	width := 8 * words
	for i, x := range cands {
		for p, c := range s.Code(int(x)) {
			eq[(p*K+int(c))*width+i] = 1
			count[int(c)*width+i]++
		}
	}
	sentinel := symmetry.Sentinel(g)
	for i := range width - len(cands) {
		sv.pad |= uint64(sentinel+i) << (8 * (8 - (width - len(cands)) + i))
	}
	return sv
}

// release returns the vectors to the pool; they must not be used after.
func (sv *slotsVectors) release() { slotsVectorSets.Put(sv) }

// padding returns the number of padding bytes.
func (sv *slotsVectors) padding() int { return 8*sv.words - sv.n }

// A slotsGuess is a guess ready to be scored on slotsVectors: its
// positions in the order scored, those of each colour together, right to
// left, and per position the offsets of its vectors and its constants.
type slotsGuess struct {
	n      int
	eq     [maxSlotsVectorPositions]int    // the offset of its vector in eq
	count  [maxSlotsVectorPositions]int    // the offset of its colour's in count
	k      [maxSlotsVectorPositions]uint64 // k (see above) in every byte
	keep   [maxSlotsVectorPositions]uint64 // 0 at a colour's first, to start its G afresh
	weight [maxSlotsVectorPositions]uint64 // 3^(N-1-i)

	// Or a guess of a prefix's (see slotsPrefix): its last colour's
	// vectors and constants.
	prefix            *slotsPrefix
	lastEq, lastCount int      // offsets in eq and count
	lastK             uint64   // k of the last position, in every byte
	less              []uint64 // the prefix's less of the last colour, or nil
}

// A slotsPrefix holds the outcomes of the guesses that share their first
// N-1 colours, but for the last position's: the marks of the first N-1
// positions with a last colour that none of them has (base, the padding's
// sentinels in it), and per colour of the prefix what its positions' marks
// lose when the last position has that colour and is G there (less: a Y
// further left may then be none, as that G takes a copy of the colour).
// The last position adds 2 if G, else 1 if the secret has more copies of
// its colour than the prefix has.
type slotsPrefix struct {
	base   []uint64
	less   [maxSlotsVectorPositions - 1][]uint64 // per colour of the prefix
	colors [maxSlotsVectorPositions - 1]uint8    // the prefix's colours, in order of less
	counts [maxSlotsVectorPositions - 1]int      // how many times each
	n      int                                   // how many colours
}

// preparePrefix computes the slotsPrefix of prefix, the first N-1 colours
// of guesses of the vectors' game.
func (sv *slotsVectors) preparePrefix(sp *slotsPrefix, prefix mastermind.Code) {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	N, K, words := sv.positions, sv.colors, sv.words
	last := N - 1
	prefix = prefix[:last]
	if cap(sp.base) < words {
		sp.base = make([]uint64, words)
	}
	base := sp.base[:words]
	sp.n = 0
	for _, c := range prefix {
		known := false
		for _, d := range sp.colors[:sp.n] {
			known = known || d == c
		}
		if !known {
			sp.colors[sp.n], sp.counts[sp.n] = c, 0
			sp.n++
		}
		for i, d := range sp.colors[:sp.n] {
			if d == c {
				sp.counts[i]++
			}
		}
	}
	clear(base)
	base[words-1] = sv.pad
	for j, c := range sp.colors[:sp.n] {
		if cap(sp.less[j]) < words {
			sp.less[j] = make([]uint64, words)
		}
		less := sp.less[j][:words]
		sp.less[j] = less
		// The positions of c, right to left, with the G of c right of
		// them counted from none (a) or from the last position's (b).
		var eqs [maxSlotsVectorPositions - 1]int
		var ks [maxSlotsVectorPositions - 1]uint64
		var ws [maxSlotsVectorPositions - 1]uint64
		n := 0
		k := uint64(sp.counts[j])
		for q := last - 1; q >= 0; q-- {
			if prefix[q] == c {
				eqs[n], ks[n], ws[n] = (q*K+int(c))*words, k*ones, uint64(pow3[N-1-q])
				k--
				n++
			}
		}
		count := sv.count[int(c)*words:][:words]
		lastEq := sv.eq[(last*K+int(c))*words:][:words]
		for x := range words {
			cnt := count[x] | highs
			ga, gb := uint64(0), lastEq[x]
			var a, b uint64
			for i := range n {
				G := sv.eq[eqs[i]+x]
				ya := ((cnt - (ks[i] + ga)) & highs >> 7) &^ G
				yb := ((cnt - (ks[i] + gb)) & highs >> 7) &^ G
				ga += G
				gb += G
				a += (2*G + ya) * ws[i]
				b += (2*G + yb) * ws[i]
			}
			base[x] += a
			less[x] = a - b
		}
	}
}

// prepareLast sets sg up for the guess of prefix sp and last colour c.
func (sv *slotsVectors) prepareLast(sg *slotsGuess, sp *slotsPrefix, c int) {
	const ones = 0x0101010101010101
	last := sv.positions - 1
	sg.prefix = sp
	sg.lastEq = (last*sv.colors + c) * sv.words
	sg.lastCount = c * sv.words
	sg.lastK, sg.less = ones, nil
	for j, d := range sp.colors[:sp.n] {
		if int(d) == c {
			sg.lastK = uint64(1+sp.counts[j]) * ones
			sg.less = sp.less[j]
		}
	}
}

// lastOutcomes is outcomes for a guess of a prefix's.
func (sv *slotsVectors) lastOutcomes(sg *slotsGuess, dst []uint64, from int) {
	const highs = 0x8080808080808080
	base := sg.prefix.base[from:][:len(dst)]
	eq := sv.eq[sg.lastEq+from:][:len(dst)]
	count := sv.count[sg.lastCount+from:][:len(dst)]
	k := sg.lastK
	if sg.less == nil {
		for j := range dst {
			G := eq[j]
			y := ((count[j] | highs) - k) & highs >> 7 &^ G
			dst[j] = base[j] + 2*G + y
		}
		return
	}
	less := sg.less[from:][:len(dst)]
	for j := range dst {
		G := eq[j]
		y := ((count[j] | highs) - k) & highs >> 7 &^ G
		dst[j] = base[j] - less[j] + 2*G + y
	}
}

// prepare sets sg up for guess, a code of the vectors' game.
func (sv *slotsVectors) prepare(sg *slotsGuess, guess mastermind.Code) {
	const ones = 0x0101010101010101
	N, K, words := sv.positions, sv.colors, sv.words
	guess = guess[:N]
	sg.n = N
	var done uint8 // the positions placed, a bit each
	j := 0
	for i := N - 1; i >= 0; i-- {
		if done>>i&1 != 0 {
			continue
		}
		c := guess[i]
		keep := uint64(0)
		for q := i; q >= 0; q-- { // the positions of colour c, right to left
			if guess[q] != c {
				continue
			}
			done |= 1 << q
			k := uint64(1)
			for _, d := range guess[:q] {
				if d == c {
					k++
				}
			}
			sg.eq[j] = (q*K + int(c)) * words
			sg.count[j] = int(c) * words
			sg.k[j] = k * ones
			sg.keep[j] = keep
			sg.weight[j] = uint64(pow3[N-1-q])
			keep = ^uint64(0)
			j++
		}
	}
}

// pow3 holds the powers of 3 the weights of positions take.
var pow3 = [maxSlotsVectorPositions]int{1, 3, 9, 27, 81}

// outcomes writes to dst the outcomes of the candidates of words from to
// from+len(dst) against the guess of sg, a byte each, the padding's
// sentinels in its bytes.
func (sv *slotsVectors) outcomes(sg *slotsGuess, dst []uint64, from int) {
	const highs = 0x8080808080808080
	if sg.prefix != nil {
		sv.lastOutcomes(sg, dst, from)
		return
	}
	N := sg.n
	eq, count := sv.eq, sv.count
	for j := range dst {
		x := from + j
		var out uint64
		if x == sv.words-1 {
			out = sv.pad
		}
		var g uint64 // the G of the colour seen so far, right of the position
		for i := range N {
			G := eq[sg.eq[i]+x]
			g &= sg.keep[i]
			// Bytes below 8: (count|0x80) - (k+g) never borrows, its high
			// bit says count >= k+g.
			ge := ((count[sg.count[i]+x] | highs) - (sg.k[i] + g)) & highs >> 7
			g += G
			out += (2*G + ge&^G) * sg.weight[i]
		}
		dst[j] = out
	}
}

// A slotsScratch is one scorer's scratch for scoreSlots.
type slotsScratch struct {
	buf    []uint64   // the outcomes of the guess scored
	zeros  []uint64   // zeros, for the eq and more of the tallies of words
	marked [256]uint8 // slotsParts: 1 for an outcome seen
}

// slotsChunk is how many words of outcomes scoreSlots computes before
// tallying them, so that a guess that cannot win is given up early.
const slotsChunk = 16

// scoreSlots scores guess on the candidates of sv as scoreWords does,
// computing the outcomes a chunk at a time; see start for best and shared.
func (sc *scorer) scoreSlots(sv *slotsVectors, guess mastermind.Code, best, shared int64) (int64, bool) {
	var sg slotsGuess
	sv.prepare(&sg, guess)
	return sc.scoreSlotsGuess(sv, &sg, best, shared)
}

// scoreSlotsLast scores the guess of prefix sp and last colour c as
// scoreSlots does.
func (sc *scorer) scoreSlotsLast(sv *slotsVectors, sp *slotsPrefix, c int, best, shared int64) (int64, bool) {
	var sg slotsGuess
	sv.prepareLast(&sg, sp, c)
	return sc.scoreSlotsGuess(sv, &sg, best, shared)
}

// scoreSlotsGuess scores the guess sg as scoreSlots does.
func (sc *scorer) scoreSlotsGuess(sv *slotsVectors, sg *slotsGuess, best, shared int64) (int64, bool) {
	sc.start(best, shared)
	sc.limit = min(sc.limit, math.MaxInt64/2) // no overflow below
	pad := sv.padding()
	if sc.slots == nil {
		sc.slots = &slotsScratch{}
	}
	if cap(sc.slots.buf) < sv.words {
		sc.slots.buf = make([]uint64, sv.words)
	}
	all := sc.slots.buf[:sv.words] // written before it is read
	if sc.measure == Parts {
		return sc.slotsParts(sv, sg, all)
	}
	if sc.measure == Expected { // the padding adds 1 a byte
		sc.limit += int64(pad)
	}
	zero := sc.zeros(slotsChunk)
	ok := true
	end := 0
	for end < sv.words && ok {
		from := end
		end = min(from+slotsChunk, sv.words)
		out := all[from:end]
		sv.outcomes(sg, out, from)
		z := zero[:len(out)]
		switch sc.measure {
		case Minimax:
			ok = sc.tallyWordsMinimax(out, z, z)
		case Expected:
			ok = sc.tallyWordsExpected(out, z, z)
		case Entropy:
			ok = sc.tallyWordsEntropy(out, z, z)
		}
	}
	v := sc.v
	if sc.measure == Expected {
		v -= int64(pad)
	}
	// Clear the counts the outcomes tallied, or all of them.
	if 8*end < sc.outcomes {
		for _, b := range bytesOf(all[:end]) {
			sc.counts[b] = 0
		}
	} else {
		clear(sc.counts[:sc.outcomes])
		clear(sc.counts[symmetry.Sentinel(mastermind.Game{Positions: 15}):256])
		clear(sc.counts[symmetry.Sentinel(mastermind.Game{Positions: 3}):64])
	}
	return v, ok
}

// slotsParts scores guess sg by its number of parts, computing its
// outcomes into all a chunk at a time; see scoreSlots.
func (sc *scorer) slotsParts(sv *slotsVectors, sg *slotsGuess, all []uint64) (int64, bool) {
	seen := &sc.slots.marked
	parts := 0 // the outcomes seen, the padding's sentinels (each once) too
	end := 0
	ok := true
	for end < sv.words {
		from := end
		end = min(from+slotsChunk, sv.words)
		out := all[from:end]
		sv.outcomes(sg, out, from)
		for _, x := range out {
			for range 8 {
				b := uint8(x)
				parts += int(seen[b] ^ 1)
				seen[b] = 1
				x >>= 8
			}
		}
		real, left := parts, sc.size-8*end
		if end == sv.words {
			real -= sv.padding()
		}
		if -int64(real)-int64(max(left, 0)) >= sc.limit {
			ok = false
			break
		}
	}
	for _, b := range bytesOf(all[:end]) {
		seen[b] = 0
	}
	if !ok {
		return 0, false
	}
	return -int64(parts - sv.padding()), true
}

// zeros returns n words of zero, the eq and more of the tallies of words
// when the outcomes come whole.
func (sc *scorer) zeros(n int) []uint64 {
	if len(sc.slots.zeros) < n {
		sc.slots.zeros = make([]uint64, n)
	}
	return sc.slots.zeros[:n]
}

// bytesOf returns the bytes of a vector, as the tallies read them.
func bytesOf(v []uint64) []byte {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 8*len(v))
}

// lastSlots is last under the rule slots: it scores the codes that extend
// the walker's first N-1 colours by one on the candidates' slotsVectors,
// the marks of the first N-1 positions computed once for all (see
// slotsPrefix), and reports whether the search goes on.
func (sw *searchWorker) lastSlots(w *symmetry.Walker, index int, next symmetry.Intro) bool {
	cw, sc, oc := sw.cw, sw.sc, sw.oc
	g := cw.Classes.Game
	p := g.Positions - 1
	var used uint64
	for _, c := range w.Code[:p] {
		used |= 1 << c
	}
	if sw.stopped() {
		return false
	}
	prepared := false
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
		if !prepared {
			sw.slots.preparePrefix(&sw.prefix, w.Code[:p])
			prepared = true
		}
		if v, ok := sc.scoreSlotsLast(sw.slots, &sw.prefix, c, sw.best, sw.shared.Load()); ok && !sw.better(x, v) {
			return false
		}
	}
	return true
}
