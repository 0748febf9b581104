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
// The first test is that of the contest's accepted solution, 000000000
// and eight rotations of 123456789; each later one is chosen from what the
// answers so far leave:
//
//   - The secrets that give every answer are listed by their digit counts.
//     A test's common colours with a secret (hit + blow) depend only on
//     its counts, so of the 48,620 count vectors of 9 digits only those
//     whose common colours with each test's strings give the sums of its
//     answers (as a multiset) are kept. The arrangements of each are then
//     enumerated position by position, a prefix cut off when some test's
//     strings cannot be matched one to one with its answers: each string
//     to an answer of the sum its counts give, with hits between those the
//     prefix gives it and those the digits left can still add.
//   - The enumeration has a budget of prefixes (3,000 after the first
//     test, a million after a later one: about 0.6 s of CPU). After the
//     first test the list is rarely complete within it; the next test is
//     then chosen on a uniform sample of 300 secrets that fit, drawn by
//     rejection (a count vector by its share of the secrets, an
//     arrangement at random, kept if it gives the answers). From the
//     second test on the list is complete (a few hundred secrets at most),
//     and the next test is chosen on 300 of them.
//   - The 9 strings are chosen greedily among the candidates, 50 random
//     strings and 50 candidates with one digit changed, none sent before:
//     each the one after which the answers, as a multiset (the sum of a
//     random 64-bit number per answer), split the sample into groups
//     whose sizes' squares sum least (the expected size of the group the
//     secret will be in).
//
// The accepted solution's three tests counting the digits are gone:
// chosen tests gather the counts and positions together. The game is
// deterministic (Play's draws are seeded).
func Play(test Test) (string, error) {
	g := &game{test: test, sent: map[string]bool{}, rng: rand.New(rand.NewPCG(playSeed, playStream)),
		firstBudget: firstBudget, budget: enumBudget}
	return g.play()
}

// The seed and stream of Play's own draws (samples, strings to try):
// "play" and "er" in ASCII, so that a game is the same each time.
const playSeed, playStream = 0x706c6179, 0x6572

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
