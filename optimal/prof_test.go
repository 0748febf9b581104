package optimal

import (
	"context"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// BenchmarkClassic solves classic Mastermind (5625, Koyama and Lai 1993).
func BenchmarkClassic(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Presets()["classic"])
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
