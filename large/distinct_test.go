package large

import (
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// score is the definition of black and white, apart from the engine.
var score = testkit.Feedback[mastermind.Feedback, mastermind.Code]

// playChecked plays game g against secret and checks every guess is a code
// of the game; it returns the guesses, and how many were not consistent
// with the answers before them, and how many were probes.
func playChecked(t testing.TB, g mastermind.Game, secret mastermind.Code, seed uint64) (guesses, inconsistent, probes int) {
	t.Helper()
	var history []mastermind.Turn
	found := false
	p := newPlayer(g, Options{Seed: seed, Clock: cputime.Process}, func(guess mastermind.Code) (mastermind.Feedback, error) {
		if err := g.ValidCode(guess); err != nil {
			t.Fatalf("%v: guess %d %v: %v", g, len(history)+1, guess, err)
		}
		for _, h := range history {
			if score(guess, h.Guess) != h.Feedback {
				inconsistent++
				break
			}
		}
		f := score(secret, guess)
		history = append(history, mastermind.Turn{Guess: guess, Feedback: f})
		found = f.Black == g.Positions
		return f, nil
	})
	if err := p.play(); err != nil || !found {
		t.Fatalf("%v, secret %v: %v after %d guesses (found %v)", g, secret, err, len(history), found)
	}
	return len(history), inconsistent, p.probes
}

// TestPlayDistinct plays games of distinct colours far too large to
// enumerate and checks each is found within the limits, with guesses of
// distinct colours.
func TestPlayDistinct(t *testing.T) {
	sizes := []mastermind.Game{{Positions: 12, Colors: 40}, {Positions: 20, Colors: 20}, {Positions: 40, Colors: 60}, {Positions: 60, Colors: 100}}
	if !testkit.LongLane {
		sizes = sizes[:2]
	}
	r := rand.New(rand.NewPCG(5, 5))
	for i, g := range sizes {
		g.Distinct = true
		secret := g.Random(r)
		start := cputime.Process()
		n, bad, _ := playChecked(t, g, secret, uint64(i))
		t.Logf("%v: %d guesses (%d not consistent), %.1f s CPU", g, n, bad, (cputime.Process() - start).Seconds())
	}
}

// TestBoardLearnsColours answers random guesses of 60 of 100 distinct and
// checks, after each, that the bounds the board puts on the colours'
// presence hold for the secret, and that the colour set fitSet finds has
// 60 colours, the solved one among them, and, while the answers are few
// (random guesses tell much less than the play's), fits every answer: each
// guess has as many of its colours as the answer's blacks plus whites.
func TestBoardLearnsColours(t *testing.T) {
	g := mastermind.Game{Positions: 60, Colors: 100, Distinct: true}
	r := rand.New(rand.NewPCG(7, 7))
	secret := g.Random(r)
	p := newPlayer(g, Options{Seed: 1}, nil)
	b := p.newBoard()
	b.solve(3, int(secret[3]))
	has := make([]int, g.Colors)
	for _, c := range secret {
		has[c] = 1
	}
	for turn := range 30 {
		guess := g.Random(r)
		p.history = append(p.history, mastermind.Turn{Guess: guess, Feedback: score(secret, guess)})
		b.learn(g, p.history)
		for c, n := range has {
			if n < b.lo[c] || n > b.hi[c] {
				t.Fatalf("after %d answers colour %d is bounded %d..%d, yet the secret has it %d times", turn+1, c, b.lo[c], b.hi[c], n)
			}
		}
		p.fitSet(b)
		n := 0
		for _, k := range b.set {
			n += k
		}
		if n != g.Positions || b.set[secret[3]] != 1 {
			t.Fatalf("after %d answers the set has %d colours (the solved one %d times)", turn+1, n, b.set[secret[3]])
		}
		for j, h := range p.history {
			n := 0
			for _, c := range h.Guess {
				n += b.set[c]
			}
			if n != h.Feedback.Black+h.Feedback.White && turn < 8 {
				t.Errorf("after %d answers: guess %d has %d colours of the set, answer %v", turn+1, j+1, n, h.Feedback)
			}
		}
	}
}
