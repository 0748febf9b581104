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

// evalAnswer is the answer of /api/eval: the report of "mastermind eval",
// and the decision tree when asked for.
type evalAnswer struct {
	Strategy  string  `json:"strategy"`
	Secrets   int     `json:"secrets"`
	Total     int     `json:"total"`
	Average   float64 `json:"average"`
	Most      int     `json:"most"`
	Histogram []int   `json:"histogram"`
	// Tree is the whole decision tree as "mastermind optimal --out"
	// writes it ("json") or "mastermind tree --dot" ("dot").
	Tree string `json:"tree,omitempty"`
}

// evaluate answers POST /api/eval: the strategy played against every
// secret of the game (tree.Report), its decision tree written out when
// r.Tree asks.
func evaluate(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	strat, err := choose.Strategy(ctx, s, choose.Options{Strategy: r.Strategy})
	if err != nil {
		return nil, err
	}
	st, text, err := tree.Report(ctx, s, strat, r.Tree)
	if errors.Is(err, tree.ErrTooDeep) {
		return nil, mastermind.Invalid("strategy", "%s needs more than %d guesses for some secret of this game, more than the engine plays: use another strategy", r.Strategy, tree.MaxDepth)
	} else if err != nil {
		return nil, err
	}
	return evalAnswer{r.Strategy, st.Secrets, st.Total, st.Average(), st.Max, st.Histogram, text}, nil
}

// evaluable is serveable for /api/eval: games of up to evalCodes codes.
func evaluable(r *request) error {
	if n := r.Game.Count(); n > evalCodes {
		return mastermind.Invalid("game", "too large to evaluate in the API: %.0f codes, more than %d (\"mastermind eval\" evaluates any game)", n, evalCodes)
	}
	return serveable(r)
}
