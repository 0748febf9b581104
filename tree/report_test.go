package tree_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// Report on classic with minimax has Knuth's (1976) figures, 5801 guesses
// for 1296 secrets, at most 5, whatever the form; the tree it writes in
// JSON reads back with them, and in DOT is a graph.
func TestReport(t *testing.T) {
	ctx := context.Background()
	s, _ := mastermind.NewSpace(mastermind.Classic())
	knuth := strategy.Heuristic{Measure: strategy.Minimax}
	for _, form := range []string{"", "json", "dot"} {
		st, err := tree.Report(ctx, s, knuth, form)
		text := st.Tree
		if err != nil || st.Secrets != 1296 || st.Total != 5801 || st.Most != 5 || st.Average != 5801.0/1296 {
			t.Errorf("Report(classic, minimax, %q): %+v, %v; want Knuth's 1296 secrets, 5801 guesses, at most 5", form, st, err)
		}
		switch form {
		case "":
			if text != "" {
				t.Errorf("Report with no form wrote %.40q", text)
			}
		case "json":
			tr, err := tree.ReadJSON(strings.NewReader(text), s)
			if err != nil || tr.Stats().Total != 5801 {
				t.Errorf("the JSON tree read back: %v", err)
			}
		case "dot":
			if !strings.HasPrefix(text, "digraph") {
				t.Errorf("the DOT tree begins %.40q", text)
			}
		}
	}
	if _, err := tree.Report(ctx, s, knuth, "svg"); err == nil {
		t.Error("Report in form svg: no error")
	}
}
