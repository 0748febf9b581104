package optimal

import (
	"context"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

func BenchmarkClassic(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Presets["classic"])
	for b.Loop() {
		if _, err := Solve(context.Background(), s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFourSeven(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 7})
	for b.Loop() {
		if _, err := Solve(context.Background(), s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBullsPartial(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Presets["bulls"])
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
		Solve(ctx, s, Options{})
		cancel()
	}
}
