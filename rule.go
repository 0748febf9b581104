package mastermind

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind/internal/quote"
)

// A Rule is how a game answers a guess, part of the [Game] as its number of
// colours is. Its zero value is BlackWhite, the rule of Mastermind, so that
// a Game written without one keeps its meaning. Every rule's answer is a
// [Feedback] whose Black counts the positions right, so that [Game.Wins]
// is the one end of a game under each.
type Rule uint8

// The answer rules.
const (
	// BlackWhite answers (B, W): B positions of the right colour, W common
	// colours not counted in B. Written "B W".
	BlackWhite Rule = iota
	// BlackOnly answers B only: black-peg Mastermind, the likeness of the
	// hacking minigames. Written "B".
	BlackOnly
	// Slots answers with a mark per position, Wordle's rule: G if the
	// secret has the guess's colour there; else Y if that colour has
	// copies in the secret not used by a G nor by a Y further left; else
	// ".". Written as the N marks, "GY.G".
	Slots
)

// ruleNames are the rules' names, as --feedback and JSON's "feedback" take
// them, in Rule order: the one list of the rules.
var ruleNames = [...]string{"black-white", "black", "slots"}

// Rules returns every rule, in the order of the documentation.
func Rules() []Rule { return []Rule{BlackWhite, BlackOnly, Slots} }

// RuleNames returns the rules' names in the order of Rules.
func RuleNames() []string { return append([]string(nil), ruleNames[:]...) }

// String returns the rule's name: "black-white", "black" or "slots".
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return "rule(" + strconv.Itoa(int(r)) + ")"
}

// ParseRule returns the rule of a name as String writes it.
func ParseRule(name string) (Rule, error) {
	for r, n := range ruleNames {
		if n == name {
			return Rule(r), nil
		}
	}
	return 0, fmt.Errorf("unknown answer rule \"%s\" (known: %s)", quote.Cut(name, quote.Max), strings.Join(ruleNames[:], ", "))
}

// MarshalText writes the rule's name (JSON's "feedback":"slots").
func (r Rule) MarshalText() ([]byte, error) {
	if int(r) >= len(ruleNames) {
		return nil, fmt.Errorf("no answer rule %d", int(r))
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads a rule's name.
func (r *Rule) UnmarshalText(b []byte) error {
	x, err := ParseRule(string(b))
	if err != nil {
		return err
	}
	*r = x
	return nil
}

// about says in words what answers the rule gives, for Game.String; empty
// for BlackWhite, which says nothing there.
func (r Rule) about() string {
	switch r {
	case BlackOnly:
		return "blacks only"
	case Slots:
		return "a mark per position"
	}
	return ""
}

// The marks of a Slots answer, as writers write them and as Outcome digits
// (base 3, the first position the most significant).
const (
	MarkRight = 'G' // the right colour in the right place
	MarkOther = 'Y' // the colour is in the secret elsewhere
	MarkNone  = '.' // neither
)

// Format writes f in the rule's written form: "B W", "B" or the marks.
func (r Rule) Format(f Feedback) string {
	switch r {
	case BlackOnly:
		return strconv.Itoa(f.Black)
	case Slots:
		return f.Marks
	}
	return strconv.Itoa(f.Black) + " " + strconv.Itoa(f.White)
}

// Answer returns the answer that secret gives to guess (codes of the game,
// of the same length) under the game's rule. Under BlackWhite it is
// [Score]; under BlackOnly, Score with White 0; under Slots, Black counts
// the G marks, White the Y marks, and Marks holds them all.
func (g Game) Answer(secret, guess Code) Feedback {
	switch g.Rule {
	case BlackOnly:
		black := 0
		for i, s := range secret {
			if s == guess[i] {
				black++
			}
		}
		return Feedback{Black: black}
	case Slots:
		return slotsAnswer(secret, guess)
	}
	return Score(secret, guess)
}

// slotsAnswer scores by the Slots rule: the secret's copies of each colour
// are used first by the positions that match, then by the guess's other
// positions from left to right.
func slotsAnswer(secret, guess Code) Feedback {
	var left [256]uint8 // the secret's copies not used by a G
	for i, s := range secret {
		if s != guess[i] {
			left[s]++
		}
	}
	marks := make([]byte, len(guess))
	f := Feedback{}
	for i, c := range guess {
		switch {
		case secret[i] == c:
			marks[i] = MarkRight
			f.Black++
		case left[c] > 0:
			left[c]--
			marks[i] = MarkOther
			f.White++
		default:
			marks[i] = MarkNone
		}
	}
	f.Marks = string(marks)
	return f
}

// Winning returns the answer that ends a game: every position right (N
// blacks; under Slots, N marks G).
func (g Game) Winning() Feedback {
	f := Feedback{Black: g.Positions}
	if g.Rule == Slots {
		f.Marks = strings.Repeat(string(rune(MarkRight)), g.Positions)
	}
	return f
}

// Consistent reports whether secret would have given every answer of the
// history under the game's rule.
func (g Game) Consistent(secret Code, history []Turn) bool {
	for _, t := range history {
		if g.Answer(secret, t.Guess) != t.Feedback {
			return false
		}
	}
	return true
}

// MaxSlotsPositions is the most positions an enumerated Slots game has:
// its 3^N answers must fit an Outcome.
const MaxSlotsPositions = 10

// markValue returns a mark's digit: G 2, Y 1, . 0; and false for no mark.
// Readers take lower case and the digits themselves too.
func markValue(b byte) (int, bool) {
	switch b {
	case 'G', 'g', '2':
		return 2, true
	case 'Y', 'y', '1':
		return 1, true
	case '.', '0':
		return 0, true
	}
	return 0, false
}

// slotsFeedback returns the Slots answer of marks (G, Y or . each).
func slotsFeedback(marks []byte) Feedback {
	f := Feedback{Marks: string(marks)}
	for _, m := range marks {
		switch m {
		case MarkRight:
			f.Black++
		case MarkOther:
			f.White++
		}
	}
	return f
}

// validSlots reports whether some secret of g gives marks f to some guess:
// N marks; with u positions not G and y of them Y, never u = y = 1 (a
// colour cannot be elsewhere when nowhere else is left); with distinct
// colours, at most K-N marks "."; with two colours and repeats, the secret
// is the guess's complement off the G positions, so the Ys come in pairs
// (y even) and the first y/2 of them stand before the first ".".
func (g Game) validSlots(f Feedback) error {
	n := g.Positions
	if len(f.Marks) != n {
		return fmt.Errorf("answer %q has %d marks, not %d", quote.Cut(f.Marks, quote.Max), len(f.Marks), n)
	}
	var u, y, beforeDot int
	dot := false
	for i := 0; i < n; i++ {
		switch f.Marks[i] {
		case MarkRight:
			continue
		case MarkOther:
			y++
			if !dot {
				beforeDot++
			}
		case MarkNone:
			dot = true
		default:
			return fmt.Errorf("answer %q: %q is no mark (G, Y or .)", quote.Cut(f.Marks, quote.Max), f.Marks[i])
		}
		u++
	}
	if got := slotsFeedback([]byte(f.Marks)); got != f {
		return fmt.Errorf("answer %q counts %d G and %d Y, not %d and %d", f.Marks, got.Black, got.White, f.Black, f.White)
	}
	switch {
	case u == 1 && y == 1:
		return fmt.Errorf("answer %s is impossible: with %d right, the last colour cannot be elsewhere", f.Marks, n-1)
	case g.Distinct && u-y > g.Colors-n:
		return fmt.Errorf("answer %s is impossible: with %d distinct of %d colours at most %d marks can be \".\"", f.Marks, n, g.Colors, g.Colors-n)
	case !g.Distinct && g.Colors == 2 && y%2 == 1:
		return fmt.Errorf("answer %s is impossible: with two colours the Y marks come in pairs", f.Marks)
	case !g.Distinct && g.Colors == 2 && dot && beforeDot < y/2:
		return fmt.Errorf("answer %s is impossible: with two colours half the Y marks stand before the first \".\"", f.Marks)
	}
	return nil
}

// parseMarks reads a Slots answer: N marks, with or without white space
// between them (see markValue).
func (g Game) parseMarks(s string) (Feedback, error) {
	marks := make([]byte, 0, g.Positions)
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b == ' ' || b == '\t' || b == '\r' || b == '\n' {
			continue
		}
		v, ok := markValue(b)
		if !ok || len(marks) == g.Positions {
			return Feedback{}, g.syntaxError(s)
		}
		marks = append(marks, ".YG"[v])
	}
	if len(marks) != g.Positions {
		return Feedback{}, g.syntaxError(s)
	}
	f := slotsFeedback(marks)
	return f, g.ValidFeedback(f)
}

// want says what an answer of the rule is, for messages.
func (r Rule) want(n int) string {
	switch r {
	case BlackOnly:
		return "an integer \"B\""
	case Slots:
		return fmt.Sprintf("%d marks G, Y or . (or 2, 1, 0)", n)
	}
	return "two integers \"B W\""
}
