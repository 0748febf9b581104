// Package batch plays AtCoder's "Batch Style Mastermind" (Autumn Fest 2012
// K): the secret is 9 digits (repeats and leading zeros allowed);
// a test sends 9 distinct strings, never sent before, and gets their 9
// (hit, blow) answers back in an unrelated order; the answer is not a test.
//
// The breaker follows the method of an accepted solution of the contest. The first
// test, 000000000 and eight rotations of 123456789, tells how many zeros the
// secret has. Three tests of a digit over all positions and of two digits
// over eight positions with a zero tell how many of each digit there are.
// Then the codes with those counts that fit every answer so far are
// narrowed down, 9 strings to a test, chosen greedily so that their answers
// (as a multiset) tell the remaining codes apart.
package batch

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// Length is the number of digits of a secret and of strings per test.
const Length = 9

// ErrInconsistent reports answers that no secret gives. The answers of a
// test come shuffled, so no smaller set of them is named.
var ErrInconsistent = &mastermind.ConflictError{Reason: "no secret gives these answers"}

// An Answer is the (hit, blow) of one string.
type Answer struct{ Hit, Blow int }

// A Test sends the strings and returns their answers in any order.
type Test func(strings [Length]string) ([Length]Answer, error)

// score returns the answer secret gives to guess: mastermind.Score, with
// the digits' bytes as colours.
func score(secret, guess string) Answer {
	f := mastermind.Score(mastermind.Code(secret), mastermind.Code(guess))
	return Answer{f.Black, f.White}
}

// signature returns the sorted answers secret gives to the strings.
func signature(secret string, strs [Length]string) [Length]Answer {
	var sig [Length]Answer
	for i, s := range strs {
		sig[i] = score(secret, s)
	}
	sortAnswers(&sig)
	return sig
}

func sortAnswers(a *[Length]Answer) {
	slices.SortFunc(a[:], func(x, y Answer) int {
		if x.Hit != y.Hit {
			return x.Hit - y.Hit
		}
		return x.Blow - y.Blow
	})
}

// A player keeps what the tests said.
type player struct {
	test  Test
	sent  map[string]bool
	tests [][Length]string
	sigs  [][Length]Answer
	count int
}

func (p *player) ask(strs [Length]string) ([Length]Answer, error) {
	for _, s := range strs {
		if p.sent[s] {
			return [Length]Answer{}, fmt.Errorf("batch: %s sent twice", s)
		}
		p.sent[s] = true
	}
	ans, err := p.test(strs)
	if err != nil {
		return ans, err
	}
	sortAnswers(&ans)
	p.tests = append(p.tests, strs)
	p.sigs = append(p.sigs, ans)
	p.count++
	return ans, nil
}

// fits reports whether secret would have given every answer so far.
func (p *player) fits(secret string) bool {
	for i, strs := range p.tests {
		if signature(secret, strs) != p.sigs[i] {
			return false
		}
	}
	return true
}

// Play finds the secret with tests, and returns it.
func Play(test Test) (string, error) {
	p := &player{test: test, sent: map[string]bool{}}
	var q [Length]string
	q[0] = strings.Repeat("0", Length)
	for k := 0; k < 8; k++ {
		var b strings.Builder
		for i := range Length {
			b.WriteByte('1' + byte((i+k)%9))
		}
		q[k+1] = b.String()
	}
	ans, err := p.ask(q)
	if err != nil {
		return "", err
	}
	counts, err := p.counts(zerosOf(ans))
	if err != nil {
		return "", err
	}
	return p.narrow(counts)
}

// zerosOf reads the number of zeros from the first test's answers: the
// all-zero string answers (zeros, 0), the rotations each (h, distinct-h); so
// the odd sum out, or the common sum, is the number of zeros.
func zerosOf(ans [Length]Answer) int {
	sums := map[int]int{}
	for _, a := range ans {
		sums[a.Hit+a.Blow]++
	}
	for s, n := range sums {
		if n == 1 && len(sums) == 2 {
			return s
		}
	}
	return ans[0].Hit + ans[0].Blow
}

// counts finds how many of each digit the secret has, with three tests of a
// digit over all positions (hits: its count) and two digits over eight
// positions with a zero in the ninth, whose common colours are their count
// (at most 8) plus the zero. The groups of 1, 3 and 5 strings tell each
// other apart by their sizes.
func (p *player) counts(zeros int) ([10]int, error) {
	var c [10]int
	c[0] = zeros
	for t := range 3 {
		a, b, e := byte('1'+3*t), byte('2'+3*t), byte('3'+3*t)
		var q [Length]string
		q[0] = strings.Repeat(string(a), Length)
		for i := range 3 {
			s := []byte(strings.Repeat(string(b), Length))
			s[Length-1-i] = '0'
			q[1+i] = string(s)
		}
		for i := range 5 {
			s := []byte(strings.Repeat(string(e), Length))
			s[i] = '0'
			q[4+i] = string(s)
		}
		ans, err := p.ask(q)
		if err != nil {
			return c, err
		}
		sums := map[int]int{}
		for _, x := range ans {
			sums[x.Hit+x.Blow]++
		}
		// Which sums make up 1, 3 and 5: try the assignments.
		found := false
		for s1 := range sums {
			for s3 := range sums {
				for s5 := range sums {
					want := map[int]int{}
					want[s1]++
					want[s3] += 3
					want[s5] += 5
					if !mapsEqual(want, sums) {
						continue
					}
					z := min(zeros, 1) // the zero's share of the sums
					if s3 < z || s5 < z {
						continue
					}
					c[a-'0'], c[b-'0'], c[e-'0'] = s1, s3-z, s5-z
					found = true
				}
			}
		}
		if !found {
			return c, ErrInconsistent
		}
	}
	// A digit written over eight positions counts at most 8 copies: the
	// total settles a ninth.
	total := 0
	for _, n := range c {
		total += n
	}
	for d := 1; d <= 9 && total == Length-1; d++ {
		if c[d] == 8 && d%3 != 1 { // b and e of a test, not a
			c[d]++
			total++
		}
	}
	if total != Length {
		return c, ErrInconsistent
	}
	return c, nil
}

func mapsEqual(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// narrow lists the codes with the counts that fit every answer, and tests
// them until one is left.
func (p *player) narrow(counts [10]int) (string, error) {
	var cands []string
	code := make([]byte, Length)
	var fill func(i int)
	fill = func(i int) {
		if i == Length {
			if s := string(code); p.fits(s) {
				cands = append(cands, s)
			}
			return
		}
		for d := range 10 {
			if counts[d] > 0 {
				counts[d]--
				code[i] = byte('0' + d)
				fill(i + 1)
				counts[d]++
			}
		}
	}
	fill(0)
	for len(cands) > 1 {
		q := p.choose(cands)
		ans, err := p.ask(q)
		if err != nil {
			return "", err
		}
		kept := cands[:0]
		for _, c := range cands {
			if signature(c, q) == ans {
				kept = append(kept, c)
			}
		}
		cands = kept
	}
	if len(cands) == 0 {
		return "", ErrInconsistent
	}
	return cands[0], nil
}

// choose picks 9 strings not sent before whose answers, as a multiset,
// split the candidates into as many groups as it can: greedily, candidates
// first.
func (p *player) choose(cands []string) [Length]string {
	pool := make([]string, 0, len(cands))
	for _, c := range cands {
		if !p.sent[c] {
			pool = append(pool, c)
		}
	}
	if len(pool) < Length*4 {
		// Few candidates left unsent: strings one digit away from them tell
		// them apart too.
		seen := map[string]bool{}
		for _, c := range cands[:min(len(cands), 30)] {
			b := []byte(c)
			for i := range b {
				orig := b[i]
				for d := byte('0'); d <= '9'; d++ {
					if d == orig {
						continue
					}
					b[i] = d
					if v := string(b); !p.sent[v] && !seen[v] {
						seen[v] = true
						pool = append(pool, v)
					}
				}
				b[i] = orig
			}
		}
	}
	if len(pool) > maxPool {
		pool = pool[:maxPool]
	}
	var chosen []string
	used := map[string]bool{}
	// Per candidate, the multiset of its answers to the chosen strings, as a
	// sum of a random number per answer: equal multisets, equal sums.
	sums := make([]uint64, len(cands))
	groups := map[uint64]struct{}{}
	for len(chosen) < Length {
		best, bestGroups := "", -1
		for _, s := range pool {
			if used[s] {
				continue
			}
			clear(groups)
			for i, c := range cands {
				groups[sums[i]+answerHash[answerIndex(score(c, s))]] = struct{}{}
			}
			if len(groups) > bestGroups {
				best, bestGroups = s, len(groups)
			}
			if bestGroups == len(cands) {
				break
			}
		}
		if best == "" {
			best = p.filler(used)
		}
		used[best] = true
		chosen = append(chosen, best)
		for i, c := range cands {
			sums[i] += answerHash[answerIndex(score(c, best))]
		}
	}
	var q [Length]string
	copy(q[:], chosen)
	return q
}

// maxPool bounds the candidates choose considers as strings to send.
const maxPool = 300

// answerHash gives each answer a random 64-bit number (fixed: a seeded
// generator), so that a multiset of answers hashes to the sum.
var answerHash = func() [answers]uint64 {
	var h [answers]uint64
	r := rand.New(rand.NewPCG(0x62617463, 0x68))
	for i := range h {
		h[i] = r.Uint64()
	}
	return h
}()

// answers is the number of (hit, blow) pairs with hit+blow <= 9.
const answers = (Length + 1) * (Length + 2) / 2

// answerIndex numbers the answers densely.
func answerIndex(a Answer) int {
	s := a.Hit + a.Blow
	return s*(s+1)/2 + a.Hit
}

// filler returns a string never sent nor chosen.
func (p *player) filler(used map[string]bool) string {
	for n := 0; ; n++ {
		s := fmt.Sprintf("%09d", n*7919%1000000000)
		if !p.sent[s] && !used[s] {
			return s
		}
	}
}
