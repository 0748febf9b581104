package tree

import (
	"context"

	"github.com/mastermind-go/mastermind"
)

// EvaluateProgress is Evaluate that reports its progress: it calls found
// once for each secret as the tree finds it, s.Len() times in all when it
// succeeds. found may be called from several goroutines at once and should
// return quickly.
func EvaluateProgress(ctx context.Context, s *mastermind.Space, strat mastermind.Strategy, found func()) (Stats, error) {
	t, err := build(ctx, s, strat, false, found)
	if err != nil {
		return Stats{}, err
	}
	return t.Stats(), nil
}

// BuildProgress is Build that reports its progress, calling found once for
// each secret as the tree finds it, as EvaluateProgress does.
func BuildProgress(ctx context.Context, s *mastermind.Space, strat mastermind.Strategy, found func()) (*Tree, error) {
	return build(ctx, s, strat, true, found)
}
