package board

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play/stats"
)

// dailyGuesses is the number of guesses a daily allows, as on the page
// (web/static/daily.js): a daily not found in 10 guesses is lost.
const dailyGuesses = 10

// The size a board assumes before the terminal tells its own.
const (
	defaultWidth  = 80
	defaultHeight = 24
)

// model is the state of a board: a tea.Model.
type model struct {
	cfg   Config
	g     mastermind.Game
	b     mastermind.Breaker
	st    styles
	w, h  int
	turns []mastermind.Turn // the rows: the person's guesses (You), the computer's (Computer)

	// You guess.
	entry    mastermind.Code // the code being entered
	followed bool            // the breaker has every guess of turns, for hints and counts

	// Computer guesses.
	guess    mastermind.Code           // the computer's guess being answered; nil when no code fits
	conflict *mastermind.ConflictError // answers no code gives, marked
	wrong    []int                     // with a "got it" that contradicts: the rows it would have answered otherwise (0-based)
	sel      int                       // the row whose answer is being entered: len(turns) for the guess
	fields   [2]string                 // the answer being entered: black, white
	field    int                       // the field keys go to

	msg     string // a line about the last key
	why     []string
	whyOpen bool
	confirm bool // give up asked
	over    bool
	won     bool
	result  string    // how the game ended, one line
	share   []string  // a daily's share text, when over
	signal  os.Signal // what ended the game: Ctrl-C (os.Interrupt), or a signal
}

// newModel returns the board of cfg, its pegs coloured or not.
func newModel(cfg Config, color bool) *model {
	m := &model{cfg: cfg, g: cfg.Breaker.Game(), b: cfg.Breaker, st: newStyles(color), w: defaultWidth, h: defaultHeight, followed: true, msg: cfg.StatsNote}
	if m.msg == "" && cfg.Role == Computer {
		m.msg = "Think of a code: I guess it. Answer each guess with the blacks (right colour, right place), then the whites (right colour, wrong place)."
	}
	if m.msg == "" {
		m.msg = "I have chosen a code: guess it. Each answer tells the blacks (right colour, right place) and the whites (right colour, wrong place)."
	}
	if cfg.Role == Computer {
		m.next()
		return m
	}
	if cfg.Daily != nil && cfg.Stats != nil && cfg.Preset != "" {
		if d, ok := cfg.Stats.Daily(cfg.Preset, cfg.Daily.Date); ok {
			if err := m.replay(d); err != nil {
				m.msg = fmt.Sprintf("Today's daily in the statistics is damaged (%v): play it again.", err)
			}
		}
	}
	return m
}

// replay shows a daily played already, over; a daily kept that is no game
// of this board is an error, and changes nothing.
func (m *model) replay(d stats.Daily) error {
	var turns []mastermind.Turn
	for i, t := range d.Turns {
		code := make(mastermind.Code, len(t.Guess))
		for j, c := range t.Guess {
			code[j] = uint8(min(max(c, 0), 255))
		}
		f := mastermind.Feedback{Black: t.Black, White: t.White}
		if m.g.ValidCode(code) != nil || m.g.ValidFeedback(f) != nil || m.g.Wins(f) != (d.Won && i == len(d.Turns)-1) {
			return fmt.Errorf("guess %d", i+1)
		}
		turns = append(turns, mastermind.Turn{Guess: code, Feedback: f})
	}
	if len(turns) > dailyGuesses || d.Won && len(turns) == 0 {
		return fmt.Errorf("%s", words.Count(len(turns), "guess"))
	}
	m.turns = turns
	m.over, m.won = true, d.Won
	n := len(m.turns)
	m.result = fmt.Sprintf("You played daily #%d (%s) already: %s.", m.cfg.Daily.Number, m.cfg.Daily.Date, m.outcome(d.Won, n))
	m.share = m.shareText(n)
	return nil
}

// outcome says how a game of You guess ended.
func (m *model) outcome(won bool, n int) string {
	if won {
		return "found in " + words.Count(n, "guess")
	}
	return "not found"
}

func (m *model) Init() tea.Cmd { return nil }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case signalMsg:
		m.signal = msg.Signal
		return m, tea.Quit
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.refreshWhy() // its lines wrap to the width
		return m, nil
	case tea.KeyPressMsg:
		if len([]rune(msg.Text)) <= 1 {
			return m, m.key(msg)
		}
		// Keys typed faster than read can come as one message: each acts
		// in turn.
		return m, m.keys(msg.Text)
	case tea.PasteMsg:
		// Text pasted is typed, a key a character.
		return m, m.keys(msg.Content)
	}
	return m, nil
}

// keys acts on the characters of text as keys, each in turn, until one
// ends the board.
func (m *model) keys(text string) tea.Cmd {
	for _, r := range text {
		k := tea.KeyPressMsg{Code: r, Text: string(r)}
		switch r {
		case '\r', '\n':
			k = tea.KeyPressMsg{Code: tea.KeyEnter}
		case '\t':
			k = tea.KeyPressMsg{Code: tea.KeyTab}
		}
		if cmd := m.key(k); cmd != nil {
			return cmd
		}
	}
	return nil
}

// key acts on a key.
func (m *model) key(k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	switch s {
	case "ctrl+c":
		m.signal = os.Interrupt
		return tea.Quit
	case "q", "esc":
		if m.confirm {
			m.confirm, m.msg = false, ""
			return nil
		}
		if s == "q" || m.over {
			return tea.Quit
		}
		return nil
	}
	if m.over {
		return nil
	}
	if m.confirm {
		switch s {
		case "y":
			m.confirm = false
			m.end(false, len(m.turns))
		case "n":
			m.confirm, m.msg = false, ""
		}
		return nil
	}
	if m.cfg.Daily != nil && (s == "?" || s == "h") {
		// As on the page: the daily is played alone.
		m.msg = "The daily is played alone: no hint and no Why? till it ends."
		return nil
	}
	if s == "?" {
		m.whyOpen = !m.whyOpen
		m.refreshWhy()
		return nil
	}
	if m.cfg.Role == You {
		m.youKey(k, s)
	} else {
		m.computerKey(k, s)
	}
	m.refreshWhy()
	return nil
}

// colourOf returns the colour a key types, or -1: a digit in games of
// up to ten colours, a capital letter beyond (lower-case letters are
// commands).
func (m *model) colourOf(k tea.KeyPressMsg) int {
	r, ok := char(k)
	if !ok {
		return -1
	}
	c := -1
	switch {
	case m.g.Colors <= 10 && r >= '0' && r <= '9':
		c = int(r - '0')
	case m.g.Colors > 10 && m.g.Colors <= 26 && r >= 'A' && r <= 'Z':
		c = int(r - 'A')
	}
	if c >= m.g.Colors {
		return -1
	}
	return c
}

// char returns the character a key types, if it types one alone (no Alt
// or Ctrl).
func char(k tea.KeyPressMsg) (rune, bool) {
	r := []rune(k.Text)
	if len(r) != 1 || k.Mod.Contains(tea.ModAlt) || k.Mod.Contains(tea.ModCtrl) {
		return 0, false
	}
	return r[0], true
}

// youKey acts on a key of You guess.
func (m *model) youKey(k tea.KeyPressMsg, s string) {
	if c := m.colourOf(k); c >= 0 {
		if len(m.entry) == m.g.Positions {
			m.msg = "The code is full: Enter checks it, Backspace erases."
			return
		}
		m.entry = append(m.entry, uint8(c))
		m.msg = ""
		return
	}
	switch s {
	case "backspace":
		if len(m.entry) > 0 {
			m.entry = m.entry[:len(m.entry)-1]
		}
		m.msg = ""
	case "enter":
		m.check()
	case "h":
		m.hint()
	case "g":
		m.confirm = true
		m.msg = "Give up and see the code? y gives up, n plays on."
	default:
		m.msg = fmt.Sprintf("%s is no key of this game: %s.", keyName(s), m.colourKeys())
	}
}

// colourKeys says which keys type colours.
func (m *model) colourKeys() string {
	last := mastermind.Code{uint8(m.g.Colors - 1)}.Compact(m.g.Colors)
	if m.g.Colors > 10 {
		return "type colours with A-" + last + " (capitals)"
	}
	return "type colours with 0-" + last
}

// keyName names a key in a message.
func keyName(s string) string {
	if len([]rune(s)) == 1 {
		return strconv.Quote(s)
	}
	return s
}

// check answers the code entered.
func (m *model) check() {
	if len(m.entry) < m.g.Positions {
		m.msg = fmt.Sprintf("A code has %s; %s.", words.Count(m.g.Positions, "colour"), m.colourKeys())
		return
	}
	if err := m.g.ValidCode(m.entry); err != nil {
		m.msg = fmt.Sprintf("Not a code of this game: %v.", err)
		return
	}
	guess := m.entry
	m.entry = nil
	fb := mastermind.Score(m.cfg.Secret, guess)
	m.turns = append(m.turns, mastermind.Turn{Guess: guess, Feedback: fb})
	if m.g.Wins(fb) {
		m.end(true, len(m.turns))
		return
	}
	if m.followed {
		if err := m.b.Record(guess, fb); err != nil {
			m.followed = false // a game too large follows only its own guesses (package large)
		}
	}
	m.msg = ""
	if m.cfg.Daily != nil && len(m.turns) >= dailyGuesses {
		m.end(false, len(m.turns))
	}
}

// hint says the computer's next guess in the person's place.
func (m *model) hint() {
	next, err := m.b.Next(context.Background())
	switch {
	case err != nil:
		m.msg = fmt.Sprintf("No hint: %v.", err)
	case !m.followed:
		m.msg = fmt.Sprintf("Hint: I would guess %s (in a game this large I follow only my own guesses).", next.Compact(m.g.Colors))
	default:
		m.msg = fmt.Sprintf("Hint: I would guess %s.", next.Compact(m.g.Colors))
	}
}

// end ends a game of You guess, won in n guesses or not, and counts it.
func (m *model) end(won bool, n int) {
	m.over, m.won = true, won
	code := m.cfg.Secret.Compact(m.g.Colors)
	switch {
	case won:
		m.result = fmt.Sprintf("Found it in %s: %s.", words.Count(n, "guess"), code)
	case m.cfg.Daily != nil && n >= dailyGuesses:
		m.result = fmt.Sprintf("Not found in %d guesses: the code was %s.", dailyGuesses, code)
	default:
		m.result = fmt.Sprintf("The code was %s.", code)
	}
	m.msg = ""
	m.whyOpen = false
	if m.cfg.Daily != nil {
		m.share = m.shareText(n)
	}
	m.count(func(s *stats.Stats) {
		if m.cfg.Daily == nil {
			s.Record(m.cfg.Preset, won, n)
			return
		}
		d := stats.Daily{Number: m.cfg.Daily.Number, Won: won}
		for _, t := range m.turns {
			g := make([]int, len(t.Guess))
			for i, c := range t.Guess {
				g[i] = int(c)
			}
			d.Turns = append(d.Turns, stats.Turn{Guess: g, Black: t.Feedback.Black, White: t.Feedback.White})
		}
		s.RecordDaily(m.cfg.Preset, m.cfg.Daily.Date, d)
	})
}

// count records the game in the statistics, if they are kept and the game
// is a preset: in the file as it is now (another board's games kept),
// which cfg.Stats then hold.
func (m *model) count(record func(*stats.Stats)) {
	if m.cfg.Stats == nil || m.cfg.Preset == "" {
		return
	}
	s, note := stats.Update(m.cfg.StatsDir, record)
	*m.cfg.Stats = *s
	if note != "" {
		m.msg = note
	}
}

// shareText is the page's share text of a daily (web/static/daily.js,
// shareText): "Mastermind classic #3 5/10" (X/10 when not found), then a
// row of marks per guess.
func (m *model) shareText(n int) []string {
	got := "X"
	if m.won {
		got = strconv.Itoa(n)
	}
	lines := []string{fmt.Sprintf("Mastermind %s #%d %s/%d", m.cfg.Preset, m.cfg.Daily.Number, got, dailyGuesses)}
	for _, t := range m.turns {
		lines = append(lines, marks(m.g.Positions, t.Feedback))
	}
	return lines
}

// marks is a row of a share text: a black mark per black, a white mark per
// white, a dot for each other position ("●●○·").
func marks(positions int, f mastermind.Feedback) string {
	return strings.Repeat("●", f.Black) + strings.Repeat("○", f.White) + strings.Repeat("·", positions-f.Black-f.White)
}

// computerKey acts on a key of Computer guesses.
func (m *model) computerKey(k tea.KeyPressMsg, s string) {
	if r, ok := char(k); ok && r >= '0' && r <= '9' {
		m.typeCount(string(r))
		return
	}
	switch s {
	case "space", "tab", ",":
		m.field = 1
	case "backspace":
		switch {
		case m.fields[1] != "":
			m.fields[1] = m.fields[1][:len(m.fields[1])-1]
		case m.field == 1:
			m.field = 0
		case m.fields[0] != "":
			m.fields[0] = m.fields[0][:len(m.fields[0])-1]
		}
	case "enter":
		m.answer()
	case "y":
		m.fields = [2]string{strconv.Itoa(m.g.Positions), "0"}
		m.answer()
	case "up", "k":
		if m.sel > 0 {
			m.selectRow(m.sel - 1)
		}
	case "down", "j":
		if m.sel < len(m.turns) {
			m.selectRow(m.sel + 1)
		}
	case "u":
		m.undo()
	default:
		m.msg = fmt.Sprintf("%s is no key of this game: answer with the blacks, then the whites (0-%d).", keyName(s), m.g.Positions)
	}
}

// typeCount types a digit of the answer.
func (m *model) typeCount(d string) {
	f := &m.fields[m.field]
	if *f == "0" {
		*f = ""
	}
	if len(*f) >= len(strconv.Itoa(m.g.Positions)) {
		m.msg = "That is more than the positions: Backspace erases."
		return
	}
	*f += d
	m.msg = ""
	if m.field == 0 && m.g.Positions < 10 {
		m.field = 1 // one digit says it all
	}
}

// selectRow moves the answer being entered to row i: an earlier answer to
// edit, or len(turns) for the guess.
func (m *model) selectRow(i int) {
	m.sel, m.fields, m.field = i, [2]string{}, 0
	if i < len(m.turns) {
		m.msg = fmt.Sprintf("Editing answer %d: type it again and press Enter (↓ goes back).", i+1)
	} else {
		m.msg = ""
	}
}

// answer enters the answer typed, to the guess or to the row edited.
func (m *model) answer() {
	if m.fields[0] == "" {
		m.msg = "Type the blacks (right colour, right place), then the whites, then Enter."
		return
	}
	black, _ := strconv.Atoi(m.fields[0])
	white, _ := strconv.Atoi("0" + m.fields[1])
	fb := mastermind.Feedback{Black: black, White: white}
	if err := m.g.ValidFeedback(fb); err != nil {
		m.msg = fmt.Sprintf("%v; type it again.", err)
		m.fields, m.field = [2]string{}, 0
		return
	}
	row := m.sel
	m.fields, m.field = [2]string{}, 0
	m.msg = ""
	if row < len(m.turns) { // an edit
		if err := m.b.Replace(row, fb); err != nil {
			m.msg = fmt.Sprintf("%v.", err)
			return
		}
		m.turns = m.b.History()
		m.sel = len(m.turns)
		m.msg = fmt.Sprintf("Answer %d is now %d black, %d white.", row+1, black, white)
		if code := m.turns[row].Guess; black == m.g.Positions && mastermind.Consistent(code, m.turns) {
			m.found(row+1, code)
			return
		}
		m.next()
		return
	}
	if m.guess == nil {
		m.msg = "No code fits your answers yet: edit one (↑) or undo the last (u)."
		return
	}
	if black == m.g.Positions {
		if m.contradicted(m.guess) {
			return
		}
		m.found(len(m.turns)+1, m.guess)
		return
	}
	if err := m.b.Record(m.guess, fb); err != nil {
		m.msg = fmt.Sprintf("%v.", err)
		return
	}
	m.turns = m.b.History()
	m.sel = len(m.turns)
	m.next()
}

// undo takes back the last answer.
func (m *model) undo() {
	if len(m.turns) == 0 {
		m.msg = "There is no answer to take back."
		return
	}
	if err := m.b.Undo(); err != nil {
		m.msg = fmt.Sprintf("%v.", err)
		return
	}
	m.turns = m.b.History()
	m.sel, m.fields, m.field = len(m.turns), [2]string{}, 0
	m.msg = fmt.Sprintf("Answer %d taken back.", len(m.turns)+1)
	m.next()
}

// next asks the computer's next guess, or finds which answers no code
// gives together (the engine's conflict finding, package consistent).
func (m *model) next() {
	m.wrong = nil
	guess, err := m.b.Next(context.Background())
	var conflict *mastermind.ConflictError
	switch {
	case err == nil:
		m.guess, m.conflict = guess, nil
	case errors.As(err, &conflict):
		m.guess, m.conflict = nil, conflict
	default:
		m.guess, m.conflict = nil, nil
		m.msg = fmt.Sprintf("No guess: %v.", err)
	}
}

// contradicted reports whether code, said to be the person's, would have
// answered some row otherwise than the person did, and if so marks those
// rows.
func (m *model) contradicted(code mastermind.Code) bool {
	if mastermind.Consistent(code, m.turns) {
		return false
	}
	m.wrong = nil
	var nums []int
	for i, t := range m.turns {
		if mastermind.Score(code, t.Guess) != t.Feedback {
			m.wrong = append(m.wrong, i)
			nums = append(nums, i+1)
		}
	}
	w := m.turns[m.wrong[0]]
	f := mastermind.Score(code, w.Guess)
	m.msg = fmt.Sprintf("%s does not fit answer%s %s: it would answer guess %d with %d black, %d white. Edit (↑).",
		code.Compact(m.g.Colors), plural(len(nums)), words.Numbers(nums), m.wrong[0]+1, f.Black, f.White)
	return true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// found ends a game of Computer guesses: the code was guess n.
func (m *model) found(n int, code mastermind.Code) {
	m.over, m.won = true, true
	m.guess = code
	m.result = fmt.Sprintf("Found it in %s: %s.", words.Count(n, "guess"), code.Compact(m.g.Colors))
	m.whyOpen = false
	m.count(func(s *stats.Stats) { s.RecordComputer(m.cfg.Preset, true, n) })
}

// summary is what stays on the screen when the board is left: how the game
// ended, and a daily's share text.
func (m *model) summary() string {
	if !m.over {
		switch {
		case m.cfg.Role == You && m.cfg.Daily != nil:
			return fmt.Sprintf("Left daily #%d unfinished.", m.cfg.Daily.Number)
		case m.cfg.Role == You:
			return "Bye. The code was " + m.cfg.Secret.Compact(m.g.Colors) + "."
		}
		return "Bye."
	}
	return strings.Join(append([]string{m.result}, m.share...), "\n")
}
