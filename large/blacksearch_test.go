package large

import (
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// TestBlackSearchWrongAnswer answers truly under black but for answer 3,
// one black off: the search play must find the code anyway or stop with a
// conflict, within TopCoder's 20 s of CPU; a proven conflict holds answer
// 3, and some play proves one. Long lane: about 10 s of CPU.
func TestBlackSearchWrongAnswer(t *testing.T) {
	testkit.Long(t)
	games := []mastermind.Game{{Positions: 20, Colors: 10, Rule: mastermind.BlackOnly}, {Positions: 12, Colors: 20, Distinct: true, Rule: mastermind.BlackOnly}}
	r := rand.New(rand.NewPCG(21, 6))
	proven := 0
	const seeds = 3
	for _, g := range games {
		for seed := range uint64(seeds) {
			secret := g.Random(r)
			start := cputime.Process()
			guesses, found := 0, false
			err := Play(g, Options{Seed: seed, Clock: cputime.Process, Consistent: true}, func(guess mastermind.Code) (mastermind.Feedback, error) {
				guesses++
				b := testkit.Blacks(secret, guess)
				found = b == g.Positions
				if guesses == 3 {
					b = max(b-1, 0)
					if b == testkit.Blacks(secret, guess) {
						b++
					}
				}
				return mastermind.Feedback{Black: b}, nil
			})
			c := checkWrongAnswerEnd(t, g.Name(), err, found, guesses, cputime.Process()-start)
			if c != nil && !c.Suspects {
				proven++
				if !contains(c.Answers, 3) {
					t.Errorf("%s: %v, a proven conflict without the wrong answer 3", g.Name(), err)
				}
			}
		}
	}
	if proven == 0 {
		t.Errorf("no conflict proven")
	}
}

// TestBlackSearchAllZero answers 0 to every guess of 20x10-black played
// by consistent codes: once the guesses have put every colour at some
// position, no code gives the answers, which must be proven (a proven
// conflict, not suspects) within a few guesses more and 20 s of CPU.
func TestBlackSearchAllZero(t *testing.T) {
	g := mastermind.Game{Positions: 20, Colors: 10, Rule: mastermind.BlackOnly}
	start := cputime.Process()
	guesses := 0
	err := Play(g, Options{Seed: 1, Clock: cputime.Process, Consistent: true}, func(guess mastermind.Code) (mastermind.Feedback, error) {
		guesses++
		return mastermind.Feedback{}, nil
	})
	c := checkWrongAnswerEnd(t, g.Name(), err, false, guesses, cputime.Process()-start)
	if c == nil || c.Suspects || len(c.Answers) == 0 || guesses > 3*g.Colors {
		t.Errorf("%v after %d guesses, want a proven conflict within %d", err, guesses, 3*g.Colors)
	}
}
