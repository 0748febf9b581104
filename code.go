package mastermind

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind/internal/quote"
)

// A Code is a sequence of colours, one per position, each in 0..Colors-1.
type Code []uint8

// String formats c as the protocols do: colour numbers separated by single
// spaces, for example "0 1 2 3".
func (c Code) String() string {
	var b strings.Builder
	for i, x := range c {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(x)))
	}
	return b.String()
}

// Compact formats c for people: one digit per colour when the game has at most
// ten colours ("0123"), otherwise one letter per colour ("ABCD"), and the
// protocol form when there are more colours than letters.
func (c Code) Compact(colors int) string {
	if colors > 26 {
		return c.String()
	}
	b := make([]byte, len(c))
	for i, x := range c {
		if colors <= 10 {
			b[i] = '0' + x
		} else {
			b[i] = 'A' + x
		}
	}
	return string(b)
}

// ParseCode reads a code of game g, written either as colour numbers separated
// by spaces or commas ("0 1 2 3", "0,1,2,3"), or compactly as [Code.Compact]
// writes it: one digit per colour in games of at most ten colours ("0123"),
// one letter per colour, of either case, in games of 11 to 26 colours
// ("ABCD"). A letter is no colour of a game of ten colours or fewer, nor a
// digit of a game of more: "1a2b" is no code of any game.
func (g Game) ParseCode(s string) (Code, error) {
	s = strings.TrimSpace(s)
	shown := func() string { return `"` + quote.Cut(s, quote.Max) + `"` } // for errors only: trees parse many codes
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	var c Code
	switch {
	case len(fields) == 1 && g.Positions > 1:
		c = make(Code, 0, len(s))
		for _, r := range s {
			x, ok := compactColour(r, g.Colors)
			if !ok {
				return nil, fmt.Errorf("code %s: \"%s\" is not a colour: %s", shown(), quote.Cut(string(r), quote.Max), g.compactRule())
			}
			c = append(c, x)
		}
	default:
		c = make(Code, len(fields))
		for i, f := range fields {
			x, err := strconv.Atoi(f)
			if err != nil || x < 0 || x > 255 {
				return nil, fmt.Errorf("code %s: \"%s\" is not a colour number", shown(), quote.Cut(f, quote.Max))
			}
			c[i] = uint8(x)
		}
	}
	if err := g.ValidCode(c); err != nil {
		return nil, fmt.Errorf("code %s: %v", shown(), err)
	}
	return c, nil
}

// compactColour returns the colour that r stands for in the compact form of
// a game of the given colours, and whether it stands for one.
func compactColour(r rune, colors int) (uint8, bool) {
	switch {
	case colors <= 10 && r >= '0' && r <= '9':
		return uint8(r - '0'), true
	case colors > 10 && colors <= 26 && r >= 'A' && r <= 'Z':
		return uint8(r - 'A'), true
	case colors > 10 && colors <= 26 && r >= 'a' && r <= 'z':
		return uint8(r - 'a'), true
	}
	return 0, false
}

// compactRule says how the codes of g are written.
func (g Game) compactRule() string {
	switch {
	case g.Colors <= 10:
		return fmt.Sprintf("write a digit per colour, 0 to %d", g.Colors-1)
	case g.Colors <= 26:
		return fmt.Sprintf("write a letter per colour, A to %c", 'A'+g.Colors-1)
	}
	return "write the colour numbers separated by spaces"
}

// Feedback is the answer to a guess: Black counts the positions with the right
// colour (bulls, hits), White the common colours not counted in Black (cows,
// blows). Under the game's [Rule] BlackOnly, White is 0; under Slots, Marks
// holds a mark per position (G, Y or .), Black counts the G and White the
// Y. In JSON it is {"black":B,"white":W}, the web API's form, with
// "marks" under Slots.
type Feedback struct {
	Black int    `json:"black"`
	White int    `json:"white"`
	Marks string `json:"marks,omitempty"`
}

// String formats f as the protocols do: "B W", or the marks of a Slots
// answer. Under BlackOnly, [Rule.Format] writes "B".
func (f Feedback) String() string {
	if f.Marks != "" {
		return f.Marks
	}
	return strconv.Itoa(f.Black) + " " + strconv.Itoa(f.White)
}

// Score returns the feedback a secret gives to a guess of the same length:
// Black is the number of positions i with secret[i] = guess[i], and White is
// the sum over colours of min(count in secret, count in guess) minus Black.
func Score(secret, guess Code) Feedback {
	var inSecret, inGuess [256]uint8
	black := 0
	for i, s := range secret {
		g := guess[i]
		if s == g {
			black++
			continue
		}
		inSecret[s]++
		inGuess[g]++
	}
	white := 0
	for i, s := range secret {
		if s == guess[i] {
			continue
		}
		white += int(min(inSecret[s], inGuess[s]))
		inSecret[s] = 0 // count each colour once
	}
	return Feedback{Black: black, White: white}
}

// A Turn is one guess and the feedback it got.
type Turn struct {
	Guess    Code
	Feedback Feedback
}

// Consistent reports whether secret would have given every feedback of the
// history.
func Consistent(secret Code, history []Turn) bool {
	for _, t := range history {
		if Score(secret, t.Guess) != t.Feedback {
			return false
		}
	}
	return true
}

// ParseFeedback reads an answer exactly as the break protocol writes it:
// two integers "B W" separated by white space; under BlackOnly one integer
// "B"; under Slots the N marks G, Y and . (also g, y, and 2, 1, 0), with or
// without white space between them. It checks that some secret of the game
// could give it (ValidFeedback).
func (g Game) ParseFeedback(s string) (Feedback, error) {
	return g.parseFeedback(s, false)
}

// ParseAnswer reads an answer as a person types it: "B W", "n B W" (no,
// then the numbers) or, in games of fewer than ten positions, "BW"; under
// BlackOnly "B" or "n B"; under Slots as ParseFeedback does. It checks the
// answer as ParseFeedback does.
func (g Game) ParseAnswer(s string) (Feedback, error) {
	return g.parseFeedback(s, true)
}

// parseFeedback reads "B W", and with loose the person's forms too.
func (g Game) parseFeedback(s string, loose bool) (Feedback, error) {
	if g.Rule == Slots {
		return g.parseMarks(s)
	}
	fields := strings.Fields(s)
	if loose && len(fields) > 0 && (strings.EqualFold(fields[0], "n") || strings.EqualFold(fields[0], "no")) {
		fields = fields[1:]
	}
	want := 2
	if g.Rule == BlackOnly {
		want = 1
	}
	if loose && want == 2 && len(fields) == 1 && len(fields[0]) == 2 && g.Positions < 10 {
		fields = []string{fields[0][:1], fields[0][1:]}
	}
	if len(fields) != want {
		return Feedback{}, g.syntaxError(s)
	}
	var nums [2]int
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return Feedback{}, g.syntaxError(s)
		}
		nums[i] = n
	}
	f := Feedback{Black: nums[0], White: nums[1]}
	return f, g.ValidFeedback(f)
}

// syntaxError reports s, which is no answer of the game's rule.
func (g Game) syntaxError(s string) *SyntaxError {
	e := &SyntaxError{Text: quote.Cut(s, 40)}
	if g.Rule != BlackWhite {
		e.Want = g.Rule.want(g.Positions)
	}
	return e
}

// A SyntaxError reports an answer that is not written as the rule writes
// them: not two integers "B W" (or under other rules, what Want says).
type SyntaxError struct {
	Text string // the answer as given, cut short
	Want string // what an answer is, when not two integers "B W"
}

func (e *SyntaxError) Error() string {
	want := e.Want
	if want == "" {
		want = "two integers \"B W\""
	}
	return fmt.Sprintf("want %s, got %q", want, e.Text)
}
