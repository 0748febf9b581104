package board

import (
	"fmt"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/stats"
)

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
		m.sel = 0
		m.clearAnswer()
		m.msg = "A new game. " + opening(m.cfg.Role, m.g)
	})
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

// computerKey acts on a key of Computer guesses.
func (m *model) computerKey(k tea.KeyPressMsg, s string) tea.Cmd {
	if m.g.Rule == mastermind.Slots {
		if cmd, ok := m.marksKey(k, s); ok {
			return cmd
		}
	} else if r, ok := char(k); ok && r >= '0' && r <= '9' {
		m.typeCount(string(r))
		return nil
	}
	switch s {
	case "space", "tab", ",":
		if m.g.Rule == mastermind.BlackWhite {
			m.field = 1
		}
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
		return m.found()
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
				m.sel = len(m.st.Turns)
				m.clearAnswer()
				m.msg = fmt.Sprintf("Answer %d taken back.", step.N)
				m.sayNoGuess()
			}
		})
	default:
		m.msg = fmt.Sprintf("%s is no key of this game: %s.", keyName(s), m.howToAnswer())
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
	if m.field == 0 && m.g.Positions < 10 && m.g.Rule == mastermind.BlackWhite {
		m.field = 1 // one digit says it all
	}
}

// selectRow moves the answer being entered to row i: an earlier answer to
// edit, or len(turns) for the guess.
func (m *model) selectRow(i int) {
	m.sel = i
	m.clearAnswer()
	if i < len(m.st.Turns) {
		m.msg = fmt.Sprintf("Editing answer %d: type it again and press Enter (↓ goes back).", i+1)
	} else {
		m.msg = ""
	}
}

// found says that the guess, or the guess of the row edited, is the
// person's code (y).
func (m *model) found() tea.Cmd {
	row := m.sel
	m.clearAnswer()
	m.msg = ""
	if row < len(m.st.Turns) {
		return m.run(func(s *play.Session) play.Step { return s.FoundAt(row + 1) }, (*model).fixed)
	}
	return m.run((*play.Session).Found, (*model).answered)
}

// answer enters the answer typed, to the guess or to the row edited.
func (m *model) answer() tea.Cmd {
	fb, ok := m.typed()
	if !ok {
		return nil
	}
	row := m.sel
	m.clearAnswer()
	m.msg = ""
	if row < len(m.st.Turns) { // an edit
		return m.run(func(s *play.Session) play.Step { return s.Fix(row+1, fb) }, (*model).fixed)
	}
	return m.run(func(s *play.Session) play.Step { return s.Answer(fb) }, (*model).answered)
}

// fixed says what the correction of an answer did.
func (m *model) fixed(step play.Step) {
	switch step.Event {
	case play.Invalid:
		m.msg = fmt.Sprintf("%v; type it again.", step.Err)
	case play.Refused:
		m.msg = fmt.Sprintf("%v.", step.Err)
	default:
		f := m.st.Turns[step.N-1].Feedback
		m.sel = len(m.st.Turns)
		m.msg = fmt.Sprintf("Answer %d is now %s.", step.N, m.answerWords(f))
		m.sayNoGuess()
	}
}

// answered says what the answer to the guess did.
func (m *model) answered(step play.Step) {
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
	m.msg = fmt.Sprintf("%s does not fit answer%s %s: it would answer guess %d with %s. Edit (↑).",
		w.Code.Compact(m.g.Colors), plural(len(nums)), words.Numbers(nums), nums[0], m.answerWords(f))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
