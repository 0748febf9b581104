package tree

import (
	"context"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

// EvaluateProgress is Evaluate that reports its progress: it calls found
// once for each secret as the tree finds it, s.Len() times in all when it
// succeeds. found may be called from several goroutines at once and should
// return quickly.
//
// It watches the strategy's guesses rather than the building of the tree:
// a guess that is one of the codes still possible finds that secret, and
// each secret is found by exactly one guess of the tree.
func EvaluateProgress(ctx context.Context, s *mastermind.Space, strat strategy.Strategy, found func()) (Stats, error) {
	if found == nil {
		return Evaluate(ctx, s, strat)
	}
	return Evaluate(ctx, s, watched{strat, found})
}

// watched is a strategy that calls found when its guess is a candidate.
type watched struct {
	strategy.Strategy
	found func()
}

func (w watched) Next(st *strategy.State) int {
	guess := w.Strategy.Next(st)
	if _, ok := slices.BinarySearch(st.Candidates, int32(guess)); ok {
		w.found()
	}
	return guess
}
