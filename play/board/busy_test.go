package board

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/play"
)

// watched is a breaker that counts the calls of Next, fails the test when
// one comes from the board's Update (updating), and can hold them: Next
// with a context that can end (Why?'s) waits for its end when holdWhy, and
// a Next of a step waits for release when hold.
type watched struct {
	mastermind.Breaker
	t        *testing.T
	mu       sync.Mutex
	updating bool
	nexts    int
	holdWhy  bool
	hold     chan struct{} // nil: no hold
	whyEnded chan struct{} // told when a held Why? ends (cancelled)
}

func (w *watched) Next(ctx context.Context) (mastermind.Code, error) {
	w.mu.Lock()
	w.nexts++
	if w.updating {
		w.t.Errorf("the board's Update calls the engine (Next)")
	}
	holdWhy, hold := w.holdWhy && ctx.Done() != nil, w.hold
	w.mu.Unlock()
	switch {
	case holdWhy:
		<-ctx.Done()
		w.whyEnded <- struct{}{}
		return nil, ctx.Err()
	case hold != nil && ctx.Done() == nil:
		<-hold
	}
	return w.Breaker.Next(ctx)
}

func (w *watched) Record(g mastermind.Code, f mastermind.Feedback) error {
	w.mu.Lock()
	if w.updating {
		w.t.Errorf("the board's Update calls the engine (Record)")
	}
	w.mu.Unlock()
	return w.Breaker.Record(g, f)
}

func (w *watched) set(updating bool) {
	w.mu.Lock()
	w.updating = updating
	w.mu.Unlock()
}

// pressWatched is press, w told when the board's Update runs: the
// commands it returns run outside it.
func pressWatched(m *model, w *watched, msg tea.Msg) {
	w.set(true)
	_, cmd := m.Update(msg)
	w.set(false)
	for cmd != nil {
		msgs := []tea.Msg{cmd()}
		cmd = nil
		for len(msgs) > 0 {
			msg := msgs[0]
			msgs = msgs[1:]
			switch msg := msg.(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					if c != nil {
						msgs = append(msgs, c())
					}
				}
			case nil, tea.QuitMsg:
			default:
				w.set(true)
				_, next := m.Update(msg)
				w.set(false)
				if next != nil {
					msgs = append(msgs, next())
				}
			}
		}
	}
}

// A paste with Why? open (issue 68, item 6): 400 digits and Enters
// pasted, a key that changes nothing recomputes nothing (Why? is worked
// out again only when what it explains changes), and no engine call runs
// in the board's Update: the guesses are checked, Why? worked out, by
// commands.
func TestPasteWhy(t *testing.T) {
	w := &watched{Breaker: breaker(t, "classic", "minimax"), t: t}
	m := board(Config{Breaker: w, Role: play.You, Secret: mastermind.Code{5, 5, 5, 5}}, false)
	pressWatched(m, w, tea.KeyPressMsg{Code: 'w', Text: "w"})
	if !strings.Contains(m.screen(), "Why? my pick 0011") {
		t.Fatalf("Why? does not open:\n%s", m.screen())
	}
	w.nexts = 0
	pressWatched(m, w, tea.PasteMsg{Content: strings.Repeat("0", 400)})
	if len(m.entry) != 4 || w.nexts > 1 {
		t.Errorf("400 zeros pasted with Why? open: the entry %v, Why? worked out %d times; want 0000, once", m.entry, w.nexts)
	}
	if !strings.Contains(m.screen(), "Why? your guess 0000") {
		t.Errorf("Why? of the code entered:\n%s", m.screen())
	}
	w.nexts = 0
	pressWatched(m, w, tea.PasteMsg{Content: "\r0123\r0123\r0"})
	if got := len(m.st.Turns); got != 3 || w.nexts > 1 || !strings.Contains(m.screen(), "Why? my pick") {
		t.Errorf("Enter, two guesses pasted: %d rows, Why? worked out %d times; want 3 rows, once:\n%s", got, w.nexts, m.screen())
	}
}

// Ctrl-C answers while a step of the session runs (an engine that does
// not answer), and Why? being worked out is cancelled when what it
// explains changes (issue 68, item 6).
func TestBusyBoard(t *testing.T) {
	w := &watched{Breaker: breaker(t, "classic", "minimax"), t: t, holdWhy: true, whyEnded: make(chan struct{}, 4)}
	tm := teatest.NewTestModel(t, newModel(Config{Breaker: w, Role: play.You, Secret: mastermind.Code{5, 5, 2, 3}}, false), teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "1296 codes still possible")
	tm.Type("w")
	waitFor(t, tm, "Why? …")
	tm.Type("0011") // what Why? explains changes: the one held is cancelled
	select {
	case <-w.whyEnded:
	case <-time.After(time.Minute): // a bound for a board that never cancels
		t.Fatal("Why? worked out for the code entered before does not end when the code changes")
	}
	tm.Type("w") // closed: the one held for 0011 is cancelled
	<-w.whyEnded
	w.mu.Lock()
	w.hold = make(chan struct{})
	w.mu.Unlock()
	tm.Type("h") // the hint's Next is held: the board is busy
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	m := tm.FinalModel(t, teatest.WithFinalTimeout(time.Minute)).(*model)
	if m.signal == nil {
		t.Errorf("Ctrl-C while the engine works: the board ends without it")
	}
	close(w.hold)
}
