package board

import (
	"bytes"
	"os"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/play"
)

// waitFor waits until the program's output has drawn text; the minute is
// a bound for a stuck program, not a pace.
func waitFor(t *testing.T, tm *teatest.TestModel, text string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool { return bytes.Contains(out, []byte(text)) },
		teatest.WithDuration(time.Minute), teatest.WithCheckInterval(10*time.Millisecond))
}

// The board as a Bubble Tea program: keys typed, the board drawn, the game
// won, q leaves; Ctrl-C leaves, interrupted.
func TestProgram(t *testing.T) {
	cfg := Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{5, 5, 2, 3}}
	tm := teatest.NewTestModel(t, newModel(cfg, false), teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "1296 codes still possible")
	tm.Type("0011")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor(t, tm, "0 black, 0 white")
	tm.Type("5523")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor(t, tm, "Found it in 2 guesses: 5523.")
	tm.Type("q")
	m := tm.FinalModel(t, teatest.WithFinalTimeout(time.Minute)).(*model)
	if !m.st.Over || !m.st.Won || m.signal != nil || m.summary() != "Found it in 2 guesses: 5523." {
		t.Errorf("the game ends over %v, won %v, signal %v: %q", m.st.Over, m.st.Won, m.signal, m.summary())
	}

	cfg.Breaker = breaker(t, "classic", "minimax")
	tm = teatest.NewTestModel(t, newModel(cfg, false), teatest.WithInitialTermSize(60, 20))
	waitFor(t, tm, "1296 codes still possible")
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	if m := tm.FinalModel(t, teatest.WithFinalTimeout(time.Minute)).(*model); m.signal != os.Interrupt || m.st.Over {
		t.Errorf("Ctrl-C: signal %v, over %v", m.signal, m.st.Over)
	}
}
