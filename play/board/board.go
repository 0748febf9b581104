// Package board draws a game of package play in a terminal (Bubble Tea):
// the rows so far with their answers (a long row on several lines, whole),
// the code or answer being entered, the codes still possible, the engine's
// Why? and a line of keys. Either the person guesses the computer's code
// (You guess, the daily code among them) or the computer guesses the
// person's (Computer guesses), as on the page. Pegs carry their colour's
// number, so that the board reads the same without colour. The game's
// rules are play's Session: the board draws its states and reads keys, and
// runs its steps, Why? and the statistics as commands, so that a key
// always answers.
//
// Where there is no terminal, package play's line dialogue plays instead.
package board

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/stats"
)

// Config is what a board needs.
type Config struct {
	Breaker mastermind.Breaker // the computer's guesses, and the hints
	Role    play.Role
	Secret  mastermind.Code // the code to find, with Role You
	Preset  string          // the preset's name, "" for another game: only presets are counted
	Daily   *play.Daily     // the daily code, with Role You; nil for another game
	Color   bool            // coloured pegs (false: NO_COLOR, --color never)
	// Again draws the code of a new game of You guess, played once a game
	// is over (n); nil: none.
	Again func() mastermind.Code
	// Stats are the statistics the game is counted in, kept in StatsDir;
	// nil for none. StatsNote is a message about them to show first (a
	// damaged file set aside).
	Stats     *stats.Stats
	StatsDir  string
	StatsNote string
	In        *os.File // the terminal
	Out       *os.File // the terminal
}

// Play plays the game of o on the board (o.OnBoard), its games counted in
// the statistics of package stats. It returns what Run returns, a failure
// of the terminal saying so.
func Play(o play.Options) error {
	secret, day, err := o.Secret(time.Now())
	if err != nil {
		return err
	}
	g := o.Breaker.Game()
	cfg := Config{Breaker: o.Breaker, Role: o.Role, Secret: secret, Preset: play.Preset(g), Daily: day, Color: o.Color, In: o.InTerm, Out: o.OutTerm}
	cfg.Again = func() mastermind.Code { return play.Draw(g, time.Now()) }
	cfg.StatsDir = stats.Dir()
	cfg.Stats, cfg.StatsNote = stats.Load(cfg.StatsDir)
	if cfg.StatsNote == "" {
		cfg.Stats, cfg.StatsNote = play.Settle(cfg.StatsDir, cfg.Stats, time.Now().Format(time.DateOnly))
	}
	err = Run(cfg)
	if stopped := (*play.Stopped)(nil); err != nil && !errors.As(err, &stopped) && err != play.ErrEnded {
		return fmt.Errorf("the terminal: %w", err)
	}
	return err
}

// Run plays the game on the terminal and returns when it is left: nil
// (found, given up, quit with q), a *play.Stopped (Ctrl-C, SIGINT,
// SIGTERM), play.ErrEnded when the terminal is gone before the game is
// over, or an error of the terminal. The terminal is restored before it
// returns; the game's result (and a daily's share text) is then printed on
// Out, so that it stays on the screen.
func Run(cfg Config) error {
	profile := colorprofile.ASCII
	if cfg.Color {
		// The pegs are of the 256-colour palette; a terminal of 16 colours
		// gets the nearest (Bubble Tea converts them), a monochrome one
		// none (NO_COLOR too).
		profile = max(min(colorprofile.Detect(cfg.Out, os.Environ()), colorprofile.ANSI256), colorprofile.ASCII)
	}
	m := newModel(cfg, profile > colorprofile.ASCII)
	in := &input{File: cfg.In}
	// The board hears the signals that would end the line dialogue, to
	// leave the terminal as it found it before it ends as they would.
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(cfg.Out), tea.WithoutSignalHandler(), tea.WithColorProfile(profile))
	in.ended = func() { p.Send(endedMsg{}) }
	m.stop = stopSelf
	defer suspendOnStop(p)()
	w := newWriter()
	m.post = func(job func() tea.Msg) { w.do(func() { p.Send(job()) }) }
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
	w.close() // the statistics written, whatever ended the board
	if err != nil {
		return err
	}
	fm := final.(*model)
	switch {
	case fm.signal != nil:
		return &play.Stopped{Signal: fm.signal}
	case fm.ended:
		return play.ErrEnded
	}
	if s := fm.summary(); s != "" {
		fmt.Fprintln(cfg.Out, s)
	}
	return nil
}

// input is the terminal the board reads keys from, telling when it ends:
// the terminal is gone (closed, hung up), and no key will come.
type input struct {
	*os.File
	ended func()
	once  sync.Once
}

func (in *input) Read(p []byte) (int, error) {
	n, err := in.File.Read(p)
	if err != nil && in.ended != nil {
		in.once.Do(func() { go in.ended() })
	}
	return n, err
}

// A writer runs jobs one at a time, in the order given, off the board's
// loop: the writes of the statistics, so that a daily's progress is never
// written over by an older one, and none is lost when the board ends.
type writer struct {
	mu   sync.Mutex
	jobs []func()
	wake chan struct{}
	done chan struct{}
	shut bool
}

func newWriter() *writer {
	w := &writer{wake: make(chan struct{}, 1), done: make(chan struct{})}
	go w.run()
	return w
}

// do queues job; it never waits.
func (w *writer) do(job func()) {
	w.mu.Lock()
	w.jobs = append(w.jobs, job)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *writer) run() {
	defer close(w.done)
	for {
		w.mu.Lock()
		jobs, shut := w.jobs, w.shut
		w.jobs = nil
		w.mu.Unlock()
		for _, job := range jobs {
			job()
		}
		if shut && len(jobs) == 0 {
			return
		}
		if len(jobs) == 0 {
			<-w.wake
		}
	}
}

// close waits for the jobs queued, and ends the writer.
func (w *writer) close() {
	w.mu.Lock()
	w.shut = true
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
	<-w.done
}
