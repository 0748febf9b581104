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

// TestBlackFindsSecrets plays the breaker of black games too large to
// enumerate, and small ones, against the reference: every secret found,
// every guess a code of the game, within N*K guesses (TopCoder's 3000 at
// 100 positions of 20 colours), through Play too.
func TestBlackFindsSecrets(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 3))
	for _, g := range []mastermind.Game{{Positions: 20, Colors: 10}, {Positions: 100, Colors: 20}, {Positions: 30, Colors: 2}, {Positions: 7, Colors: 7}, {Positions: 1, Colors: 5}, {Positions: 3, Colors: 2}} {
		g.Rule = mastermind.BlackOnly
		for run := range 3 {
			secret := g.Random(r)
			if run == 1 { // a code of one colour
				secret = slices.Repeat(mastermind.Code{uint8(g.Colors - 1)}, g.Positions)
			}
			b := large.NewBreaker(g, large.Options{})
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
// brute force: the breaker either finds the secret (the lie fitting some
// code) or names answers that no code gives together (not always the
// smallest such set: see blackBreaker); a corrected answer (Replace) lets
// it find the secret.
func TestBlackConflicts(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 4))
	conflicts := 0
	for _, g := range []mastermind.Game{{Positions: 4, Colors: 3}, {Positions: 5, Colors: 4}, {Positions: 6, Colors: 2}} {
		g.Rule = mastermind.BlackOnly
		for range 40 {
			secret := g.Random(r)
			lie := r.IntN(2 * g.Colors)
			b := large.NewBreaker(g, large.Options{})
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
				b.Record(guess, f)
			}
		}
	}
	if conflicts < 30 {
		t.Fatalf("only %d conflicts: the test is too weak", conflicts)
	}
}
