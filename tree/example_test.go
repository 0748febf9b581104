package tree_test

import (
	"context"
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// Knuth's minimax strategy on classic Mastermind.
func ExampleBuild() {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	t, _ := tree.Build(context.Background(), s, strategy.Heuristic{Measure: strategy.Minimax})
	st := t.Stats()
	fmt.Println(s.Code(t.Root.Guess), st.Total, st.Max, st.Histogram)
	// Output: 0 0 1 1 5801 5 [0 1 6 62 533 694]
}
