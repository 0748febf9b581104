package play

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/words"
)

// The line dialogue's words for the answers of each rule (the game's
// mastermind.Rule): how to answer, an example, the form of "fix".

// shownMarks is the most marks an example answer under slots writes out:
// beyond, it says how many dots follow its G and Y.
const shownMarks = 8

// Example is an answer of g's rule for the texts, in quotes: "1 2"
// (black-white), "1" (black), "GY.." (slots, a mark for each position);
// beyond shownMarks positions, "GY" and 98 dots.
func Example(g mastermind.Game) string {
	typed, more := example(g, "G", "Y", ".")
	return `"` + typed + `"` + more
}

// example is an answer of g's rule as a person types it, under slots in
// the marks given for right place, elsewhere and neither: "1 2", "1",
// "GY.."; beyond shownMarks positions only the first two marks, more
// saying the rest: " and 98 dots" (" and 98 zeros" with the marks 2 1 0).
func example(g mastermind.Game, right, elsewhere, neither string) (typed, more string) {
	switch g.Rule {
	case mastermind.BlackOnly:
		return "1", ""
	case mastermind.Slots:
		n := g.Positions
		switch {
		case n == 1:
			return neither, ""
		case n <= shownMarks:
			return right + elsewhere + strings.Repeat(neither, n-2), ""
		}
		name := "dots"
		if neither == "0" {
			name = "zeros"
		}
		return right + elsewhere, fmt.Sprintf(" and %d %s", n-2, name)
	}
	return "1 2", ""
}

// HowToAnswer says in words what an answer of g's rule is: "the right
// colours in the right place, then in the wrong place".
func HowToAnswer(g mastermind.Game) string {
	switch g.Rule {
	case mastermind.BlackOnly:
		return "the number of colours right and in the right place (blacks only)"
	case mastermind.Slots:
		return "a mark for each position: G the right colour in the right place, Y the colour is in the code elsewhere, . neither"
	}
	return "the right colours in the right place, then in the wrong place"
}

// fixExample is the example of "fix" correcting answer 2 in g's rule,
// quoted as Example: "fix 2 1 0", "fix 2 1", "fix 2 GY..", and the answer
// it gives unquoted: 1 0, 1, GY.. (beyond shownMarks positions, "fix 2
// GY" and 98 dots, GY and 98 dots).
func fixExample(g mastermind.Game) (fix, answer string) {
	typed, more := example(g, "G", "Y", ".")
	if g.Rule == mastermind.BlackWhite {
		typed = "1 0"
	}
	return `"fix 2 ` + typed + `"` + more, typed + more
}

// fixForm is the command that corrects answer n (a number, or "N") in the
// form of g's rule: "fix N B W", "fix N B", "fix N MARKS".
func fixForm(g mastermind.Game, n string) string {
	switch g.Rule {
	case mastermind.BlackOnly:
		return "fix " + n + " B"
	case mastermind.Slots:
		return "fix " + n + " MARKS"
	}
	return "fix " + n + " B W"
}

// badAnswer says why line is no answer of g's rule (ParseAnswer's
// SyntaxError), in words for a person: a slots answer of the wrong number
// of marks says how many it has.
func badAnswer(g mastermind.Game, line string) error {
	said := strings.Join(strings.Fields(line), " ")
	if g.Rule != mastermind.Slots { // marks are said as typed, G and g alike
		said = strings.ToLower(said)
	}
	said = quote.Cut(said, quote.Max)
	switch g.Rule {
	case mastermind.BlackOnly:
		return fmt.Errorf("\"%s\" is no answer I understand: answer with one number, the colours right and in the right place, as in \"1\" (or \"y\" when I have it); \"help\" lists the commands", said)
	case mastermind.Slots:
		if n, ok := countMarks(line); ok {
			return fmt.Errorf("\"%s\" has %s, not %d: give a mark for each position, as in %s", said, words.Count(n, "mark"), g.Positions, Example(g))
		}
		return fmt.Errorf("\"%s\" is no answer I understand: answer with a mark for each position, G (right place), Y (elsewhere) or . (neither), as in %s (or \"y\" when I have it); \"help\" lists the commands", said, Example(g))
	}
	return fmt.Errorf("\"%s\" is no answer I understand: answer with two numbers, as in \"1 2\" (or \"y\" when I have it); \"help\" lists the commands", said)
}

// guessIntro tells how to answer the computer's guesses, as the game
// begins.
func guessIntro(g mastermind.Game) string {
	switch g.Rule {
	case mastermind.BlackOnly:
		return `I will guess it. Answer each guess with the number of colours right and in the right
place (blacks only), as "1"; "y" when I have it; "help" for more.
`
	case mastermind.Slots:
		return fmt.Sprintf(`I will guess it. Answer each guess with a mark for each position: G the right colour in
the right place, Y the colour is in the code elsewhere, . neither; as %s (or g, y, and
2, 1, 0); "y" when I have it; "help" for more.
`, Example(g))
	}
	return `I will guess it. Answer each guess with the right colours in the right place, then in the
wrong place, as "1 2"; "y" when I have it; "help" for more.
`
}

// guessHelp is the help of the game where the computer guesses.
func guessHelp(g mastermind.Game) string {
	var how string
	switch g.Rule {
	case mastermind.BlackOnly:
		how = `Answer each guess with one number: how many colours are right and in the right
place ("1" or "n 1"); "y" when I have your code. Commands:
    fix N B     correct your answer to guess N
`
	case mastermind.Slots:
		how = fmt.Sprintf(`Answer each guess with a mark for each position, left to right: G the right
colour in the right place, Y the colour is in your code elsewhere (not
counted twice: a copy marked G, or Y further left, is used up), . neither;
%s, %s or %s (g, y and 2, 1, 0 too, spaces or not); "y"
when I have your code. Commands:
    fix N MARKS correct your answer to guess N
`, Example(g), inQuotes(example(g, "g", "y", ".")), inQuotes(example(g, "2", "1", "0")))
	default:
		how = `Answer each guess with two numbers: how many colours are right and in the
right place, then how many are right but in the wrong place ("1 2", "n 1 2",
or "12"); "y" when I have your code. Commands:
    fix N B W   correct your answer to guess N
`
	}
	return how + `    undo        take back your last answer (only the last: "fix" corrects
                an earlier one)
    list        show the guesses and answers so far
    help        show this text
    quit        stop
`
}

// inQuotes writes an example of example's in quotes, as Example does.
func inQuotes(typed, more string) string { return `"` + typed + `"` + more }

// refereeAbout says how the computer answers the person's guesses, in
// the help of You guess.
func refereeAbout(g mastermind.Game) string {
	switch g.Rule {
	case mastermind.BlackOnly:
		return `I answer how many colours
are right and in the right place (blacks only, not how many are right in the
wrong place).`
	case mastermind.Slots:
		return `I answer with a mark for
each position: G the right colour in the right place, Y the colour is in the
code elsewhere, . neither.`
	}
	return `I answer how many colours are right and in the right
place, then how many are right but in the wrong place.`
}

// quoted writes an answer inside a sentence: the marks of a slots answer
// in quotes, so that its dots are not the sentence's.
func (s *session) quoted(f mastermind.Feedback) string {
	if s.game.Rule == mastermind.Slots {
		return strings.Replace(s.answer(f), f.Marks, "\""+f.Marks+"\"", 1)
	}
	return s.answer(f)
}

// refereeIntro says how the computer answers the person's guesses, as a
// game of You guess begins under another rule than black-white ("" under
// black-white, which the game's first lines say).
func refereeIntro(g mastermind.Game) string {
	switch g.Rule {
	case mastermind.BlackOnly:
		return "I answer how many colours are right and in the right place: blacks only.\n"
	case mastermind.Slots:
		return "I answer with a mark for each position: G the right colour in the right place,\nY the colour is in the code elsewhere, . neither.\n"
	}
	return ""
}

// countMarks counts the marks of line, when it is marks only (G, Y, .,
// lower case, 2, 1, 0, and white space).
func countMarks(line string) (int, bool) {
	n := 0
	for _, r := range line {
		switch {
		case strings.ContainsRune("GgYy.210", r):
			n++
		case r != ' ' && r != '\t':
			return 0, false
		}
	}
	return n, n > 0
}

// answer writes an answer in the form of the game's rule ("1 2", "1",
// "GY.."); a slots answer in colour has its marks drawn before it, each
// on its colour (MarkPeg).
func (s *session) answer(f mastermind.Feedback) string {
	text := s.game.Rule.Format(f)
	if !s.Color || s.game.Rule != mastermind.Slots {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(f.Marks); i++ {
		p := MarkPeg(f.Marks[i])
		st := ansi.NewStyle().Bold().
			ForegroundColor(colorprofile.ANSI256.Convert(p.TextColor())).
			BackgroundColor(colorprofile.ANSI256.Convert(p.BackColor()))
		b.WriteString(st.Styled(" " + f.Marks[i:i+1] + " "))
	}
	return b.String() + " " + text
}
