package tree

import (
	"context"
	"fmt"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// An Evaluation is what Report finds: a strategy's figures against every
// secret of a game (its Stats and their average), and its decision tree
// written when asked. In JSON it is the web API's answer of /api/eval (with
// the strategy's name).
type Evaluation struct {
	Secrets   int     `json:"secrets"`
	Total     int     `json:"total"`
	Average   float64 `json:"average"`
	Most      int     `json:"most"`
	Histogram []int   `json:"histogram"`
	// Tree is the whole decision tree as WriteJSON ("json") or WriteDOT
	// ("dot") writes it, "" when not asked.
	Tree string `json:"tree,omitempty"`
}

// Report plays strat against every secret of s: its figures and, when form
// is "json" or "dot", its whole decision tree written so (WriteJSON,
// WriteDOT); form "" writes none, and costs no tree. A strategy that needs
// more than MaxDepth guesses for a secret is an error wrapping ErrTooDeep.
func Report(ctx context.Context, s *mastermind.Space, strat mastermind.Strategy, form string) (Evaluation, error) {
	if form == "" {
		st, err := Evaluate(ctx, s, strat)
		return evaluation(st, ""), err
	}
	t, err := Build(ctx, s, strat)
	if err != nil {
		return Evaluation{}, err
	}
	var text strings.Builder
	switch form {
	case "json":
		err = t.WriteJSON(&text)
	case "dot":
		err = t.WriteDOT(&text, 0)
	default:
		err = fmt.Errorf("tree.Report writes json or dot, not %q", form)
	}
	return evaluation(t.Stats(), text.String()), err
}

// evaluation returns the evaluation of st, with the tree written as text.
func evaluation(st Stats, text string) Evaluation {
	return Evaluation{st.Secrets, st.Total, st.Average(), st.Max, st.Histogram, text}
}
