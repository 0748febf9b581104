package large

import (
	"math"
	"math/rand/v2"
	"time"
)

// A searcher looks for codes consistent with a set of answers by local
// search, keeping a population of the consistent codes it finds.
//
// It works on n positions (a whole code, or a window of one). Each answer j
// says how many positions the code shares with guess j, less, if answer j
// has a filler colour, the code's count of that colour: the window of a code
// whose other unknown positions all get the filler in the guess (see
// Play). The colour counts of the code are either known within
// bounds (lo, hi), or unknown: then every answer also gives its total
// (blacks plus whites) against the whole code, and the search first finds
// colour counts that fit the totals, then an order that fits the blacks, as
// venco did in TopCoder's match.
type searcher struct {
	n, K   int
	rng    *rand.Rand
	lo, hi []int // bounds on the code's colour counts; nil if unknown

	distinct bool   // codes of distinct colours only (counts unknown)
	keep     []bool // per colour: its count stays (count search only), or nil

	guesses [][]uint8
	target  []int   // per answer the shared positions (less the filler count)
	filler  []int   // per answer its filler colour, or -1
	total   []int   // per answer blacks plus whites, if counts are unknown
	gcount  []int   // per answer its guess's colour counts: [j*K+c]
	at      [][]int // per position and colour the answers whose guess has it there: [p*K+c]
	fillers []int   // per colour the answers with it as filler

	pop    []*member // consistent codes, or the least wrong one
	effort effort    // of searches from scratch
	work   int       // answers looked at by the search, in all

	// The search's time (see over): past until on clock (if not nil), it
	// stops with the codes it has.
	clock func() time.Duration
	until time.Duration
	polls int  // calls of over since the clock was read
	cut   bool // the clock was past until when read

	// state of the order search
	tsum, bsum []int   // per answer: count and order error, signed
	d          []int   // scratch per answer
	pos        [][]int // per colour the positions that have it
	idx        []int   // per position its index in pos
	viol, vpos []int   // answers with bsum != 0, and where each is in viol
}

// A member is a candidate code with its colour counts and its error.
type member struct {
	code   []uint8
	counts []int
	err    int
}

func (m *member) clone() *member {
	return &member{code: append([]uint8(nil), m.code...), counts: append([]int(nil), m.counts...), err: m.err}
}

// An effort bounds the search for one guess.
type effort struct {
	tries  int // searches from scratch, at most
	budget int // moves of each
	pop    int // consistent codes kept
	slow   int // the game's search work past which it turns to lateEffort
}

// setTime makes the searches stop once clock (nil: never) is past until.
func (s *searcher) setTime(clock func() time.Duration, until time.Duration) {
	s.clock, s.until, s.polls = clock, until, 0
	s.cut = clock != nil && clock() > until
}

// pollEvery is how many calls of over read the clock once. Most calls
// are moves of a search, 1 to 3 µs each on the machine of
// docs/performance.md, so that the clock (a system call of about 1 µs)
// costs under a thousandth of the search, and a search stops within a few
// milliseconds of its time.
const pollEvery = 1024

// over reports whether the search is past its time (see setTime).
func (s *searcher) over() bool {
	if s.clock == nil {
		return false
	}
	if s.polls++; s.polls >= pollEvery {
		s.polls = 0
		s.cut = s.clock() > s.until
	}
	return s.cut
}

// repairBudget is the moves to repair a near miss.
const repairBudget = 3000

// The temperatures of the order search. A search that stays warm to its
// end finds more consistent codes: with tempEnd 0.6 rather than 0.02, one
// search from scratch found one in 48% of 305 problems from TopCoder games
// of 21 to 30 positions (answers of real plays), against 38%, and in 78%
// of 486 window problems, against 62%; from 0.5 to 0.7 it hardly matters,
// cooler loses. (MM_SEARCH=20 go test ./large -run '^$' -bench SearchSample
// gives 37.9% of 305 problems with the old temperatures, 52.5% of the 281
// that plays with these leave.) It raised the mean score of 40 games of 21 to 30
// positions from 3.70 to 3.94, with half the guesses that were not
// consistent codes, and repairs as warm as the end (tempLow 0.6 rather
// than 0.3) to 4.06.
const (
	countWeight = 1000 // a wrong total weighs more than any wrong blacks
	tempHigh    = 1.0  // start temperature of a search from scratch
	tempLow     = 0.6  // temperature of a repair
	tempEnd     = 0.6  // end temperature
	countTemp   = 0.5  // temperature of the count search
	tries       = 8    // swaps tried per move
)

// newSearcher returns a searcher of codes of n positions and K colours
// whose colour counts lie within lo and hi (nil: unknown).
func newSearcher(n, K int, lo, hi []int, e effort, rng *rand.Rand) *searcher {
	return &searcher{n: n, K: K, rng: rng, lo: lo, hi: hi, effort: e, at: make([][]int, n*K), fillers: make([]int, K)}
}

// add records that the code shares target positions with guess, less its
// count of colour filler (if not -1); total is the answer's blacks plus
// whites, used only when
// the counts are unknown.
func (s *searcher) add(guess []uint8, filler, target, total int) {
	j := len(s.guesses)
	s.guesses = append(s.guesses, guess)
	s.target = append(s.target, target)
	s.filler = append(s.filler, filler)
	if filler >= 0 {
		s.fillers[filler]++
	}
	s.total = append(s.total, total)
	for range s.K {
		s.gcount = append(s.gcount, 0)
	}
	for p, c := range guess {
		s.gcount[j*s.K+int(c)]++
		s.at[p*s.K+int(c)] = append(s.at[p*s.K+int(c)], j)
	}
	s.tsum = append(s.tsum, 0)
	s.bsum = append(s.bsum, 0)
	s.d = append(s.d, 0)
	s.vpos = append(s.vpos, -1)
	for _, m := range s.pop {
		m.err += s.memberError(m, j)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// memberError returns m's error against answer j.
func (s *searcher) memberError(m *member, j int) int {
	b := 0
	g := s.guesses[j]
	for p, c := range m.code {
		if g[p] == c {
			b++
		}
	}
	if f := s.filler[j]; f >= 0 {
		b -= m.counts[f]
	}
	e := abs(b - s.target[j])
	if s.lo == nil {
		t := 0
		for c, n := range m.counts {
			t += min(n, s.gcount[j*s.K+c])
		}
		e += countWeight * abs(t-s.total[j])
	}
	return e
}

// countError sets tsum for counts and returns Σ|tsum|.
func (s *searcher) countError(counts []int) int {
	e := 0
	for j := range s.guesses {
		t := 0
		for c, n := range counts {
			t += min(n, s.gcount[j*s.K+c])
		}
		s.tsum[j] = t - s.total[j]
		e += abs(s.tsum[j])
	}
	return e
}

// countMove returns the change of answer j's total if a peg of colour a
// became colour b.
func (s *searcher) countMove(counts []int, j, a, b int) int {
	dt := 0
	if counts[a] <= s.gcount[j*s.K+a] {
		dt--
	}
	if counts[b] < s.gcount[j*s.K+b] {
		dt++
	}
	return dt
}

// fitCounts improves counts in place by moving pegs from one colour to
// another, for at most budget moves, and returns the error left.
func (s *searcher) fitCounts(counts []int, budget int) int {
	e := s.countError(counts)
	K := s.K
	for it := 0; it < budget && e > 0 && !s.over(); it++ {
		s.work += len(s.guesses)
		a := s.rng.IntN(K)
		if counts[a] == 0 {
			continue
		}
		b := s.rng.IntN(K - 1)
		if b >= a {
			b++
		}
		if s.distinct && counts[b] > 0 || s.keep != nil && s.keep[a] {
			continue
		}
		delta := 0
		for j := range s.guesses {
			if dt := s.countMove(counts, j, a, b); dt != 0 {
				delta += abs(s.tsum[j]+dt) - abs(s.tsum[j])
			}
		}
		if delta > 0 && s.rng.Float64() >= math.Exp(-float64(delta)/countTemp) {
			continue
		}
		for j := range s.guesses {
			s.tsum[j] += s.countMove(counts, j, a, b)
		}
		counts[a]--
		counts[b]++
		e += delta
	}
	return e
}

// orderError sets bsum, the violated answers and the colour positions for
// code, and returns Σ|bsum|.
func (s *searcher) orderError(m *member) int {
	K := s.K
	for j := range s.bsum {
		s.bsum[j] = -s.target[j]
		if f := s.filler[j]; f >= 0 {
			s.bsum[j] -= m.counts[f]
		}
	}
	if len(s.pos) != K {
		s.pos = make([][]int, K)
		s.idx = make([]int, s.n)
	}
	for c := range s.pos {
		s.pos[c] = s.pos[c][:0]
	}
	for p, c := range m.code {
		for _, j := range s.at[p*K+int(c)] {
			s.bsum[j]++
		}
		s.idx[p] = len(s.pos[c])
		s.pos[c] = append(s.pos[c], p)
	}
	s.viol = s.viol[:0]
	e := 0
	for j, r := range s.bsum {
		s.vpos[j] = -1
		s.touch(j)
		e += abs(r)
	}
	return e
}

// touch keeps answer j in the violated list exactly when bsum[j] != 0.
func (s *searcher) touch(j int) {
	in := s.vpos[j] >= 0
	if s.bsum[j] != 0 && !in {
		s.vpos[j] = len(s.viol)
		s.viol = append(s.viol, j)
	} else if s.bsum[j] == 0 && in {
		last := s.viol[len(s.viol)-1]
		s.viol[s.vpos[j]] = last
		s.vpos[last] = s.vpos[j]
		s.viol = s.viol[:len(s.viol)-1]
		s.vpos[j] = -1
	}
}

// swapDelta returns the change of the order error if the pegs at p and q
// were swapped.
func (s *searcher) swapDelta(code []uint8, p, q int) int {
	K, d := s.K, s.d
	a, b := int(code[p]), int(code[q])
	pa, pb, qa, qb := s.at[p*K+a], s.at[p*K+b], s.at[q*K+a], s.at[q*K+b]
	s.work += len(pa) + len(pb) + len(qa) + len(qb)
	for _, j := range pb {
		d[j]++
	}
	for _, j := range qa {
		d[j]++
	}
	for _, j := range pa {
		d[j]--
	}
	for _, j := range qb {
		d[j]--
	}
	return s.settle(pa, pb, qa, qb)
}

// settle sums the change of error of the answers in the lists by d, and
// clears d.
func (s *searcher) settle(lists ...[]int) int {
	delta := 0
	for _, l := range lists {
		for _, j := range l {
			if s.d[j] != 0 {
				delta += abs(s.bsum[j]+s.d[j]) - abs(s.bsum[j])
				s.d[j] = 0
			}
		}
	}
	return delta
}

// recolourDelta returns the change of the order error if the peg at p
// became colour b.
func (s *searcher) recolourDelta(code []uint8, p, b int) int {
	K, a := s.K, int(code[p])
	pa, pb := s.at[p*K+a], s.at[p*K+b]
	s.work += len(pa) + len(pb)
	if s.fillers[a] > 0 || s.fillers[b] > 0 {
		s.work += len(s.filler)
		delta := 0
		for j, f := range s.filler {
			switch f {
			case a:
				s.d[j] = 1
			case b:
				s.d[j] = -1
			}
		}
		for _, j := range pb {
			s.d[j]++
		}
		for _, j := range pa {
			s.d[j]--
		}
		for j, dj := range s.d {
			delta += abs(s.bsum[j]+dj) - abs(s.bsum[j])
			s.d[j] = 0
		}
		return delta
	}
	for _, j := range pb {
		s.d[j]++
	}
	for _, j := range pa {
		s.d[j]--
	}
	return s.settle(pa, pb)
}

// recolour makes the peg at p colour b and updates the search state.
func (s *searcher) recolour(m *member, p, b int) {
	K, a := s.K, int(m.code[p])
	for _, j := range s.at[p*K+a] {
		s.bsum[j]--
		s.touch(j)
	}
	for _, j := range s.at[p*K+b] {
		s.bsum[j]++
		s.touch(j)
	}
	if s.fillers[a] > 0 || s.fillers[b] > 0 {
		for j, f := range s.filler {
			switch f {
			case a:
				s.bsum[j]++
				s.touch(j)
			case b:
				s.bsum[j]--
				s.touch(j)
			}
		}
	}
	m.code[p] = uint8(b)
	m.counts[a]--
	m.counts[b]++
	i := s.idx[p]
	last := s.pos[a][len(s.pos[a])-1]
	s.pos[a][i] = last
	s.idx[last] = i
	s.pos[a] = s.pos[a][:len(s.pos[a])-1]
	s.idx[p] = len(s.pos[b])
	s.pos[b] = append(s.pos[b], p)
}

// swap swaps the pegs at p and q and updates the search state.
func (s *searcher) swap(code []uint8, p, q int) {
	K := s.K
	a, b := int(code[p]), int(code[q])
	for _, l := range [2][]int{s.at[p*K+b], s.at[q*K+a]} {
		for _, j := range l {
			s.bsum[j]++
			s.touch(j)
		}
	}
	for _, l := range [2][]int{s.at[p*K+a], s.at[q*K+b]} {
		for _, j := range l {
			s.bsum[j]--
			s.touch(j)
		}
	}
	code[p], code[q] = code[q], code[p]
	ip, iq := s.idx[p], s.idx[q]
	s.pos[a][ip], s.pos[b][iq] = q, p
	s.idx[p], s.idx[q] = iq, ip
}

// canRecolour reports whether a peg may change from colour a to b within
// the count bounds.
func (s *searcher) canRecolour(m *member, a, b int) bool {
	return s.lo != nil && a != b && m.counts[a] > s.lo[a] && m.counts[b] < s.hi[b]
}

// fitOrder improves m's code in place for at most budget moves, by swaps
// and, where the count bounds allow, recolourings, and returns the error
// left. Each move picks an answer the code gets wrong and the best of a few
// moves that bring it closer; worse moves are taken as in simulated
// annealing, cooling from temperature t0.
func (s *searcher) fitOrder(m *member, budget int, t0 float64) int {
	e := s.orderError(m)
	code, n := m.code, s.n
	temp, cool := t0, math.Pow(tempEnd/t0, 1/float64(budget))
	for it := 0; it < budget && e > 0 && !s.over(); it++ {
		s.work++
		temp *= cool
		j := s.viol[s.rng.IntN(len(s.viol))]
		g := s.guesses[j]
		bp, bq, best := -1, -1, 1<<30 // bq < 0: recolour bp to -1-bq
		consider := func(p, q, delta int) {
			if delta < best || delta == best && s.rng.IntN(2) == 0 {
				bp, bq, best = p, q, delta
			}
		}
		p := s.rng.IntN(n)
		if s.bsum[j] < 0 {
			// One more shared position: give some p the guess's colour.
			for k := 0; code[p] == g[p] && k < 4*n; k++ {
				p = s.rng.IntN(n)
			}
			c := int(g[p])
			if code[p] == g[p] || s.filler[j] == c {
				continue
			}
			for _, q := range s.pos[c] {
				consider(p, q, s.swapDelta(code, p, q))
			}
			if s.canRecolour(m, int(code[p]), c) {
				consider(p, -1-c, s.recolourDelta(code, p, c))
			}
		} else {
			// One fewer: take the guess's colour from some p.
			for k := 0; code[p] != g[p] && k < 4*n; k++ {
				p = s.rng.IntN(n)
			}
			if code[p] != g[p] {
				// Only the filler count can lower it.
				f := s.filler[j]
				if f < 0 {
					continue
				}
				for k := 0; k < tries; k++ {
					q := s.rng.IntN(n)
					if s.canRecolour(m, int(code[q]), f) {
						consider(q, -1-f, s.recolourDelta(code, q, f))
					}
				}
			} else {
				for range tries {
					q := s.rng.IntN(n)
					if code[q] != code[p] {
						consider(p, q, s.swapDelta(code, p, q))
					}
					b := s.rng.IntN(s.K)
					if s.canRecolour(m, int(code[p]), b) {
						consider(p, -1-b, s.recolourDelta(code, p, b))
					}
				}
			}
		}
		if bp < 0 || best > 0 && s.rng.Float64() >= math.Exp(-float64(best)/temp) {
			continue
		}
		if bq < 0 {
			s.recolour(m, bp, -1-bq)
		} else {
			s.swap(code, bp, bq)
		}
		e += best
	}
	return e
}

// repair lowers m's error by local search within budget moves: first the
// counts, if they are unknown, then the order.
func (s *searcher) repair(m *member, budget int, t0 float64) {
	ce := 0
	if s.lo == nil {
		counts := append([]int(nil), m.counts...)
		ce = s.fitCounts(counts, budget)
		// Bring the code to the counts: recolour surplus pegs at random.
		start := s.rng.IntN(s.n)
		for i := range s.n {
			p := (start + i) % s.n
			if c := m.code[p]; m.counts[c] > counts[c] {
				for b := s.rng.IntN(s.K); ; b = (b + 1) % s.K {
					if m.counts[b] < counts[b] {
						m.counts[c]--
						m.counts[b]++
						m.code[p] = uint8(b)
						break
					}
				}
			}
		}
	}
	m.err = countWeight*ce + s.fitOrder(m, budget, t0)
}

// setBounds makes lo and hi the bounds on the colour counts and brings
// the members within them, recolouring pegs at random.
func (s *searcher) setBounds(lo, hi []int) {
	s.lo, s.hi = lo, hi
	for _, m := range s.pop {
		changed := false
		start := s.rng.IntN(s.n)
		for i := range s.n {
			p := (start + i) % s.n
			a := int(m.code[p])
			if m.counts[a] > hi[a] || m.counts[a] > lo[a] && s.below(m, lo) >= 0 {
				b := s.below(m, lo)
				if b < 0 {
					for b = s.rng.IntN(s.K); m.counts[b] >= hi[b]; b = (b + 1) % s.K {
					}
				}
				m.counts[a]--
				m.counts[b]++
				m.code[p] = uint8(b)
				changed = true
			}
		}
		if changed {
			m.err = 0
			for j := range s.guesses {
				m.err += s.memberError(m, j)
			}
		}
	}
}

// below returns a colour of which m has fewer pegs than lo allows, or -1.
func (s *searcher) below(m *member, lo []int) int {
	for c, k := range lo {
		if m.counts[c] < k {
			return c
		}
	}
	return -1
}

// randomMember returns a random code within the count bounds.
func (s *searcher) randomMember() *member {
	m := &member{code: make([]uint8, s.n), counts: make([]int, s.K)}
	var bag []uint8
	if s.lo != nil {
		// The lower bounds first, then random colours up to the upper bounds.
		for c, k := range s.lo {
			for range k {
				bag = append(bag, uint8(c))
			}
		}
		var spare []uint8
		for c := range s.hi {
			for range s.hi[c] - s.lo[c] {
				spare = append(spare, uint8(c))
			}
		}
		s.rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
		bag = append(bag, spare[:s.n-len(bag)]...)
	} else if s.distinct {
		for _, c := range s.rng.Perm(s.K)[:s.n] {
			bag = append(bag, uint8(c))
		}
	} else {
		for range s.n {
			bag = append(bag, uint8(s.rng.IntN(s.K)))
		}
	}
	s.rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	for p, c := range bag {
		m.code[p] = c
		m.counts[c]++
	}
	for j := range s.guesses {
		m.err += s.memberError(m, j)
	}
	return m
}

// next returns a code consistent with every answer if the search finds
// one (the one that best splits the others found), else the least wrong
// code found.
func (s *searcher) next() []uint8 {
	if len(s.pop) == 0 {
		s.pop = []*member{s.randomMember()}
	}
	// Repair the near misses.
	var good []*member
	best := s.pop[0]
	for _, m := range s.pop {
		if m.err > 0 && m.err < countWeight {
			s.repair(m, repairBudget, tempLow)
		}
		if m.err == 0 {
			good = append(good, m)
		}
		if m.err < best.err {
			best = m
		}
	}
	// Search afresh from random codes.
	for try := 0; try < s.effort.tries && len(good) == 0 && !s.over(); try++ {
		m := s.randomMember()
		if s.lo == nil {
			m.counts = append(m.counts[:0], best.counts...)
			m.code = append(m.code[:0], best.code...)
			s.rng.Shuffle(len(m.code), func(i, j int) { m.code[i], m.code[j] = m.code[j], m.code[i] })
		}
		s.repair(m, s.effort.budget, tempHigh)
		if m.err == 0 {
			good = append(good, m)
		}
		if m.err < best.err {
			best = m
		}
	}
	// Grow the consistent population by perturbing and repairing.
	for tries := 0; len(good) > 0 && len(good) < s.effort.pop && tries < 2*s.effort.pop && !s.over(); tries++ {
		m := good[s.rng.IntN(len(good))].clone()
		s.perturb(m)
		s.repair(m, repairBudget, tempLow)
		if m.err == 0 {
			good = append(good, m)
		}
	}
	if len(good) == 0 {
		s.pop = []*member{best}
		return append([]uint8(nil), best.code...)
	}
	s.pop = good[:min(len(good), s.effort.pop)]
	return append([]uint8(nil), s.pickGuess(s.pop).code...)
}

// recolourLimit is the most positions of a whole code whose population
// grows by recolouring pegs: on short codes, members whose colour counts
// differ split the others better (TopCoder games of 5 to 20 positions:
// mean score 3.56 -> 3.61 and 3.60 -> 3.72 on two samples of 40 games,
// three seeds each, with the split by the whole answer below); from 21
// positions, where consistent codes are rare, it lost (3.81 -> 3.62).
const recolourLimit = 20

// perturb changes a few pegs of m at random: it swaps them, or, on whole
// codes of at most recolourLimit positions whose counts are unknown,
// gives them random colours.
func (s *searcher) perturb(m *member) {
	recolour := s.lo == nil && !s.distinct && s.n <= recolourLimit
	for range 1 + s.rng.IntN(max(1, s.n/4)) {
		p := s.rng.IntN(s.n)
		if recolour {
			c := s.rng.IntN(s.K)
			m.counts[m.code[p]]--
			m.counts[c]++
			m.code[p] = uint8(c)
			continue
		}
		q := s.rng.IntN(s.n)
		m.code[p], m.code[q] = m.code[q], m.code[p]
	}
}

// violated returns nil if the last code next returned is consistent, else
// the answers it violates.
func (s *searcher) violated() []int {
	m := s.pop[0]
	if m.err == 0 {
		return nil
	}
	var v []int
	for j := range s.guesses {
		if s.memberError(m, j) != 0 {
			v = append(v, j)
		}
	}
	return v
}

// pickGuess returns the member whose answers from the others split them
// most evenly: by shared positions, and where the colour counts are
// unknown by shared colours too.
func (s *searcher) pickGuess(good []*member) *member {
	if len(good) <= 2 {
		return good[0]
	}
	best, bestScore := good[0], -1
	parts := make([]int, (s.n+1)*(s.n+1))
	for _, g := range good {
		clear(parts)
		for _, m := range good {
			b := 0
			for p, c := range g.code {
				if m.code[p] == c {
					b++
				}
			}
			if s.lo == nil {
				common := 0
				for c, n := range m.counts {
					common += min(n, g.counts[c])
				}
				b = b*(s.n+1) + common
			}
			parts[b]++
		}
		big, count := 0, 0
		for _, k := range parts {
			big = max(big, k)
			if k > 0 {
				count++
			}
		}
		// Fewer in the largest part, then more parts.
		if score := (len(good)-big)*1000 + count; score > bestScore {
			best, bestScore = g, score
		}
	}
	return best
}
