package strategy_test

import (
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/strategy"
)

// Knuth's first two guesses: 1122, then 1344 after one black peg (colours
// counted from 0 here).
func ExampleHeuristic() {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	minimax := strategy.Heuristic{Measure: strategy.Minimax}
	st := &mastermind.State{Space: s, Candidates: consistent.All(s)}
	first := s.Code(minimax.Next(st))
	turn := mastermind.Turn{Guess: first, Feedback: mastermind.Feedback{Black: 1, White: 0}}
	st.History = append(st.History, turn)
	st.Candidates = consistent.Narrow(s, st.Candidates, turn)
	fmt.Println(first, "then", s.Code(minimax.Next(st)))
	// Output: 0 0 1 1 then 0 2 3 3
}
