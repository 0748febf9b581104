package tree

import (
	"context"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

// evalRows are the rows of the comparison with mmstrat in the README's
// performance section: each heuristic on Bulls and Cows and on Super
// Mastermind, and entropy on 6 positions of 6 colours.
var evalRows = []struct {
	name     string
	game     mastermind.Game
	strategy string
}{
	{"bulls-entropy", mastermind.Presets()["bulls"], "entropy"},
	{"bulls-parts", mastermind.Presets()["bulls"], "parts"},
	{"bulls-minimax", mastermind.Presets()["bulls"], "minimax"},
	{"bulls-expected", mastermind.Presets()["bulls"], "expected"},
	{"super-entropy", mastermind.Presets()["super"], "entropy"},
	{"super-parts", mastermind.Presets()["super"], "parts"},
	{"super-minimax", mastermind.Presets()["super"], "minimax"},
	{"super-expected", mastermind.Presets()["super"], "expected"},
	{"6x6-entropy", mastermind.Game{Positions: 6, Colors: 6}, "entropy"},
}

// BenchmarkEval times Evaluate, the work of mastermind eval, per row of the
// README's comparison with mmstrat.
func BenchmarkEval(b *testing.B) {
	for _, row := range evalRows {
		b.Run(row.name, func(b *testing.B) {
			s, err := mastermind.NewSpace(row.game)
			if err != nil {
				b.Fatal(err)
			}
			st, err := strategy.New(row.strategy, 1)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := Evaluate(context.Background(), s, st); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
