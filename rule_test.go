package mastermind

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// referenceAnswer is the answer of each rule by its definition, written
// apart from the engine (testkit).
func referenceAnswer(g Game, secret, guess Code) Feedback {
	return testkit.Answer[Feedback](g.Rule.String(), secret, guess)
}

// ruleGames are small games of every kind, each under every rule: every
// pair of their codes is played in the tests below.
func ruleGames() []Game {
	var out []Game
	for _, r := range Rules() {
		for n := 1; n <= 8; n++ {
			for k := 2; k <= 6; k++ {
				for _, d := range []bool{false, true} {
					g := Game{Positions: n, Colors: k, Distinct: d, Rule: r}
					if g.Validate() == nil && g.Count() <= 400 {
						out = append(out, g)
					}
				}
			}
		}
	}
	return out
}

// TestAnswerMatchesReference plays every pair of codes of the small games
// under each rule: Answer, Space.Outcome, Space.Outcomes and Space.Score
// agree with the reference; outcomes round-trip through FeedbackOf and
// OutcomeOf; outcomes are below Outcomes(); the solved outcome is a guess's
// own; and the number of different answers is the reference's.
func TestAnswerMatchesReference(t *testing.T) {
	for _, g := range ruleGames() {
		s, err := NewSpace(g)
		if err != nil {
			t.Fatal(err)
		}
		all := make([]int32, s.Len())
		for i := range all {
			all[i] = int32(i)
		}
		out := make([]Outcome, s.Len())
		seen, seenOut := map[Feedback]bool{}, map[Outcome]bool{}
		for j := range s.Len() {
			guess := s.Code(j)
			s.Outcomes(j, all, out)
			for i := range s.Len() {
				secret := s.Code(i)
				want := referenceAnswer(g, secret, guess)
				seen[want] = true
				if got := g.Answer(secret, guess); got != want {
					t.Fatalf("%v: Answer(%v, %v) = %+v, want %+v", g, secret, guess, got, want)
				}
				o := s.Outcome(i, j)
				seenOut[o] = true
				if out[i] != o || int(o) >= g.Outcomes() {
					t.Fatalf("%v: outcome of %v, %v: Outcomes %d, Outcome %d, of %d", g, secret, guess, out[i], o, g.Outcomes())
				}
				if got := s.Score(i, j); got != want || g.OutcomeOf(want) != o {
					t.Fatalf("%v: Space.Score(%v, %v) = %+v, want %+v (outcome %d, of it %d)", g, secret, guess, got, want, o, g.OutcomeOf(want))
				}
				if (i == j) != (o == g.Solved()) || (i == j) != g.Wins(want) {
					t.Fatalf("%v: %v, %v: outcome %d, solved %d, wins %v", g, secret, guess, o, g.Solved(), g.Wins(want))
				}
			}
		}
		if len(seen) != len(seenOut) {
			t.Errorf("%v: %d answers, but %d outcomes", g, len(seen), len(seenOut))
		}
	}
}

// allAnswers returns every answer written in the rule's form that could
// be of a game of n positions, possible or not, and some out of range.
func allAnswers(g Game) []Feedback {
	n := g.Positions
	var out []Feedback
	switch g.Rule {
	case BlackWhite:
		for b := -1; b <= n+1; b++ {
			for w := -1; w <= n+1; w++ {
				out = append(out, Feedback{Black: b, White: w})
			}
		}
	case BlackOnly:
		for b := -1; b <= n+1; b++ {
			out = append(out, Feedback{Black: b})
		}
	case Slots:
		marks := make([]byte, n)
		var rec func(i int)
		rec = func(i int) {
			if i == n {
				out = append(out, slotsFeedback(marks))
				return
			}
			for _, m := range []byte("GY.") {
				marks[i] = m
				rec(i + 1)
			}
		}
		rec(0)
	}
	return out
}

// TestValidFeedbackRules checks ValidFeedback, under each rule, against
// the answers some pair of codes gives (by the reference): exactly those
// are valid, in every small game, under black and slots; under
// black-white every answer given is valid (TestValidFeedback says where
// exactly those are).
func TestValidFeedbackRules(t *testing.T) {
	for _, g := range ruleGames() {
		s, _ := NewSpace(g)
		seen := map[Feedback]bool{}
		for i := range s.Len() {
			for j := range s.Len() {
				seen[referenceAnswer(g, s.Code(i), s.Code(j))] = true
			}
		}
		for _, f := range allAnswers(g) {
			err := g.ValidFeedback(f)
			if g.Rule == BlackWhite && err == nil {
				continue
			}
			if (err == nil) != seen[f] {
				t.Errorf("%v: ValidFeedback(%s) = %v, but some pair gives it: %v", g, g.Rule.Format(f), err, seen[f])
			}
		}
	}
}

// TestSlotsVectors checks Answer against the answers worked by hand
// (internal/testkit's vectors/slots.txt).
func TestSlotsVectors(t *testing.T) {
	for _, v := range testkit.Vectors("slots") {
		colour := map[byte]uint8{}
		code := func(s string) Code {
			c := make(Code, len(s))
			for i := range len(s) {
				if _, ok := colour[s[i]]; !ok {
					colour[s[i]] = uint8(len(colour))
				}
				c[i] = colour[s[i]]
			}
			return c
		}
		secret, guess := code(v.Fields[0]), code(v.Fields[1])
		g := Game{Positions: len(secret), Colors: 26, Rule: Slots}
		got := g.Answer(secret, guess)
		if got.Marks != v.Fields[2] || g.Rule.Format(got) != v.Fields[2] {
			t.Errorf("%s: Answer(%s, %s) = %+v, want %s", v.Where, v.Fields[0], v.Fields[1], got, v.Fields[2])
		}
		back, err := g.ParseFeedback(v.Fields[2])
		if err != nil || back != got {
			t.Errorf("%s: ParseFeedback(%s) = %+v, %v, want %+v", v.Where, v.Fields[2], back, err, got)
		}
	}
}

// TestParseAnswerRules checks the readers of each rule: the forms taken,
// and what is refused with what message.
func TestParseAnswerRules(t *testing.T) {
	classic := Classic()
	black := classic
	black.Rule = BlackOnly
	slots := classic
	slots.Rule = Slots
	distinct := Game{Positions: 4, Colors: 4, Distinct: true, Rule: Slots}
	gyg := Feedback{Black: 2, White: 1, Marks: "GY.G"}
	tests := []struct {
		g    Game
		in   string
		want Feedback
		err  string // part of the message, or "" for none
	}{
		{black, "2", Feedback{Black: 2}, ""},
		{black, " 4\r\n", Feedback{Black: 4}, ""},
		{black, "3", Feedback{Black: 3}, ""},
		{black, "2 0", Feedback{}, `want an integer "B"`},
		{black, "5", Feedback{}, "out of range 0..4"},
		{black, "-1", Feedback{}, "out of range"},
		{black, "x", Feedback{}, `want an integer "B"`},
		{Game{Positions: 4, Colors: 4, Distinct: true, Rule: BlackOnly}, "3", Feedback{}, "impossible"},
		{slots, "GY.G", gyg, ""},
		{slots, "gy.g", gyg, ""},
		{slots, "2102", gyg, ""},
		{slots, "2 1 0 2", gyg, ""},
		{slots, "G Y . G\n", gyg, ""},
		{slots, "GY.", Feedback{}, "want 4 marks"},
		{slots, "GY.GG", Feedback{}, "want 4 marks"},
		{slots, "GYXG", Feedback{}, "want 4 marks"},
		{slots, "GGGY", Feedback{}, "impossible"},
		{slots, "", Feedback{}, "want 4 marks"},
		{distinct, "....", Feedback{}, "impossible"},
		{distinct, "YYYY", Feedback{Black: 0, White: 4, Marks: "YYYY"}, ""},
		{Game{Positions: 3, Colors: 2, Rule: Slots}, "Y..", Feedback{}, "pairs"},
		{classic, "2 1", Feedback{Black: 2, White: 1}, ""},
		{classic, "GY.G", Feedback{}, `want two integers "B W"`},
	}
	for _, tt := range tests {
		for _, parse := range []func(string) (Feedback, error){tt.g.ParseFeedback, tt.g.ParseAnswer} {
			got, err := parse(tt.in)
			switch {
			case tt.err == "" && (err != nil || got != tt.want):
				t.Errorf("%v: reading %q = %+v, %v, want %+v", tt.g, tt.in, got, err, tt.want)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("%v: reading %q = %+v, %v, want an error with %q", tt.g, tt.in, got, err, tt.err)
			}
		}
	}
	if f, err := black.ParseAnswer("n 2"); err != nil || f != (Feedback{Black: 2}) {
		t.Errorf("black: ParseAnswer(\"n 2\") = %+v, %v", f, err)
	}
}

// TestGameRuleNames checks the names of games under each rule: Name and
// Size say the rule but for black-white, ParseGame reads them back, JSON
// carries "feedback" but for black-white, String says it in words.
func TestGameRuleNames(t *testing.T) {
	want := map[Game]string{
		{Positions: 4, Colors: 6, Rule: Slots}:                      "classic-slots",
		{Positions: 4, Colors: 6, Rule: BlackOnly}:                  "classic-black",
		{Positions: 4, Colors: 10, Distinct: true, Rule: BlackOnly}: "bulls-black",
		{Positions: 4, Colors: 7, Rule: Slots}:                      "4x7-slots",
		{Positions: 5, Colors: 8, Distinct: true, Rule: Slots}:      "5of8-slots",
	}
	for g, name := range want {
		if got := g.Name(); got != name {
			t.Errorf("%+v.Name() = %q, want %q", g, got, name)
		}
		if back, err := ParseGame(name); err != nil || back != g {
			t.Errorf("ParseGame(%q) = %+v, %v, want %+v", name, back, err, g)
		}
		if back, err := ParseGame(g.Size()); err != nil || back != g {
			t.Errorf("ParseGame(%q) = %+v, %v, want %+v", g.Size(), back, err, g)
		}
		data, _ := json.Marshal(g)
		var back Game
		if err := json.Unmarshal(data, &back); err != nil || back != g || !strings.Contains(string(data), `"feedback":"`+g.Rule.String()+`"`) {
			t.Errorf("%+v: JSON %s reads back as %+v, %v", g, data, back, err)
		}
	}
	if g, err := ParseGame("classic-black-white"); err != nil || g != Classic() {
		t.Errorf("ParseGame(classic-black-white) = %+v, %v", g, err)
	}
	if data, _ := json.Marshal(Classic()); string(data) != `{"positions":4,"colors":6,"distinct":false}` {
		t.Errorf("classic's JSON is %s", data)
	}
	for _, bad := range []string{"classic-slots-slots", "-slots", "classic-white", "4x1-black", "classic-Slots"} {
		if g, err := ParseGame(bad); err == nil {
			t.Errorf("ParseGame(%q) = %+v, want an error", bad, g)
		}
	}
	if got := (Game{Positions: 4, Colors: 6, Rule: Slots}).String(); got != "4 positions, 6 colours, repeats allowed, a mark per position" {
		t.Errorf("String = %q", got)
	}
	if err := (Game{Positions: 4, Colors: 6, Rule: 3}).Validate(); err == nil {
		t.Error("rule 3 validates")
	}
	if _, err := NewSpace(Game{Positions: 11, Colors: 2, Rule: Slots}); err == nil || !strings.Contains(err.Error(), "3^11") {
		t.Errorf("NewSpace of 11x2 slots: %v, want a refusal", err)
	}
}

// FuzzParseAnswerRules feeds arbitrary lines to the answer readers under
// each rule: they never panic, accept only answers some secret can give,
// keep their messages short, and read back what Rule.Format writes.
func FuzzParseAnswerRules(f *testing.F) {
	for _, s := range []string{"2", "GY.G", "gy.g", "2 1 0 2", "G Y . G", "GGGY", "....", "1 2", "", "\x00", "5", "-1", "GGGG", "2222", strings.Repeat("G", 101)} {
		for r := range uint8(3) {
			f.Add(s, uint8(4), uint8(6), false, r)
		}
	}
	f.Add("YYYY", uint8(4), uint8(4), true, uint8(2))
	f.Add("YY.", uint8(3), uint8(2), false, uint8(2))
	f.Fuzz(func(t *testing.T, s string, p, c uint8, distinct bool, rule uint8) {
		g := Game{Positions: int(p), Colors: int(c), Distinct: distinct, Rule: Rule(rule % 3)}
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
				t.Fatalf("%v: %q: accepted %+v, which no secret gives: %v", g, s, fb, err)
			}
			back, err := g.ParseFeedback(g.Rule.Format(fb))
			if err != nil || back != fb {
				t.Fatalf("%v: %q: %+v reads back as %+v, %v", g, s, fb, back, err)
			}
		}
	})
}

// TestWinning checks the winning answer of each rule against a guess's
// answer to itself, in games enumerated or not.
func TestWinning(t *testing.T) {
	for _, g := range []Game{Classic(), {Positions: 20, Colors: 10}, {Positions: 1, Colors: 2}} {
		for _, r := range Rules() {
			g.Rule = r
			c := g.Random(rand.New(rand.NewPCG(1, 2)))
			if got, want := g.Winning(), referenceAnswer(g, c, c); got != want || !g.Wins(got) {
				t.Errorf("%v: Winning() = %+v, want %+v", g, got, want)
			}
		}
	}
}
