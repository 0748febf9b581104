package batch

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
)

// A secret is a 9-digit string as digit values and the count of each digit.
type secret struct {
	d   [Length]int8
	cnt [10]int8
}

// parseSecret reads a string of 9 digits.
func parseSecret(s string) secret {
	var c secret
	for i := range Length {
		c.d[i] = int8(s[i] - '0')
		c.cnt[c.d[i]]++
	}
	return c
}

// String returns the secret as its string of digits.
func (c *secret) String() string {
	var b [Length]byte
	for i, d := range c.d {
		b[i] = byte('0' + d)
	}
	return string(b[:])
}

// answerOf is the index (answerIndex) of the answer a gives to b.
func answerOf(a, b *secret) int {
	h := 0
	for i := range Length {
		if a.d[i] == b.d[i] {
			h++
		}
	}
	c := 0
	for d := range 10 {
		c += int(min(a.cnt[d], b.cnt[d]))
	}
	return c*(c+1)/2 + h
}

// A game is the player's state: the tests sent, their answers as
// multisets (sorted, and as a sum of answerHash), the strings sent, the
// generator of its draws and the budgets of its enumerations (prefixes
// visited after the first test and after each later one).
type game struct {
	test        Test
	sent        map[string]bool
	tests       [][Length]secret
	sigs        [][Length]Answer
	hashes      []uint64
	rng         *rand.Rand
	firstBudget int
	budget      int
}

// fitsHash reports whether c gives every answer so far, by the hashes.
func (g *game) fitsHash(c *secret) bool {
	for t := range g.tests {
		var h uint64
		for j := range Length {
			h += answerHash[answerOf(c, &g.tests[t][j])]
		}
		if h != g.hashes[t] {
			return false
		}
	}
	return true
}

// pick chooses 9 strings never sent whose answers split cands best: the
// sum of the squares of the groups' sizes smallest, greedily.
func (g *game) pick(cands []secret, extra int) [Length]secret {
	seen := map[string]bool{}
	var pool []secret
	add := func(c secret) {
		s := c.String()
		if !g.sent[s] && !seen[s] {
			seen[s] = true
			pool = append(pool, c)
		}
	}
	for _, c := range cands[:min(len(cands), poolCands)] {
		add(c)
	}
	for range extra {
		var c secret
		for i := range Length {
			c.d[i] = int8(g.rng.IntN(10))
		}
		for _, d := range c.d {
			c.cnt[d]++
		}
		add(c)
	}
	// mutations of candidates
	for k := 0; k < extra && len(cands) > 0; k++ {
		c := cands[g.rng.IntN(len(cands))]
		i := g.rng.IntN(Length)
		c.cnt[c.d[i]]--
		c.d[i] = int8(g.rng.IntN(10))
		c.cnt[c.d[i]]++
		add(c)
	}
	sums := make([]uint64, len(cands))
	type slot struct {
		key      uint64
		n, stamp int
	}
	size := 1
	for size < 2*len(cands) {
		size *= 2
	}
	table, mask, stamp := make([]slot, size), uint64(size-1), 0
	ans := make([]uint8, len(pool)*len(cands))
	for p := range pool {
		for i := range cands {
			ans[p*len(cands)+i] = uint8(answerOf(&cands[i], &pool[p]))
		}
	}
	used := make([]bool, len(pool))
	var q [Length]secret
	for k := range Length {
		best, bestCost := -1, -1
		for p := range pool {
			if used[p] {
				continue
			}
			a := ans[p*len(cands):]
			stamp++
			cost := 0
			for i := range cands {
				key := sums[i] + answerHash[a[i]]
				// The groups' sizes in an open-addressed table, its slots
				// stamped by the string they count for.
				for h := key & mask; ; h = (h + 1) & mask {
					if table[h].stamp != stamp {
						table[h] = slot{key, 1, stamp}
						cost++
						break
					}
					if table[h].key == key {
						cost += 2*table[h].n + 1
						table[h].n++
						break
					}
				}
				if bestCost >= 0 && cost >= bestCost {
					break
				}
			}
			if best < 0 || cost < bestCost {
				best, bestCost = p, cost
			}
		}
		if best < 0 { // every string of the pool taken: one never sent
			q[k] = g.unsent(q[:k])
			continue
		}
		used[best] = true
		q[k] = pool[best]
		a := ans[best*len(cands):]
		for i := range cands {
			sums[i] += answerHash[a[i]]
		}
	}
	return q
}

// poolCands bounds the candidates pick tries as strings to send.
const poolCands = 150

// unsent returns a string never sent and not in chosen.
func (g *game) unsent(chosen []secret) secret {
	for n := 0; ; n++ {
		c := parseSecret(fmt.Sprintf("%09d", n*7919%1_000_000_000))
		if !g.sent[c.String()] && !slices.Contains(chosen, c) {
			return c
		}
	}
}

// ask sends the strings of q as a test and keeps its answers.
func (g *game) ask(q [Length]secret) error {
	var strs [Length]string
	for i := range q {
		strs[i] = q[i].String()
		g.sent[strs[i]] = true
	}
	ans, err := g.test(strs)
	if err != nil {
		return err
	}
	sortAnswers(&ans)
	var h uint64
	for _, a := range ans {
		h += answerHash[answerIndex(a)]
	}
	g.tests = append(g.tests, q)
	g.sigs = append(g.sigs, ans)
	g.hashes = append(g.hashes, h)
	return nil
}

// firstTest is the first test: 000000000 and eight rotations of
// 123456789, as in the accepted solution.
func firstTest() [Length]secret {
	var q [Length]secret
	q[0] = parseSecret("000000000")
	for k := 0; k < 8; k++ {
		var b [Length]byte
		for i := range Length {
			b[i] = '1' + byte((i+k)%9)
		}
		q[k+1] = parseSecret(string(b[:]))
	}
	return q
}

// A digit count vector of a secret.
type countVec [10]int8

// countVecs lists the digit counts of 9 digits whose common colours with
// the strings of every test give the sums (hit + blow) of its answers:
// all of them (after the first test) or those of from that fit the last
// test.
func (g *game) countVecs(from []countVec, all bool) []countVec {
	var out []countVec
	want := func(t int) [Length + 1]int8 {
		var w [Length + 1]int8
		for _, a := range g.sigs[t] {
			w[a.Hit+a.Blow]++
		}
		return w
	}
	check := func(cv *countVec, t int) bool {
		var got [Length + 1]int8
		for j := range Length {
			got[common(cv, &g.tests[t][j])]++
		}
		return got == want(t)
	}
	ok := func(cv *countVec) bool {
		for t := range g.tests {
			if !check(cv, t) {
				return false
			}
		}
		return true
	}
	if !all {
		for _, cv := range from {
			if check(&cv, len(g.tests)-1) {
				out = append(out, cv)
			}
		}
		return out
	}
	w := want(0) // the first test is firstTest: its commons are known
	for _, f := range firstCounts() {
		if f.hist == w && ok(&f.cv) {
			out = append(out, f.cv)
		}
	}
	return out
}

// A firstCount is a count vector and how many strings of the first test
// have each number of common colours with it.
type firstCount struct {
	cv   countVec
	hist [Length + 1]int8
}

// firstCounts lists every count vector of 9 digits (48,620) with its
// common colours with the first test, computed once.
var firstCounts = sync.OnceValue(func() []firstCount {
	first := firstTest()
	var out []firstCount
	var cv countVec
	var rec func(d, left int)
	rec = func(d, left int) {
		if d == 9 {
			cv[9] = int8(left)
			f := firstCount{cv: cv}
			for j := range Length {
				f.hist[common(&cv, &first[j])]++
			}
			out = append(out, f)
			return
		}
		for n := 0; n <= left; n++ {
			cv[d] = int8(n)
			rec(d+1, left-n)
		}
	}
	rec(0, Length)
	return out
})

// common returns the colours cv has in common with s.
func common(cv *countVec, s *secret) int {
	c := 0
	for d := range 10 {
		c += int(min(cv[d], s.cnt[d]))
	}
	return c
}

// arrangements lists the secrets of digit counts cv that give every
// answer so far, depth first over the positions: a prefix is cut off when
// some test's strings cannot be matched with its answers, each string to
// an answer whose sum is its common colours with cv and whose hits it can
// still reach. It stops after budget prefixes (complete false).
func (g *game) arrangements(cv countVec, out []secret, limit int, nodes *int, budget int) ([]secret, bool) {
	nt := len(g.tests)
	// For each test, its strings grouped by their common colours with cv
	// (each group's answers are those of that sum), and for each string
	// the positions from i on where it holds each digit.
	type group struct {
		strs []int8 // the strings of the group
		hits []int8 // the hits of the answers of its sum, ascending
	}
	groups := make([][]group, nt)
	suffix := make([][Length][Length + 1][10]int8, nt)
	for t := range nt {
		var byCommon [Length + 1][]int8
		for j := range Length {
			c := int8(0)
			for d := range 10 {
				c += min(cv[d], g.tests[t][j].cnt[d])
			}
			byCommon[c] = append(byCommon[c], int8(j))
			for i := Length - 1; i >= 0; i-- {
				suffix[t][j][i] = suffix[t][j][i+1]
				suffix[t][j][i][g.tests[t][j].d[i]]++
			}
		}
		for c, strs := range byCommon {
			if len(strs) == 0 {
				continue
			}
			var hits []int8
			for _, a := range g.sigs[t] { // sorted by hits
				if a.Hit+a.Blow == c {
					hits = append(hits, int8(a.Hit))
				}
			}
			groups[t] = append(groups[t], group{strs, hits})
		}
	}
	hits := make([][Length]int8, nt)
	rem := cv
	var code secret
	code.cnt = [10]int8(cv)
	// matchable reports whether, with i positions placed, every group of
	// every test can still match its strings with its answers' hits: each
	// string reaches hits from those it has to those plus what the digits
	// left can add. Intervals to points: the points in order, each to the
	// open interval that ends first.
	matchable := func(i int) bool {
		var lo, hi [Length]int8
		for t := nt - 1; t >= 0; t-- { // the later tests cut more
			for j := range Length {
				more := int8(0)
				for d := range 10 {
					more += min(rem[d], suffix[t][j][i][d])
				}
				lo[j], hi[j] = hits[t][j], hits[t][j]+more
			}
			for _, gr := range groups[t] {
				var taken [Length]bool
				for _, h := range gr.hits {
					best := -1
					for k, j := range gr.strs {
						if !taken[k] && lo[j] <= h && h <= hi[j] && (best < 0 || hi[j] < hi[gr.strs[best]]) {
							best = k
						}
					}
					if best < 0 {
						return false
					}
					taken[best] = true
				}
			}
		}
		return true
	}
	var walk func(i int) bool
	walk = func(i int) bool {
		if *nodes++; *nodes > budget {
			return false
		}
		if i == Length {
			if g.fitsHash(&code) {
				if len(out) >= limit {
					return false
				}
				out = append(out, code)
			}
			return true
		}
		if !matchable(i) {
			return true
		}
		for d := int8(0); d < 10; d++ {
			if rem[d] == 0 {
				continue
			}
			rem[d]--
			code.d[i] = d
			for t := range nt {
				for j := range Length {
					if g.tests[t][j].d[i] == d {
						hits[t][j]++
					}
				}
			}
			more := walk(i + 1)
			rem[d]++
			for t := range nt {
				for j := range Length {
					if g.tests[t][j].d[i] == d {
						hits[t][j]--
					}
				}
			}
			if !more {
				return false
			}
		}
		return true
	}
	return out, walk(0)
}

// play is Play's game.
func (g *game) play() (string, error) {
	if err := g.ask(firstTest()); err != nil {
		return "", err
	}
	cvs := g.countVecs(nil, true)
	for {
		if len(cvs) == 0 {
			return "", testsConflict(len(g.tests))
		}
		budget := g.budget
		if len(g.tests) == 1 {
			budget = g.firstBudget
		}
		cands, complete := g.candidates(cvs, budget)
		if complete {
			switch len(cands) {
			case 0:
				return "", testsConflict(len(g.tests))
			case 1:
				s := cands[0].String()
				if !g.fits(s) {
					return "", testsConflict(len(g.tests))
				}
				return s, nil
			}
		}
		if !complete && len(g.tests) > 1 {
			// Each test cuts the enumeration further, and a budget that
			// doubles reaches the end of it: the game ends.
			g.budget *= 2
		}
		sample := cands
		if !complete && len(g.tests) == 1 {
			sample = g.sampleFirst(cvs, sampleSize, 100*sampleSize)
		}
		if len(sample) > sampleSize {
			g.rng.Shuffle(len(sample), func(i, j int) { sample[i], sample[j] = sample[j], sample[i] })
			sample = sample[:sampleSize]
		}
		if len(sample) == 0 {
			// The budget ran out before any secret was found: a sample of
			// the secrets with the counts that fit.
			sample = g.sampleCounts(cvs, sampleSize)
		}
		if err := g.ask(g.pick(sample, extraStrings)); err != nil {
			return "", err
		}
		cvs = g.countVecs(cvs, false)
	}
}

// The budgets of the enumerations (prefixes visited) after the first test
// and after each later one (about 0.6 µs of CPU a prefix), the size of the
// samples of secrets a test is chosen on, and the random strings (and as
// many changes of one digit of a candidate) pick tries besides the
// candidates.
const (
	firstBudget  = 3_000
	enumBudget   = 1_000_000
	sampleSize   = 300
	extraStrings = 50
)

// fits reports whether s gives every answer so far, answer for answer.
func (g *game) fits(s string) bool {
	for t, q := range g.tests {
		var strs [Length]string
		for j := range q {
			strs[j] = q[j].String()
		}
		if signature(s, strs) != g.sigs[t] {
			return false
		}
	}
	return true
}

// candidates lists the secrets that give every answer so far, count
// vector by count vector, within budget prefixes (complete false past it).
func (g *game) candidates(cvs []countVec, budget int) ([]secret, bool) {
	var out []secret
	nodes := 0
	for _, cv := range cvs {
		var ok bool
		out, ok = g.arrangements(cv, out, maxCandidates, &nodes, budget)
		if !ok {
			return out, false
		}
	}
	return out, true
}

// maxCandidates bounds the secrets candidates lists: 2.8 MB of them.
const maxCandidates = 100_000

// multinomial returns the number of secrets with digit counts cv.
func multinomial(cv countVec) float64 {
	n := 362880.0 // 9!
	for _, c := range cv {
		for k := 2; k <= int(c); k++ {
			n /= float64(k)
		}
	}
	return n
}

// randomOf returns a random secret of digit counts cv.
func (g *game) randomOf(cv countVec) secret {
	var c secret
	i := 0
	for d, n := range cv {
		for range n {
			c.d[i] = int8(d)
			i++
		}
	}
	g.rng.Shuffle(Length, func(i, j int) { c.d[i], c.d[j] = c.d[j], c.d[i] })
	c.cnt = [10]int8(cv)
	return c
}

// drawCounts returns a function drawing a count vector of cvs with the
// probability of its share of the secrets.
func (g *game) drawCounts(cvs []countVec) func() countVec {
	cum := make([]float64, len(cvs))
	total := 0.0
	for i, cv := range cvs {
		total += multinomial(cv)
		cum[i] = total
	}
	return func() countVec {
		x := g.rng.Float64() * total
		i, _ := slices.BinarySearch(cum, x)
		return cvs[min(i, len(cvs)-1)]
	}
}

// sampleFirst draws up to n secrets uniformly among those that give every
// answer so far, by rejection among the secrets whose counts fit.
func (g *game) sampleFirst(cvs []countVec, n, tries int) []secret {
	draw := g.drawCounts(cvs)
	var out []secret
	for range tries {
		c := g.randomOf(draw())
		if g.fitsHash(&c) {
			out = append(out, c)
			if len(out) == n {
				break
			}
		}
	}
	if len(out) == 0 {
		return g.sampleCounts(cvs, n)
	}
	return out
}

// sampleCounts draws n secrets whose counts fit, fitting or not.
func (g *game) sampleCounts(cvs []countVec, n int) []secret {
	draw := g.drawCounts(cvs)
	out := make([]secret, n)
	for i := range out {
		out[i] = g.randomOf(draw())
	}
	return out
}
