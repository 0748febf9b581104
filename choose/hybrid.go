package choose

import (
	"context"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/strategy"
)

// HybridOptions are what Hybrid builds: entropy while more than Below codes
// are possible, optimal strategies from there (see optimal.Hybrid).
type HybridOptions struct {
	Below  int             // the most codes the exact searches take
	Tries  int             // the guesses tried at each set above Below (0 or 1: entropy's)
	First  mastermind.Code // the first guess, nil for entropy's
	Memory int64           // the exact searches' memory, 0 for no bound
	// Solved, if not nil, is the checkpoint of a stopped search of the
	// game: the sets it solved are played optimally too. SolvedName names
	// it in the strategy's name.
	Solved     *optimal.Checkpoint
	SolvedName string
}

// Hybrid returns the strategy of o for the space, named as it plays: the
// one place where a hybrid of entropy and the exact search is built.
func Hybrid(ctx context.Context, s *mastermind.Space, o HybridOptions) (mastermind.Strategy, error) {
	h, err := optimal.NewHybrid(ctx, s, strategy.Heuristic{Measure: strategy.Entropy}, o.Below)
	if err != nil {
		return nil, err
	}
	h.Tries = o.Tries
	h.SetMemory(o.Memory)
	name := h.Name()
	if o.Solved != nil {
		if err := h.Resume(o.Solved); err != nil {
			return nil, err
		}
		name += ", and the sets solved in " + o.SolvedName
	}
	var strat mastermind.Strategy = h
	if o.First != nil {
		strat = strategy.Opening{Strategy: h, First: o.First}
		name += ", first " + o.First.Compact(s.Game().Colors)
	}
	return renamed{strat, name}, nil
}

// renamed gives a strategy another name.
type renamed struct {
	mastermind.Strategy
	name string
}

func (n renamed) Name() string { return n.name }
