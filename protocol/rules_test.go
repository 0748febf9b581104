package protocol_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/protocol"
)

// judge answers the guess lines read from guesses for secret, as an
// outside judge would: it reads each line's numbers itself, scores by the
// reference of the rule (testkit), writes the answer in the rule's form
// by its own hand ("B W", "B", marks G Y .), and stops at the winning
// answer. It returns the number of guesses.
func judge(rule string, secret []int, guesses io.Reader, answers io.WriteCloser) (int, error) {
	defer answers.Close()
	sc := bufio.NewScanner(guesses)
	for n := 1; sc.Scan(); n++ {
		var guess []int
		for _, f := range strings.Fields(sc.Text()) {
			x, err := strconv.Atoi(f)
			if err != nil {
				return n, fmt.Errorf("guess %d: %q", n, sc.Text())
			}
			guess = append(guess, x)
		}
		if len(guess) != len(secret) {
			return n, fmt.Errorf("guess %d: %q", n, sc.Text())
		}
		var line string
		won := false
		switch rule {
		case "black-white":
			b, w := testkit.Score(secret, guess)
			line, won = fmt.Sprintf("%d %d", b, w), b == len(secret)
		case "black":
			b := testkit.Blacks(secret, guess)
			line, won = strconv.Itoa(b), b == len(secret)
		case "slots":
			line = testkit.Marks(secret, guess)
			won = line == strings.Repeat("G", len(secret))
		}
		if _, err := fmt.Fprintln(answers, line); err != nil {
			return n, err
		}
		if won {
			return n, nil
		}
	}
	return 0, errors.New("the breaker stopped before finding the code")
}

// TestBreakUnderRules plays the break protocol with the chosen breaker
// (auto, and consistent) under each rule, from 2x2 to 6x9, against judge:
// every secret is found.
func TestBreakUnderRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 2))
	games := []mastermind.Game{
		{Positions: 2, Colors: 2}, {Positions: 3, Colors: 3}, mastermind.Classic(), mastermind.Bulls(),
		mastermind.Super(), {Positions: 6, Colors: 9}, {Positions: 5, Colors: 9, Distinct: true},
	}
	for _, rule := range mastermind.Rules() {
		for _, g := range games {
			g.Rule = rule
			games := 3
			if g.Count() > 100_000 && !testkit.LongLane {
				games = 1
			}
			for _, strat := range []string{"auto", "consistent"} {
				for range games {
					secret := g.Random(r)
					ints := make([]int, len(secret))
					for i, c := range secret {
						ints[i] = int(c)
					}
					b, err := choose.Breaker(context.Background(), g, choose.Options{Strategy: strat, Seed: r.Uint64()})
					if err != nil {
						t.Fatalf("%v: %v", g, err)
					}
					guessR, guessW := io.Pipe()
					answerR, answerW := io.Pipe()
					done := make(chan error, 1)
					var n int
					go func() {
						var err error
						n, err = judge(rule.String(), ints, guessR, answerW)
						io.Copy(io.Discard, guessR)
						done <- err
					}()
					err = protocol.Break(context.Background(), answerR, guessW, b)
					guessW.Close()
					if jerr := <-done; err != nil || jerr != nil {
						t.Fatalf("%v, %s, secret %v: break: %v; judge: %v", g, strat, secret, err, jerr)
					}
					if n < 1 || n > 20 {
						t.Errorf("%v, %s, secret %v: %d guesses", g, strat, secret, n)
					}
				}
			}
		}
	}
}

// TestBreakLargeBlack plays the break protocol under the rule black in
// games too large to enumerate (package large asks counts, then each
// position's colour) against judge: every secret found within TopCoder's
// 3000 guesses.
func TestBreakLargeBlack(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 5))
	for _, g := range []mastermind.Game{{Positions: 20, Colors: 10}, {Positions: 100, Colors: 20}, {Positions: 41, Colors: 3}} {
		g.Rule = mastermind.BlackOnly
		for range 2 {
			secret := g.Random(r)
			ints := make([]int, len(secret))
			for i, c := range secret {
				ints[i] = int(c)
			}
			b, err := choose.Breaker(context.Background(), g, choose.Options{})
			if err != nil {
				t.Fatalf("%v: %v", g, err)
			}
			guessR, guessW := io.Pipe()
			answerR, answerW := io.Pipe()
			done := make(chan error, 1)
			var n int
			go func() {
				var err error
				n, err = judge("black", ints, guessR, answerW)
				io.Copy(io.Discard, guessR)
				done <- err
			}()
			err = protocol.Break(context.Background(), answerR, guessW, b)
			guessW.Close()
			if jerr := <-done; err != nil || jerr != nil {
				t.Fatalf("%v, secret %v: break: %v; judge: %v", g, secret, err, jerr)
			}
			if n < 1 || n > 3000 {
				t.Errorf("%v, secret %v: %d guesses", g, secret, n)
			}
		}
	}
}

// TestBreakAnswersUnderRules gives Break bad answers under each rule: a
// malformed or impossible one is an *InputError saying what, answers that
// contradict each other a *ConflictError naming them.
func TestBreakAnswersUnderRules(t *testing.T) {
	classic := mastermind.Classic()
	black, slots := classic, classic
	black.Rule, slots.Rule = mastermind.BlackOnly, mastermind.Slots
	for _, tc := range []struct {
		g        mastermind.Game
		answers  string
		want     string // part of the error
		answers3 []int  // the conflicting answers, for a conflict
	}{
		{black, "2 0\n", "want an integer \"B\"", nil},
		{black, "5\n", "out of range 0..4", nil},
		{black, "GY..\n", "want an integer", nil},
		{slots, "2 0\n", "want 4 marks", nil},
		{slots, "GY.\n", "want 4 marks", nil},
		{slots, "GGGY\n", "impossible", nil},
		{slots, "GYXG\n", "want 4 marks", nil},
		{slots, "....\n", "input ended", nil}, // fine, then the input ends
		// 0000, 1111, ... 5555 each without a right place: no code.
		{black, "0\n0\n0\n0\n0\n0\n0\n", "", []int{1, 2, 3, 4, 5, 6}},
		// 0000 then 0111: 0 first, and not first.
		{slots, "G...\n....\n", "", []int{1, 2}},
	} {
		b, err := choose.Breaker(context.Background(), tc.g, choose.Options{Strategy: "first"})
		if err != nil {
			t.Fatal(err)
		}
		err = protocol.Break(context.Background(), strings.NewReader(tc.answers), io.Discard, b)
		var ie *mastermind.InputError
		var ce *mastermind.ConflictError
		switch {
		case tc.want != "" && (!errors.As(err, &ie) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%v, answers %q: %v, want an input error with %q", tc.g, tc.answers, err, tc.want)
		case tc.want == "" && (!errors.As(err, &ce) || !slices.Equal(ce.Answers, tc.answers3)):
			t.Errorf("%v, answers %q: %v, want answers %v in conflict", tc.g, tc.answers, err, tc.answers3)
		}
	}
}
