package web

import (
	"context"
	"errors"
	"strings"

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
// secret of the game, and its decision tree written out when r.Tree asks.
func evaluate(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	strat, err := choose.Strategy(ctx, s, choose.Options{Strategy: r.Strategy})
	if err != nil {
		return nil, err
	}
	if r.Tree == "" {
		st, err := tree.Evaluate(ctx, s, strat)
		if err != nil {
			return nil, tooDeep(err, r.Strategy)
		}
		return evalAnswer{r.Strategy, st.Secrets, st.Total, st.Average(), st.Max, st.Histogram, ""}, nil
	}
	t, err := tree.Build(ctx, s, strat)
	if err != nil {
		return nil, tooDeep(err, r.Strategy)
	}
	var text strings.Builder
	if r.Tree == "dot" {
		err = t.WriteDOT(&text, 0)
	} else {
		err = t.WriteJSON(&text)
	}
	if err != nil {
		return nil, err
	}
	st := t.Stats()
	return evalAnswer{r.Strategy, st.Secrets, st.Total, st.Average(), st.Max, st.Histogram, text.String()}, nil
}

// evaluable is serveable for /api/eval: games of up to evalCodes codes.
func evaluable(r *request) error {
	if n := r.Game.Count(); n > evalCodes {
		return mastermind.Invalid("game", "too large to evaluate in the API: %.0f codes, more than %d (\"mastermind eval\" evaluates any game)", n, evalCodes)
	}
	return serveable(r)
}

// tooDeep returns err, or the refusal naming the field when err is the
// engine's limit of guesses (tree.ErrTooDeep): a request within the API's
// limits that the engine cannot serve.
func tooDeep(err error, strategy string) error {
	if errors.Is(err, tree.ErrTooDeep) {
		return mastermind.Invalid("strategy", "%s needs more than %d guesses for some secret of this game, more than the engine plays: use another strategy", strategy, tree.MaxDepth)
	}
	return err
}
