package play

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/words"
)

// refereeCommands are the commands of You guess, after refereeAbout.
const refereeCommands = ` Commands:
    hint        my next guess in your place, and how many codes are still possible
    giveup      show the code
    list        show your guesses and answers so far
    help        show this text
    quit        stop
`

const dailyHelp = `Type a guess, as in %s; I answer how many colours are right and in the right
place, then how many are right but in the wrong place. The daily is played
alone, in ten guesses at most: no hint. Commands:
    giveup      show the code: the daily is lost
    list        show your guesses and answers so far
    help        show this text
    quit        stop: the daily is kept, and play --daily takes it up again
`

// Referee plays the game in which the person guesses secret (the daily's,
// with cfg.Daily). It returns nil when the code is found, given up, or the
// person quits, ErrEnded when the input ends before that, and the error of
// the output when it cannot be written.
func Referee(cfg Config, secret mastermind.Code) error {
	s := newSession(cfg)
	defer s.out.Flush()
	example := make(mastermind.Code, s.game.Positions)
	for i := range example {
		example[i] = uint8(i % s.game.Colors)
	}
	exampleText := example.Compact(s.game.Colors)
	game, st := NewSession(cfg.Breaker, You, secret, cfg.Daily)
	help := "Type a guess, as in %s; " + refereeAbout(s.game) + refereeCommands
	if d := cfg.Daily; d != nil {
		help = dailyHelp
		s.printf("Daily #%d (%s) of %s: I have chosen a code: %s%s. Guess it in %d guesses!\n", d.Number, d.Date, s.game.Name(), Describe(s.game), paren(st.Remaining.Codes()), DailyGuesses)
		var over bool
		if st, over = s.takeUp(game, st); over {
			return s.end()
		}
		s.printf("Type a guess, as in %s; \"giveup\" or \"help\" for more (no hint in the daily).\n", exampleText)
	} else {
		s.printf("I have chosen a code: %s%s. Guess it!\n", Describe(s.game), paren(st.Remaining.Codes()))
		s.printf("%s", refereeIntro(s.game))
		s.printf("Type a guess, as in %s; \"hint\", \"giveup\" or \"help\" for more.\n", exampleText)
	}
	for {
		line, ok := s.ask("Guess " + strconv.Itoa(len(st.Turns)+1) + ": ")
		if !ok {
			return s.end()
		}
		switch strings.ToLower(line) {
		case "help", "?":
			s.printf(help, exampleText)
			continue
		case "quit", "q", "exit":
			if cfg.Daily != nil {
				s.printf("Bye. %s\n", s.left(st))
				return s.end()
			}
			s.printf("Bye. The code was %s.\n", s.show(secret))
			return s.end()
		case "giveup", "give up":
			st = game.GiveUp()
			s.printf("The code was %s.\n", s.show(secret))
			s.over(st)
			return s.end()
		case "hint":
			if cfg.Daily != nil {
				s.printf("The daily is played alone: no hint till it ends.\n")
				continue
			}
			next, st, err := game.Hint()
			switch {
			case err != nil:
				s.printf("I have no hint: %v.\n", err)
			case !st.Followed:
				s.printf("I would guess %s (in a game this large I follow only the guesses I would make, not yours).\n", s.show(next))
			default:
				s.printf("I would guess %s%s.\n", s.show(next), prefixed("; ", Possible(st.Remaining)))
			}
			continue
		case "list", "history":
			s.list(st)
			continue
		case "":
			continue
		}
		guess, err := s.game.ParseCode(line)
		if err != nil {
			if len(line) > 2*quote.Max { // ParseCode's message quotes all of it
				err = fmt.Errorf("\"%s\" (%d bytes) is no code of this game", quote.Cut(line, 2*quote.Max), len(line))
			}
			s.printf("That is not a guess: %v. Type a code like %s, or \"help\".\n", err, exampleText)
			continue
		}
		step := game.Guess(guess)
		if step.Event != Taken {
			s.printf("That is not a guess: %v. Type a code like %s, or \"help\".\n", step.Err, exampleText)
			continue
		}
		st = step.State
		fb := st.Turns[len(st.Turns)-1].Feedback
		about := Possible(st.Remaining)
		if st.Daily != nil {
			about = strings.TrimPrefix(about+"; "+words.Count(DailyGuesses-len(st.Turns), "guess")+" left", "; ")
		}
		switch {
		case st.Won:
			s.printf("%s  Found it in %s!\n", s.answer(fb), words.Count(st.Found, "guess"))
		case st.Over:
			s.printf("%s  Not found in %d guesses: the code was %s.\n", s.answer(fb), DailyGuesses, s.show(secret))
		case about != "":
			s.printf("%s  (%s)\n", s.answer(fb), about)
		default:
			s.printf("%s\n", s.answer(fb))
		}
		if st.Over {
			s.over(st)
			return s.end()
		}
		s.keep(st)
	}
}

// list shows the guesses and answers of st.
func (s *session) list(st State) {
	if len(st.Turns) == 0 {
		s.printf("No guesses yet.\n")
	}
	for i, t := range st.Turns {
		s.printf("  %d. %s  %s\n", i+1, s.show(t.Guess), s.answer(t.Feedback))
	}
}

// takeUp shows the daily of game as the statistics have it: played
// already (then over is true), or begun and taken up again.
func (s *session) takeUp(game *Session, st State) (_ State, over bool) {
	d, preset := s.Daily, st.Game.Name()
	if s.Stats == nil {
		return st, false
	}
	if played, ok := s.Stats.Daily(preset, d.Date); ok {
		st, err := game.Replay(played)
		if err != nil {
			s.printf("Today's daily in the statistics is damaged (%v): play it again.\n", err)
			return st, false
		}
		s.printf("You played daily #%d (%s) already: %s.\n", d.Number, d.Date, st.Outcome())
		s.printf("%s\n", strings.Join(st.Share(), "\n"))
		return st, true
	}
	p, ok := s.Stats.Progress(preset, d.Date)
	if !ok {
		return st, false
	}
	st, err := game.Resume(p)
	if err != nil {
		s.printf("Today's daily kept in the statistics is damaged (%v): play it again.\n", err)
		return st, false
	}
	s.printf("Taken up again where you left it, %s left:\n", words.Count(DailyGuesses-len(st.Turns), "guess"))
	s.list(st)
	return st, false
}

// left says that the daily of st is left unfinished, and kept when it is.
func (s *session) left(st State) string {
	if s.Stats != nil && len(st.Turns) > 0 {
		return fmt.Sprintf("Daily #%d is kept: play --daily takes it up again.", st.Daily.Number)
	}
	return fmt.Sprintf("Left daily #%d unfinished.", st.Daily.Number)
}

// over ends a daily: its share text, and its count in the statistics.
func (s *session) over(st State) {
	if st.Daily == nil {
		return
	}
	s.printf("%s\n", strings.Join(st.Share(), "\n"))
	if s.Stats != nil {
		if _, note := Record(s.StatsDir, st.Game.Name(), st); note != "" {
			s.printf("%s\n", note)
		}
	}
}

// keep keeps a daily in progress in the statistics.
func (s *session) keep(st State) {
	if st.Daily != nil && s.Stats != nil {
		if note := Keep(s.StatsDir, st.Game.Name(), st); note != "" {
			s.printf("%s\n", note)
		}
	}
}

// paren returns " (s)", or "" for an empty s.
func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// prefixed returns prefix and s, or "" for an empty s.
func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}
