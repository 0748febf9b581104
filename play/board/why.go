package board

import (
	"context"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/explain"
	"github.com/mastermind-go/mastermind/play"
)

// whyLines draws the Why? panel, when it is open: how the code entered
// (You guess; else the engine's own pick) or the computer's guess splits
// the codes still possible, beside the engine's pick; or why it has
// nothing to say, or that it is being worked out.
func (m *model) whyLines() []string {
	if m.whyFor == "" {
		return nil
	}
	e := m.why
	switch {
	case m.whyErr != nil:
		return wrapWords(fmt.Sprintf("Why? %v.", m.whyErr), m.width(), 3)
	case e == nil:
		return []string{"Why? …"}
	}
	whose := "my guess"
	switch {
	case m.cfg.Role == play.You && len(m.entry) == m.g.Positions:
		whose = "your guess"
	case m.cfg.Role == play.You:
		whose = "my pick"
	}
	text := func(c mastermind.Code) string { return c.Compact(m.g.Colors) }
	fit := "it could be the code"
	if !e.Consistent {
		fit = "it cannot be the code"
	}
	left := play.Possible(mastermind.Remaining{N: float64(e.Remaining), Exact: true})
	lines := wrapWords(fmt.Sprintf("Why? %s %s against the %s (%s):", whose, text(e.Guess), left, fit), m.width(), 2)
	lines = append(lines, wrapWords(figures(e.Split), m.width()-2, 2)...)
	for i := len(lines) - 1; i > 0 && !strings.HasPrefix(lines[i], "Why?"); i-- {
		lines[i] = "  " + lines[i]
	}
	head, part := m.whyAnswers()
	var b strings.Builder
	for i, p := range e.Parts {
		if i > 0 {
			b.WriteString("  ")
		}
		b.WriteString(part(p.Feedback, p.Codes))
	}
	lines = append(lines, wrap("  "+head, b.String(), m.width(), 3)...)
	if e.Best != nil && !slices.Equal(e.Best.Guess, e.Guess) {
		for _, l := range wrapWords(fmt.Sprintf("my pick %s: %s", text(e.Best.Guess), figures(e.Best.Split)), m.width()-2, 2) {
			lines = append(lines, "  "+l)
		}
	}
	return lines
}

// figures says a split in a line.
func figures(sp explain.Split) string {
	return fmt.Sprintf("%d answers, largest part %d, expected left %.1f, %.2f bits", sp.Parts, sp.Largest, sp.Expected, sp.Entropy)
}

// wrap writes head then the words of text in lines of at most width
// characters, continuing under head's indent, in at most max lines (the
// last ending in "…" when cut).
func wrap(head, text string, width, most int) []string {
	indent := strings.Repeat(" ", len(head))
	var lines []string
	line := head
	fresh := true
	for _, w := range strings.Split(text, "  ") {
		if !fresh && len(line)+2+len(w) > width {
			lines = append(lines, line)
			line, fresh = indent, true
		}
		if !fresh {
			line += "  "
		}
		line += w
		fresh = false
	}
	lines = append(lines, line)
	if len(lines) > most {
		lines = lines[:most]
		last := lines[most-1]
		if len(last)+2 > width {
			last = last[:width-2]
		}
		lines[most-1] = last + " …"
	}
	return lines
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
