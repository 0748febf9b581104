package large

import (
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestPlayFindsEverySecret plays random games of every size up to 100
// positions and 20 colours, with skewed colour weights as in TopCoder's
// generator, and checks each is found within 3000 guesses.
func TestPlayFindsEverySecret(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	worst := 0
	for range 200 {
		g := mastermind.Game{Positions: 1 + r.IntN(100), Colors: 2 + r.IntN(19)}
		weights := make([]float64, g.Colors)
		for i := range weights {
			weights[i] = r.Float64()
		}
		secret := make(mastermind.Code, g.Positions)
		for i := range secret {
			x := r.Float64() * sum(weights)
			c := 0
			for x > weights[c] && c < len(weights)-1 {
				x -= weights[c]
				c++
			}
			secret[i] = uint8(c)
		}
		guesses := 0
		found := false
		err := Play(g, func(guess mastermind.Code) (mastermind.Feedback, error) {
			if err := g.ValidCode(guess); err != nil {
				t.Fatalf("%v: invalid guess %v: %v", g, guess, err)
			}
			guesses++
			f := mastermind.Score(secret, guess)
			found = f.Black == g.Positions
			return f, nil
		})
		if err != nil || !found {
			t.Fatalf("%v, secret %v: %v after %d guesses (found %v)", g, secret, err, guesses, found)
		}
		worst = max(worst, guesses)
	}
	if worst > 3000 {
		t.Errorf("a game took %d guesses", worst)
	}
	t.Logf("worst %d guesses", worst)
}

func sum(w []float64) float64 {
	s := 0.0
	for _, x := range w {
		s += x
	}
	return s
}

func TestPlayDetectsContradictions(t *testing.T) {
	g := mastermind.Game{Positions: 20, Colors: 5}
	err := Play(g, func(mastermind.Code) (mastermind.Feedback, error) {
		return mastermind.Feedback{Black: 7}, nil // every colour seven times: 28 > 20
	})
	if err != ErrInconsistent {
		t.Errorf("Play on contradictory answers = %v, want ErrInconsistent", err)
	}
}
