package play

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/play/stats"
)

// Options are a game with a person as "mastermind play" asks for one.
type Options struct {
	Breaker mastermind.Breaker // the computer's guesses, and hints
	Role    Role               // who guesses
	Daily   bool               // the daily code of the game's preset, with Role You
	Seed    *uint64            // draws the code to guess as the page's #seed=S does, with Role You and not Daily; nil: the clock
	Color   bool               // coloured pegs (WantColor)
	Plain   bool               // the line dialogue even on a terminal
	In      io.Reader          // the person's input
	Out     io.Writer          // the game's output
	// InTerm and OutTerm are the files of In and Out when they are a
	// terminal, nil when they are not.
	InTerm, OutTerm *os.File
}

// A Stopped error ends a game left by a signal (Ctrl-C is SIGINT), once
// the terminal is restored: End then ends the process as the signal would
// have ended it.
type Stopped struct{ Signal os.Signal }

func (e *Stopped) Error() string { return "stopped by " + e.Signal.String() }

// OnBoard reports whether o's game is played on a board drawn in the
// terminal (package board): when both In and Out are a terminal that can
// draw one (not TERM=dumb: Emacs's shell, say) and o is not Plain.
func (o Options) OnBoard() bool {
	return o.InTerm != nil && o.OutTerm != nil && !o.Plain && os.Getenv("TERM") != "dumb"
}

// Dialogue plays the game of o as a line dialogue, Guess or Referee, and
// returns what they return. A daily is counted, and kept while in
// progress, in the statistics of package stats, as on the board.
func Dialogue(o Options) error {
	now := time.Now()
	secret, day, err := o.Secret(now)
	if err != nil {
		return err
	}
	cfg := Config{Breaker: o.Breaker, Color: o.Color, Echo: o.InTerm == nil, In: o.In, Out: o.Out, Daily: day}
	if day != nil {
		// The daily is one game wherever it is played: counted, and kept
		// while in progress, in the board's statistics.
		var note string
		cfg.StatsDir = stats.Dir()
		cfg.Stats, note = stats.Load(cfg.StatsDir)
		if note == "" {
			cfg.Stats, note = Settle(cfg.StatsDir, cfg.Stats, now.Format(time.DateOnly))
		}
		if note != "" {
			fmt.Fprintln(o.Out, note)
		}
	}
	if o.Role == Computer {
		return Guess(cfg)
	}
	return Referee(cfg, secret)
}

// Secret returns the code the person guesses (nil when the computer
// guesses), and the daily it is, if it is one, at the time now: the
// daily of the person's local date, as on the page. A seed draws the
// secret the page's #seed=S draws (daily.Secret); without one, the clock
// picks one of the page's seeds. The daily is black-white's: under
// another rule it is an InputError.
func (o Options) Secret(now time.Time) (mastermind.Code, *Daily, error) {
	g := o.Breaker.Game()
	switch {
	case o.Daily && g.Rule != mastermind.BlackWhite:
		return nil, nil, &mastermind.InputError{Where: "--daily", Err: fmt.Errorf("the daily is played by the rule black-white, as on the page, not %v: leave out --feedback %v", g.Rule, g.Rule)}
	case o.Daily:
		date := now.Format("2006-01-02")
		d, err := daily.Of(date, Preset(g))
		if err != nil {
			return nil, nil, err
		}
		return daily.Secret(g, d.Seed), &Daily{Date: date, Number: d.Number}, nil
	case o.Role == Computer:
		return nil, nil, nil
	case o.Seed != nil:
		return daily.Secret(g, int(*o.Seed%(1<<32))), nil, nil
	}
	return Draw(g, now), nil, nil
}

// Draw returns a code of g to guess, of the page's seed the clock picks at
// now.
func Draw(g mastermind.Game, now time.Time) mastermind.Code {
	return daily.Secret(g, int(uint64(now.UnixNano())%daily.Seeds))
}

// Preset returns the name of g's preset, "" for a game given by its size:
// only presets have a daily, and are counted in the statistics.
func Preset(g mastermind.Game) string {
	if g.Name() == g.Size() {
		return ""
	}
	return g.Name()
}
