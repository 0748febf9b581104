package play

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/strategy"
)

// What a person's line asks for, in the game where the computer guesses.
const (
	answer = iota // an answer to the guess: fb
	found         // the guess is the code
	fix           // correct the answer to turn: fb
	undo          // take back the last answer
	list          // show the answers so far
	help
	quit
)

// A reply is a person's line, understood.
type reply struct {
	kind int
	turn int // with fix: 1-based
	fb   mastermind.Feedback
}

// parseReply understands a line: an answer "B W", "n B W" (seed 001's
// style), "BW" with fewer than ten positions, "y" for a hit, or a command.
func parseReply(g mastermind.Game, line string) (reply, error) {
	fields := strings.Fields(strings.ToLower(line))
	if len(fields) == 0 {
		return reply{}, fmt.Errorf("type your answer, as in \"1 2\": right colours in the right place, then in the wrong place")
	}
	switch fields[0] {
	case "y", "yes":
		if len(fields) == 1 {
			return reply{kind: found}, nil
		}
	case "help", "?":
		return reply{kind: help}, nil
	case "quit", "q", "exit":
		return reply{kind: quit}, nil
	case "undo":
		return reply{kind: undo}, nil
	case "list", "history":
		return reply{kind: list}, nil
	case "fix":
		if len(fields) < 3 {
			return reply{}, fmt.Errorf("say which answer and what it should be, as in \"fix 2 1 0\"")
		}
		turn, err := strconv.Atoi(fields[1])
		if err != nil || turn < 1 {
			return reply{}, fmt.Errorf("%q is not an answer number; say \"fix 2 1 0\" to make answer 2 say 1 0", fields[1])
		}
		fb, err := parseFeedback(g, fields[2:])
		if err != nil {
			return reply{}, err
		}
		return reply{kind: fix, turn: turn, fb: fb}, nil
	case "n", "no":
		fields = fields[1:]
	}
	fb, err := parseFeedback(g, fields)
	if err != nil {
		return reply{}, err
	}
	if fb.Black == g.Positions {
		return reply{kind: found}, nil
	}
	return reply{kind: answer, fb: fb}, nil
}

// parseFeedback reads "B W", or "BW" in a game of fewer than ten positions.
func parseFeedback(g mastermind.Game, fields []string) (mastermind.Feedback, error) {
	bad := fmt.Errorf("I did not understand %q: answer with two numbers, as in \"1 2\" (or \"y\" when I have it); \"help\" lists the commands", strings.Join(fields, " "))
	var nums []int
	switch {
	case len(fields) == 2:
		for _, f := range fields {
			n, err := strconv.Atoi(f)
			if err != nil {
				return mastermind.Feedback{}, bad
			}
			nums = append(nums, n)
		}
	case len(fields) == 1 && len(fields[0]) == 2 && g.Positions < 10:
		for _, r := range fields[0] {
			if r < '0' || r > '9' {
				return mastermind.Feedback{}, bad
			}
			nums = append(nums, int(r-'0'))
		}
	default:
		return mastermind.Feedback{}, bad
	}
	fb := mastermind.Feedback{Black: nums[0], White: nums[1]}
	if err := g.ValidFeedback(fb); err != nil {
		return fb, fmt.Errorf("%v; try again", err)
	}
	return fb, nil
}

const guessHelp = `Answer each guess with two numbers: how many colours are right and in the
right place, then how many are right but in the wrong place ("1 2", "n 1 2",
or "12"); "y" when I have your code. Commands:
    fix N B W   correct your answer to guess N
    undo        take back your last answer
    list        show the guesses and answers so far
    help        show this text
    quit        stop
`

// Guess plays the game in which the computer guesses the person's code. It
// returns nil when the code is found or the person quits (or the input
// ends), and an error only if writing fails.
func Guess(cfg Config) error {
	s := newSession(cfg)
	defer s.out.Flush()
	h := consistent.NewHistory(cfg.Space)
	s.printf("Think of a code: %s (%s).\n", describe(s.game), plural(cfg.Space.Len(), "code"))
	s.printf("I will guess it. Answer each guess with the right colours in the right place, then in the\nwrong place, as \"1 2\"; \"y\" when I have it; \"help\" for more.\n")
	for {
		var guess mastermind.Code
		prompt := "> "
		if len(h.Candidates()) > 0 {
			guess = cfg.Space.Code(cfg.Strategy.Next(&strategy.State{Space: cfg.Space, History: h.Turns(), Candidates: h.Candidates()}))
			prompt = fmt.Sprintf("Guess %d: %s ? ", len(h.Turns())+1, s.show(guess))
		}
		line, ok := s.ask(prompt)
		if !ok {
			return nil
		}
		r, err := parseReply(s.game, line)
		if err != nil {
			s.printf("%v\n", err)
			continue
		}
		switch r.kind {
		case answer, found:
			if guess == nil {
				s.printf("No code fits your answers yet: fix one (\"fix N B W\") or take back the last (\"undo\").\n")
				continue
			}
			if r.kind == found {
				s.printf("Found it in %s: %s.\n", plural(len(h.Turns())+1, "guess"), s.show(guess))
				return nil
			}
			h.Add(mastermind.Turn{Guess: guess, Feedback: r.fb})
			s.showPossible(h)
		case fix:
			if r.turn > len(h.Turns()) {
				s.printf("There is no answer %d yet: you have given %s.\n", r.turn, plural(len(h.Turns()), "answer"))
				continue
			}
			h.Fix(r.turn-1, r.fb)
			s.printf("Answer %d is now %v. ", r.turn, r.fb)
			s.showPossible(h)
		case undo:
			if len(h.Turns()) == 0 {
				s.printf("There is no answer to take back.\n")
				continue
			}
			h.Undo()
			s.printf("Answer %d taken back. ", len(h.Turns())+1)
			s.showPossible(h)
		case list:
			if len(h.Turns()) == 0 {
				s.printf("No answers yet.\n")
			}
			for i, t := range h.Turns() {
				s.printf("  %d. %s  %v\n", i+1, s.show(t.Guess), t.Feedback)
			}
		case help:
			s.printf("%s", guessHelp)
		case quit:
			s.printf("Bye.\n")
			return nil
		}
	}
}

// showPossible says how many codes are still possible, or, if none is, which
// answers contradict each other.
func (s *session) showPossible(h *consistent.History) {
	if n := len(h.Candidates()); n > 0 {
		s.printf("%s still possible.\n", plural(n, "code"))
		return
	}
	turns := h.Conflict()
	if len(turns) == 1 {
		s.printf("No code can give answer %d:\n", turns[0]+1)
	} else {
		s.printf("No code fits all your answers: answers %s contradict each other:\n", consistent.Numbers(turns))
	}
	for _, t := range turns {
		turn := h.Turns()[t]
		s.printf("  %d. %s  %v\n", t+1, s.show(turn.Guess), turn.Feedback)
	}
	last := turns[len(turns)-1] + 1
	s.printf("Correct one of them (\"fix %d B W\"), or take back your last answer (\"undo\").\n", last)
}
