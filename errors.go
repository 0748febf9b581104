package mastermind

import (
	"fmt"
	"strings"

	"github.com/mastermind-go/mastermind/internal/words"
)

// The engine's errors are of two kinds that front ends tell apart: an
// *InputError (bad input: exit status 2, HTTP 400) and a *ConflictError
// (answers no code gives: exit status 3, or a conflict in the web API's
// answer). Any other error is a failure of the program itself.

// An InputError reports input the engine cannot take: a malformed or
// impossible answer, an unknown name, a code of the wrong length, a value
// out of range. Where names what was wrong, as a person finds it ("answer to
// guess 3", "--strategy", "history[2].guess").
type InputError struct {
	Where string
	Err   error
}

func (e *InputError) Error() string {
	if e.Where == "" {
		return e.Err.Error()
	}
	return e.Where + ": " + e.Err.Error()
}

func (e *InputError) Unwrap() error { return e.Err }

// Invalid returns an *InputError about where, with a message formatted as
// fmt.Errorf does.
func Invalid(where, format string, args ...any) error {
	return &InputError{Where: where, Err: fmt.Errorf(format, args...)}
}

// A ConflictError reports answers that no code satisfies together. It is
// the one error every part of the engine returns for "no code fits", and
// its message is what every front end shows.
type ConflictError struct {
	// History is the whole history the answers belong to.
	History []Turn
	// Answers are the conflicting answers, numbered from 1 as a person
	// counts them, ascending: the smallest set that was found. Empty when
	// no set is known (then Reason says what is).
	Answers []int
	// Suspects reports that Answers are not a proven conflict but the
	// answers most often violated by the best codes found.
	Suspects bool
	// Reason says what is known without a set of answers.
	Reason string
	// Rule is the answer rule of the game, for Detail to write the answers
	// in its form (the zero value, BlackWhite, writes "B W").
	Rule Rule
}

// Error returns, for example, "answers 1, 2 and 3 contradict each other" or
// "no secret gives answer 2".
func (e *ConflictError) Error() string {
	switch {
	case len(e.Answers) == 0 && e.Reason != "":
		return e.Reason
	case len(e.Answers) == 0:
		return "no secret gives these answers"
	case e.Suspects:
		return fmt.Sprintf("no code found that gives these answers; the likeliest wrong are answers %s", words.Numbers(e.Answers))
	case len(e.Answers) == 1:
		return fmt.Sprintf("no secret gives answer %d", e.Answers[0])
	}
	return fmt.Sprintf("answers %s contradict each other", words.Numbers(e.Answers))
}

// Turns returns the conflicting turns of the history, in the order of
// Answers.
func (e *ConflictError) Turns() []Turn {
	turns := make([]Turn, 0, len(e.Answers))
	for _, a := range e.Answers {
		if a >= 1 && a <= len(e.History) {
			turns = append(turns, e.History[a-1])
		}
	}
	return turns
}

// Detail returns the error with a line for each conflicting answer that
// the history holds: "    guess 2: 0 0 1 1, answer 1 0".
func (e *ConflictError) Detail() string {
	var b strings.Builder
	b.WriteString(e.Error())
	for _, a := range e.Answers {
		if a >= 1 && a <= len(e.History) {
			t := e.History[a-1]
			fmt.Fprintf(&b, "\n    guess %d: %v, answer %s", a, t.Guess, e.Rule.Format(t.Feedback))
		}
	}
	return b.String()
}

// NewConflict returns the ConflictError of history whose conflicting turns
// are turns (0-based, as the consistency search finds them), of a
// black-white game ([Game.Conflict] for any game).
func NewConflict(history []Turn, turns []int) *ConflictError {
	answers := make([]int, len(turns))
	for i, t := range turns {
		answers[i] = t + 1
	}
	return &ConflictError{History: history, Answers: answers}
}

// Conflict returns NewConflict's error for a history of game g, which
// writes its answers in the form of g's rule.
func (g Game) Conflict(history []Turn, turns []int) *ConflictError {
	e := NewConflict(history, turns)
	e.Rule = g.Rule
	return e
}
