package large

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
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

// TestBlackSearchCorrects answers games under black truly but for answer
// 3, one black off, through the breaker of the search, as a person who
// mistypes an answer in mastermind play: the breaker must name a conflict
// (a proven one holding answer 3 in the fast lane's game), logging the
// answers and the CPU to it, and once answer 3 is corrected (Replace,
// the answers after it kept) find the secret with guesses that fit every
// answer. A guess of one's own recorded first (black takes any) changes
// nothing else. Before the breaker took any turn under black, only the
// last answer could be corrected. The long lane measures 20x10, 20x5 and
// 20x2 (AutoBlackSearch positions) and 30x10 (MaxBlackSearch, play's
// limit), three secrets each.
func TestBlackSearchCorrects(t *testing.T) {
	games, secrets := []string{"12x6-black"}, 1
	if testkit.LongLane {
		games, secrets = []string{"20x10-black", "20x5-black", "20x2-black", "30x10-black"}, 3
	}
	r := rand.New(rand.NewPCG(70, 21))
	for _, name := range games {
		g, err := mastermind.ParseGame(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(secrets) {
			blackCorrects(t, g, g.Random(r), seed, !testkit.LongLane)
		}
	}
}

// blackCorrects plays one game of TestBlackSearchCorrects; proven asks
// for a proven conflict.
func blackCorrects(t *testing.T, g mastermind.Game, secret mastermind.Code, seed uint64, proven bool) {
	t.Helper()
	b := NewBreaker(g, Options{Seed: seed, Consistent: true})
	ctx := context.Background()
	answer := func(guess mastermind.Code) mastermind.Feedback {
		return mastermind.Feedback{Black: testkit.Blacks(secret, guess)}
	}
	own := slices.Repeat(mastermind.Code{0}, g.Positions)
	if err := b.Record(own, answer(own)); err != nil {
		t.Fatalf("%s: Record of a guess of one's own: %v", g.Name(), err)
	}
	start := cputime.Process()
	var conflict *mastermind.ConflictError
	for n := 2; conflict == nil; n++ {
		guess, err := b.Next(ctx)
		if errors.As(err, &conflict) {
			break
		}
		if err != nil || n > 300 {
			t.Fatalf("%s: guess %d: %v, want a guess or a conflict", g.Name(), n, err)
		}
		f := answer(guess)
		if g.Wins(f) && !proven {
			t.Logf("%s: the secret found at guess %d despite the wrong answer 3", g.Name(), n)
			return
		}
		if g.Wins(f) {
			t.Fatalf("%s: the secret found at guess %d despite the wrong answer 3: play another", g.Name(), n)
		}
		if n == 3 {
			f.Black = max(f.Black-1, 0)
			if f == answer(guess) {
				f.Black++
			}
		}
		if err := b.Record(guess, f); err != nil {
			t.Fatal(err)
		}
	}
	cpu := cputime.Process() - start
	t.Logf("%s, seed %d: %v after %d answers, %.2f s of CPU", g.Name(), seed, conflict, len(b.History()), cpu.Seconds())
	if proven && (conflict.Suspects || !slices.Contains(conflict.Answers, 3)) || !conflict.Suspects && !slices.Contains(conflict.Answers, 3) {
		t.Fatalf("%s: %v: want a proven conflict holding answer 3", g.Name(), conflict)
	}
	if cpu > cpuLimit {
		t.Errorf("%s: %.1f s of CPU to the conflict, more than TopCoder's 20 s (times %d)", g.Name(), cpu.Seconds(), raceSlowdown)
	}
	h := b.History()
	if err := b.Replace(2, answer(h[2].Guess)); err != nil {
		t.Fatalf("%s: Replace(2) of %d answers: %v", g.Name(), len(h), err)
	}
	start = cputime.Process()
	for n := len(h) + 1; ; n++ {
		guess, err := b.Next(ctx)
		if n == len(h)+1 {
			t.Logf("%s: corrected, the next guess after %.2f s of CPU", g.Name(), (cputime.Process() - start).Seconds())
		}
		if err != nil || n > 300 {
			t.Fatalf("%s: corrected, guess %d: %v", g.Name(), n, err)
		}
		consistent := true
		for _, turn := range b.History() {
			consistent = consistent && testkit.Blacks(guess, turn.Guess) == turn.Feedback.Black
		}
		if !consistent && proven {
			t.Fatalf("%s: corrected, guess %d %v does not fit the answers", g.Name(), n, guess)
		}
		f := answer(guess)
		if g.Wins(f) {
			t.Logf("%s: corrected, found in %d guesses in all", g.Name(), n)
			return
		}
		if err := b.Record(guess, f); err != nil {
			t.Fatal(err)
		}
	}
}
