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

// Play finds the secret with tests, and returns it. As soon as the answers
// so far leave one secret it returns it; as soon as they leave none, a
// *mastermind.ConflictError naming the tests (errors.Is ErrInconsistent).
//
// METHOD
func Play(test Test) (string, error) {
	g := &game{test: test, sent: map[string]bool{}, rng: rand.New(rand.NewPCG(playSeed, playStream)),
		firstBudget: firstBudget, budget: enumBudget}
	return g.play()
}

// The seed and stream of Play's own draws (samples, strings to try):
// "play" and "er" in ASCII, so that a game is the same each time.
const playSeed, playStream = 0x706c6179, 0x6572

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
