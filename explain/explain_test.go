package explain_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/explain"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/strategy"
)

// The tests compare the figures with a brute force written here: every
// code of the game listed by counting, scored by testkit.Score (the
// definition), partitioned by hand.

var games = []mastermind.Game{
	{Positions: 4, Colors: 6},
	{Positions: 4, Colors: 10, Distinct: true},
	{Positions: 5, Colors: 7, Distinct: true},
}

// codes lists every code of g by counting, in lexicographic order.
func codes(g mastermind.Game) []mastermind.Code {
	var out []mastermind.Code
	n := int(math.Pow(float64(g.Colors), float64(g.Positions)))
	for x := range n {
		c := make(mastermind.Code, g.Positions)
		for i, y := g.Positions-1, x; i >= 0; i, y = i-1, y/g.Colors {
			c[i] = uint8(y % g.Colors)
		}
		seen := map[uint8]bool{}
		ok := true
		for _, v := range c {
			ok = ok && !(g.Distinct && seen[v])
			seen[v] = true
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// answer is the definition's answer of secret to guess.
func answer(secret, guess mastermind.Code) mastermind.Feedback {
	return testkit.Feedback[mastermind.Feedback](secret, guess)
}

// fitting returns the codes that give every answer of history.
func fitting(all []mastermind.Code, history []mastermind.Turn) []mastermind.Code {
	var out []mastermind.Code
	for _, c := range all {
		ok := true
		for _, t := range history {
			ok = ok && answer(c, t.Guess) == t.Feedback
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// refSplit is the brute force's partition of codes by guess.
type refSplit struct {
	parts []explain.Part // black then white descending
	split explain.Split
}

func refPartition(codes []mastermind.Code, guess mastermind.Code) refSplit {
	counts := map[mastermind.Feedback]int{}
	for _, c := range codes {
		counts[answer(c, guess)]++
	}
	var s refSplit
	for f, n := range counts {
		s.parts = append(s.parts, explain.Part{Feedback: f, Codes: n})
	}
	slices.SortFunc(s.parts, func(a, b explain.Part) int {
		if a.Feedback.Black != b.Feedback.Black {
			return b.Feedback.Black - a.Feedback.Black
		}
		return b.Feedback.White - a.Feedback.White
	})
	r := float64(len(codes))
	s.split.Parts = len(s.parts)
	for _, p := range s.parts {
		n := float64(p.Codes)
		s.split.Largest = max(s.split.Largest, p.Codes)
		s.split.Expected += n * n / r
		s.split.Entropy -= n / r * math.Log2(n/r)
	}
	return s
}

// near reports whether two figures agree to rounding.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func nearSplit(a, b explain.Split) bool {
	return a.Parts == b.Parts && a.Largest == b.Largest && near(a.Expected, b.Expected) && near(a.Entropy, b.Entropy)
}

// randomHistory returns up to n answers of a random secret to random guesses.
func randomHistory(r *rand.Rand, all []mastermind.Code, n int) []mastermind.Turn {
	secret := all[r.IntN(len(all))]
	var h []mastermind.Turn
	for range n {
		g := all[r.IntN(len(all))]
		h = append(h, mastermind.Turn{Guess: g, Feedback: answer(secret, g)})
	}
	return h
}

// entropy is a breaker of strategy's entropy, told history.
func entropy(t *testing.T, s *mastermind.Space, history []mastermind.Turn) mastermind.Breaker {
	t.Helper()
	b := strategy.NewBreaker(s, strategy.Heuristic{Measure: strategy.Entropy})
	for _, turn := range history {
		if err := b.Record(turn.Guess, turn.Feedback); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// The parts and figures of Guess, on random histories of classic, bulls and
// 5 of 7 distinct and random guesses, are the brute force's; Best is the
// Picker's guess with its own split.
func TestGuessBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(60, 4))
	ctx := context.Background()
	for _, g := range games {
		s, err := mastermind.NewSpace(g)
		if err != nil {
			t.Fatal(err)
		}
		all := codes(g)
		if len(all) != s.Len() {
			t.Fatalf("%v: %d codes, the space has %d", g, len(all), s.Len())
		}
		for k := range 8 {
			history := randomHistory(r, all, k%4)
			left := fitting(all, history)
			picked := all[r.IntN(len(all))] // the Picker's guess: any code will do
			pick := func(_ context.Context, h []mastermind.Turn) (mastermind.Code, error) {
				if len(h) != len(history) {
					t.Errorf("Picker told %d turns, want %d", len(h), len(history))
				}
				return picked, nil
			}
			for _, guess := range []mastermind.Code{nil, all[r.IntN(len(all))], left[0]} {
				e, err := explain.Guess(ctx, s, history, guess, pick)
				if err != nil {
					t.Fatal(err)
				}
				want := guess
				if want == nil {
					want = picked
				}
				ref := refPartition(left, want)
				consistent := slices.ContainsFunc(left, func(c mastermind.Code) bool { return slices.Equal(c, want) })
				if !slices.Equal(e.Guess, want) || e.Remaining != len(left) || e.Consistent != consistent ||
					!slices.Equal(e.Parts, ref.parts) || !nearSplit(e.Split, ref.split) {
					t.Errorf("%v after %v, guess %v:\n got %+v\nwant remaining %d, consistent %v, parts %v, %+v",
						g, history, guess, e, len(left), consistent, ref.parts, ref.split)
				}
				best := refPartition(left, picked)
				if e.Best == nil || !slices.Equal(e.Best.Guess, picked) || !nearSplit(e.Best.Split, best.split) {
					t.Errorf("%v after %v: best %+v, want %v %+v", g, history, e.Best, picked, best.split)
				}
			}
		}
	}
}

// Without a Picker there is no Best, and a guess is needed; the Picker's
// error is Guess's.
func TestGuessNoPicker(t *testing.T) {
	ctx := context.Background()
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	e, err := explain.Guess(ctx, s, nil, mastermind.Code{0, 1}, nil)
	if err != nil || e.Best != nil || e.Remaining != 9 || e.Parts == nil {
		t.Errorf("Guess without a Picker: %+v, %v", e, err)
	}
	if _, err := explain.Guess(ctx, s, nil, nil, nil); err == nil {
		t.Error("Guess of no guess without a Picker: no error")
	}
	busy := errors.New("busy")
	_, err = explain.Guess(ctx, s, nil, nil, func(context.Context, []mastermind.Turn) (mastermind.Code, error) { return nil, busy })
	if !errors.Is(err, busy) {
		t.Errorf("Guess with a failing Picker: %v, want %v", err, busy)
	}
}

// A history no code fits is a ConflictError naming the fewest answers that
// conflict, numbered from 1. On 2 positions of 3 colours: 22 answered 0 0
// (no 2), 00 answered 1 0 (one 0, beside a 1), 11 answered 0 0 (no 1): any
// two of them fit some code, all three none.
func TestGuessConflict(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	h := []mastermind.Turn{
		{Guess: mastermind.Code{2, 2}, Feedback: mastermind.Feedback{}},
		{Guess: mastermind.Code{0, 0}, Feedback: mastermind.Feedback{Black: 1}},
		{Guess: mastermind.Code{1, 1}, Feedback: mastermind.Feedback{}},
	}
	_, err := explain.Guess(context.Background(), s, h, mastermind.Code{1, 1}, nil)
	var c *mastermind.ConflictError
	if !errors.As(err, &c) || !slices.Equal(c.Answers, []int{1, 2, 3}) {
		t.Errorf("Guess after a conflict: %v, want a ConflictError of answers 1, 2 and 3", err)
	}
}

// The steps of Review, on random games of classic, bulls and 5 of 7
// distinct (random guesses, the last the secret half the time), are the
// brute force's; Best is the engine's guess told the game so far, and
// Engine the guesses the engine takes playing alone. Luck is counted
// secret by secret.
func TestReviewBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(60, 5))
	ctx := context.Background()
	for _, g := range games {
		s, _ := mastermind.NewSpace(g)
		all := codes(g)
		for k := range 4 {
			secret := all[r.IntN(len(all))]
			var guesses []mastermind.Code
			for range 1 + k%4 {
				if c := all[r.IntN(len(all))]; !slices.Equal(c, secret) {
					guesses = append(guesses, c)
				}
			}
			if k%2 == 0 {
				guesses = append(guesses, secret)
			}
			if len(guesses) == 0 {
				continue
			}
			engine := explain.Engine{Name: "entropy", New: func(context.Context) (mastermind.Breaker, error) {
				return strategy.NewBreaker(s, strategy.Heuristic{Measure: strategy.Entropy}), nil
			}}
			rep, err := explain.Review(ctx, s, secret, guesses, engine)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Steps) != len(guesses) {
				t.Fatalf("review of %v by %v: %d steps", secret, guesses, len(rep.Steps))
			}
			var history []mastermind.Turn
			for i, guess := range guesses {
				left := fitting(all, history)
				f := answer(secret, guess)
				ref := refPartition(left, guess)
				// Each code leaves those that answer the guess as it does.
				answering := map[mastermind.Feedback]int{}
				for _, c := range left {
					answering[answer(c, guess)]++
				}
				leaves := func(c mastermind.Code) int { return answering[answer(c, guess)] }
				after := leaves(secret)
				larger, even := 0.0, true
				for _, c := range left {
					switch n := leaves(c); {
					case n > after:
						larger++
					case n == after:
						larger += 0.5
					}
					even = even && leaves(c) == leaves(left[0])
				}
				best, err := entropy(t, s, history).Next(ctx)
				if err != nil {
					t.Fatal(err)
				}
				bestRef := refPartition(left, best)
				st := rep.Steps[i]
				luckOK := even == (st.Luck == nil) && (even || *st.Luck == int(math.Round(100*larger/float64(len(left)))))
				if !slices.Equal(st.Guess, guess) || st.Feedback != f || st.Before != len(left) || st.After != after ||
					!near(st.Bits, math.Log2(float64(len(left))/float64(after))) || !near(st.Expected, ref.split.Expected) ||
					!slices.Equal(st.Best.Guess, best) || !near(st.Best.Expected, bestRef.split.Expected) ||
					st.Skill != int(math.Round(100*bestRef.split.Expected/ref.split.Expected)) || !luckOK {
					t.Errorf("review of %v by %v, step %d: %+v (luck %s); want %v, before %d, after %d, expected %v, best %v (expected %v), luck %v of %d, even %v",
						secret, guesses, i+1, st, show(st.Luck), f, len(left), after, ref.split.Expected, best, bestRef.split.Expected, larger, len(left), even)
				}
				history = append(history, mastermind.Turn{Guess: guess, Feedback: f})
			}
			b, n := entropy(t, s, nil), 0
			for n < 20 {
				guess, err := b.Next(ctx)
				if err != nil {
					t.Fatal(err)
				}
				n++
				if slices.Equal(guess, secret) {
					break
				}
				b.Record(guess, answer(secret, guess))
			}
			if rep.Engine != n {
				t.Errorf("review of %v by %v: engine %d, want %d", secret, guesses, rep.Engine, n)
			}
		}
	}
}

// show writes a luck for a message: its number, or nil.
func show(p *int) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

// Luck is nil where every code still possible would have left as many
// codes (no luck to have, the winning guess included), and ties count half
// (docs/protocols.md, /api/review). On 2 positions of 2 colours, 00 splits
// 00 | 01 10 | 11; after its answer 1 0, 01 splits 01 | 10.
func TestReviewLuck(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 2})
	engine := explain.Engine{Name: "first", New: func(context.Context) (mastermind.Breaker, error) {
		return strategy.NewBreaker(s, strategy.First{}), nil
	}}
	for _, c := range []struct {
		secret  mastermind.Code
		guesses []mastermind.Code
		luck    []string
	}{
		// 01 leaves 2: none leave more, 2 as many (half): 1 of 4.
		{mastermind.Code{0, 1}, []mastermind.Code{{0, 0}, {0, 1}}, []string{"25", "nil"}},
		// 11 leaves 1: 2 leave more, 2 as many: 3 of 4; then one code.
		{mastermind.Code{1, 1}, []mastermind.Code{{0, 0}, {1, 1}}, []string{"75", "nil"}},
		// 00 is the secret: it leaves 1, as 11 does; 01 and 10 leave 2.
		{mastermind.Code{0, 0}, []mastermind.Code{{0, 0}}, []string{"75"}},
	} {
		rep, err := explain.Review(context.Background(), s, c.secret, c.guesses, engine)
		if err != nil || len(rep.Steps) != len(c.luck) {
			t.Fatalf("review of %v by %v: %+v, %v", c.secret, c.guesses, rep, err)
		}
		for i, want := range c.luck {
			if luck := show(rep.Steps[i].Luck); luck != want {
				t.Errorf("review of %v by %v, step %d: luck %s, want %s", c.secret, c.guesses, i+1, luck, want)
			}
		}
	}
}

// A game goes on after the secret is found only by mistake: an input error
// at the guess after it; an engine that never finds the secret is one at
// "strategy", naming it.
func TestReviewRefusals(t *testing.T) {
	ctx := context.Background()
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 2})
	engine := explain.Engine{Name: "first", New: func(context.Context) (mastermind.Breaker, error) {
		return strategy.NewBreaker(s, strategy.First{}), nil
	}}
	_, err := explain.Review(ctx, s, mastermind.Code{1, 1}, []mastermind.Code{{0, 0}, {1, 1}, {0, 1}}, engine)
	var input *mastermind.InputError
	if !errors.As(err, &input) || input.Where != "guesses[2]" {
		t.Errorf("a guess after the secret: %v, want an input error at guesses[2]", err)
	}
	stuck := engine
	stuck.Name = "stuck"
	stuck.Next = func(context.Context, mastermind.Breaker) (mastermind.Code, error) { return mastermind.Code{0, 0}, nil }
	_, err = explain.Review(ctx, s, mastermind.Code{1, 1}, []mastermind.Code{{0, 1}}, stuck)
	if !errors.As(err, &input) || input.Where != "strategy" {
		t.Errorf("an engine that never finds the secret: %v, want an input error at strategy", err)
	}
}
