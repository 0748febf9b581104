// Package board plays a game of package play as a board drawn in a
// terminal (Bubble Tea): the rows so far with their answers, the code or
// answer being entered, the codes still possible, the engine's Why? and a
// line of keys. Either the person guesses the computer's code (You guess,
// the daily code among them) or the computer guesses the person's (Computer
// guesses), as on the page. Pegs carry their colour's number, so that the
// board reads the same without colour.
//
// Where there is no terminal, package play's line dialogue plays instead.
package board

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/play/stats"
)

// A Role says who guesses.
type Role int

const (
	// Computer guesses the person's code.
	Computer Role = iota
	// You guess the computer's code.
	You
)

// A Daily is the daily code being played: its local date and number.
type Daily struct {
	Date   string // "YYYY-MM-DD"
	Number int
}

// Config is what a board needs.
type Config struct {
	Breaker mastermind.Breaker // the computer's guesses, and the hints
	Role    Role
	Secret  mastermind.Code // the code to find, with Role You
	Preset  string          // the preset's name, "" for another game: only presets are counted
	Daily   *Daily          // the daily code, with Role You; nil for another game
	Color   bool            // coloured pegs (false: NO_COLOR, --color never)
	// Stats are the statistics the game is counted in, kept in StatsDir;
	// nil for none. StatsNote is a message about them to show first (a
	// damaged file set aside).
	Stats     *stats.Stats
	StatsDir  string
	StatsNote string
	In        io.Reader // the terminal
	Out       io.Writer // the terminal
}

// A Stopped error ends a game left by a signal (Ctrl-C is SIGINT), once
// the terminal is restored: End then ends the process as the signal would
// have ended it.
type Stopped struct{ Signal os.Signal }

func (e *Stopped) Error() string { return "stopped by " + e.Signal.String() }

// signalMsg tells the board of a signal.
type signalMsg struct{ os.Signal }

// Run plays the game on the terminal and returns when it is left: nil
// (found, given up, quit with q), a *Stopped (Ctrl-C, SIGINT, SIGTERM), or
// an error of the terminal. The terminal is restored before it returns;
// the game's result (and a daily's share text) is then printed on Out, so
// that it stays on the screen.
func Run(cfg Config) error {
	profile := colorprofile.ASCII
	if cfg.Color {
		// The pegs are of the 256-colour palette; a terminal of 16 colours
		// gets the nearest (Bubble Tea converts them), a monochrome one
		// none (NO_COLOR too).
		profile = max(min(colorprofile.Detect(cfg.Out, os.Environ()), colorprofile.ANSI256), colorprofile.ASCII)
	}
	m := newModel(cfg, profile > colorprofile.ASCII)
	// The board hears the signals that would end the line dialogue, to
	// leave the terminal as it found it before it ends as they would.
	p := tea.NewProgram(m, tea.WithInput(cfg.In), tea.WithOutput(cfg.Out), tea.WithoutSignalHandler(), tea.WithColorProfile(profile))
	signals := make(chan os.Signal, 1)
	for _, s := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		if !signal.Ignored(s) { // as under nohup: ignored still
			signal.Notify(signals, s)
		}
	}
	defer signal.Stop(signals)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case s := <-signals:
			p.Send(signalMsg{s})
		case <-done:
		}
	}()
	final, err := p.Run()
	if err != nil {
		return err
	}
	fm := final.(*model)
	if fm.signal != nil {
		return &Stopped{fm.signal}
	}
	if s := fm.summary(); s != "" {
		fmt.Fprintln(cfg.Out, s)
	}
	return nil
}
