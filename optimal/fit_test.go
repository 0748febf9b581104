package optimal

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// TestFitMatchesBruteForce fits trees of small games to every depth and
// checks each against the definition: it needs no more guesses than asked,
// finds every secret, costs no less than the best total within that depth
// (brute force), and exists exactly when one does. The trees are the
// optimal ones, and first-consistent's, whose guesses often do not fit.
// The sets whose guess does not fit are searched, as in these games by
// default, or above 3 candidates (fitExact) given the guesses in order of
// bound, as in large games.
func TestFitMatchesBruteForce(t *testing.T) {
	defer func(n int) { fitExact = n }(fitExact)
	for _, fitExact = range []int{fitExact, 3} {
		t.Run(fmt.Sprintf("fitExact=%d", fitExact), fitMatchesBruteForce)
	}
}

func fitMatchesBruteForce(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 3, Colors: 3}, {Positions: 2, Colors: 6}, {Positions: 4, Colors: 3},
		{Positions: 3, Colors: 5, Distinct: true}, {Positions: 5, Colors: 2},
	} {
		if !testkit.LongLane && g.Count() > 64 { // 4x3 (81 codes): the long lane
			continue
		}
		s, _ := mastermind.NewSpace(g)
		opt := solve(t, g, 0)
		first, err := tree.Build(context.Background(), s, strategy.First{})
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]int{}
		for _, from := range []*tree.Tree{opt, first} {
			name := "optimal"
			if from == first {
				name = "first-consistent"
			}
			for depth := from.Stats().Max + 1; depth >= 1; depth-- {
				want := bruteForce(s, consistent.All(s), depth, memo)
				fitted, err := Fit(context.Background(), from, Options{MaxDepth: depth})
				if want >= 1<<30 {
					if !errors.Is(err, ErrInfeasible) {
						t.Errorf("%v, %s within %d: %v; want ErrInfeasible (no strategy fits)", g, name, depth, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%v, %s within %d: %v", g, name, depth, err)
				}
				st := fitted.Stats()
				if got := replay(t, s, fitted); got != st.Total || st.Max > depth || st.Total < want {
					t.Errorf("%v, %s within %d: replayed %d (tree says %d, max %d); want max <= %d and total >= %d", g, name, depth, got, st.Total, st.Max, depth, want)
				}
				if depth >= from.Stats().Max && st.Total != from.Stats().Total {
					t.Errorf("%v, %s within %d: total %d; the tree (%d) already fits", g, name, depth, st.Total, from.Stats().Total)
				}
			}
		}
	}
}

// TestFitClassic fits the classic optimum (5625, at most 6 guesses) to 5
// guesses: Koyama and Lai's best within 5 is 5626; none fits within 4.
func TestFitClassic(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
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

// TestFitBulls fits the Bulls and Cows optimum (26274, at most 7 guesses):
// no strategy finds every secret within 6 (Tanaka, "An optimal MOO
// strategy", 1996: 7 are needed), which the search for any strategy
// proves in seconds; within 7 it is the optimum itself.
func TestFitBulls(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Bulls())
	opt := readTreeGz(t, "optima/4of10.json.gz", s)
	if _, err := Fit(context.Background(), opt, Options{MaxDepth: 6}); !errors.Is(err, ErrInfeasible) {
		t.Errorf("bulls within 6: %v; want ErrInfeasible", err)
	}
	fitted, err := Fit(context.Background(), opt, Options{MaxDepth: 7})
	if err != nil || fitted.Stats().Total != 26274 {
		t.Errorf("bulls within 7: %v, %v; want the optimum, 26274", fitted, err)
	}
}
