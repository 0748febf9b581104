package choose_test

import (
	"context"
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
)

// A breaker plays a game of classic Mastermind to the end: each guess gets
// the answer of the secret, until all four pegs are black.
func ExampleBreaker() {
	ctx := context.Background()
	classic, _ := mastermind.Preset("classic")
	secret, _ := classic.ParseCode("3512")
	b, err := choose.Breaker(ctx, classic, choose.Options{Strategy: "auto"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for {
		guess, err := b.Next(ctx)
		if err != nil {
			fmt.Println(err) // a *mastermind.ConflictError if the answers contradict each other
			return
		}
		f := mastermind.Score(secret, guess)
		fmt.Printf("%v codes possible, guess %v: %v\n", b.Remaining(), guess.Compact(classic.Colors), f)
		if f.Black == classic.Positions {
			break
		}
		if err := b.Record(guess, f); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("found in", len(b.History())+1, "guesses")
	// Output:
	// 1296 codes possible, guess 0012: 2 0
	// 105 codes possible, guess 0134: 0 2
	// 23 codes possible, guess 2315: 1 3
	// 1 codes possible, guess 3512: 4 0
	// found in 4 guesses
}
