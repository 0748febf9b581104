package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/words"
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

// parseReply understands a line: an answer of the game's rule ("B W",
// "n B W", "BW" with fewer than ten positions; "B"; the marks: see
// mastermind.Game.ParseAnswer), "y" for a hit, or a command.
func parseReply(g mastermind.Game, line string) (reply, error) {
	fields := strings.Fields(strings.ToLower(line))
	if len(fields) == 0 {
		return reply{}, fmt.Errorf("type your answer, as in %s: %s", Example(g), HowToAnswer(g))
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
		if len(fields) > 1 { // "undo 3" would take back the last answer, not the third
			return reply{}, fmt.Errorf("\"undo\" takes back your last answer and takes no number; to correct answer N, say \"%s\"", fixForm(g, "N"))
		}
		return reply{kind: undo}, nil
	case "list", "history":
		if len(fields) > 1 {
			return reply{}, fmt.Errorf("\"%s\" shows every guess and answer and takes nothing more", fields[0])
		}
		return reply{kind: list}, nil
	case "fix":
		if len(fields) < 3 {
			fix, _ := fixExample(g)
			return reply{}, fmt.Errorf("say which answer and what it should be, as in %s", fix)
		}
		turn, err := strconv.Atoi(fields[1])
		if err != nil || turn < 1 {
			fix, answer := fixExample(g)
			return reply{}, fmt.Errorf("\"%s\" is not an answer number; say %s to make answer 2 say %s", quote.Cut(fields[1], quote.Max), fix, answer)
		}
		fb, err := parseAnswer(g, strings.Join(fields[2:], " "))
		if err != nil {
			return reply{}, err
		}
		return reply{kind: fix, turn: turn, fb: fb}, nil
	}
	fb, err := parseAnswer(g, line)
	if err != nil {
		return reply{}, err
	}
	if g.Wins(fb) {
		return reply{kind: found}, nil
	}
	return reply{kind: answer, fb: fb}, nil
}

// parseAnswer reads an answer as mastermind.Game.ParseAnswer does, with
// messages for a person.
func parseAnswer(g mastermind.Game, line string) (mastermind.Feedback, error) {
	fb, err := g.ParseAnswer(line)
	var syntax *mastermind.SyntaxError
	switch {
	case errors.As(err, &syntax):
		return fb, badAnswer(g, line)
	case err != nil:
		return fb, fmt.Errorf("%v; try again", err)
	}
	return fb, nil
}

// Guess plays the game in which the computer guesses the person's code. It
// returns nil when the code is found or the person quits, ErrEnded when the
// input ends before that, and the error of the output when it cannot be
// written.
func Guess(cfg Config) error {
	s := newSession(cfg)
	defer s.out.Flush()
	game, st := NewSession(cfg.Breaker, Computer, nil, nil)
	s.printf("Think of a code: %s%s.\n", Describe(s.game), paren(st.Remaining.Codes()))
	s.printf("%s", guessIntro(s.game))
	for {
		prompt := "> "
		switch {
		case st.Guess != nil:
			prompt = fmt.Sprintf("Guess %d: %s ? ", len(st.Turns)+1, s.show(st.Guess))
		case st.Conflict == nil && st.NoGuess != nil:
			return st.NoGuess
		}
		line, ok := s.ask(prompt)
		if !ok {
			return s.end()
		}
		r, err := parseReply(s.game, line)
		if err != nil {
			s.printf("%v\n", err)
			continue
		}
		var step Step
		switch r.kind {
		case answer:
			step = game.Answer(r.fb)
		case found:
			step = game.Found()
		case fix:
			step = game.Fix(r.turn, r.fb)
		case undo:
			step = game.Undo()
		case list:
			if len(st.Turns) == 0 {
				s.printf("No answers yet.\n")
			}
			for i, t := range st.Turns {
				s.printf("  %d. %s  %s\n", i+1, s.show(t.Guess), s.answer(t.Feedback))
			}
			continue
		case help:
			s.printf("%s", guessHelp(s.game))
			continue
		case quit:
			s.printf("Bye.\n")
			return s.end()
		}
		if step.Event == Refused && r.kind != fix && r.kind != undo {
			s.printf("%v\n", step.Err)
			continue
		}
		st = step.State
		if s.say(step) {
			return s.end()
		}
	}
}

// say says what a step of Computer guesses did, and reports whether the
// game is over.
func (s *session) say(step Step) bool {
	st := step.State
	switch step.Event {
	case NoGuess:
		s.printf("No code fits your answers yet: fix one (\"%s\") or take back the last (\"undo\").\n", fixForm(s.game, "N"))
		return false
	case Contradicted:
		s.contradicted(st)
		return false
	case NoSuchTurn:
		s.printf("There is no answer %d yet: you have given %s.\n", step.N, words.Count(len(st.Turns), "answer"))
		return false
	case NothingToTakeBack:
		s.printf("There is no answer to take back.\n")
		return false
	case Invalid, Refused:
		s.printf("%v.\n", step.Err)
		return false
	case Fixed:
		s.printf("Answer %d is now %s. ", step.N, s.quoted(st.Turns[step.N-1].Feedback))
	case TakenBack:
		s.printf("Answer %d taken back. ", step.N)
	}
	if st.Won {
		s.printf("Found it in %s: %s.\n", words.Count(st.Found, "guess"), s.show(st.Guess))
		return true
	}
	s.showPossible(st)
	return false
}

// contradicted says which answers the code said to be the person's
// contradicts, and how to correct them.
func (s *session) contradicted(st State) {
	w := st.Wrong
	s.printf("That code does not fit your answers: it would have answered\n")
	for j, i := range w.Turns {
		t := st.Turns[i]
		s.printf("  %d. %s  %s, not %s\n", i+1, s.show(t.Guess), s.answer(w.Would[j]), s.answer(t.Feedback))
	}
	s.printf("Correct an answer (\"%s\"), or answer this guess again.\n", fixForm(s.game, strconv.Itoa(w.Turns[len(w.Turns)-1]+1)))
}

// showPossible says how many codes are still possible, or, if none is, which
// answers contradict each other.
func (s *session) showPossible(st State) {
	conflict := st.Conflict
	if conflict == nil {
		if text := Possible(st.Remaining); text != "" {
			s.printf("%s.\n", strings.ToUpper(text[:1])+text[1:])
		}
		return
	}
	if len(conflict.Answers) == 1 {
		s.printf("No code can give answer %d:\n", conflict.Answers[0])
	} else {
		s.printf("No code fits all your answers: %v:\n", conflict)
	}
	for _, a := range conflict.Answers {
		t := conflict.History[a-1]
		s.printf("  %d. %s  %s\n", a, s.show(t.Guess), s.answer(t.Feedback))
	}
	last := conflict.Answers[len(conflict.Answers)-1]
	s.printf("Correct one of them (\"%s\"), or take back your last answer (\"undo\").\n", fixForm(s.game, strconv.Itoa(last)))
}
