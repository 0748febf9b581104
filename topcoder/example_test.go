package topcoder_test

import (
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/topcoder"
)

// A game of 10 positions and 4 colours holds 10·log2(4) = 20 bits; found
// in 5 guesses it scores 4.
func ExampleScore() {
	fmt.Println(topcoder.Score(mastermind.Game{Positions: 10, Colors: 4}, 5))
	// Output: 4
}
