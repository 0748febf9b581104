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
// too large to enumerate under black with distinct colours beyond
// large.MaxBlackSearch positions, or played by consistent under black
// beyond it, and a named heuristic on a slots game of more than 10
// positions; and that auto (and consistent) plays the others, slots of
// any size included.
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
			{mastermind.Game{Positions: 40, Colors: 40, Distinct: true, Rule: mastermind.BlackOnly}, Options{}, "up to 30 positions, not 40"},
			{mastermind.Game{Positions: 40, Colors: 10, Rule: mastermind.BlackOnly}, Options{Strategy: "consistent"}, "leave the strategy out"},
			{mastermind.Game{Positions: 20, Colors: 2, Rule: mastermind.BlackOnly}, Options{Strategy: "consistent"}, "of 2 colours"},
			{mastermind.Game{Positions: 11, Colors: 2, Rule: mastermind.Slots}, Options{Strategy: "entropy"}, "auto) or consistent only"},
			{mastermind.Game{Positions: 11, Colors: 2, Rule: mastermind.Slots}, Options{First: make(mastermind.Code, 11)}, "under the rule slots on games of up to 10 positions"},
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
	}
	for _, tc := range []struct {
		g mastermind.Game
		o Options
	}{
		{mastermind.Game{Positions: 20, Colors: 10, Rule: mastermind.BlackOnly}, Options{}},
		{mastermind.Game{Positions: 20, Colors: 10, Rule: mastermind.BlackOnly}, Options{Strategy: "consistent"}},
		{mastermind.Game{Positions: 12, Colors: 20, Distinct: true, Rule: mastermind.BlackOnly}, Options{}},
		{mastermind.Game{Positions: 20, Colors: 10, Rule: mastermind.Slots}, Options{}},
		{mastermind.Game{Positions: 100, Colors: 20, Rule: mastermind.Slots}, Options{Strategy: "consistent"}},
		{mastermind.Game{Positions: 8, Colors: 8, Rule: mastermind.Slots}, Options{}},
		{mastermind.Game{Positions: 11, Colors: 2, Rule: mastermind.Slots}, Options{}},
		{mastermind.Game{Positions: 12, Colors: 20, Distinct: true, Rule: mastermind.Slots}, Options{}},
	} {
		b, err := Breaker(context.Background(), tc.g, tc.o)
		if err == nil {
			_, err = b.Next(context.Background())
		}
		if err != nil {
			t.Errorf("%v, %+v: %v", tc.g, tc.o, err)
		}
	}
}
