package play

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

func TestParseReply(t *testing.T) {
	classic := mastermind.Classic()
	big := mastermind.Game{Positions: 12, Colors: 6}
	fb := func(b, w int) mastermind.Feedback { return mastermind.Feedback{Black: b, White: w} }
	tests := []struct {
		g    mastermind.Game
		line string
		want reply
		bad  bool
	}{
		{classic, "1 2", reply{kind: answer, fb: fb(1, 2)}, false},
		{classic, "  n 1 2 ", reply{kind: answer, fb: fb(1, 2)}, false},
		{classic, "N 0 0", reply{kind: answer, fb: fb(0, 0)}, false},
		{classic, "12", reply{kind: answer, fb: fb(1, 2)}, false},
		{classic, "4 0", reply{kind: found}, false},
		{classic, "40", reply{kind: found}, false},
		{classic, "Y", reply{kind: found}, false},
		{classic, "fix 3 0 1", reply{kind: fix, turn: 3, fb: fb(0, 1)}, false},
		{classic, "fix 3 01", reply{kind: fix, turn: 3, fb: fb(0, 1)}, false},
		{classic, "undo", reply{kind: undo}, false},
		{classic, "undo 3", reply{}, true}, // not the last answer: refused, as the help says
		{classic, "list 2", reply{}, true},
		{classic, "help", reply{kind: help}, false},
		{classic, "?", reply{kind: help}, false},
		{classic, "list", reply{kind: list}, false},
		{classic, "q", reply{kind: quit}, false},
		{classic, "", reply{}, true},
		{classic, "1", reply{}, true},
		{classic, "1 2 3", reply{}, true},
		{classic, "a b", reply{}, true},
		{classic, "123", reply{}, true},
		{classic, "3 1", reply{}, true},
		{classic, "5 0", reply{}, true},
		{classic, "-1 0", reply{}, true},
		{classic, "y 1", reply{}, true},
		{classic, "fix", reply{}, true},
		{classic, "fix x 1 0", reply{}, true},
		{classic, "fix 0 1 0", reply{}, true},
		{big, "12", reply{}, true}, // ambiguous with ten or more positions
		{big, "1 2", reply{kind: answer, fb: fb(1, 2)}, false},
	}
	for _, tt := range tests {
		got, err := parseReply(tt.g, tt.line)
		if (err != nil) != tt.bad || !tt.bad && got != tt.want {
			t.Errorf("parseReply(%q) = %+v, %v; want %+v, error %v", tt.line, got, err, tt.want, tt.bad)
		}
	}
}

// A line ended by the end of the input (Ctrl-D after "1 0" at a terminal),
// not by Enter, is answered on a line of its own: the terminal shows no
// end of line after it. A line ended by Enter needs none.
func TestUnterminatedLine(t *testing.T) {
	classic := mastermind.Classic()
	s, err := mastermind.NewSpace(classic)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		in   string
		want string // what follows the first prompt
	}{
		{"1 0", "\n"},
		{"1 0\n", ""},
	} {
		first, _ := strategy.New("first", 1)
		var out strings.Builder
		err := Guess(Config{Breaker: strategy.NewBreaker(s, first), In: strings.NewReader(tt.in), Out: &out})
		if err != ErrEnded {
			t.Errorf("input %q: Guess = %v, want ErrEnded", tt.in, err)
		}
		const prompt = "Guess 1: 0000 ? "
		_, after, ok := strings.Cut(out.String(), prompt)
		if !ok || !regexp.MustCompile(`^`+tt.want+`[0-9]+ codes still possible\.\n`).MatchString(after) {
			t.Errorf("input %q: after the prompt %q, want %q and the reply; got:\n%s", tt.in, prompt, tt.want, out.String())
		}
	}
}

// TestHostileLines: piped lines (echoed) of a megabyte or holding terminal
// escapes are echoed and quoted cut, their control characters written as
// text; the game goes on.
func TestHostileLines(t *testing.T) {
	classic := mastermind.Classic()
	s, err := mastermind.NewSpace(classic)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("0 ", 500_000)
	escapes := "\x1b[2J\x1b]0;owned\x07\x9b1m 1 2"
	for _, tt := range []struct {
		role  string
		input string
	}{
		{"breaker", long + "\nquit\n"},
		{"breaker", "1 9" + long + "\nquit\n"},
		{"breaker", escapes + "\nquit\n"},
		{"maker", long + "\nquit\n"},
		{"maker", "fix " + long + "\nquit\n"},
		{"maker", escapes + "\nquit\n"},
	} {
		first, _ := strategy.New("first", 1)
		cfg := Config{Breaker: strategy.NewBreaker(s, first), Echo: true, In: strings.NewReader(tt.input)}
		var out strings.Builder
		cfg.Out = &out
		if tt.role == "breaker" {
			err = Referee(cfg, mastermind.Code{1, 2, 3, 4})
		} else {
			err = Guess(cfg)
		}
		got := out.String()
		if err != nil || !strings.Contains(got, "Bye") {
			t.Errorf("%s, %.20q...: %v, and the game did not go on:\n%.2000s", tt.role, tt.input, err, got)
		}
		if len(got) > 2000 {
			t.Errorf("%s, %.20q...: %d bytes of output for a line of %d", tt.role, tt.input, len(got), len(tt.input))
		}
		for _, r := range got {
			if r != '\n' && (r < ' ' || r >= 0x7f && r < 0xa0) {
				t.Errorf("%s, %.20q...: the output holds %U:\n%q", tt.role, tt.input, r, got)
				break
			}
		}
	}
}
