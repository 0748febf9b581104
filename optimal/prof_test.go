package optimal

import (
	"context"
	"fmt"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// BenchmarkClassic solves classic Mastermind (5625, Koyama and Lai 1993).
func BenchmarkClassic(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	for b.Loop() {
		if _, err := Solve(context.Background(), s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFourSeven solves 4 positions of 7 colours (11228 guesses in all,
// Ville 2013): seconds an iteration.
func BenchmarkFourSeven(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 7})
	for b.Loop() {
		if _, err := Solve(context.Background(), s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFourNine solves 4 positions of 9 colours (6561 codes): the
// largest game of four positions with repeats the table of optima holds.
// Run it with -benchtime 1x.
func BenchmarkFourNine(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 9})
	for b.Loop() {
		if _, err := Solve(context.Background(), s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFourEight solves 4 positions of 8 colours (20471, 4096 codes).
func BenchmarkFourEight(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 8})
	for b.Loop() {
		if _, err := Solve(context.Background(), s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWork counts the sets a search looks at (solver calls past the
// trivial sets, "calls") on one worker and on two (goroutines sharing the
// parts of large sets, whatever GOMAXPROCS): the work of the search,
// apart from the machine's speed. Two workers' counts vary from run to
// run with the order the parts finish in. Run it with -benchtime 1x.
func BenchmarkWork(b *testing.B) {
	for _, game := range []struct {
		name string
		game mastermind.Game
	}{
		{"4x7", mastermind.Game{Positions: 4, Colors: 7}},
		{"4x8", mastermind.Game{Positions: 4, Colors: 8}},
		{"bulls", mastermind.Bulls()},
	} {
		s, _ := mastermind.NewSpace(game.game)
		for _, workers := range []int32{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", game.name, workers), func(b *testing.B) {
				var calls, sets int64
				for b.Loop() {
					sv, err := start(context.Background(), s, Options{})
					if err != nil {
						b.Fatal(err)
					}
					sv.workers = newWorkers(int(workers))
					if _, err := (treeSearch{sv}).run(Options{}); err != nil {
						b.Fatal(err)
					}
					calls += sv.calls.Load()
					sets += int64(sv.memo.len())
				}
				b.ReportMetric(float64(calls)/float64(b.N), "calls/op")
				b.ReportMetric(float64(sets)/float64(b.N), "sets/op")
			})
		}
	}
}
