// Package cerc is the consistency problem of CERC 2000 "The Game of
// Master-Mind": [Solve] gives the lexicographically smallest code consistent
// with every hint of a [Case], [Explain] the hints that contradict each
// other; cases are read by a [CaseReader] and written by [WriteCase], and
// [Generate] makes hard ones. The search itself is package consistent's.
package cerc

import (
	"context"
	"math/big"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// Cheating is the line the problem prints when no code fits the hints.
const Cheating = "You are cheating!"

// Solve returns the lexicographically smallest code consistent with every
// hint of the case, and false when there is none.
func Solve(k Case) (mastermind.Code, bool) {
	return consistent.Smallest(k.Positions, k.Colors, k.History)
}

// Explain returns the smallest set of hints found that contradict each
// other, or nil when some code fits them all; ctx's error if ctx ends first.
func Explain(ctx context.Context, k Case) (*mastermind.ConflictError, error) {
	turns, err := consistent.ConflictIn(ctx, k.Positions, k.Colors, k.History)
	if len(turns) == 0 || err != nil {
		return nil, err
	}
	return mastermind.NewConflict(k.History, turns), nil
}

// Count returns the number of codes consistent with every hint, and false
// when counting them would visit more than limit partial codes.
func Count(k Case, limit int) (*big.Int, bool) {
	return consistent.Count(k.Positions, k.Colors, k.History, limit)
}
