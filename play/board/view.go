package board

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/words"
)

// The background and text colours of pegs, from the 256-colour palette:
// those of package play's line dialogue.
var (
	pegColors = []int{196, 34, 21, 226, 208, 129, 51, 231, 240, 201, 94, 22, 18, 190, 136, 57}
	pegText   = []int{231, 231, 231, 16, 16, 231, 16, 16, 231, 16, 231, 231, 231, 16, 16, 231}
)

// styles draw the board in colour, or as plain text (color false): then
// pegs are bracketed, "[3]", and marks stand where colours would.
type styles struct {
	color  bool
	title  lipgloss.Style
	faint  lipgloss.Style
	bad    lipgloss.Style
	cursor lipgloss.Style
	pegs   []lipgloss.Style
}

func newStyles(color bool) styles {
	st := styles{color: color}
	st.title = lipgloss.NewStyle().Bold(true)
	st.faint = lipgloss.NewStyle().Foreground(lipgloss.Color("244"))
	st.bad = lipgloss.NewStyle().Foreground(lipgloss.Color("203")).Bold(true)
	st.cursor = lipgloss.NewStyle().Background(lipgloss.Color("244")).Foreground(lipgloss.Color("16"))
	for i := range pegColors {
		st.pegs = append(st.pegs, lipgloss.NewStyle().Bold(true).
			Foreground(lipgloss.Color(strconv.Itoa(pegText[i]))).
			Background(lipgloss.Color(strconv.Itoa(pegColors[i]))))
	}
	return st
}

// paint applies s in colour, and nothing without.
func (st styles) paint(s lipgloss.Style, text string) string {
	if !st.color {
		return text
	}
	return s.Render(text)
}

// width is the board's width, at least 20.
func (m *model) width() int { return max(m.w, 20) }

// wide reports whether pegs are drawn three characters wide.
func (m *model) wide() bool { return 4*m.g.Positions+40 <= m.width() }

// peg draws colour c, its number (or letter) always written on it.
func (m *model) peg(c uint8) string {
	text := mastermind.Code{c}.Compact(m.g.Colors)
	if m.g.Colors > 26 {
		text = strconv.Itoa(int(c))
	}
	colored := m.st.color && int(c) < len(m.st.pegs)
	switch {
	case m.wide() && colored:
		return m.st.pegs[c].Render(" " + text + " ")
	case m.wide():
		return "[" + text + "]"
	case colored:
		return m.st.pegs[c].Render(text)
	}
	return text
}

// code draws a code, and empty slots up to the positions when it is being
// entered (cursor: the slot typed next is marked).
func (m *model) code(c mastermind.Code, entering bool) string {
	var b strings.Builder
	for i := 0; i < m.g.Positions; i++ {
		switch {
		case i < len(c):
			b.WriteString(m.peg(c[i]))
		case !m.wide() && m.g.Colors > 26:
			b.WriteString(" _")
		case !m.wide() && i == len(c) && entering:
			b.WriteString(m.st.paint(m.st.cursor, "_"))
		case !m.wide():
			b.WriteString("·")
		case i == len(c) && entering && m.st.color:
			b.WriteString(m.st.cursor.Render(" _ "))
		case i == len(c) && entering:
			b.WriteString("[_]")
		case m.st.color:
			b.WriteString(m.st.faint.Render(" · "))
		default:
			b.WriteString("[ ]")
		}
		if (m.wide() || m.g.Colors > 26) && i < m.g.Positions-1 {
			b.WriteString(" ") // pegs of one colour side by side stay two
		}
	}
	return b.String()
}

// answerText says an answer, with its marks while they fit.
func (m *model) answerText(f mastermind.Feedback) string {
	text := fmt.Sprintf("%d black, %d white", f.Black, f.White)
	if m.g.Positions <= 10 {
		return marks(m.g.Positions, f) + "  " + text
	}
	return text
}

// row draws turn i.
func (m *model) row(i int) string {
	t := m.turns[i]
	lead := "  "
	switch {
	case m.cfg.Role == Computer && m.sel == i && !m.over:
		lead = "▸ "
	case m.marked(i):
		lead = m.st.paint(m.st.bad, "✗ ")
	}
	line := fmt.Sprintf("%s%2d  %s  ", lead, i+1, m.code(t.Guess, false))
	if m.cfg.Role == Computer && m.sel == i && !m.over {
		return line + m.answerEntry()
	}
	ans := m.answerText(t.Feedback)
	if m.marked(i) {
		return line + m.st.paint(m.st.bad, ans+"  ✗")
	}
	return line + ans
}

// marked reports whether row i is one of the answers in conflict.
func (m *model) marked(i int) bool {
	if m.conflict != nil {
		for _, a := range m.conflict.Answers {
			if a == i+1 {
				return true
			}
		}
	}
	for _, w := range m.wrong {
		if w == i {
			return true
		}
	}
	return false
}

// answerEntry draws the answer being typed: "[1] black [_] white".
func (m *model) answerEntry() string {
	slot := func(i int) string {
		v := m.fields[i]
		switch {
		case v != "" && m.field == i:
			return "[" + v + "_]"
		case v != "":
			return "[" + v + "]"
		case m.field == i:
			return m.st.paint(m.st.cursor, "[_]")
		}
		return "[ ]"
	}
	return "answer " + slot(0) + " black " + slot(1) + " white"
}

// title is the top line: who guesses, the game, and what its codes are
// when that fits.
func (m *model) title() string {
	role := "You guess"
	if m.cfg.Role == Computer {
		role = "Computer guesses"
	}
	name := m.g.Name()
	if m.cfg.Daily != nil {
		name = fmt.Sprintf("daily #%d · %s", m.cfg.Daily.Number, name)
	}
	last := mastermind.Code{uint8(m.g.Colors - 1)}.Compact(m.g.Colors)
	first := mastermind.Code{0}.Compact(m.g.Colors)
	rep := "repeats allowed"
	if m.g.Distinct {
		rep = "no colour twice"
	}
	about := fmt.Sprintf(" · %s, colours %s-%s, %s", words.Count(m.g.Positions, "position"), first, last, rep)
	line := role + " · " + name
	if ansi.StringWidth(line+about) > m.width() {
		about = ""
	}
	return m.st.paint(m.st.title, role) + " · " + name + about
}

// entryRow draws the row being entered, or the result of a game over.
func (m *model) entryRow() string {
	n := len(m.turns) + 1
	if m.cfg.Role == You {
		return fmt.Sprintf("  %2d  %s  %s", n, m.code(m.entry, true), m.st.paint(m.st.faint, "← your guess"))
	}
	lead := "  "
	if m.sel == len(m.turns) {
		lead = "▸ "
	}
	if m.guess == nil {
		return lead + fmt.Sprintf("%2d  ", n) + m.st.paint(m.st.bad, "no code fits your answers")
	}
	line := fmt.Sprintf("%s%2d  %s  ", lead, n, m.code(m.guess, false))
	if m.sel == len(m.turns) {
		return line + m.answerEntry()
	}
	return line + m.st.paint(m.st.faint, "waiting for the edit")
}

// status says how many codes are still possible, or which answers
// contradict each other.
func (m *model) status() []string {
	if m.over {
		return nil
	}
	if m.conflict != nil {
		text := m.conflict.Error()
		return wrapWords(strings.ToUpper(text[:1])+text[1:]+" (✗): edit one (↑, type it, Enter) or undo the last (u).", m.width(), 3)
	}
	var line string
	if r := m.b.Remaining(); r.Known() && m.followed {
		line = possible(r)
		if m.cfg.Role == Computer && r.Exact && r.N > 1 && r.N <= 12 {
			if list := m.candidates(); list != "" && len(line)+len(list)+2 <= m.width() {
				line += ": " + list
			}
		}
	}
	if m.cfg.Daily != nil {
		left := dailyGuesses - len(m.turns)
		if line != "" {
			line += "; "
		}
		line += words.Count(left, "guess") + " left"
	}
	if line == "" {
		return nil
	}
	return []string{line + "."}
}

// possible says "12 codes still possible", "1 code still possible".
func possible(r mastermind.Remaining) string {
	if r.Exact && r.N < 1e15 {
		return words.Count(int(r.N), "code") + " still possible"
	}
	return fmt.Sprintf("about %.2g codes still possible", r.N)
}

// candidates lists the codes still possible, when the game is enumerated.
func (m *model) candidates() string {
	s, err := choose.Space(m.g)
	if err != nil {
		return ""
	}
	var list []string
	for _, c := range consistent.Candidates(s, m.turns) {
		list = append(list, s.Code(int(c)).Compact(m.g.Colors))
	}
	return strings.Join(list, " ")
}

// help is the line of keys.
func (m *model) help() string {
	last := mastermind.Code{uint8(m.g.Colors - 1)}.Compact(m.g.Colors)
	var long, short string
	switch {
	case m.over:
		long, short = "q leave", "q leave"
	case m.confirm:
		long, short = "y give up · n play on", "y give up · n play on"
	case m.cfg.Daily != nil:
		long = "0-" + last + " colour · Backspace erase · Enter check · g give up · q quit"
		short = "0-" + last + " · ⌫ · Enter check · g give up · q"
	case m.cfg.Role == You && m.g.Colors > 10:
		long = "A-" + last + " colour (capitals) · Backspace erase · Enter check · ? why · h hint · g give up · q quit"
		short = "A-" + last + " · ⌫ · Enter check · ? why · h hint · g give up · q"
	case m.cfg.Role == You:
		long = "0-" + last + " colour · Backspace erase · Enter check · ? why · h hint · g give up · q quit"
		short = "0-" + last + " · ⌫ · Enter check · ? why · h hint · g give up · q"
	default:
		long = "blacks whites · Enter answer · y got it · ↑↓ edit · u undo · ? why · q quit"
		short = "blacks whites · Enter · y got it · ↑↓ · u undo · ? why · q"
	}
	if ansi.StringWidth(long) <= m.width() {
		return m.st.paint(m.st.faint, long)
	}
	return m.st.paint(m.st.faint, short)
}

// View draws the board on the alternate screen, the cursor hidden (the
// slot typed next is marked on the board).
func (m *model) View() tea.View {
	v := tea.NewView(m.screen())
	v.AltScreen = true
	return v
}

// screen draws the board: the title, the rows (the last that fit, or those
// around the row being edited), the row being entered, the codes still
// possible, a message, Why?, and the keys at the bottom.
func (m *model) screen() string {
	w, h := m.width(), max(m.h, 8)
	var foot []string
	if m.over {
		foot = append(foot, "", m.st.paint(m.st.title, m.result))
		foot = append(foot, m.statsLines()...)
		if len(m.share) > 0 {
			foot = append(foot, "")
			foot = append(foot, m.share...)
		}
	} else {
		foot = append(foot, m.entryRow(), "")
		foot = append(foot, m.status()...)
	}
	if m.msg != "" {
		foot = append(foot, wrapWords(m.msg, w, 2)...)
	}
	if len(m.why) > 0 {
		foot = append(foot, "")
		foot = append(foot, m.why...)
	}
	head := []string{m.title(), ""}
	room := h - len(head) - len(foot) - 2 // a blank line and the keys
	rows := m.rowLines(max(room, 1))
	lines := append(head, rows...)
	lines = append(lines, foot...)
	for len(lines) < h-1 {
		lines = append(lines, "")
	}
	lines = append(lines[:min(len(lines), h-1)], m.help())
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	return strings.Join(lines, "\n")
}

// rowLines draws the rows in room lines: all of them, or a window that
// ends with the last (or shows the row being edited), and a line saying
// how many are above it.
func (m *model) rowLines(room int) []string {
	n := len(m.turns)
	if n <= room {
		out := make([]string, n)
		for i := range out {
			out[i] = m.row(i)
		}
		return out
	}
	show := room - 1 // a line says how many rows are hidden
	last := n        // the window is [last-show, last)
	if m.cfg.Role == Computer && m.sel < n-show+1 && !m.over {
		last = m.sel + 1
	}
	first := max(last-show, 0)
	out := []string{m.st.paint(m.st.faint, fmt.Sprintf("   ⋮ %s above, %d below", words.Count(first, "row"), n-last))}
	if n == last {
		out[0] = m.st.paint(m.st.faint, fmt.Sprintf("   ⋮ %s above", words.Count(first, "row")))
	}
	for i := first; i < last; i++ {
		out = append(out, m.row(i))
	}
	return out
}

// statsLines are the statistics shown when a game of You guess is over.
func (m *model) statsLines() []string {
	if m.cfg.Stats == nil || m.cfg.Preset == "" {
		return nil
	}
	if m.cfg.Role == Computer {
		t := m.cfg.Stats.Computer[m.cfg.Preset]
		if t == nil {
			return nil
		}
		return []string{fmt.Sprintf("%s: I have found %s: %s.", m.cfg.Preset, words.Count(t.Won, "code"), distribution(t.Guesses))}
	}
	t := m.cfg.Stats.Tally(m.cfg.Preset)
	pct := 0
	if t.Played > 0 {
		pct = 100 * t.Won / t.Played
	}
	line := fmt.Sprintf("%s: played %d, won %d%%", m.cfg.Preset, t.Played, pct)
	if m.cfg.Daily != nil {
		line += fmt.Sprintf(", daily streak %d (best %d)", t.Streak, t.Best)
	}
	return []string{line + ".", strings.ToUpper(distribution(t.Guesses)[:1]) + distribution(t.Guesses)[1:] + "."}
}

// distribution says how many games were won in each number of guesses:
// "won in 3 guesses: 1 · in 4: 2".
func distribution(guesses []int) string {
	var parts []string
	for i, n := range guesses {
		if n == 0 {
			continue
		}
		if len(parts) == 0 {
			parts = append(parts, fmt.Sprintf("won in %s: %d", words.Count(i+1, "guess"), n))
		} else {
			parts = append(parts, fmt.Sprintf("in %d: %d", i+1, n))
		}
	}
	if len(parts) == 0 {
		return "none won yet"
	}
	return strings.Join(parts, " · ")
}

// wrapWords wraps text at spaces in lines of at most width, at most most
// lines.
func wrapWords(text string, width, most int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && ansi.StringWidth(line)+1+ansi.StringWidth(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	lines = append(lines, line)
	if len(lines) > most {
		lines = lines[:most]
	}
	return lines
}
