package tree

import (
	"context"
	"fmt"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// Report plays strat against every secret of s: its figures and, when form
// is "json" or "dot", its whole decision tree written so (WriteJSON,
// WriteDOT); form "" writes none, and costs no tree. A strategy that needs
// more than MaxDepth guesses for a secret is an error wrapping ErrTooDeep.
func Report(ctx context.Context, s *mastermind.Space, strat mastermind.Strategy, form string) (Stats, string, error) {
	if form == "" {
		st, err := Evaluate(ctx, s, strat)
		return st, "", err
	}
	t, err := Build(ctx, s, strat)
	if err != nil {
		return Stats{}, "", err
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
	return t.Stats(), text.String(), err
}
