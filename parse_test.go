package mastermind_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestParseCodeOneForm checks that a compact code is written in one form,
// the one Compact writes: digits up to ten colours, letters beyond; a
// letter among digits (or a digit among letters) is refused, not read as a
// colour.
func TestParseCodeOneForm(t *testing.T) {
	classic := mastermind.Classic()
	twelve := mastermind.Game{Positions: 4, Colors: 12}
	for _, tt := range []struct {
		g    mastermind.Game
		in   string
		want mastermind.Code // nil: refused
	}{
		{classic, "0123", mastermind.Code{0, 1, 2, 3}},
		{classic, "000a", nil},
		{classic, "1a2b", nil},
		{classic, "ABCD", nil},
		{twelve, "ABCL", mastermind.Code{0, 1, 2, 11}},
		{twelve, "abcl", mastermind.Code{0, 1, 2, 11}},
		{twelve, "AB01", nil},
		{twelve, "0 1 2 11", mastermind.Code{0, 1, 2, 11}},
	} {
		got, err := tt.g.ParseCode(tt.in)
		switch {
		case tt.want == nil && err == nil:
			t.Errorf("%v: ParseCode(%q) = %v, want an error", tt.g, tt.in, got)
		case tt.want == nil && !strings.Contains(err.Error(), "is not a colour"):
			t.Errorf("%v: ParseCode(%q): %v, want \"is not a colour\"", tt.g, tt.in, err)
		case tt.want != nil && (err != nil || !slices.Equal(got, tt.want)):
			t.Errorf("%v: ParseCode(%q) = %v, %v, want %v", tt.g, tt.in, got, err, tt.want)
		}
	}
}

// TestMessagesQuoteOnce checks that the messages of ParseCode and Preset
// quote a value by the one rule: cut short, control characters escaped.
func TestMessagesQuoteOnce(t *testing.T) {
	classic := mastermind.Classic()
	long := strings.Repeat("7", 1000) + "\x1b[2J"
	_, err := classic.ParseCode(long)
	if err == nil || len(err.Error()) > 300 || strings.ContainsRune(err.Error(), 0x1b) {
		t.Errorf("ParseCode(1000 digits and an escape) = %v, want a short message without the escape", err)
	}
	_, err = mastermind.Preset(long)
	if err == nil || len(err.Error()) > 300 || strings.ContainsRune(err.Error(), 0x1b) {
		t.Errorf("Preset(1000 digits and an escape) = %v, want a short message without the escape", err)
	}
	_, err = classic.ParseCode("012")
	if err == nil || !strings.Contains(err.Error(), "a code has 4 positions, not 3") {
		t.Errorf("ParseCode(\"012\") = %v, want it to count positions", err)
	}
}

// TestPresetName checks that Game.Name is the inverse of Preset, and that
// the presets' functions give the games of their names.
func TestPresetName(t *testing.T) {
	for _, p := range mastermind.Presets() {
		g, err := mastermind.Preset(p.Name)
		if got := g.Name(); err != nil || got != p.Name || g != p.Game {
			t.Errorf("Preset(%q).Name() = %q (%v); want the game %v", p.Name, got, err, p.Game)
		}
	}
	for name, g := range map[string]mastermind.Game{"classic": mastermind.Classic(), "bulls": mastermind.Bulls(), "super": mastermind.Super(), "digits": mastermind.Digits()} {
		if p, err := mastermind.Preset(name); err != nil || p != g {
			t.Errorf("Preset(%q) = %v, %v; its function gives %v", name, p, err, g)
		}
	}
	if name := (mastermind.Game{Positions: 3, Colors: 3}).Name(); name != "3x3" {
		t.Errorf("3x3's Name() = %q, want no preset's", name)
	}
	_, err := mastermind.Preset("chess")
	if want := `unknown game "chess" (known: bulls, classic, digits, super)`; err == nil || err.Error() != want {
		t.Errorf("Preset(chess) = %v, want %s", err, want)
	}
}
