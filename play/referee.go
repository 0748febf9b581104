package play

import (
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/strategy"
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
// when the code is found, given up, or the person quits (or the input ends),
// and an error only if writing fails.
func Referee(cfg Config, secret mastermind.Code) error {
	s := newSession(cfg)
	defer s.out.Flush()
	h := consistent.NewHistory(cfg.Space)
	example := make(mastermind.Code, s.game.Positions)
	for i := range example {
		example[i] = uint8(i % s.game.Colors)
	}
	exampleText := example.Compact(s.game.Colors)
	s.printf("I have chosen a code: %s (%s). Guess it!\n", describe(s.game), plural(cfg.Space.Len(), "code"))
	s.printf("Type a guess, as in %s; \"hint\", \"giveup\" or \"help\" for more.\n", exampleText)
	for {
		line, ok := s.ask("Guess " + strconv.Itoa(len(h.Turns())+1) + ": ")
		if !ok {
			return nil
		}
		switch strings.ToLower(line) {
		case "help", "?":
			s.printf(refereeHelp, exampleText)
			continue
		case "quit", "q", "exit":
			s.printf("Bye. The code was %s.\n", s.show(secret))
			return nil
		case "giveup", "give up":
			s.printf("The code was %s.\n", s.show(secret))
			return nil
		case "hint":
			st := &strategy.State{Space: cfg.Space, History: h.Turns(), Candidates: h.Candidates()}
			next := cfg.Space.Code(cfg.Strategy.Next(st))
			s.printf("I would guess %s; %s still possible.\n", s.show(next), plural(len(h.Candidates()), "code"))
			continue
		case "list", "history":
			if len(h.Turns()) == 0 {
				s.printf("No guesses yet.\n")
			}
			for i, t := range h.Turns() {
				s.printf("  %d. %s  %v\n", i+1, s.show(t.Guess), t.Feedback)
			}
			continue
		case "":
			continue
		}
		guess, err := s.game.ParseCode(line)
		if err != nil {
			s.printf("That is not a guess: %v. Type a code like %s, or \"help\".\n", err, exampleText)
			continue
		}
		fb := mastermind.Score(secret, guess)
		if fb.Black == s.game.Positions {
			s.printf("%v  Found it in %s!\n", fb, plural(len(h.Turns())+1, "guess"))
			return nil
		}
		h.Add(mastermind.Turn{Guess: guess, Feedback: fb})
		s.printf("%v  (%s still possible)\n", fb, plural(len(h.Candidates()), "code"))
	}
}
