package choose_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/strategy"
)

// TestStrategies checks the table of strategies against what Breaker
// plays: each name once, with words, played on classic; package
// strategy's own names among them; any other name refused with one
// message that lists them all.
func TestStrategies(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range choose.Strategies() {
		if s.Name == "" || s.Does == "" || seen[s.Name] {
			t.Errorf("row %+v: a name given twice or without words", s)
		}
		seen[s.Name] = true
		if err := choose.Check(s.Name); err != nil {
			t.Errorf("Check(%q) = %v", s.Name, err)
		}
		if _, err := choose.Breaker(context.Background(), mastermind.Classic(), choose.Options{Strategy: s.Name}); err != nil {
			t.Errorf("%s on classic: %v", s.Name, err)
		}
		if !strings.HasPrefix(s.Help(), s.Does) || !strings.Contains(s.Help(), s.Limits) {
			t.Errorf("%s: help %q leaves out what it does or its limits", s.Name, s.Help())
		}
	}
	for _, name := range strategy.Names() {
		if !seen[name] {
			t.Errorf("strategy.New makes %s, which the table leaves out", name)
		}
	}
	if !slices.Equal(choose.Names(), slices.Collect(func(yield func(string) bool) {
		for _, s := range choose.Strategies() {
			if !yield(s.Name) {
				return
			}
		}
	})) {
		t.Errorf("Names() = %v, not the table's order", choose.Names())
	}
	for _, bad := range []string{"best", "Entropy", " auto", "tree"} {
		err := choose.Check(bad)
		_, berr := choose.Breaker(context.Background(), mastermind.Classic(), choose.Options{Strategy: bad})
		var input *mastermind.InputError
		if !errors.As(err, &input) || berr == nil || berr.Error() != err.Error() {
			t.Errorf("Check(%q) = %v, Breaker: %v; want one InputError", bad, err, berr)
			continue
		}
		want := `strategy: unknown strategy "` + bad + `" (known: ` + strings.Join(choose.Names(), ", ") + ")"
		if err.Error() != want {
			t.Errorf("Check(%q) = %q, want %q", bad, err, want)
		}
	}
}
