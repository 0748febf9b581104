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
	{"bulls-entropy", mastermind.Bulls(), "entropy"},
	{"bulls-parts", mastermind.Bulls(), "parts"},
	{"bulls-minimax", mastermind.Bulls(), "minimax"},
	{"bulls-expected", mastermind.Bulls(), "expected"},
	{"super-entropy", mastermind.Super(), "entropy"},
	{"super-parts", mastermind.Super(), "parts"},
	{"super-minimax", mastermind.Super(), "minimax"},
	{"super-expected", mastermind.Super(), "expected"},
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

// BenchmarkEvalRules times Evaluate, the work of mastermind eval, for each
// heuristic under each answer rule on classic, bulls and super: the table
// "Under the answer rules" of docs/performance.md, whose goal is every
// rule within 2x of black-white. Select rows with -bench, as
// -bench 'EvalRules/super/parts'.
func BenchmarkEvalRules(b *testing.B) {
	for _, game := range []string{"classic", "bulls", "super"} {
		g, err := mastermind.Preset(game)
		if err != nil {
			b.Fatal(err)
		}
		for _, strat := range strategy.Heuristics() {
			for _, r := range mastermind.Rules() {
				b.Run(game+"/"+strat+"/"+r.String(), func(b *testing.B) {
					g := g
					g.Rule = r
					s, err := mastermind.NewSpace(g)
					if err != nil {
						b.Fatal(err)
					}
					st, err := strategy.New(strat, 1)
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
	}
}
