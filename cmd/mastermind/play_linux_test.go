package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/stats"
)

// A pty is a pseudo-terminal of 80x24: the program's side, a terminal
// (tty), and what it has shown (read from the other side until closed).
type pty struct {
	tty   *os.File
	ptmx  *os.File
	mu    sync.Mutex
	shown bytes.Buffer
	done  chan struct{}
}

func newPty(t *testing.T) *pty {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(ptmx.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 80}); err != nil {
		t.Fatal(err)
	}
	p := &pty{tty: tty, ptmx: ptmx, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			p.mu.Lock()
			p.shown.Write(buf[:n])
			p.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		tty.Close()
		ptmx.Close()
		<-p.done
	})
	return p
}

// waitFor waits until the terminal has shown text; a minute bounds a
// stuck program.
func (p *pty) waitFor(t *testing.T, text string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !strings.Contains(p.String(), text); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the terminal never showed %q; it shows %q", text, p.String())
		}
	}
}

// String is what the terminal has shown.
func (p *pty) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.shown.String()
}

// altScreen is what a program writes to draw on the alternate screen, as
// Bubble Tea does for the board.
const altScreen = "\x1b[?1049h"

// breakerOf returns a breaker of game g playing strategy.
func breakerOf(t *testing.T, g mastermind.Game, strategy string) mastermind.Breaker {
	t.Helper()
	b, err := choose.Breaker(context.Background(), g, choose.Options{Strategy: strategy, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// On a terminal the board plays, its games counted in the statistics; with
// Plain, or on a dumb terminal (TERM=dumb), the line dialogue. Where the
// input alone is no terminal, the dialogue too.
func TestRunChoosesBoard(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	classic := mastermind.Classic()
	seed := uint64(3)
	code := daily.Secret(classic, int(seed)).Compact(classic.Colors)
	for _, tt := range []struct {
		name    string
		term    string
		plain   bool
		pipedIn bool
		board   bool
		keys    []string // typed, each after the one before has shown the text after it
	}{
		{"board", "xterm-256color", false, false, true, []string{code + "\r", "Found it in 1 guess", "q", "Found it in 1 guess: " + code + "."}},
		{"plain", "xterm-256color", true, false, false, []string{"giveup\r", "The code was " + code + "."}},
		{"dumb", "dumb", false, false, false, []string{"giveup\r", "The code was " + code + "."}},
		{"piped input", "xterm-256color", false, true, false, []string{"", "The code was " + code + "."}},
	} {
		t.Setenv("TERM", tt.term)
		p := newPty(t)
		o := play.Options{Breaker: breakerOf(t, classic, "minimax"), Role: play.You, Seed: &seed, Plain: tt.plain, In: p.tty, Out: p.tty, InTerm: p.tty, OutTerm: p.tty}
		if tt.pipedIn {
			o.In, o.InTerm = strings.NewReader("giveup\n"), nil
		}
		ended := make(chan error, 1)
		go func() { ended <- playGame(o) }()
		p.waitFor(t, "1296 codes")
		if drawn := strings.Contains(p.String(), altScreen); drawn != tt.board {
			t.Fatalf("%s: the board drawn %v, want %v; the terminal shows %q", tt.name, drawn, tt.board, p.String())
		}
		for i := 0; i < len(tt.keys); i += 2 {
			p.ptmx.WriteString(tt.keys[i])
			p.waitFor(t, tt.keys[i+1])
		}
		var err error
		select {
		case err = <-ended:
		case <-time.After(time.Minute): // a bound for a stuck game
			t.Fatalf("%s: the game goes on; the terminal shows %q", tt.name, p.String())
		}
		if err != nil {
			t.Errorf("%s: %v; the terminal shows %q", tt.name, err, p.String())
		}
	}
	st, note := stats.Load(filepath.Join(state, "mastermind"))
	if tally := st.Tally("classic"); note != "" || tally.Played != 1 || tally.Won != 1 {
		t.Errorf("the statistics: %+v, %q; want the board's game alone, won", tally, note)
	}
}
