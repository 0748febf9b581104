package board

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/words"
)

// whyPart and whySplit are the figures of a guess. TODO(board): from
// package explain once it lands.
type (
	whyPart  struct{ Black, White, Codes int }
	whySplit struct {
		Parts, Largest    int
		Expected, Entropy float64
	}
)

// split returns how guess splits the codes still possible after history.
func split(g mastermind.Game, history []mastermind.Turn, guess mastermind.Code) (remaining int, could bool, parts []whyPart, sp whySplit, err error) {
	s, err := choose.Space(g)
	if err != nil {
		return 0, false, nil, sp, err
	}
	cands := consistent.Candidates(s, history)
	n := g.Positions
	counts := make([]int, (n+1)*(n+1))
	for _, c := range cands {
		code := s.Code(int(c))
		f := mastermind.Score(code, guess)
		counts[f.Black*(n+1)+f.White]++
		if slices.Equal(code, guess) {
			could = true
		}
	}
	for b := n; b >= 0; b-- {
		for w := n - b; w >= 0; w-- {
			if k := counts[b*(n+1)+w]; k > 0 {
				parts = append(parts, whyPart{b, w, k})
			}
		}
	}
	sp.Parts = len(parts)
	for _, p := range parts {
		sp.Largest = max(sp.Largest, p.Codes)
		sp.Expected += float64(p.Codes) * float64(p.Codes) / float64(len(cands))
	}
	return len(cands), could, parts, sp, nil
}

// refreshWhy recomputes the Why? panel, when it is open: how the code
// entered (You guess; else the engine's own pick) or the computer's guess
// splits the codes still possible, beside the engine's pick.
func (m *model) refreshWhy() {
	m.why = nil
	if !m.whyOpen || m.over {
		return
	}
	var guess, pick mastermind.Code
	history := m.turns
	if m.cfg.Role == You {
		if !m.followed {
			m.why = []string{"Why? follows only the engine's own guesses in a game this large."}
			return
		}
		next, err := m.b.Next(context.Background())
		if err != nil {
			m.why = []string{fmt.Sprintf("Why? has nothing to say: %v.", err)}
			return
		}
		pick, guess = next, next
		if len(m.entry) == m.g.Positions {
			guess = m.entry
		}
	} else {
		if m.guess == nil {
			m.why = []string{"Why? No code fits the answers: there is no guess to explain."}
			return
		}
		guess, pick = m.guess, m.guess
		if m.sel < len(history) {
			history = history[:m.sel]
			guess, pick = m.turns[m.sel].Guess, nil
		}
	}
	remaining, could, parts, sp, err := split(m.g, history, guess)
	if err != nil {
		m.why = []string{fmt.Sprintf("Why? needs the codes listed, and this game has too many: %v.", err)}
		return
	}
	text := func(c mastermind.Code) string { return c.Compact(m.g.Colors) }
	fit := "it could be the code"
	if !could {
		fit = "it cannot be the code"
	}
	whose := "your guess"
	switch {
	case m.cfg.Role == Computer:
		whose = "my guess"
	case len(m.entry) < m.g.Positions:
		whose = "my pick"
	}
	lines := wrapWords(fmt.Sprintf("Why? %s %s against the %s still possible (%s):", whose, text(guess), words.Count(remaining, "code"), fit), m.width(), 2)
	lines = append(lines, wrapWords(figures(sp), m.width()-2, 2)...)
	for i := len(lines) - 1; i > 0 && !strings.HasPrefix(lines[i], "Why?"); i-- {
		lines[i] = "  " + lines[i]
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString("  ")
		}
		fmt.Fprintf(&b, "%d %d:%d", p.Black, p.White, p.Codes)
	}
	lines = append(lines, wrap("  answers (black white:codes) ", b.String(), m.width(), 3)...)
	if pick != nil && !slices.Equal(pick, guess) {
		_, _, _, psp, err := split(m.g, history, pick)
		if err == nil {
			for _, l := range wrapWords(fmt.Sprintf("my pick %s: %s", text(pick), figures(psp)), m.width()-2, 2) {
				lines = append(lines, "  "+l)
			}
		}
	}
	m.why = lines
}

// figures says a split in a line.
func figures(sp whySplit) string {
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
