// Package batch plays AtCoder's "Batch Style Mastermind" (Autumn Fest 2012
// K): [Play] finds a secret through a [Test], [Protocol] speaks the
// contest's protocol, and [Evaluate] plays many secrets ([Secrets],
// [HardSecrets]) against a [Judge]. The secret is 9 digits (repeats and
// leading zeros allowed); a test sends 9 distinct strings, never sent
// before, and gets their 9 (hit, blow) answers back in an unrelated order;
// the answer is not a test.
package batch

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
)

// Length is the number of digits of a secret and of strings per test.
const Length = 9

// ErrInconsistent reports answers that no secret gives. The answers of a
// test come shuffled, so no smaller set of them is named; Play's conflicts
// name the tests (see conflict) and match ErrInconsistent with errors.Is.
var ErrInconsistent = &mastermind.ConflictError{Reason: "no secret gives these answers"}

// A testsConflict is a *mastermind.ConflictError naming the tests whose
// answers no secret gives.
func testsConflict(tests int) error {
	nums := make([]int, tests)
	for i := range nums {
		nums[i] = i + 1
	}
	noun := "test"
	if tests > 1 {
		noun = "tests"
	}
	return &conflict{&mastermind.ConflictError{Reason: fmt.Sprintf("no secret gives the answers to %s %s", noun, words.Numbers(nums))}}
}

// conflict is a ConflictError that is also ErrInconsistent.
type conflict struct{ *mastermind.ConflictError }

func (c *conflict) Unwrap() error        { return c.ConflictError }
func (c *conflict) Is(target error) bool { return target == ErrInconsistent }

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
	// enumerated: the codes that fit are listed (narrow), so each test's
	// answers are checked exactly there.
	enumerated bool
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
	if !p.enumerated {
		if err := p.settle(); err != nil {
			return ans, err
		}
	}
	return ans, nil
}

// solved ends a game early: the answers so far leave one secret.
type solved string

func (s solved) Error() string { return "solved: " + string(s) }

// settle stops the game as soon as the answers so far settle it: a
// conflict when no secret gives them, the secret when only one does. A test
// with an answer "9 0" leaves only its strings that fit every answer;
// otherwise a search over the secrets decides, within searchBudget.
func (p *player) settle() error {
	strs, ans := p.tests[len(p.tests)-1], p.sigs[len(p.sigs)-1]
	if ans[Length-1].Hit == Length { // sorted: a "9 0" comes last
		var cands []string
		for _, s := range strs {
			if p.fits(s) {
				cands = append(cands, s)
			}
		}
		switch len(cands) {
		case 0:
			return testsConflict(p.count)
		case 1:
			return solved(cands[0])
		}
		return nil
	}
	secrets, complete := p.search(searchBudget)
	switch {
	case complete && len(secrets) == 0:
		return testsConflict(p.count)
	case complete && len(secrets) == 1:
		return solved(secrets[0])
	}
	return nil
}

// searchBudget bounds the prefixes search visits after a test: a few
// milliseconds.
const searchBudget = 5_000

// search looks for the secrets that give every answer so far, depth first
// over their digits position by position. A prefix is cut off when, for
// some test, its strings cannot be matched one to one with its answers by
// answers each string could still get: hits between those of the prefix
// and those plus the positions left, common colours likewise. It stops at
// the second secret found, and gives up (complete false) after budget
// prefixes.
func (p *player) search(budget int) (secrets []string, complete bool) {
	nt := len(p.tests)
	var counts [][Length][10]int8 // counts[t][j][d]: digit d in string j of test t
	for _, strs := range p.tests {
		var c [Length][10]int8
		for j, s := range strs {
			for i := range Length {
				c[j][s[i]-'0']++
			}
		}
		counts = append(counts, c)
	}
	hits := make([][Length]int8, nt)
	var have [10]int8
	var code [Length]byte
	nodes := 0
	// matchable reports whether every test can still be matched with i
	// positions of the secret fixed.
	matchable := func(i int) bool {
		left := int8(Length - i)
		for t := range nt {
			var adj [Length][Length]bool
			for j := range Length {
				common := int8(0)
				for d := range 10 {
					common += min(have[d], counts[t][j][d])
				}
				hi := common + min(left, Length-common)
				for a, x := range p.sigs[t] {
					h, c := int8(x.Hit), int8(x.Hit+x.Blow)
					adj[j][a] = hits[t][j] <= h && h <= hits[t][j]+left && common <= c && c <= hi
				}
			}
			if !perfectMatching(&adj) {
				return false
			}
		}
		return true
	}
	var walk func(i int) bool // false to stop
	walk = func(i int) bool {
		if nodes++; nodes > budget {
			return false
		}
		if !matchable(i) {
			return true
		}
		if i == Length {
			secrets = append(secrets, string(code[:]))
			return len(secrets) < 2
		}
		for d := byte(0); d < 10; d++ {
			code[i] = '0' + d
			have[d]++
			for t := range nt {
				for j := range Length {
					if p.tests[t][j][i] == code[i] {
						hits[t][j]++
					}
				}
			}
			more := walk(i + 1)
			have[d]--
			for t := range nt {
				for j := range Length {
					if p.tests[t][j][i] == code[i] {
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
	complete = walk(0) || len(secrets) == 2
	return secrets, complete
}

// perfectMatching reports whether the bipartite graph adj (strings to
// answers) matches every string to an answer of its own (Kuhn's
// augmenting paths).
func perfectMatching(adj *[Length][Length]bool) bool {
	var owner [Length]int8 // owner[a]: 1 + the string matched to answer a
	for j := range Length {
		var seen [Length]bool
		var try func(j int) bool
		try = func(j int) bool {
			for a := range Length {
				if adj[j][a] && !seen[a] {
					seen[a] = true
					if owner[a] == 0 || try(int(owner[a]-1)) {
						owner[a] = int8(j + 1)
						return true
					}
				}
			}
			return false
		}
		if !try(j) {
			return false
		}
	}
	return true
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

// Play finds the secret with tests, and returns it. As soon as the answers
// so far leave one secret it returns it; as soon as they leave none, a
// *mastermind.ConflictError naming the tests (errors.Is ErrInconsistent).
//
// It follows the method of an accepted solution of the contest. The first
// test, 000000000 and eight rotations of 123456789, tells how many zeros the
// secret has. Three tests of a digit over all positions and of two digits
// over eight positions with a zero tell how many of each digit there are.
// Then the codes with those counts that fit every answer so far are
// narrowed down, 9 strings to a test, chosen greedily so that their answers
// (as a multiset) tell the remaining codes apart.
func Play(test Test) (string, error) {
	p := &player{test: test, sent: map[string]bool{}}
	secret, err := p.play()
	if s, ok := err.(solved); ok {
		return string(s), nil
	}
	return secret, err
}

func (p *player) play() (string, error) {
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
			return c, testsConflict(p.count)
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
		return c, testsConflict(p.count)
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
	p.enumerated = true
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
		return "", testsConflict(p.count)
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

// The seed and stream of answerHash's generator: "batc" and "h" in ASCII.
const answerHashSeed, answerHashStream = 0x62617463, 0x68

// answerHash gives each answer a random 64-bit number (fixed: a seeded
// generator), so that a multiset of answers hashes to the sum.
var answerHash = func() [answers]uint64 {
	var h [answers]uint64
	r := rand.New(rand.NewPCG(answerHashSeed, answerHashStream))
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
