package mastermind

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// A Breaker is a code-breaker in play: it proposes guesses and learns their
// answers. Every front end (the break protocol, play, the web API) drives
// one the same way:
//
//	for {
//		guess, err := b.Next(ctx)    // a *ConflictError when no code fits
//		f := ask(guess)
//		if f.Black == N { break }
//		b.Record(guess, f)
//	}
//
// The chooser package (choose) returns the best breaker for a game.
// Breakers are not safe for concurrent use.
type Breaker interface {
	// Next returns the next guess. It returns a *ConflictError when no code
	// satisfies every answer so far, and ctx's error when ctx ends first.
	Next(ctx context.Context) (Code, error)
	// Record takes the answer to a guess: usually the one Next returned,
	// but enumerating breakers accept any code of the game.
	Record(guess Code, f Feedback) error
	// History returns the guesses and answers so far, oldest first. The
	// caller must not modify it.
	History() []Turn
	// Replace corrects the answer to turn i (0-based) of the history.
	Replace(i int, f Feedback) error
	// Undo takes back the last turn of the history.
	Undo() error
	// Remaining tells how many codes satisfy every answer so far.
	Remaining() Remaining
}

// Remaining is how many codes are still possible: exact where they can be
// counted, an estimate or unknown where they cannot.
type Remaining struct {
	N     float64 // the count, or an estimate; negative when unknown
	Exact bool    // whether N is the exact count
}

// Unknown is a Remaining that is not known.
var Unknown = Remaining{N: -1}

// Known reports whether the count (or an estimate of it) is known.
func (r Remaining) Known() bool { return r.N >= 0 }

// String formats the count: "12", "about 3.2e+09" or "unknown".
func (r Remaining) String() string {
	switch {
	case !r.Known():
		return "unknown"
	case r.Exact:
		return strconv.FormatFloat(r.N, 'f', -1, 64)
	}
	return fmt.Sprintf("about %.2g", r.N)
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
}

// Error returns, for example, "answers 1, 2 and 3 contradict each other" or
// "no code gives answer 2".
func (e *ConflictError) Error() string {
	switch {
	case len(e.Answers) == 0 && e.Reason != "":
		return e.Reason
	case len(e.Answers) == 0:
		return "no code gives these answers"
	case e.Suspects:
		return fmt.Sprintf("no code found that gives these answers; the likeliest wrong are answers %s", Numbers(e.Answers))
	case len(e.Answers) == 1:
		return fmt.Sprintf("no code gives answer %d", e.Answers[0])
	}
	return fmt.Sprintf("answers %s contradict each other", Numbers(e.Answers))
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

// NewConflict returns the ConflictError of history whose conflicting turns
// are turns (0-based, as the consistency search finds them).
func NewConflict(history []Turn, turns []int) *ConflictError {
	answers := make([]int, len(turns))
	for i, t := range turns {
		answers[i] = t + 1
	}
	return &ConflictError{History: history, Answers: answers}
}

// Numbers lists numbers as people do: "3", "1 and 4", "1, 2 and 5".
func Numbers(nums []int) string {
	s := make([]string, len(nums))
	for i, n := range nums {
		s[i] = strconv.Itoa(n)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
