package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/stats"
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
	for _, p := range play.Pegs { // the page's colours
		st.pegs = append(st.pegs, lipgloss.NewStyle().Bold(true).Foreground(p.TextColor()).Background(p.BackColor()))
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

// wide reports whether pegs are drawn three characters wide: when every
// row fits on a line so, its answer beside (under slots a mark a position,
// three wide too, and the words; an answer of the other rules and the
// answer being typed are at most 30 wide). Else they are narrow, and a row
// that still does not fit is drawn on several lines (lay).
func (m *model) wide() bool {
	p := m.g.Positions
	if m.g.Rule == mastermind.Slots {
		return 7*p+30 <= m.width() // 6 + 4p-1 + 2 + 3p + 2 + "p right, p elsewhere"
	}
	return 4*p+40 <= m.width()
}

// peg draws colour c, its number (or letter) always written on it, as
// wide as the board's pegs.
func (m *model) peg(c uint8) string { return m.pegOf(c, m.wide()) }

// pegOf draws colour c three characters wide, or one.
func (m *model) pegOf(c uint8, wide bool) string {
	text := mastermind.Code{c}.Compact(m.g.Colors)
	if m.g.Colors > 26 {
		text = strconv.Itoa(int(c))
	}
	st := m.sty.pegs[int(c)%len(m.sty.pegs)]
	if int(c) >= len(m.sty.pegs) {
		st = st.Underline(true) // the page's ring: its colour again
	}
	switch {
	case wide && m.sty.color:
		return st.Render(" " + text + " ")
	case wide:
		return "[" + text + "]"
	case m.sty.color:
		return st.Render(text)
	}
	return text
}

// pegSep is what stands between two pegs of a code: a space between wide
// pegs and between numbers, else nothing.
func (m *model) pegSep() string {
	if m.wide() || m.g.Colors > 26 {
		return " " // pegs of one colour side by side stay two
	}
	return ""
}

// codeCells draws a code a peg a cell, three characters wide or one, and
// empty slots up to the positions when it is being entered (cursor: the
// slot typed next is marked).
func (m *model) codeCells(c mastermind.Code, entering, wide bool) []string {
	cells := make([]string, m.g.Positions)
	for i := range cells {
		switch {
		case i < len(c):
			cells[i] = m.pegOf(c[i], wide)
		case !wide && m.g.Colors > 26:
			cells[i] = " _"
		case !wide && i == len(c) && entering:
			cells[i] = m.sty.paint(m.sty.cursor, "_")
		case !wide:
			cells[i] = "·"
		case i == len(c) && entering && m.sty.color:
			cells[i] = m.sty.cursor.Render(" _ ")
		case i == len(c) && entering:
			cells[i] = "[_]"
		case m.sty.color:
			cells[i] = m.sty.faint.Render(" · ")
		default:
			cells[i] = "[ ]"
		}
	}
	return cells
}

// A rowParts is a row of the board to lay out (lay): its lead, the code,
// and the answer.
type rowParts struct {
	lead     string              // the mark and number of the turn, "▸ 12  "
	code     mastermind.Code     // the code; nil and not entering: none
	entering bool                // the code is being entered: its empty slots drawn
	label    string              // said before the marks ("answer"), after them when they go under the pegs
	marks    []string            // under slots a mark a position; under the pegs when the row does not fit on a line
	text     string              // the rest of the answer, or a note; broken at spaces when it does not fit
	paint    func(string) string // draws the answer (marks and text) when not nil
}

// lay lays out a row in lines of at most the board's width: one line when
// it fits, "lead code  answer". Else the code is cut between whole pegs,
// the same number on every line; under slots each line of pegs has its
// marks on the line under it, each mark under the peg it answers (marks
// typed, three wide, under pegs drawn three wide); the rest of the answer
// goes beside the last line when it fits there, else on lines of its own.
func (m *model) lay(p rowParts) []string {
	w, sep := m.width(), m.pegSep()
	var pegs []string
	if p.code != nil || p.entering {
		pegs = m.codeCells(p.code, p.entering, m.wide())
	}
	paint := p.paint
	if paint == nil {
		paint = func(s string) string { return s }
	}
	answer := strings.Join(p.marks, "")
	if p.label != "" {
		answer = p.label + " " + answer
	}
	if p.text != "" && answer != "" {
		answer += "  "
	}
	answer += p.text
	line := p.lead + strings.Join(pegs, sep)
	if len(pegs) > 0 && answer != "" {
		line += "  "
	}
	if line += paint(answer); ansi.StringWidth(line) <= w {
		return []string{line}
	}
	indent := strings.Repeat(" ", ansi.StringWidth(p.lead))
	room := max(w-len(indent), 1)
	cell := 1
	for _, c := range append(slices.Clip(pegs), p.marks...) {
		cell = max(cell, ansi.StringWidth(c))
	}
	if cell == 3 && !m.wide() {
		pegs = m.codeCells(p.code, p.entering, true) // as wide as the marks typed, side by side
	}
	per := max((room+len(sep))/(cell+len(sep)), 1)
	var lines []string
	for i := 0; i < len(pegs); i += per {
		j := min(i+per, len(pegs))
		head := indent
		if i == 0 {
			head = p.lead
		}
		lines = append(lines, head+cells(pegs[i:j], cell, sep))
		if len(p.marks) >= j {
			lines = append(lines, indent+paint(cells(p.marks[i:j], cell, sep)))
		}
	}
	rest := p.text
	if p.label != "" && len(p.marks) > 0 && rest == "" {
		rest = "← " + p.label
	}
	if rest == "" {
		return lines
	}
	if n := len(lines); n > 0 && ansi.StringWidth(lines[n-1])+2+ansi.StringWidth(rest) <= w {
		lines[n-1] += "  " + paint(rest)
		return lines
	}
	own := []string{rest}
	if ansi.StringWidth(rest) > room {
		own = wrapWords(rest, room, len(rest))
	}
	for _, l := range own {
		head := indent
		if len(lines) == 0 {
			head = p.lead // no code: the text beside the number
		}
		lines = append(lines, head+paint(l))
	}
	return lines
}

// cells joins cells, each centred in width, with sep between them.
func cells(cs []string, width int, sep string) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		pad := width - ansi.StringWidth(c)
		out[i] = strings.Repeat(" ", pad/2) + c + strings.Repeat(" ", pad-pad/2)
	}
	return strings.Join(out, sep)
}

// lead is the start of row i's lines: a mark (▸ the row being edited, ✗
// one in conflict) and its number.
func lead(mark string, i int) string { return fmt.Sprintf("%s%2d  ", mark, i+1) }

// row lays out turn i.
func (m *model) row(i int) []string {
	t := m.st.Turns[i]
	mark := "  "
	switch {
	case m.editing(i):
		mark = "▸ "
	case m.marked(i):
		mark = m.sty.paint(m.sty.bad, "✗ ")
	}
	var p rowParts
	switch {
	case m.editing(i):
		p = m.answerEntry()
	case m.marked(i):
		p = m.answerText(t.Feedback, true)
		p.text += "  ✗"
		p.paint = func(s string) string { return m.sty.paint(m.sty.bad, s) }
	default:
		p = m.answerText(t.Feedback, false)
	}
	p.lead, p.code = lead(mark, i), t.Guess
	return m.lay(p)
}

// editing reports whether the answer of row i is being edited (Computer
// guesses, ↑↓).
func (m *model) editing(i int) bool {
	return m.cfg.Role == play.Computer && m.sel == i && !m.st.Over
}

// marked reports whether row i is one of the answers in conflict.
func (m *model) marked(i int) bool {
	if m.st.Conflict != nil {
		for _, a := range m.st.Conflict.Answers {
			if a == i+1 {
				return true
			}
		}
	}
	if w := m.st.Wrong; w != nil && slices.Contains(w.Turns, i) {
		return true
	}
	return false
}

// title is the top line: who guesses, the game, and what its codes are
// when that fits.
func (m *model) title() string {
	role := "You guess"
	if m.cfg.Role == play.Computer {
		role = "Computer guesses"
	}
	name := m.g.Name()
	if m.cfg.Daily != nil {
		name = fmt.Sprintf("daily #%d · %s", m.cfg.Daily.Number, name)
	}
	about := " · " + play.Describe(m.g)
	line := role + " · " + name
	if ansi.StringWidth(line+about) > m.width() {
		about = ""
	}
	return m.sty.paint(m.sty.title, role) + " · " + name + about
}

// entryRow lays out the row being entered, or the result of a game over.
func (m *model) entryRow() []string {
	n := len(m.st.Turns)
	if m.cfg.Role == play.You {
		faint := func(s string) string { return m.sty.paint(m.sty.faint, s) }
		return m.lay(rowParts{lead: lead("  ", n), code: m.entry, entering: true, text: "← your guess", paint: faint})
	}
	mark := "  "
	if m.sel == n {
		mark = "▸ "
	}
	if m.st.Guess == nil {
		bad := func(s string) string { return m.sty.paint(m.sty.bad, s) }
		return m.lay(rowParts{lead: lead(mark, n), text: "no code fits your answers", paint: bad})
	}
	p := rowParts{text: "waiting for the edit", paint: func(s string) string { return m.sty.paint(m.sty.faint, s) }}
	if m.sel == n {
		p = m.answerEntry()
	}
	p.lead, p.code = lead(mark, n), m.st.Guess
	return m.lay(p)
}

// status says how many codes are still possible, or which answers
// contradict each other.
func (m *model) status() []string {
	if m.st.Over {
		return nil
	}
	if m.st.Conflict != nil {
		text := m.st.Conflict.Error()
		return wrapWords(strings.ToUpper(text[:1])+text[1:]+" (✗): edit one (↑, type it, Enter) or undo the last (u).", m.width(), 3)
	}
	line := play.Possible(m.st.Remaining)
	if list := m.candidates(); list != "" && len(line)+len(list)+2 <= m.width() {
		line += ": " + list
	}
	if m.cfg.Daily != nil {
		left := play.DailyGuesses - len(m.st.Turns)
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

// candidates lists the codes still possible, when they are few.
func (m *model) candidates() string {
	var list []string
	for _, c := range m.st.Candidates {
		list = append(list, c.Compact(m.g.Colors))
	}
	return strings.Join(list, " ")
}

// help is the line of keys.
func (m *model) help() string {
	last := mastermind.Code{uint8(m.g.Colors - 1)}.Compact(m.g.Colors)
	var long, short string
	switch {
	case m.keys || m.shown != nil:
		long, short = "any key closes this", "any key closes this"
	case m.st.Over && (m.cfg.Role == play.Computer || m.cfg.Again != nil):
		long, short = "n new game · ? keys · q leave", "n new game · ? · q leave"
	case m.st.Over:
		long, short = "? keys · q leave", "? · q leave"
	case m.confirm:
		long, short = "y give up · n play on", "y give up · n play on"
	case m.cfg.Daily != nil:
		long = "0-" + last + " colour · Backspace erase · Enter check · g give up · ? keys · q quit"
		short = "0-" + last + " · ⌫ · Enter check · g give up · ? · q"
	case m.cfg.Role == play.You && m.g.Colors > 10:
		long = "A-" + last + " colour (capitals) · ⌫ · Enter check · w why · h hint · g give up · ? keys"
		short = "A-" + last + " · ⌫ · Enter check · w why · h hint · g give up · ?"
	case m.cfg.Role == play.You:
		long = "0-" + last + " colour · ⌫ · Enter check · w why · h hint · g give up · ? keys · q quit"
		short = "0-" + last + " · ⌫ · Enter check · w why · h hint · g give up · ? · q"
	case m.g.Rule == mastermind.Slots:
		long = "G Y . marks · Space cycles · ←→ · Enter · ↑↓ edit · u undo · w why · ? keys"
		short = "G Y . · Space · ←→ · Enter · ↑↓ · u undo · w why · ?"
	case m.g.Rule == mastermind.BlackOnly:
		long = "blacks · Enter · y got it · ↑↓ edit · u undo · w why · ? keys · q quit"
		short = "blacks · Enter · y got it · ↑↓ · u undo · w why · ?"
	default:
		long = "blacks whites · Enter · y got it · ↑↓ edit · u undo · w why · ? keys · q quit"
		short = "blacks whites · Enter · y got it · ↑↓ · u undo · w why · ?"
	}
	if ansi.StringWidth(long) <= m.width() {
		return m.sty.paint(m.sty.faint, long)
	}
	return m.sty.paint(m.sty.faint, short)
}

// keyLines list every key of the game as it is (?), in lines of at most
// 60 characters.
func (m *model) keyLines() []string {
	last := mastermind.Code{uint8(m.g.Colors - 1)}.Compact(m.g.Colors)
	lines := []string{"Keys:"}
	add := func(key, what string) { lines = append(lines, fmt.Sprintf("  %-10s %s", key, what)) }
	switch {
	case m.cfg.Role == play.You:
		first := "0"
		if m.g.Colors > 10 {
			first = "A"
		}
		add(first+"-"+last, "a colour")
		add("Backspace", "erase the last colour")
		add("Enter", "check the code")
		if m.cfg.Daily == nil {
			add("w", "Why?: how your code or my pick splits the codes")
			add("h", "a hint: my guess in your place")
		}
		add("g", "give up (y gives up, n plays on)")
	case m.g.Rule == mastermind.Slots:
		add("G Y .", "right place, elsewhere, neither (g y, 2 1 0)")
		add("Space", "cycle the mark in brackets: . Y G")
		add("← → ⌫", "move to another mark; Backspace erases")
		add("Enter", "answer; all G: my guess is your code")
	case m.g.Rule == mastermind.BlackOnly:
		add("0-9", "the blacks (right colour, right place)")
		add("Enter", "answer the guess, or the answer edited")
		add("y", "my guess is your code")
	default:
		add("0-9", "the blacks, then the whites (Space between them")
		lines = append(lines, "             from ten positions)")
		add("Enter", "answer the guess, or the answer edited")
		add("y", "my guess is your code")
	}
	if m.cfg.Role == play.Computer {
		add("↑ ↓ (k j)", "choose an answer to edit: type it again, Enter")
		add("u", "take back the last answer")
		add("w", "Why?: how my guess splits the codes left")
	}
	if m.cfg.Role == play.Computer || m.cfg.Again != nil {
		add("n", "a new game, once this one is over")
	}
	add("s", "the statistics (practice, daily, mine apart)")
	if m.cfg.Daily != nil {
		add("q, Esc", "leave (the daily is kept: play --daily goes on)")
	} else {
		add("q, Esc", "leave")
	}
	add("Ctrl-C", "leave too; Ctrl-Z suspends (fg goes on)")
	add("?", "these keys (any key closes them)")
	return lines
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
	if m.st.Over {
		foot = append(foot, "", m.sty.paint(m.sty.title, m.result))
		foot = append(foot, m.counts...)
		if share := m.st.Share(); len(share) > 0 {
			foot = append(foot, "")
			foot = append(foot, share...)
		}
	} else {
		foot = append(foot, m.entryRow()...)
		foot = append(foot, "")
		foot = append(foot, m.status()...)
	}
	switch {
	case m.keys:
		foot = append(foot, "")
		foot = append(foot, m.keyLines()...)
	case m.shown != nil:
		foot = append(foot, "")
		for _, l := range m.shown {
			foot = append(foot, wrapWords(l, w, 2)...)
		}
	case m.msg != "":
		foot = append(foot, wrapWords(m.msg, w, 3)...)
	}
	if why := m.whyLines(); len(why) > 0 && !m.keys && m.shown == nil {
		foot = append(foot, "")
		foot = append(foot, why...)
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
// how many are above it. A row takes a line or more (lay); the row being
// edited is always whole in view, even beyond room.
func (m *model) rowLines(room int) []string {
	n := len(m.st.Turns)
	rows := make([][]string, n)
	total := 0
	for i := range rows {
		rows[i] = m.row(i)
		total += len(rows[i])
	}
	if total <= room {
		return slices.Concat(rows...)
	}
	// The window [first, last): the rows before last that fit in room
	// under the line above them, the row being edited even when it does
	// not. It ends with the last row, or with the row being edited when
	// that is at its top or above it.
	window := func(last int) (first int) {
		used := 0
		for first = last; first > 0 && used+len(rows[first-1]) <= room-1; first-- {
			used += len(rows[first-1])
		}
		if first == last && m.editing(last-1) {
			first--
		}
		return first
	}
	last := n
	first := window(last)
	if m.sel < n && m.sel <= first && m.editing(m.sel) {
		last = m.sel + 1
		first = window(last)
	}
	out := []string{m.sty.paint(m.sty.faint, fmt.Sprintf("   ⋮ %s above, %d below", words.Count(first, "row"), n-last))}
	if n == last {
		out[0] = m.sty.paint(m.sty.faint, fmt.Sprintf("   ⋮ %s above", words.Count(first, "row")))
	}
	return append(out, slices.Concat(rows[first:last]...)...)
}

// statsLines are the statistics s of preset shown when the game of st is
// over: those of its kind (practice, daily, or Computer guesses).
func statsLines(s *stats.Stats, preset string, st play.State) []string {
	practice, daily, computer := tallies(s, preset)
	switch {
	case st.Role == play.Computer:
		return computerLines(preset, computer)
	case st.Daily != nil:
		return dailyLines(preset, daily)
	}
	return practiceLines(preset, practice)
}

// allStatsLines are every statistic of preset kept in s, each kind apart
// (s).
func allStatsLines(s *stats.Stats, preset string) []string {
	practice, daily, computer := tallies(s, preset)
	lines := []string{"Statistics:"}
	if practice.Played > 0 {
		lines = append(lines, practiceLines(preset, practice)...)
	}
	if daily.Played > 0 {
		lines = append(lines, dailyLines(preset, daily)...)
	}
	lines = append(lines, computerLines(preset, computer)...)
	if len(lines) == 1 {
		lines = append(lines, fmt.Sprintf("No game of %s counted yet.", preset))
	}
	return lines
}

// tallies splits the statistics of preset by kind: the practice games of
// You guess, the dailies (each kept: their count and guesses; the streak
// is theirs), and the games of Computer guesses. The file counts practice
// and daily together.
func tallies(s *stats.Stats, preset string) (practice, daily, computer stats.Tally) {
	all := s.Tally(preset)
	daily = stats.Tally{Streak: all.Streak, Best: all.Best, Last: all.Last}
	for _, d := range s.Dailies[preset] {
		daily.Played++
		if d.Won && len(d.Turns) > 0 {
			daily.Won++
			for len(daily.Guesses) < len(d.Turns) {
				daily.Guesses = append(daily.Guesses, 0)
			}
			daily.Guesses[len(d.Turns)-1]++
		}
	}
	practice = stats.Tally{Played: max(all.Played-daily.Played, 0), Won: max(all.Won-daily.Won, 0)}
	for i, n := range all.Guesses {
		if i < len(daily.Guesses) {
			n -= daily.Guesses[i]
		}
		practice.Guesses = append(practice.Guesses, max(n, 0))
	}
	if t := s.Computer[preset]; t != nil {
		computer = *t
	}
	return practice, daily, computer
}

// percent is won of played, in whole percents.
func percent(won, played int) int {
	if played == 0 {
		return 0
	}
	return 100 * won / played
}

// practiceLines say the practice games of You guess.
func practiceLines(preset string, t stats.Tally) []string {
	return []string{fmt.Sprintf("%s, practice: played %d, won %d%%.", preset, t.Played, percent(t.Won, t.Played)), capital(distribution(t.Guesses)) + "."}
}

// dailyLines say the dailies.
func dailyLines(preset string, t stats.Tally) []string {
	return []string{fmt.Sprintf("%s, daily: played %d, won %d%%, streak %d (best %d).", preset, t.Played, percent(t.Won, t.Played), t.Streak, t.Best), capital(distribution(t.Guesses)) + "."}
}

// computerLines say the games of Computer guesses, if any.
func computerLines(preset string, t stats.Tally) []string {
	if t.Won == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s: I have found %s: %s.", preset, words.Count(t.Won, "code"), distribution(t.Guesses))}
}

// capital returns s with its first letter a capital.
func capital(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

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
// lines, the last ending in "…" when the text is cut.
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
		lines[most-1] = ansi.Truncate(lines[most-1], width-1, "") + "…" // said cut
	}
	return lines
}
