package board

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play"
)

// The answers of each rule of the game (mastermind.Rule) on the board:
// black-white's blacks then whites typed as digits, black's blacks alone,
// slots' marks typed or cycled a position at a time; and how each is drawn.

// opening is the first message of a game of role in game g.
func opening(role play.Role, g mastermind.Game) string {
	if role == play.Computer {
		switch g.Rule {
		case mastermind.BlackOnly:
			return "Think of a code: I guess it. Answer each guess with the blacks: how many colours are right and in the right place."
		case mastermind.Slots:
			return "Think of a code: I guess it. Answer each guess with a mark a position: G right place, Y elsewhere in the code, . neither."
		}
		return "Think of a code: I guess it. Answer each guess with the blacks (right colour, right place), then the whites (right colour, wrong place)."
	}
	switch g.Rule {
	case mastermind.BlackOnly:
		return "I have chosen a code: guess it. Each answer tells the blacks (right colour, right place) only."
	case mastermind.Slots:
		return "I have chosen a code: guess it. Each answer marks each position: G right colour and place, Y elsewhere in the code, . neither."
	}
	return "I have chosen a code: guess it. Each answer tells the blacks (right colour, right place) and the whites (right colour, wrong place)."
}

// howToAnswer says which keys answer a guess.
func (m *model) howToAnswer() string {
	switch m.g.Rule {
	case mastermind.BlackOnly:
		return fmt.Sprintf("answer with the blacks (0-%d), then Enter", m.g.Positions)
	case mastermind.Slots:
		return "answer with a mark a position, G, Y or . (or 2, 1, 0; Space cycles), then Enter"
	}
	return fmt.Sprintf("answer with the blacks, then the whites (0-%d)", m.g.Positions)
}

// answerWords says an answer in a sentence: "1 black, 2 white", "1
// black", "\"GY..\"" (quoted: its dots are not the sentence's).
func (m *model) answerWords(f mastermind.Feedback) string {
	switch m.g.Rule {
	case mastermind.BlackOnly:
		return fmt.Sprintf("%d black", f.Black)
	case mastermind.Slots:
		return strconv.Quote(f.Marks)
	}
	return fmt.Sprintf("%d black, %d white", f.Black, f.White)
}

// clearAnswer empties the answer being entered.
func (m *model) clearAnswer() {
	m.fields, m.field = [2]string{}, 0
	m.marks, m.cur = nil, 0
}

// typed returns the answer typed, or false (and says what is missing)
// when it is not whole.
func (m *model) typed() (mastermind.Feedback, bool) {
	if m.g.Rule == mastermind.Slots {
		n := len(m.marks) - strings.Count(string(m.marks), "\x00")
		if len(m.marks) != m.g.Positions || n != m.g.Positions {
			m.msg = fmt.Sprintf("An answer has %s, one a position: %d typed. Type G, Y or . for each (Space cycles the one in brackets).", words.Count(m.g.Positions, "mark"), n)
			return mastermind.Feedback{}, false
		}
		// The session says what is wrong with marks no code gives.
		f, _ := m.g.ParseFeedback(string(m.marks))
		return f, true
	}
	if m.fields[0] == "" {
		if m.g.Rule == mastermind.BlackOnly {
			m.msg = "Type the blacks (right colour, right place), then Enter."
		} else {
			m.msg = "Type the blacks (right colour, right place), then the whites, then Enter."
		}
		return mastermind.Feedback{}, false
	}
	black, _ := strconv.Atoi(m.fields[0])
	white, _ := strconv.Atoi("0" + m.fields[1])
	return mastermind.Feedback{Black: black, White: white}, true
}

// markOf returns the mark a key types under the rule slots: G, Y or .
// (also g, y, and 2, 1, 0), or 0.
func markOf(k tea.KeyPressMsg) byte {
	r, ok := char(k)
	if !ok {
		return 0
	}
	switch r {
	case 'G', 'g', '2':
		return mastermind.MarkRight
	case 'Y', 'y', '1':
		return mastermind.MarkOther
	case '.', '0':
		return mastermind.MarkNone
	}
	return 0
}

// cycle is the order Space steps a mark through, as a tap on the page:
// none, elsewhere, right place (a position not typed yet is none).
var cycle = map[byte]byte{0: mastermind.MarkOther, mastermind.MarkNone: mastermind.MarkOther, mastermind.MarkOther: mastermind.MarkRight, mastermind.MarkRight: mastermind.MarkNone}

// marksKey acts on a key of the answer under the rule slots, and reports
// whether it was one: a mark typed at the position in brackets, which
// moves on; Space cycles it; ← → move; Backspace erases; Enter answers.
func (m *model) marksKey(k tea.KeyPressMsg, s string) (tea.Cmd, bool) {
	n := m.g.Positions
	if len(m.marks) != n {
		m.marks, m.cur = make([]byte, n), 0
	}
	if mark := markOf(k); mark != 0 {
		m.marks[m.cur] = mark
		m.cur = min(m.cur+1, n-1)
		m.msg = ""
		return nil, true
	}
	switch s {
	case "space":
		m.marks[m.cur] = cycle[m.marks[m.cur]]
	case "left":
		m.cur = max(m.cur-1, 0)
	case "right", "tab":
		m.cur = min(m.cur+1, n-1)
	case "backspace":
		// As in a line of text: the mark before the brackets, or the
		// one in them at the end.
		if m.marks[m.cur] == 0 && m.cur > 0 {
			m.cur--
		}
		m.marks[m.cur] = 0
	case "enter":
		return m.answer(), true
	default:
		return nil, false
	}
	m.msg = ""
	return nil, true
}

// answerEntry is the answer being typed, a row's parts (lay): "answer
// [1] black [_] white" (black only under the rule black); under slots
// "answer" and a slot a position, the one keys go to in brackets.
func (m *model) answerEntry() rowParts {
	if m.g.Rule == mastermind.Slots {
		return rowParts{label: "answer", marks: m.marksEntry()}
	}
	slot := func(i int) string {
		v := m.fields[i]
		switch {
		case v != "" && m.field == i:
			return "[" + v + "_]"
		case v != "":
			return "[" + v + "]"
		case m.field == i:
			return m.sty.paint(m.sty.cursor, "[_]")
		}
		return "[ ]"
	}
	if m.g.Rule == mastermind.BlackOnly {
		return rowParts{text: "answer " + slot(0) + " black"}
	}
	return rowParts{text: "answer " + slot(0) + " black " + slot(1) + " white"}
}

// marksEntry draws the marks being typed, a cell a position: a mark on
// its colour, "·" where none is typed yet, the position keys go to in
// brackets.
func (m *model) marksEntry() []string {
	cells := make([]string, m.g.Positions)
	for i := range cells {
		var mark byte
		if i < len(m.marks) {
			mark = m.marks[i]
		}
		text := "·"
		switch {
		case mark != 0:
			text = string(mark)
		case i == m.cur:
			text = "_"
		}
		cell := " " + text + " "
		if i == m.cur {
			cell = "[" + text + "]"
		}
		switch {
		case mark != 0 && m.sty.color:
			cells[i] = markStyle(mark).Render(cell)
		case i == m.cur && mark == 0:
			cells[i] = m.sty.paint(m.sty.cursor, cell)
		default:
			cells[i] = cell
		}
	}
	return cells
}

// markStyle draws a mark on its colour (play.MarkPeg).
func markStyle(mark byte) lipgloss.Style {
	p := play.MarkPeg(mark)
	return lipgloss.NewStyle().Bold(true).Foreground(p.TextColor()).Background(p.BackColor())
}

// answerText is an answer in a row, a row's parts (lay): its marks while
// they fit, then in words ("●○··  1 black, 1 white"; "●···  1 black");
// under slots the marks a position, each on its colour, and how many are
// right and elsewhere. plain draws it without colour (a row marked in
// conflict).
func (m *model) answerText(f mastermind.Feedback, plain bool) rowParts {
	switch m.g.Rule {
	case mastermind.Slots:
		p := rowParts{text: fmt.Sprintf("%d right, %d elsewhere", f.Black, f.White)}
		for i := 0; i < len(f.Marks); i++ {
			cell := f.Marks[i : i+1]
			if m.sty.color && !plain {
				if m.wide() {
					cell = " " + cell + " "
				}
				cell = markStyle(f.Marks[i]).Render(cell)
			}
			p.marks = append(p.marks, cell)
		}
		return p
	case mastermind.BlackOnly:
		text := fmt.Sprintf("%d black", f.Black)
		if m.g.Positions <= 10 {
			return rowParts{text: play.Marks(m.g.Positions, f) + "  " + text}
		}
		return rowParts{text: text}
	}
	text := fmt.Sprintf("%d black, %d white", f.Black, f.White)
	if m.g.Positions <= 10 {
		return rowParts{text: play.Marks(m.g.Positions, f) + "  " + text}
	}
	return rowParts{text: text}
}

// whyAnswers says the answers of Why?'s parts, "black white:codes", in
// the form of the rule: the head of the list, and each part.
func (m *model) whyAnswers() (head string, part func(f mastermind.Feedback, codes int) string) {
	switch m.g.Rule {
	case mastermind.BlackOnly:
		return "answers (black:codes) ", func(f mastermind.Feedback, n int) string { return fmt.Sprintf("%d:%d", f.Black, n) }
	case mastermind.Slots:
		return "answers (marks:codes) ", func(f mastermind.Feedback, n int) string { return fmt.Sprintf("%s:%d", f.Marks, n) }
	}
	return "answers (black white:codes) ", func(f mastermind.Feedback, n int) string { return fmt.Sprintf("%d %d:%d", f.Black, f.White, n) }
}
