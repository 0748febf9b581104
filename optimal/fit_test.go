package optimal

import (
	"context"
	"errors"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// TestFitMatchesBruteForce fits optimal trees of small games to every
// depth and checks each against the definition: it needs no more guesses
// than asked, finds every secret, costs no less than the best total within
// that depth (brute force), and exists exactly when one does.
func TestFitMatchesBruteForce(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 3, Colors: 3}, {Positions: 2, Colors: 6}, {Positions: 4, Colors: 3},
		{Positions: 3, Colors: 5, Distinct: true}, {Positions: 5, Colors: 2},
	} {
		s, _ := mastermind.NewSpace(g)
		opt := solve(t, g, 0)
		memo := map[string]int{}
		for depth := opt.Stats().Max + 1; depth >= 1; depth-- {
			want := bruteForce(s, consistent.All(s), depth, memo)
			fitted, err := Fit(context.Background(), opt, Options{MaxDepth: depth})
			if want >= 1<<30 {
				if !errors.Is(err, ErrInfeasible) {
					t.Errorf("%v within %d: %v; want ErrInfeasible (no strategy fits)", g, depth, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%v within %d: %v", g, depth, err)
			}
			st := fitted.Stats()
			if got := replay(t, s, fitted); got != st.Total || st.Max > depth || st.Total < want {
				t.Errorf("%v within %d: replayed %d (tree says %d, max %d); want max <= %d and total >= %d", g, depth, got, st.Total, st.Max, depth, want)
			}
			if depth >= opt.Stats().Max && st.Total != opt.Stats().Total {
				t.Errorf("%v within %d: total %d; the optimal tree (%d) already fits", g, depth, st.Total, opt.Stats().Total)
			}
		}
	}
}

// TestFitClassic fits the classic optimum (5625, at most 6 guesses) to 5
// guesses: Koyama and Lai's best within 5 is 5626; none fits within 4.
func TestFitClassic(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Presets()["classic"])
	opt, _ := Known(s)
	fitted, err := Fit(context.Background(), opt, Options{MaxDepth: 5})
	if err != nil {
		t.Fatal(err)
	}
	if st := fitted.Stats(); st.Max > 5 || st.Total < 5626 || replay(t, s, fitted) != st.Total {
		t.Errorf("classic within 5: total %d, max %d; want at least 5626 within 5", st.Total, st.Max)
	}
	if _, err := Fit(context.Background(), opt, Options{MaxDepth: 4}); !errors.Is(err, ErrInfeasible) {
		t.Errorf("classic within 4: %v; want ErrInfeasible", err)
	}
}
