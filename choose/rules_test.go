package choose

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestRulesRefused checks what is refused under the rules black and slots,
// as input errors that say why: optimal where no tree is shipped, games
// too large to enumerate under slots, or black with distinct colours, or
// played by consistent under black (package large asks probes), slots
// games of more than 10 positions; and that auto plays the others.
func TestRulesRefused(t *testing.T) {
	for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
		classic := mastermind.Classic()
		classic.Rule = rule
		for _, tc := range []struct {
			g    mastermind.Game
			o    Options
			want string
		}{
			{mastermind.Game{Positions: 3, Colors: 11, Rule: rule}, Options{Strategy: "optimal"}, "no optimal tree is shipped for 3x11-" + rule.String()},
			{mastermind.Game{Positions: 20, Colors: 10, Rule: mastermind.Slots}, Options{}, "not 20x10-slots"},
			{mastermind.Game{Positions: 8, Colors: 8, Rule: mastermind.Slots}, Options{}, "not 8x8-slots"},
			{mastermind.Game{Positions: 9, Colors: 30, Distinct: true, Rule: mastermind.BlackOnly}, Options{}, "not 9of30-black"},
			{mastermind.Game{Positions: 20, Colors: 10, Rule: mastermind.BlackOnly}, Options{Strategy: "consistent"}, "leave the strategy out"},
		} {
			_, err := Breaker(context.Background(), tc.g, tc.o)
			var ie *mastermind.InputError
			if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v, %+v: %v, want an input error with %q", tc.g, tc.o, err, tc.want)
			}
		}
		if _, err := Breaker(context.Background(), classic, Options{}); err != nil {
			t.Errorf("%v: auto: %v", classic, err)
		}
		if _, err := Breaker(context.Background(), mastermind.Game{Positions: 20, Colors: 10, Rule: mastermind.BlackOnly}, Options{}); err != nil {
			t.Errorf("20x10 under black: auto: %v", err)
		}
	}
	_, err := Breaker(context.Background(), mastermind.Game{Positions: 11, Colors: 2, Rule: mastermind.Slots}, Options{})
	var ie *mastermind.InputError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "3^11 answers") {
		t.Errorf("11x2 slots: %v, want an input error", err)
	}
}
