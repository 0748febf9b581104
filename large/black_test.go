package large_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/large"
)

// blacks answers by testkit's reference, apart from the engine.
func blacks(secret, guess mastermind.Code) mastermind.Feedback {
	return mastermind.Feedback{Black: testkit.Blacks(secret, guess)}
}

// TestBlackFindsSecrets plays the breaker that asks each colour's count,
// then each position's colour, on black games too large to enumerate, and
// small ones, against the reference: every secret found, every guess a
// code of the game, within N*K guesses (TopCoder's 3000 at 100 positions
// of 20 colours); through Play too, which plays it beyond AutoBlackSearch
// positions.
func TestBlackFindsSecrets(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 3))
	for _, g := range []mastermind.Game{{Positions: 20, Colors: 10}, {Positions: 100, Colors: 20}, {Positions: 30, Colors: 2}, {Positions: 7, Colors: 7}, {Positions: 1, Colors: 5}, {Positions: 3, Colors: 2}} {
		g.Rule = mastermind.BlackOnly
		for run := range 3 {
			secret := g.Random(r)
			if run == 1 { // a code of one colour
				secret = slices.Repeat(mastermind.Code{uint8(g.Colors - 1)}, g.Positions)
			}
			b := large.NewBlackBreaker(g)
			n := 0
			for ; ; n++ {
				guess, err := b.Next(context.Background())
				if err != nil {
					t.Fatalf("%v, secret %v, after %d guesses: %v", g, secret, n, err)
				}
				if err := g.ValidCode(guess); err != nil {
					t.Fatalf("%v: guess %v: %v", g, guess, err)
				}
				f := blacks(secret, guess)
				if g.Wins(f) {
					break
				}
				if n > g.Positions*g.Colors {
					t.Fatalf("%v, secret %v: more than %d guesses", g, secret, n)
				}
				if err := b.Record(guess, f); err != nil {
					t.Fatal(err)
				}
			}
			if g.Positions <= large.AutoBlackSearch {
				continue
			}
			played := 0
			err := large.Play(g, large.Options{}, func(guess mastermind.Code) (mastermind.Feedback, error) {
				played++
				return blacks(secret, guess), nil
			})
			if err != nil || played != n+1 {
				t.Errorf("%v, secret %v: Play: %v after %d guesses, the breaker took %d", g, secret, err, played, n+1)
			}
		}
	}
}

// satisfiable reports by brute force whether some code of g gives every
// answer of turns.
func satisfiable(g mastermind.Game, turns []mastermind.Turn) bool {
	s, _ := mastermind.NewSpace(g)
	for x := range s.Len() {
		ok := true
		for _, t := range turns {
			ok = ok && blacks(s.Code(x), t.Guess) == t.Feedback
		}
		if ok {
			return true
		}
	}
	return false
}

// TestBlackConflicts answers one guess falsely in small games, checked by
// brute force, to both breakers of the rule black (the questions of each
// colour's count and each position's colour, and the search of codes that
// could be the secret): the breaker either finds the secret (the lie
// fitting some code) or names answers that no code gives together (not
// always the smallest such set: see blackBreaker); the lie corrected
// (Replace, whatever answers came after it) lets it find the secret. The
// search's games run in the long lane.
func TestBlackConflicts(t *testing.T) {
	breakers := map[string]func(mastermind.Game, uint64) mastermind.Breaker{
		"questions": func(g mastermind.Game, _ uint64) mastermind.Breaker { return large.NewBlackBreaker(g) },
		"search": func(g mastermind.Game, seed uint64) mastermind.Breaker {
			return large.NewBreaker(g, large.Options{Seed: seed, Consistent: true})
		},
	}
	for name, newBreaker := range breakers {
		t.Run(name, func(t *testing.T) {
			if name == "search" {
				testkit.Long(t) // about 60 s of CPU: tiny games are hard to search
			}
			blackConflicts(t, newBreaker)
		})
	}
}

func blackConflicts(t *testing.T, newBreaker func(mastermind.Game, uint64) mastermind.Breaker) {
	r := rand.New(rand.NewPCG(70, 4))
	conflicts := 0
	for _, g := range []mastermind.Game{{Positions: 4, Colors: 3}, {Positions: 5, Colors: 4}, {Positions: 6, Colors: 2}} {
		g.Rule = mastermind.BlackOnly
		for seed := range uint64(40) {
			secret := g.Random(r)
			lie := r.IntN(2 * g.Colors)
			b := newBreaker(g, seed)
			var err error
			for n := 0; n < 200; n++ {
				var guess mastermind.Code
				if guess, err = b.Next(context.Background()); err != nil {
					break
				}
				f := blacks(secret, guess)
				if g.Wins(f) && n != lie {
					break
				}
				if n == lie {
					f.Black = (f.Black + 1 + r.IntN(g.Positions)) % (g.Positions + 1)
				}
				if g.Wins(f) {
					break
				}
				if err = b.Record(guess, f); err != nil {
					t.Fatal(err)
				}
			}
			var ce *mastermind.ConflictError
			if err == nil {
				continue
			}
			if !errors.As(err, &ce) {
				t.Fatalf("%v, secret %v: %v, want a conflict", g, secret, err)
			}
			conflicts++
			h := b.History()
			set := ce.Turns()
			if len(set) == 0 || satisfiable(g, set) {
				t.Fatalf("%v, secret %v: answers %v conflict, but some code gives them: %v", g, secret, ce.Answers, set)
			}
			// The lie corrected, the secret is found.
			i := lie
			if i >= len(h) {
				continue
			}
			if err := b.Replace(i, blacks(secret, h[i].Guess)); err != nil {
				t.Fatal(err)
			}
			for n := 0; ; n++ {
				guess, err := b.Next(context.Background())
				if err != nil {
					t.Fatalf("%v, secret %v, corrected: %v", g, secret, err)
				}
				f := blacks(secret, guess)
				if g.Wins(f) {
					break
				}
				if n > 100 {
					t.Fatalf("%v, secret %v, corrected: not found", g, secret)
				}
				if err := b.Record(guess, f); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d conflicts", conflicts)
	if conflicts < 30 {
		t.Fatalf("only %d conflicts: the test is too weak", conflicts)
	}
}
