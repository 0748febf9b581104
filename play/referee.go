package play

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/words"
)

const refereeHelp = `Type a guess, as in %s; I answer how many colours are right and in the right
place, then how many are right but in the wrong place. Commands:
    hint        my next guess in your place, and how many codes are still possible
    giveup      show the code
    list        show your guesses and answers so far
    help        show this text
    quit        stop
`

// Referee plays the game in which the person guesses secret. It returns nil
// when the code is found, given up, or the person quits, ErrEnded when the
// input ends before that, and the error of the output when it cannot be
// written.
func Referee(cfg Config, secret mastermind.Code) error {
	s := newSession(cfg)
	defer s.out.Flush()
	example := make(mastermind.Code, s.game.Positions)
	for i := range example {
		example[i] = uint8(i % s.game.Colors)
	}
	exampleText := example.Compact(s.game.Colors)
	game, st := NewSession(cfg.Breaker, You, secret, nil)
	s.printf("I have chosen a code: %s%s. Guess it!\n", Describe(s.game), paren(st.Remaining.Codes()))
	s.printf("Type a guess, as in %s; \"hint\", \"giveup\" or \"help\" for more.\n", exampleText)
	for {
		line, ok := s.ask("Guess " + strconv.Itoa(len(st.Turns)+1) + ": ")
		if !ok {
			return s.end()
		}
		switch strings.ToLower(line) {
		case "help", "?":
			s.printf(refereeHelp, exampleText)
			continue
		case "quit", "q", "exit":
			s.printf("Bye. The code was %s.\n", s.show(secret))
			return s.end()
		case "giveup", "give up":
			game.GiveUp()
			s.printf("The code was %s.\n", s.show(secret))
			return s.end()
		case "hint":
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
			if len(st.Turns) == 0 {
				s.printf("No guesses yet.\n")
			}
			for i, t := range st.Turns {
				s.printf("  %d. %s  %v\n", i+1, s.show(t.Guess), t.Feedback)
			}
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
		switch {
		case st.Won:
			s.printf("%v  Found it in %s!\n", fb, words.Count(st.Found, "guess"))
			return s.end()
		case Possible(st.Remaining) != "":
			s.printf("%v  (%s)\n", fb, Possible(st.Remaining))
		default:
			s.printf("%v\n", fb)
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
