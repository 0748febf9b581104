package board

import (
	"context"
	"fmt"
	"os"
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
	fields [2]string // the answer being entered: black, white (black only under the rule black)
	field  int       // the field keys go to
	marks  []byte    // the answer being entered under the rule slots: a mark a position, 0 where none is typed yet
	cur    int       // the position of marks keys go to

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
		m.msg = opening(cfg.Role, m.g)
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
