package mastermind

import (
	"strings"
	"testing"
)

// FuzzParseFeedback feeds arbitrary lines to the answer parsers of the break
// protocol (ParseFeedback) and of people (ParseAnswer): they never panic,
// accept only answers some secret can give, quote at most a short prefix of
// what they reject, and read back what Feedback.String writes.
func FuzzParseFeedback(f *testing.F) {
	for _, s := range []string{"1 2", "0 0", "4 0", "3 1", " 2\t1 \r\n", "12", "n 1 2", "no 0 0", "-1 2",
		"1", "1 2 3", "9223372036854775807 1", "+1 +2", "0x1 2", "", "y", "\x00 \xff", strings.Repeat("7", 100)} {
		f.Add(s, uint8(4), uint8(6), false)
	}
	f.Add("1 1", uint8(4), uint8(10), true)
	f.Add("0 0", uint8(6), uint8(7), true)
	f.Add("99 0", uint8(100), uint8(100), false)
	f.Fuzz(func(t *testing.T, s string, p, c uint8, distinct bool) {
		g := Game{Positions: int(p), Colors: int(c), Distinct: distinct}
		if g.Validate() != nil {
			return
		}
		for _, parse := range []func(string) (Feedback, error){g.ParseFeedback, g.ParseAnswer} {
			fb, err := parse(s)
			if err != nil {
				if len(err.Error()) > 300 {
					t.Fatalf("%q: a message of %d bytes: %.100s...", s, len(err.Error()), err)
				}
				continue
			}
			if err := g.ValidFeedback(fb); err != nil {
				t.Fatalf("%q: accepted %v, which no secret gives: %v", s, fb, err)
			}
			back, err := g.ParseFeedback(fb.String())
			if err != nil || back != fb {
				t.Fatalf("%q: %v reads back as %v, %v", s, fb, back, err)
			}
		}
	})
}
