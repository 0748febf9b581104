package tree

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/strategy"
)

func evaluate(t testing.TB, g mastermind.Game, strat string) (*Tree, Stats) {
	t.Helper()
	s, err := mastermind.NewSpace(g)
	if err != nil {
		t.Fatal(err)
	}
	st, err := strategy.New(strat, 1)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Build(context.Background(), s, st)
	if err != nil {
		t.Fatal(err)
	}
	return tr, tr.Stats()
}

// TestPublishedFigures checks the figures of published sources: Knuth
// (1976), Irving, Kooi (2005), Neuwirth, and the table of the Bulls and Cows
// report (a Chinese study of heuristics on 4 distinct digits).
func TestPublishedFigures(t *testing.T) {
	tests := []struct {
		game, strat string
		total, max  int
		histogram   []int // nil: not published
		avg, avgTol float64
	}{
		{"classic", "minimax", 5801, 5, []int{0, 1, 6, 62, 533, 694}, 0, 0},
		{"classic", "expected", 5696, 6, nil, 0, 0},
		{"classic", "parts", 5668, 6, nil, 0, 0},
		{"classic", "entropy", 5722, 6, nil, 0, 0},
		{"bulls", "expected", 26551, 7, []int{0, 1, 4, 59, 574, 2430, 1885, 87}, 0, 0},
		{"bulls", "parts", 26751, 8, nil, 0, 0},
		{"bulls", "minimax", 27139, 7, nil, 5.389, 0.01},
		{"bulls", "entropy", 26424, 8, nil, 0, 0},
	}
	for _, tt := range tests {
		preset, _ := mastermind.Preset(tt.game)
		_, st := evaluate(t, preset, tt.strat)
		if tt.total != 0 && st.Total != tt.total {
			t.Errorf("%s %s: total %d, want %d", tt.game, tt.strat, st.Total, tt.total)
		}
		if st.Max != tt.max {
			t.Errorf("%s %s: max %d, want %d", tt.game, tt.strat, st.Max, tt.max)
		}
		if tt.histogram != nil && !slices.Equal(st.Histogram, tt.histogram) {
			t.Errorf("%s %s: histogram %v, want %v", tt.game, tt.strat, st.Histogram, tt.histogram)
		}
		if tt.avgTol != 0 && math.Abs(st.Average()-tt.avg) > tt.avgTol {
			t.Errorf("%s %s: average %.4f, want %.3f ± %.2f", tt.game, tt.strat, st.Average(), tt.avg, tt.avgTol)
		}
	}
}

// TestTreePlaysEverySecret replays each secret down the tree and checks the
// properties every decision tree must have.
func TestTreePlaysEverySecret(t *testing.T) {
	games := []mastermind.Game{
		{Positions: 1, Colors: 2},
		{Positions: 3, Colors: 4},
		{Positions: 3, Colors: 6, Distinct: true},
		mastermind.Classic(),
	}
	for _, g := range games {
		for _, name := range strategy.Names() {
			tr, st := evaluate(t, g, name)
			s := tr.Space
			if st.Secrets != s.Len() || st.Histogram[0] != 0 {
				t.Fatalf("%v %s: %d secrets solved, want %d", g, name, st.Secrets, s.Len())
			}
			sum := 0
			for i, c := range st.Histogram {
				sum += i * c
			}
			if sum != st.Total {
				t.Errorf("%v %s: histogram sums to %d guesses, total says %d", g, name, sum, st.Total)
			}
			for secret := range s.Len() {
				var history []mastermind.Turn
				n := tr.Root
				for {
					f := s.Score(secret, n.Guess)
					if f.Black == g.Positions {
						break
					}
					history = append(history, mastermind.Turn{Guess: s.Code(n.Guess), Feedback: f})
					var next *Node
					for _, c := range n.Children {
						if c.Feedback == f {
							next = c.Node
						}
					}
					if next == nil {
						t.Fatalf("%v %s: secret %v: no child for answer %v", g, name, s.Code(secret), f)
					}
					n = next
				}
				if len(history)+1 > st.Max {
					t.Fatalf("%v %s: secret %v took %d guesses, more than max %d", g, name, s.Code(secret), len(history)+1, st.Max)
				}
				if n.Candidates != len(consistent.Candidates(s, history)) {
					t.Fatalf("%v %s: node after %v has %d candidates, want %d", g, name, history, n.Candidates, len(consistent.Candidates(s, history)))
				}
				if (name == "first" || name == "random") && !mastermind.Consistent(s.Code(n.Guess), history) {
					t.Fatalf("%v %s: guess %v is inconsistent with %v", g, name, s.Code(n.Guess), history)
				}
			}
		}
	}
}

func BenchmarkBuild(b *testing.B) {
	for _, game := range []string{"classic", "bulls", "super"} {
		preset, _ := mastermind.Preset(game)
		s, _ := mastermind.NewSpace(preset)
		for _, name := range []string{"minimax", "entropy"} {
			st, _ := strategy.New(name, 1)
			b.Run(game+"/"+name, func(b *testing.B) {
				for b.Loop() {
					if _, err := Build(context.Background(), s, st); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestEvaluateMatchesBuild checks that the figures without the tree are
// those of the tree.
func TestEvaluateMatchesBuild(t *testing.T) {
	for _, g := range []mastermind.Game{mastermind.Classic(), {Positions: 3, Colors: 6, Distinct: true}, {Positions: 1, Colors: 2}} {
		for _, name := range []string{"entropy", "first", "random"} {
			_, want := evaluate(t, g, name)
			s, _ := mastermind.NewSpace(g)
			st, _ := strategy.New(name, 1)
			got, err := Evaluate(context.Background(), s, st)
			if err != nil || got.Total != want.Total || got.Max != want.Max || got.Secrets != want.Secrets || !slices.Equal(got.Histogram, want.Histogram) {
				t.Errorf("%v %s: Evaluate = %+v, %v; Build's figures are %+v", g, name, got, err, want)
			}
		}
	}
}
