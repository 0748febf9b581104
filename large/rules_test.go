package large_test

import (
	"bufio"
	"bytes"
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
	"github.com/mastermind-go/mastermind/large"
	"github.com/mastermind-go/mastermind/protocol"
)

// answerLine writes the answer of secret to guess under g's rule, scored
// by testkit's reference scorers and written by hand, apart from the
// engine's scoring and writers.
func answerLine(g mastermind.Game, secret, guess mastermind.Code) string {
	switch g.Rule {
	case mastermind.BlackOnly:
		return strconv.Itoa(testkit.Blacks(secret, guess))
	case mastermind.Slots:
		return testkit.Marks(secret, guess)
	}
	b, w := testkit.Score(secret, guess)
	return fmt.Sprintf("%d %d", b, w)
}

// breakJudged plays the break protocol (protocol.Break, what mastermind
// break runs) with the breaker choose picks for g and o, against a judge
// that reads each guess line, checks that it is a code of g, and answers
// for secret, or with answers[n] for the n-th guess (1-based) where given.
// It returns the guesses asked and Break's error.
func breakJudged(t *testing.T, g mastermind.Game, o choose.Options, secret mastermind.Code, answers map[int]string) (int, error) {
	t.Helper()
	b, err := choose.Breaker(context.Background(), g, o)
	if err != nil {
		return 0, err
	}
	guessR, guessW := io.Pipe()
	answerR, answerW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := protocol.Break(context.Background(), answerR, guessW, b)
		guessW.Close()
		done <- err
	}()
	n := 0
	lines := bufio.NewScanner(guessR)
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		n++
		var guess mastermind.Code
		for _, f := range strings.Fields(lines.Text()) {
			c, err := strconv.Atoi(f)
			if err != nil || c < 0 || c >= g.Colors || g.Distinct && slices.Contains(guess, uint8(c)) {
				t.Fatalf("%v: guess %d %q is no code of the game", g, n, lines.Text())
			}
			guess = append(guess, uint8(c))
		}
		if len(guess) != g.Positions {
			t.Fatalf("%v: guess %d %q has %d colours", g, n, lines.Text(), len(guess))
		}
		a, ok := answers[n]
		if !ok {
			a = answerLine(g, secret, guess)
		}
		if n > mastermindMaxGuesses {
			t.Fatalf("%v: more than %d guesses", g, mastermindMaxGuesses)
		}
		go io.WriteString(answerW, a+"\n")
	}
	answerW.Close()
	return n, <-done
}

const mastermindMaxGuesses = 3000

// TestRulesFoundThroughBreak plays games too large to enumerate under the
// rules slots and black through the break protocol, against a judge that
// scores with its own code: every secret found (Break ends without an
// error only on the winning answer), every guess a code of the game; it
// logs the mean guesses.
func TestRulesFoundThroughBreak(t *testing.T) {
	consistent := choose.Options{Strategy: "consistent"}
	cases := []struct {
		game    string
		o       choose.Options
		secrets int
	}{
		{"20x10-slots", choose.Options{}, 10},
		{"100x20-slots", choose.Options{}, 5},
		{"100x20-slots", consistent, 2},
		{"12of20-slots", choose.Options{}, 10},
		{"20of20-slots", choose.Options{}, 3},
		{"11x2-slots", choose.Options{}, 5},
		{"20x10-black", choose.Options{}, 1},
		{"12of20-black", choose.Options{}, 2},
	}
	if testkit.LongLane {
		cases = append(cases, []struct {
			game    string
			o       choose.Options
			secrets int
		}{
			{"100of100-slots", choose.Options{}, 3},
			{"20x10-black", consistent, 10},
			{"20x2-black", choose.Options{}, 5},
			{"20x3-black", choose.Options{}, 5},
			{"21x10-black", choose.Options{}, 3},
			{"30x20-black", consistent, 2},
			{"20of20-black", choose.Options{}, 5},
			{"30of40-black", choose.Options{}, 2},
		}...)
	}
	r := rand.New(rand.NewPCG(70, 70))
	for _, tc := range cases {
		g, err := mastermind.ParseGame(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for seed := range uint64(tc.secrets) {
			secret := g.Random(r)
			if seed == 1 && !g.Distinct { // a code of one colour
				secret = slices.Repeat(mastermind.Code{uint8(g.Colors - 1)}, g.Positions)
			}
			o := tc.o
			o.Seed = seed
			n, err := breakJudged(t, g, o, secret, nil)
			if err != nil {
				t.Fatalf("%s %s, secret %v: %v after %d guesses", tc.game, o.Strategy, secret, err, n)
			}
			total += n
		}
		t.Logf("%s %s: %d secrets found in %.1f guesses on average", tc.game, tc.o.Strategy, tc.secrets, float64(total)/float64(tc.secrets))
	}
}

// TestSlotsBadAnswers checks answers under slots in games too large to
// enumerate that no code gives: malformed or impossible in any game (the
// wrong number of marks, N-1 G and one Y) are input errors (exit status
// 2); marks that no code gives to their guess (a Y right of a . of its
// colour) are a conflict of that one answer; answers that contradict each
// other a conflict naming the smallest set.
func TestSlotsBadAnswers(t *testing.T) {
	g := mastermind.Game{Positions: 20, Colors: 10, Rule: mastermind.Slots}
	secret := mastermind.Code(slices.Repeat([]uint8{4}, 20))
	var ie *mastermind.InputError
	for _, bad := range []string{"GGG", strings.Repeat("G", 19) + "Y", strings.Repeat("G", 19) + "x", strings.Repeat(".", 21)} {
		if n, err := breakJudged(t, g, choose.Options{}, secret, map[int]string{2: bad}); !errors.As(err, &ie) || n != 2 {
			t.Errorf("answer %q to guess 2: %v after %d guesses, want an input error after 2", bad, err, n)
		}
	}
	// Guess 1 of seed 0, whatever it is, answered with a Y right of a .
	// of its colour: the first two positions of the guess's most frequent
	// colour marked . then Y.
	b, err := choose.Breaker(context.Background(), g, choose.Options{})
	if err != nil {
		t.Fatal(err)
	}
	first, err := b.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	marks := []byte(strings.Repeat(".", 20))
	var at []int
	for i, c := range first {
		if c == first[0] {
			at = append(at, i)
		}
	}
	if len(at) < 2 {
		t.Skipf("guess %v repeats no colour of its first position", first)
	}
	marks[at[1]] = 'Y'
	_, err = breakJudged(t, g, choose.Options{}, secret, map[int]string{1: string(marks)})
	var c *mastermind.ConflictError
	if !errors.As(err, &c) || !slices.Equal(c.Answers, []int{1}) {
		t.Errorf("marks %s to guess %v: %v, want a conflict of answer 1", marks, first, err)
	}
	// Answer 2 says no position is the colour the secret has everywhere,
	// while answer 1 put it where guess 1 has it (a G, which guess 2
	// keeps): answers 1 and 2 conflict.
	if !slices.Contains(first, secret[0]) {
		t.Fatalf("guess 1 %v lacks colour %d: choose another secret", first, secret[0])
	}
	_, err = breakJudged(t, g, choose.Options{}, secret, map[int]string{2: strings.Repeat(".", 20)})
	if !errors.As(err, &c) || !slices.Equal(c.Answers, []int{1, 2}) {
		t.Errorf("a wrong answer 2: %v, want a conflict of answers 1 and 2", err)
	}
}

// TestAutoBlackScheme checks the choice of auto under black with repeats
// (choose.Breaker, as every front end gets it): up to
// large.AutoBlackSearch positions of 3 colours or more its guesses are
// codes that could be the secret (each fits every answer so far, by the
// reference scorer); beyond, or with 2 colours, it asks each colour's
// count first (the codes of one colour, 0 then 1). Before auto searched,
// it asked the counts at every size.
func TestAutoBlackScheme(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 71))
	for _, g := range []mastermind.Game{{Positions: 7, Colors: 10}, {Positions: large.AutoBlackSearch, Colors: 10}, {Positions: large.AutoBlackSearch, Colors: 3},
		{Positions: large.AutoBlackSearch + 1, Colors: 10}, {Positions: large.AutoBlackSearch, Colors: 2}} {
		g.Rule = mastermind.BlackOnly
		n := g.Positions
		b, err := choose.Breaker(context.Background(), g, choose.Options{})
		if err != nil {
			t.Fatal(err)
		}
		secret := g.Random(r)
		for turn := range 3 {
			guess, err := b.Next(context.Background())
			if err != nil {
				t.Fatalf("%s: guess %d: %v", g.Name(), turn+1, err)
			}
			consistent := true
			for _, h := range b.History() {
				consistent = consistent && testkit.Blacks(guess, h.Guess) == h.Feedback.Black
			}
			// A question: the code of colour turn alone, or (2 colours) of
			// colour 0 but at one position.
			mono := string(guess) == string(slices.Repeat(mastermind.Code{uint8(turn)}, n))
			question := mono || g.Colors == 2 && turn > 0 && n-bytes.Count(guess, []byte{0}) == 1
			if search := n <= large.AutoBlackSearch && g.Colors > 2; search && (!consistent || turn > 0 && mono) || !search && !question {
				t.Fatalf("%s: guess %d %v (fits the answers: %v), want %s", g.Name(), turn+1, guess, consistent,
					map[bool]string{true: "a code that could be the secret", false: "a question of a colour's count or a position's colour"}[search])
			}
			if err := b.Record(guess, mastermind.Feedback{Black: testkit.Blacks(secret, guess)}); err != nil {
				t.Fatal(err)
			}
		}
	}
}
