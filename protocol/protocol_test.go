package protocol

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

func TestParseGuess(t *testing.T) {
	classic, bulls := mastermind.Presets["classic"], mastermind.Presets["bulls"]
	tests := []struct {
		g    mastermind.Game
		line string
		ok   bool
	}{
		{classic, "0 1 2 5", true},
		{classic, "0 1 2 6", false},
		{classic, "0 1 2", false},
		{classic, "0  1 2 3", false},
		{classic, " 0 1 2 3", false},
		{classic, "0 1 2 3 ", false},
		{classic, "0 1 2 03", false},
		{classic, "0 1 2 +3", false},
		{classic, "0 1 2 -0", false},
		{classic, "0123", false},
		{bulls, "9 8 7 6", true},
		{bulls, "9 8 7 9", false},
	}
	for _, tt := range tests {
		if _, err := ParseGuess(tt.g, tt.line); (err == nil) != tt.ok {
			t.Errorf("ParseGuess(%v, %q) error = %v, want ok %v", tt.g, tt.line, err, tt.ok)
		}
	}
}

func TestRefereeLimits(t *testing.T) {
	g := mastermind.Presets["classic"]
	secret := mastermind.Code{5, 5, 5, 5}
	feed := func(lines ...string) <-chan Line {
		ch := make(chan Line, len(lines))
		for _, l := range lines {
			ch <- Line{Text: l}
		}
		close(ch)
		return ch
	}
	var out strings.Builder
	n, err := Referee(g, secret, feed("0 0 0 0", "5 5 5 5"), &out, Limits{Guesses: 10, Time: time.Second})
	if err != nil || n != 2 || out.String() != "0 0\n4 0\n" {
		t.Errorf("Referee = %d, %v, answers %q; want 2 guesses, answers \"0 0\\n4 0\\n\"", n, err, out.String())
	}
	var v *Violation
	if _, err := Referee(g, secret, feed("0 0 0 0", "1 1 1 1"), &out, Limits{Guesses: 1, Time: time.Second}); !errors.As(err, &v) || v.Guess != 2 {
		t.Errorf("Referee with a limit of 1 guess: %v, want a violation at guess 2", err)
	}
	if _, err := Referee(g, secret, feed("0 0 0 0"), &out, Limits{Guesses: 5, Time: time.Second}); !errors.As(err, &v) {
		t.Errorf("Referee on output that ends: %v, want a violation", err)
	}
	if _, err := Referee(g, secret, make(chan Line), &out, Limits{Guesses: 5, Time: 10 * time.Millisecond}); !errors.As(err, &v) || !strings.Contains(err.Error(), "time limit") {
		t.Errorf("Referee on silence: %v, want a time-limit violation", err)
	}
}
