package board

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/explain"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/stats"
)

// The size a board assumes before the terminal tells its own.
const (
	defaultWidth  = 80
	defaultHeight = 24
)

// model is the board: a tea.Model. It draws the session's last state and
// what the person is typing, and reads keys; the session's steps, Why?
// and the statistics run as commands (tea.Cmd), off the loop that reads
// keys, so that a key always answers.
type model struct {
	cfg Config
	g   mastermind.Game
	s   *play.Session
	st  play.State // the session's state, drawn
	sty styles
	w   int
	h   int

	// The keys not yet acted on: they wait while a step of the session
	// runs (busy), and act in turn after it.
	pending []tea.KeyPressMsg
	busy    bool

	// You guess: the code being entered.
	entry mastermind.Code

	// Computer guesses: the answer being entered.
	sel    int       // the row whose answer is being entered: len(st.Turns) for the guess
	fields [2]string // the answer being entered: black, white
	field  int       // the field keys go to

	msg     string   // a line about the last key
	confirm bool     // give up asked
	keys    bool     // the keys shown (?)
	shown   []string // the statistics shown (s); nil: none

	// Why?: open or not; the explanation drawn, for the inputs whyFor;
	// the one being worked out cancelled by whyStop.
	whyOpen bool
	why     *explain.Explanation
	whyErr  error
	whyFor  string
	whyID   int
	whyStop context.CancelFunc

	result  string    // how the game ended, one line
	counts  []string  // the statistics, once the game is counted
	signal  os.Signal // what ended the game: Ctrl-C (os.Interrupt), or a signal
	ended   bool      // the input ended (the terminal closed) before the game was over
	leaving bool      // q: the board is left
	stop    tea.Cmd   // the command of Ctrl-Z: stop the process (nil: none)
	// post runs a write of the statistics after those before it, and
	// sends its message to the board (Run's writer); nil: none.
	post func(job func() tea.Msg)
}

// newModel returns the board of cfg, its pegs coloured or not.
func newModel(cfg Config, color bool) *model {
	s, st := play.NewSession(cfg.Breaker, cfg.Role, cfg.Secret, cfg.Daily)
	m := &model{cfg: cfg, g: cfg.Breaker.Game(), s: s, st: st, sty: newStyles(color), w: defaultWidth, h: defaultHeight, msg: cfg.StatsNote}
	if m.msg == "" {
		m.msg = opening(cfg.Role)
	}
	if cfg.Role == play.You && cfg.Daily != nil && cfg.Stats != nil && cfg.Preset != "" {
		if d, ok := cfg.Stats.Daily(cfg.Preset, cfg.Daily.Date); ok {
			st, err := s.Replay(d)
			if err != nil {
				m.msg = fmt.Sprintf("Today's daily in the statistics is damaged (%v): play it again.", err)
			} else {
				m.st = st
				m.result = fmt.Sprintf("You played daily #%d (%s) already: %s.", cfg.Daily.Number, cfg.Daily.Date, st.Outcome())
			}
		} else if p, ok := cfg.Stats.Progress(cfg.Preset, cfg.Daily.Date); ok {
			st, err := s.Resume(p)
			if err != nil {
				m.msg = fmt.Sprintf("Today's daily kept in the statistics is damaged (%v): play it again.", err)
			} else {
				m.st = st
				m.msg = fmt.Sprintf("Daily #%d taken up again where you left it: %s made, %s left.", cfg.Daily.Number, words.Count(len(st.Turns), "guess"), words.Count(play.DailyGuesses-len(st.Turns), "guess"))
			}
		}
	}
	return m
}

func (m *model) Init() tea.Cmd { return nil }

// Messages of the board's commands.
type (
	// signalMsg tells the board of a signal.
	signalMsg struct{ os.Signal }
	// endedMsg tells the board that its input ended: the terminal is gone.
	endedMsg struct{}
	// stepMsg brings a step of the session.
	stepMsg struct {
		step play.Step
		then func(*model, play.Step) // says what the step did
	}
	// whyMsg brings Why?'s explanation, the id-th worked out.
	whyMsg struct {
		e   *explain.Explanation
		err error
		id  int
	}
	// shownMsg brings the statistics to show (s), and a note about them.
	shownMsg struct {
		lines []string
		note  string
	}
	// keptMsg says how keeping a daily in progress went: a note, "" when
	// well.
	keptMsg struct{ note string }
	// countedMsg brings the statistics after the game is counted, their
	// lines, and a note about them ("" when all went well).
	countedMsg struct {
		stats *stats.Stats
		lines []string
		note  string
	}
)

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case signalMsg:
		m.signal = msg.Signal
		return m, tea.Quit
	case endedMsg:
		m.ended = !m.st.Over
		return m, tea.Quit
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height // Why? wraps to the width as it is drawn
		return m, nil
	case tea.KeyPressMsg:
		switch msg.String() {
		case "ctrl+c": // whatever waits
			m.signal = os.Interrupt
			return m, tea.Quit
		case "ctrl+z": // whatever waits too
			return m, m.stop
		}
		if len([]rune(msg.Text)) <= 1 {
			m.pending = append(m.pending, msg)
		} else {
			// Keys typed faster than read can come as one message: each
			// acts in turn.
			m.pending = append(m.pending, keysOf(msg.Text)...)
		}
		return m, m.drain()
	case tea.PasteMsg:
		// Text pasted is typed, a key a character.
		m.pending = append(m.pending, keysOf(msg.Content)...)
		return m, m.drain()
	case stepMsg:
		m.busy = false
		m.st = msg.step.State
		msg.then(m, msg.step)
		count := m.keep(m.st)
		if m.st.Over {
			count = m.end()
		}
		return m, tea.Batch(count, m.drain())
	case whyMsg:
		if msg.id == m.whyID {
			m.why, m.whyErr, m.whyStop = msg.e, msg.err, nil
		}
		return m, nil
	case shownMsg:
		m.shown = msg.lines
		if msg.note != "" {
			m.msg = msg.note
		}
		return m, nil
	case keptMsg:
		if msg.note != "" {
			m.msg = msg.note
		}
		return m, nil
	case countedMsg:
		*m.cfg.Stats = *msg.stats
		m.counts = msg.lines
		if msg.note != "" {
			m.msg = msg.note
		}
		return m, nil
	}
	return m, nil
}

// keysOf returns the characters of text as keys, a newline Enter.
func keysOf(text string) []tea.KeyPressMsg {
	var keys []tea.KeyPressMsg
	for _, r := range text {
		k := tea.KeyPressMsg{Code: r, Text: string(r)}
		switch r {
		case '\r', '\n':
			k = tea.KeyPressMsg{Code: tea.KeyEnter}
		case '\t':
			k = tea.KeyPressMsg{Code: tea.KeyTab}
		}
		keys = append(keys, k)
	}
	return keys
}

// drain acts on the keys waiting, in turn, till one starts a step of the
// session or leaves the board; then Why? is brought up to date.
func (m *model) drain() tea.Cmd {
	var cmds []tea.Cmd
	for len(m.pending) > 0 && !m.busy {
		k := m.pending[0]
		m.pending = m.pending[1:]
		cmds = append(cmds, m.key(k))
		if m.leaving {
			m.pending = nil
			return tea.Quit
		}
	}
	return tea.Batch(append(cmds, m.refreshWhy())...)
}

// run runs f on the session as a command; then says what the step did
// once it is back. Keys wait till then.
func (m *model) run(f func(*play.Session) play.Step, then func(*model, play.Step)) tea.Cmd {
	m.busy = true
	m.stopWhy()
	s := m.s
	return func() tea.Msg { return stepMsg{f(s), then} }
}

// key acts on a key.
func (m *model) key(k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if m.keys || m.shown != nil { // any key closes the keys or the statistics, and does nothing more
		m.keys, m.shown = false, nil
		return nil
	}
	switch s {
	case "?":
		m.keys = true
		return nil
	case "s":
		return m.showStats()
	case "q", "esc":
		if m.confirm {
			m.confirm, m.msg = false, ""
			return nil
		}
		if s == "q" || m.st.Over {
			m.leaving = true
			return tea.Quit
		}
		return nil
	}
	if m.st.Over {
		if s == "n" {
			return m.again()
		}
		return nil
	}
	if m.confirm {
		switch s {
		case "y":
			m.confirm = false
			return m.run(func(s *play.Session) play.Step { return play.Step{State: s.GiveUp()} }, func(*model, play.Step) {})
		case "n":
			m.confirm, m.msg = false, ""
		}
		return nil
	}
	if m.cfg.Daily != nil && (s == "w" || s == "h") {
		// As on the page: the daily is played alone.
		m.msg = "The daily is played alone: no hint and no Why? till it ends."
		return nil
	}
	if s == "w" {
		m.whyOpen = !m.whyOpen
		return nil
	}
	if m.cfg.Role == play.You {
		return m.youKey(k, s)
	}
	return m.computerKey(k, s)
}

// showStats returns the command that reads the statistics to show them
// (s), every kind apart: after the writes before it.
func (m *model) showStats() tea.Cmd {
	if m.cfg.Stats == nil || m.cfg.Preset == "" {
		m.msg = "Statistics are kept for the games of a preset (--game classic, bulls, super, digits)."
		return nil
	}
	dir, preset := m.cfg.StatsDir, m.cfg.Preset
	return m.write(func() tea.Msg {
		s, note := stats.Load(dir)
		return shownMsg{allStatsLines(s, preset), note}
	})
}

// again starts a new game once one is over (n): of the same role and
// game, a practice game after a daily; none in You guess without a code
// to draw.
func (m *model) again() tea.Cmd {
	var secret mastermind.Code
	if m.cfg.Role == play.You {
		if m.cfg.Again == nil {
			return nil
		}
		secret = m.cfg.Again()
	}
	return m.run(func(s *play.Session) play.Step {
		st, err := s.Again(secret)
		return play.Step{State: st, Err: err}
	}, func(m *model, step play.Step) {
		if step.Err != nil {
			m.msg = fmt.Sprintf("No new game: %v.", step.Err)
			return
		}
		m.cfg.Secret, m.cfg.Daily = secret, nil
		m.result, m.counts, m.entry = "", nil, nil
		m.sel, m.fields, m.field = 0, [2]string{}, 0
		m.msg = "A new game. " + opening(m.cfg.Role)
	})
}

// opening is the first message of a game of role.
func opening(role play.Role) string {
	if role == play.Computer {
		return "Think of a code: I guess it. Answer each guess with the blacks (right colour, right place), then the whites (right colour, wrong place)."
	}
	return "I have chosen a code: guess it. Each answer tells the blacks (right colour, right place) and the whites (right colour, wrong place)."
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
func (m *model) youKey(k tea.KeyPressMsg, s string) tea.Cmd {
	if c := m.colourOf(k); c >= 0 {
		if len(m.entry) == m.g.Positions {
			m.msg = "The code is full: Enter checks it, Backspace erases."
			return nil
		}
		m.entry = append(m.entry, uint8(c))
		m.msg = ""
		return nil
	}
	switch s {
	case "backspace":
		if len(m.entry) > 0 {
			m.entry = m.entry[:len(m.entry)-1]
		}
		m.msg = ""
	case "enter":
		return m.check()
	case "h":
		var next mastermind.Code
		return m.run(func(s *play.Session) play.Step {
			hint, st, err := s.Hint()
			next = hint
			return play.Step{State: st, Err: err}
		}, func(m *model, step play.Step) { m.sayHint(next, step) })
	case "g":
		m.confirm = true
		m.msg = "Give up and see the code? y gives up, n plays on."
	default:
		m.msg = fmt.Sprintf("%s is no key of this game: %s.", keyName(s), m.colourKeys())
	}
	return nil
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

// check has the code entered answered.
func (m *model) check() tea.Cmd {
	if len(m.entry) < m.g.Positions {
		m.msg = fmt.Sprintf("A code has %s; %s.", words.Count(m.g.Positions, "colour"), m.colourKeys())
		return nil
	}
	guess := m.entry
	return m.run(func(s *play.Session) play.Step { return s.Guess(guess) }, func(m *model, step play.Step) {
		if step.Event == play.Invalid {
			m.msg = fmt.Sprintf("Not a code of this game: %v.", step.Err)
			return
		}
		m.entry, m.msg = nil, ""
	})
}

// sayHint says the computer's next guess in the person's place.
func (m *model) sayHint(next mastermind.Code, step play.Step) {
	switch {
	case step.Err != nil:
		m.msg = fmt.Sprintf("No hint: %v.", step.Err)
	case !step.State.Followed:
		m.msg = fmt.Sprintf("Hint: I would guess %s (in a game this large I follow only my own guesses).", next.Compact(m.g.Colors))
	default:
		m.msg = fmt.Sprintf("Hint: I would guess %s.", next.Compact(m.g.Colors))
	}
}

// end ends the game drawn: its result; and counts it, as a command.
func (m *model) end() tea.Cmd {
	st := m.st
	n := len(st.Turns)
	switch {
	case m.result != "": // a daily played already
		return nil
	case st.Role == play.Computer:
		m.result = fmt.Sprintf("Found it in %s: %s.", words.Count(st.Found, "guess"), st.Guess.Compact(m.g.Colors))
	case st.Won:
		m.result = fmt.Sprintf("Found it in %s: %s.", words.Count(st.Found, "guess"), st.Secret.Compact(m.g.Colors))
	case st.Daily != nil && n >= play.DailyGuesses:
		m.result = fmt.Sprintf("Not found in %d guesses: the code was %s.", play.DailyGuesses, st.Secret.Compact(m.g.Colors))
	default:
		m.result = fmt.Sprintf("The code was %s.", st.Secret.Compact(m.g.Colors))
	}
	if st.Role == play.You {
		m.msg = ""
	}
	m.whyOpen = false
	m.stopWhy()
	return m.count(st)
}

// count returns the command that records the game over in the
// statistics, if they are kept and the game is a preset: in the file as it
// is then (another board's games kept), which cfg.Stats hold once it is
// counted.
func (m *model) count(st play.State) tea.Cmd {
	if m.cfg.Stats == nil || m.cfg.Preset == "" {
		return nil
	}
	dir, preset := m.cfg.StatsDir, m.cfg.Preset
	return m.write(func() tea.Msg {
		s, note := play.Record(dir, preset, st)
		return countedMsg{s, statsLines(s, preset, st), note}
	})
}

// write returns the command that writes the statistics, job, off the
// loop, and brings its message: through post when the board has it (Run:
// the writes in order, the last done before Run returns), else as a
// command of its own.
func (m *model) write(job func() tea.Msg) tea.Cmd {
	if m.post == nil {
		return job
	}
	m.post(job)
	return nil
}

// keep returns the command that keeps a daily in progress in the
// statistics, to take it up again after the board is left (q, Ctrl-C, a
// closed terminal); nil for another game.
func (m *model) keep(st play.State) tea.Cmd {
	if m.cfg.Stats == nil || m.cfg.Preset == "" || st.Daily == nil || st.Over || len(st.Turns) == 0 {
		return nil
	}
	dir, preset := m.cfg.StatsDir, m.cfg.Preset
	return m.write(func() tea.Msg { return keptMsg{play.Keep(dir, preset, st)} })
}

// computerKey acts on a key of Computer guesses.
func (m *model) computerKey(k tea.KeyPressMsg, s string) tea.Cmd {
	if r, ok := char(k); ok && r >= '0' && r <= '9' {
		m.typeCount(string(r))
		return nil
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
		return m.answer()
	case "y":
		m.fields = [2]string{strconv.Itoa(m.g.Positions), "0"}
		return m.answer()
	case "up", "k":
		if m.sel > 0 {
			m.selectRow(m.sel - 1)
		}
	case "down", "j":
		if m.sel < len(m.st.Turns) {
			m.selectRow(m.sel + 1)
		}
	case "u":
		return m.run((*play.Session).Undo, func(m *model, step play.Step) {
			switch step.Event {
			case play.NothingToTakeBack:
				m.msg = "There is no answer to take back."
			case play.Refused:
				m.msg = fmt.Sprintf("%v.", step.Err)
			default:
				m.sel, m.fields, m.field = len(m.st.Turns), [2]string{}, 0
				m.msg = fmt.Sprintf("Answer %d taken back.", step.N)
				m.sayNoGuess()
			}
		})
	default:
		m.msg = fmt.Sprintf("%s is no key of this game: answer with the blacks, then the whites (0-%d).", keyName(s), m.g.Positions)
	}
	return nil
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
	if i < len(m.st.Turns) {
		m.msg = fmt.Sprintf("Editing answer %d: type it again and press Enter (↓ goes back).", i+1)
	} else {
		m.msg = ""
	}
}

// answer enters the answer typed, to the guess or to the row edited.
func (m *model) answer() tea.Cmd {
	if m.fields[0] == "" {
		m.msg = "Type the blacks (right colour, right place), then the whites, then Enter."
		return nil
	}
	black, _ := strconv.Atoi(m.fields[0])
	white, _ := strconv.Atoi("0" + m.fields[1])
	fb := mastermind.Feedback{Black: black, White: white}
	row := m.sel
	m.fields, m.field = [2]string{}, 0
	m.msg = ""
	if row < len(m.st.Turns) { // an edit
		return m.run(func(s *play.Session) play.Step { return s.Fix(row+1, fb) }, func(m *model, step play.Step) {
			switch step.Event {
			case play.Invalid:
				m.msg = fmt.Sprintf("%v; type it again.", step.Err)
			case play.Refused:
				m.msg = fmt.Sprintf("%v.", step.Err)
			default:
				m.sel = len(m.st.Turns)
				m.msg = fmt.Sprintf("Answer %d is now %d black, %d white.", row+1, black, white)
				m.sayNoGuess()
			}
		})
	}
	return m.run(func(s *play.Session) play.Step { return s.Answer(fb) }, func(m *model, step play.Step) {
		switch step.Event {
		case play.Invalid:
			m.msg = fmt.Sprintf("%v; type it again.", step.Err)
		case play.Refused:
			m.msg = fmt.Sprintf("%v.", step.Err)
		case play.NoGuess:
			m.msg = "No code fits your answers yet: edit one (↑) or undo the last (u)."
		case play.Contradicted:
			m.sayWrong(m.st.Wrong)
		default:
			m.sel = len(m.st.Turns)
			m.sayNoGuess()
		}
	})
}

// sayNoGuess says why there is no guess, when neither a conflict nor the
// game's end says it.
func (m *model) sayNoGuess() {
	if m.st.NoGuess != nil {
		m.msg = fmt.Sprintf("No guess: %v.", m.st.NoGuess)
	}
}

// sayWrong says which answers the code said to be the person's
// contradicts.
func (m *model) sayWrong(w *play.Contradiction) {
	nums := make([]int, len(w.Turns))
	for i, t := range w.Turns {
		nums[i] = t + 1
	}
	f := w.Would[0]
	m.msg = fmt.Sprintf("%s does not fit answer%s %s: it would answer guess %d with %d black, %d white. Edit (↑).",
		w.Code.Compact(m.g.Colors), plural(len(nums)), words.Numbers(nums), nums[0], f.Black, f.White)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// summary is what stays on the screen when the board is left: how the game
// ended, and a daily's share text.
func (m *model) summary() string {
	if !m.st.Over {
		switch {
		case m.cfg.Role == play.You && m.cfg.Daily != nil && len(m.st.Turns) > 0 && m.cfg.Stats != nil:
			return fmt.Sprintf("Left daily #%d unfinished: it is kept, and play --daily takes it up again.", m.cfg.Daily.Number)
		case m.cfg.Role == play.You && m.cfg.Daily != nil:
			return fmt.Sprintf("Left daily #%d unfinished.", m.cfg.Daily.Number)
		case m.cfg.Role == play.You:
			return "Bye. The code was " + m.cfg.Secret.Compact(m.g.Colors) + "."
		}
		return "Bye."
	}
	return strings.Join(append([]string{m.result}, m.st.Share()...), "\n")
}

// whyInputs says what Why? explains now: "" when it is closed; the same
// words for the same explanation.
func (m *model) whyInputs() string {
	if !m.whyOpen || m.st.Over {
		return ""
	}
	var entry mastermind.Code
	if len(m.entry) == m.g.Positions {
		entry = m.entry
	}
	return fmt.Sprint(len(m.st.Turns), m.st.Turns, m.st.Guess, m.sel, entry)
}

// refreshWhy returns the command that works Why? out anew when what it
// explains has changed, and cancels the one working it out before; nil
// when nothing changed, or a step of the session runs (Why? waits for
// it).
func (m *model) refreshWhy() tea.Cmd {
	want := m.whyInputs()
	if want == m.whyFor || m.busy {
		return nil
	}
	m.stopWhy()
	m.whyFor, m.why, m.whyErr = want, nil, nil
	if want == "" {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.whyStop = cancel
	m.whyID++
	s, entry, row, id := m.s, slices.Clone(m.entry), m.sel, m.whyID
	return func() tea.Msg {
		defer cancel()
		e, err := s.Why(ctx, entry, row)
		return whyMsg{e, err, id}
	}
}

// stopWhy cancels the working out of Why?, if any; it is worked out anew
// when next asked.
func (m *model) stopWhy() {
	if m.whyStop != nil {
		m.whyStop()
		m.whyStop = nil
		m.whyFor = ""
		m.whyID++ // its answer is dropped
	}
}
