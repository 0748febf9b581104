package play

import (
	"fmt"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play/stats"
)

// Record counts st, a game over, in the statistics of dir, under preset
// (only presets are counted), and returns them and a note for the player
// ("" when all went well; stats.Update's). A daily counts once, and its
// progress kept is forgotten.
func Record(dir, preset string, st State) (*stats.Stats, string) {
	return stats.Update(dir, func(s *stats.Stats) {
		switch {
		case st.Role == Computer:
			s.RecordComputer(preset, true, st.Found)
		case st.Daily == nil:
			s.Record(preset, st.Won, len(st.Turns))
		default:
			s.RecordDaily(preset, st.Daily.Date, stats.Daily{Number: st.Daily.Number, Won: st.Won, Turns: statsTurns(st.Turns)})
		}
	})
}

// Keep keeps st, a daily begun and not over, in the statistics of dir
// under preset, so that it can be taken up again after q, Ctrl-C or a
// closed terminal (Session.Resume); it returns a note for the player, ""
// when all went well.
func Keep(dir, preset string, st State) string {
	_, note := stats.Update(dir, func(s *stats.Stats) {
		if p, ok := s.Progress(preset, st.Daily.Date); ok && p.Number == st.Daily.Number && len(p.Turns) > len(st.Turns) {
			return // a daily's progress only grows: this is older
		}
		s.SetProgress(preset, st.Daily.Date, stats.Progress{Number: st.Daily.Number, Turns: statsTurns(st.Turns)})
	})
	return note
}

// Settle counts as lost the dailies of dir left in progress before today
// (stats.Stats.Settle), when s, the statistics read, has some: a daily
// left unfinished past its day is given up, as on the page. It returns
// the statistics then, and a note for the player.
func Settle(dir string, s *stats.Stats, today string) (*stats.Stats, string) {
	for _, days := range s.InProgress {
		for date := range days {
			if date < today {
				return stats.Update(dir, func(s *stats.Stats) { s.Settle(today) })
			}
		}
	}
	return s, ""
}

// statsTurns are turns as the statistics keep them.
func statsTurns(turns []mastermind.Turn) []stats.Turn {
	out := []stats.Turn{}
	for _, t := range turns {
		g := make([]int, len(t.Guess))
		for i, c := range t.Guess {
			g[i] = int(c)
		}
		out = append(out, stats.Turn{Guess: g, Black: t.Feedback.Black, White: t.Feedback.White})
	}
	return out
}

// codeOf reads a guess kept in the statistics: nil when it is no code of
// g.
func codeOf(g mastermind.Game, guess []int) mastermind.Code {
	code := make(mastermind.Code, len(guess))
	for i, c := range guess {
		if c < 0 || c > 255 {
			return nil
		}
		code[i] = uint8(c)
	}
	if g.ValidCode(code) != nil {
		return nil
	}
	return code
}

// Resume takes up again the daily of the session (You) begun and kept in
// progress, p: its guesses made again, answered by the secret. A daily
// kept that is no game of this session (another number, a guess that is
// no code, an answer the secret does not give, as in a file edited by
// hand, or a game over) is an error, and changes nothing.
func (s *Session) Resume(p stats.Progress) (State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.daily == nil || p.Number != s.daily.Number {
		return s.state(), fmt.Errorf("daily #%d, not #%d", p.Number, s.dailyNumber())
	}
	var guesses []mastermind.Code
	for i, t := range p.Turns {
		code := codeOf(s.g, t.Guess)
		f := mastermind.Feedback{Black: t.Black, White: t.White}
		if code == nil || s.g.Answer(s.secret, code) != f || s.g.Wins(f) {
			return s.state(), fmt.Errorf("guess %d", i+1)
		}
		guesses = append(guesses, code)
	}
	if len(guesses) >= DailyGuesses {
		return s.state(), fmt.Errorf("%s", words.Count(len(guesses), "guess"))
	}
	for _, g := range guesses {
		s.take(g)
	}
	return s.state(), nil
}

func (s *Session) dailyNumber() int {
	if s.daily == nil {
		return 0
	}
	return s.daily.Number
}

// Replay shows daily d, played already, over; a daily kept that is no
// game of this session (a file edited by hand) is an error, and changes
// nothing.
func (s *Session) Replay(d stats.Daily) (State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var turns []mastermind.Turn
	for i, t := range d.Turns {
		code := codeOf(s.g, t.Guess)
		f := mastermind.Feedback{Black: t.Black, White: t.White}
		if code == nil || s.g.ValidFeedback(f) != nil || s.g.Wins(f) != (d.Won && i == len(d.Turns)-1) {
			return s.state(), fmt.Errorf("guess %d", i+1)
		}
		turns = append(turns, mastermind.Turn{Guess: code, Feedback: f})
	}
	if len(turns) > DailyGuesses || d.Won && len(turns) == 0 {
		return s.state(), fmt.Errorf("%s", words.Count(len(turns), "guess"))
	}
	s.turns, s.over, s.won = slices.Clone(turns), true, d.Won
	if d.Won {
		s.found = len(turns)
	}
	return s.state(), nil
}
