package play

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/play/board"
	"github.com/mastermind-go/mastermind/play/stats"
)

// Options are a game with a person as "mastermind play" asks for one.
type Options struct {
	Breaker mastermind.Breaker // the computer's guesses, and hints
	Role    board.Role         // who guesses
	Daily   bool               // the daily code of the game's preset, with Role board.You
	Seed    *uint64            // draws the code to guess, with Role board.You and not Daily; nil: the clock
	Color   bool               // coloured pegs (WantColor)
	Plain   bool               // the line dialogue even on a terminal
	In      io.Reader          // the person's input
	Out     io.Writer          // the game's output
	// InTerm and OutTerm are the files of In and Out when they are a
	// terminal, nil when they are not.
	InTerm, OutTerm *os.File
}

// Run plays the game of o: on the board of package board when both In and
// Out are a terminal that can draw one (not TERM=dumb: Emacs's shell, say)
// and o is not Plain, its games counted in the statistics of package stats;
// else the line dialogue, Guess or Referee. It returns what they return; a
// board left by a signal is a *board.Stopped, and a failure of the terminal
// says so.
func Run(o Options) error {
	secret, day, err := o.secret(time.Now())
	if err != nil {
		return err
	}
	if o.board() {
		cfg := board.Config{Breaker: o.Breaker, Role: o.Role, Secret: secret, Preset: preset(o.Breaker.Game()), Daily: day, Color: o.Color, In: o.InTerm, Out: o.OutTerm}
		cfg.StatsDir = stats.Dir()
		cfg.Stats, cfg.StatsNote = stats.Load(cfg.StatsDir)
		err := board.Run(cfg)
		if stopped := (*board.Stopped)(nil); err != nil && !errors.As(err, &stopped) {
			return fmt.Errorf("the terminal: %w", err)
		}
		return err
	}
	cfg := Config{Breaker: o.Breaker, Color: o.Color, Echo: o.InTerm == nil, In: o.In, Out: o.Out}
	if o.Role == board.Computer {
		return Guess(cfg)
	}
	return Referee(cfg, secret)
}

// board reports whether o's game is played on the board.
func (o Options) board() bool {
	return o.InTerm != nil && o.OutTerm != nil && !o.Plain && os.Getenv("TERM") != "dumb"
}

// secret returns the code the person guesses (nil when the computer
// guesses), and the daily it is, if it is one, at the time now: the
// daily of the person's local date, as on the page.
func (o Options) secret(now time.Time) (mastermind.Code, *board.Daily, error) {
	g := o.Breaker.Game()
	switch {
	case o.Daily:
		date := now.Format("2006-01-02")
		d, err := daily.Of(date, preset(g))
		if err != nil {
			return nil, nil, err
		}
		return daily.Secret(g, d.Seed), &board.Daily{Date: date, Number: d.Number}, nil
	case o.Role == board.Computer:
		return nil, nil, nil
	case o.Seed != nil:
		return Secret(g, *o.Seed), nil, nil
	}
	return Secret(g, uint64(now.UnixNano())), nil, nil
}

// preset returns the name of g's preset, "" for a game given by its size.
func preset(g mastermind.Game) string {
	if g.Name() == g.Size() {
		return ""
	}
	return g.Name()
}
