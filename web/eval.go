package web

import (
	"context"
	"errors"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/tree"
)

// evalCodes is the largest game /api/eval evaluates: the strategy plays
// every secret (the command line's "mastermind eval" takes any game).
const evalCodes = smallCodes

// evaluate answers POST /api/eval: the strategy's name and its
// tree.Evaluation, the strategy played against every secret of the game,
// its decision tree written out when r.Tree asks.
func (a *API) evaluate(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	strat, err := choose.Strategy(ctx, s, choose.Options{Strategy: r.Strategy, Trees: a.trees})
	if err != nil {
		return nil, err
	}
	e, err := tree.Report(ctx, s, strat, r.Tree)
	if errors.Is(err, tree.ErrTooDeep) {
		return nil, mastermind.Invalid("strategy", "%s needs more than %d guesses for some secret of this game, more than the engine plays: use another strategy", r.Strategy, tree.MaxDepth)
	} else if err != nil {
		return nil, err
	}
	return struct {
		Strategy string `json:"strategy"`
		tree.Evaluation
	}{r.Strategy, e}, nil
}

// evaluable is serveable for /api/eval: games of up to evalCodes codes.
func evaluable(r *request) error {
	if n := r.Game.Count(); n > evalCodes {
		return mastermind.Invalid("game", "too large to evaluate in the API: %.0f codes, more than %d (\"mastermind eval\" evaluates any game)", n, evalCodes)
	}
	return serveable(r)
}
