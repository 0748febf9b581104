package play

import (
	"context"
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
// when the code is found, given up, or the person quits, errEnded when the
// input ends before that, and the error of the output when it cannot be
// written.
func Referee(cfg Config, secret mastermind.Code) error {
	s := newSession(cfg)
	defer s.out.Flush()
	b := cfg.Breaker
	example := make(mastermind.Code, s.game.Positions)
	for i := range example {
		example[i] = uint8(i % s.game.Colors)
	}
	exampleText := example.Compact(s.game.Colors)
	s.printf("I have chosen a code: %s%s. Guess it!\n", describe(s.game), paren(codes(b.Remaining())))
	s.printf("Type a guess, as in %s; \"hint\", \"giveup\" or \"help\" for more.\n", exampleText)
	// The person's guesses. The breaker takes them too, for its hints,
	// but in a game this large (package large) only those that were its
	// own hints: followed says whether it has them all.
	var history []mastermind.Turn
	followed := true
	for {
		line, ok := s.ask("Guess " + strconv.Itoa(len(history)+1) + ": ")
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
			s.printf("The code was %s.\n", s.show(secret))
			return s.end()
		case "hint":
			next, err := b.Next(context.Background())
			if err != nil {
				s.printf("I have no hint: %v.\n", err)
				continue
			}
			if !followed {
				s.printf("I would guess %s (in a game this large I follow only the guesses I would make, not yours).\n", s.show(next))
				continue
			}
			s.printf("I would guess %s%s.\n", s.show(next), still("; ", b.Remaining()))
			continue
		case "list", "history":
			if len(history) == 0 {
				s.printf("No guesses yet.\n")
			}
			for i, t := range history {
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
		fb := mastermind.Score(secret, guess)
		if s.game.Wins(fb) {
			s.printf("%v  Found it in %s!\n", fb, words.Count(len(history)+1, "guess"))
			return s.end()
		}
		history = append(history, mastermind.Turn{Guess: guess, Feedback: fb})
		if err := b.Record(guess, fb); err != nil {
			followed = false
		}
		if r := b.Remaining(); r.Known() && followed {
			s.printf("%v  (%s)\n", fb, still("", r))
		} else {
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

// still says how many codes are still possible after prefix, or "" when
// that is unknown.
func still(prefix string, r mastermind.Remaining) string {
	if !r.Known() {
		return ""
	}
	return prefix + codes(r) + " still possible"
}
