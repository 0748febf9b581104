package adversary

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// games are those the tests play: classic, Bulls and Cows, and 5 distinct
// of 7 colours.
var games = []mastermind.Game{
	{Positions: 4, Colors: 6},
	{Positions: 4, Colors: 10, Distinct: true},
	{Positions: 5, Colors: 7, Distinct: true},
}

// all lists every code of g by counting in base Colors, skipping codes with
// a repeated colour in a distinct game.
func all(g mastermind.Game) []mastermind.Code {
	var codes []mastermind.Code
	c := make(mastermind.Code, g.Positions)
	for {
		ok := true
		seen := map[uint8]bool{}
		for _, x := range c {
			if g.Distinct && seen[x] {
				ok = false
			}
			seen[x] = true
		}
		if ok {
			codes = append(codes, append(mastermind.Code(nil), c...))
		}
		i := len(c) - 1
		for ; i >= 0 && int(c[i]) == g.Colors-1; i-- {
			c[i] = 0
		}
		if i < 0 {
			return codes
		}
		c[i]++
	}
}

// brute returns the codes that give every answer of history.
func brute(codes []mastermind.Code, history []mastermind.Turn) []mastermind.Code {
	var left []mastermind.Code
	for _, c := range codes {
		fits := true
		for _, t := range history {
			if mastermind.Score(c, t.Guess) != t.Feedback {
				fits = false
				break
			}
		}
		if fits {
			left = append(left, c)
		}
	}
	return left
}

// evil is the evil answer by brute force: the parts of the codes left by
// their answer to guess, the largest, of equals the fewest black then white.
func evil(left []mastermind.Code, guess mastermind.Code) Reply {
	parts := map[mastermind.Feedback]int{}
	for _, c := range left {
		parts[mastermind.Score(c, guess)]++
	}
	var best Reply
	best.Remaining = -1
	for f, n := range parts {
		better := n > best.Remaining ||
			n == best.Remaining && (f.Black < best.Black || f.Black == best.Black && f.White < best.White)
		if better {
			best = Reply{f, n}
		}
	}
	return best
}

// Random histories (answers from a secret, or from the brute-force evil
// codemaker), then a random guess: Answer and Plain agree with brute force.
func TestBrute(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(47, 1))
	for _, g := range games {
		s, err := mastermind.NewSpace(g)
		if err != nil {
			t.Fatal(err)
		}
		codes := all(g)
		if len(codes) != s.Len() {
			t.Fatalf("%v: brute force lists %d codes, the space %d", g, len(codes), s.Len())
		}
		rounds := 40
		if !testkit.LongLane {
			rounds = 12
		}
		for round := 0; round < rounds; round++ {
			secret := codes[r.IntN(len(codes))]
			byEvil := round%2 == 1
			var history []mastermind.Turn
			for n := r.IntN(4); len(history) < n; {
				guess := codes[r.IntN(len(codes))]
				f := mastermind.Score(secret, guess)
				if byEvil {
					f = evil(brute(codes, history), guess).Feedback
				}
				history = append(history, mastermind.Turn{Guess: guess, Feedback: f})
			}
			left := brute(codes, history)
			if len(left) == 0 {
				continue // an evil history: every code gone is impossible
			}
			guess := codes[r.IntN(len(codes))]
			if r.IntN(3) == 0 {
				guess = left[r.IntN(len(left))] // sometimes a code still possible
			}
			got, err := Answer(ctx, s, history, guess)
			if want := evil(left, guess); err != nil || got != want {
				t.Errorf("%v: Answer(%v, %v) = %+v, %v, want %+v", g, history, guess, got, err, want)
			}
			if byEvil {
				secret = left[r.IntN(len(left))]
			}
			got, err = Plain(ctx, s, history, secret, guess)
			f := mastermind.Score(secret, guess)
			want := Reply{f, len(brute(left, []mastermind.Turn{{Guess: guess, Feedback: f}}))}
			if err != nil || got != want {
				t.Errorf("%v: Plain(%v, %v, %v) = %+v, %v, want %+v", g, history, secret, guess, got, err, want)
			}
		}
	}
}

// An evil game played by guessing the first code still possible ends when
// the guess is the last code left, and only then.
func TestCornered(t *testing.T) {
	ctx := context.Background()
	for _, g := range games {
		s, _ := mastermind.NewSpace(g)
		codes := all(g)
		var history []mastermind.Turn
		for {
			left := brute(codes, history)
			guess := left[0]
			a, err := Answer(ctx, s, history, guess)
			if err != nil {
				t.Fatal(err)
			}
			won := a.Black == g.Positions
			if won != (len(left) == 1) || won && a.Remaining != 1 {
				t.Fatalf("%v: with %d codes left, %v gets %+v", g, len(left), guess, a)
			}
			history = append(history, mastermind.Turn{Guess: guess, Feedback: a.Feedback})
			if won {
				break
			}
			if len(history) > s.Len() {
				t.Fatalf("%v: no end after %d guesses", g, len(history))
			}
		}
		t.Logf("%v: cornered in %d guesses", g, len(history))
	}
}

// Bad input is an *mastermind.InputError naming the field.
func TestRefused(t *testing.T) {
	ctx := context.Background()
	g := games[0]
	s, _ := mastermind.NewSpace(g)
	turn := func(guess mastermind.Code, b, w int) mastermind.Turn {
		return mastermind.Turn{Guess: guess, Feedback: mastermind.Feedback{Black: b, White: w}}
	}
	conflict := []mastermind.Turn{turn(mastermind.Code{0, 0, 1, 1}, 4, 0), turn(mastermind.Code{2, 2, 3, 3}, 1, 0)}
	for _, c := range []struct {
		name    string
		err     func() error
		where   string
		message string
	}{
		{"short guess", func() error { _, err := Answer(ctx, s, nil, mastermind.Code{0, 1, 2}); return err }, "guess", "a code has 4 positions, not 3"},
		{"colour out of range", func() error { _, err := Answer(ctx, s, nil, mastermind.Code{0, 1, 2, 6}); return err }, "guess", "out of range"},
		{"contradiction", func() error { _, err := Answer(ctx, s, conflict, mastermind.Code{0, 1, 2, 3}); return err }, "history", "answers 1 and 2 contradict each other"},
		{"bad history guess", func() error {
			_, err := Answer(ctx, s, []mastermind.Turn{turn(mastermind.Code{0, 1}, 0, 0)}, mastermind.Code{0, 1, 2, 3})
			return err
		}, "history[0].guess", "a code has 4 positions, not 2"},
		{"bad secret", func() error {
			_, err := Plain(ctx, s, nil, mastermind.Code{9, 0, 0, 0}, mastermind.Code{0, 1, 2, 3})
			return err
		}, "secret", "out of range"},
		{"secret against history", func() error {
			_, err := Plain(ctx, s, []mastermind.Turn{turn(mastermind.Code{0, 0, 1, 1}, 1, 0)}, mastermind.Code{0, 0, 1, 1}, mastermind.Code{0, 1, 2, 3})
			return err
		}, "history[0]", "the secret gives 4 black, 0 white to this guess, not 1 black, 0 white"},
	} {
		err := c.err()
		var in *mastermind.InputError
		if !errors.As(err, &in) || in.Where != c.where || !strings.Contains(err.Error(), c.message) {
			t.Errorf("%s: %v, want an input error about %s saying %q", c.name, err, c.where, c.message)
		}
	}
}
