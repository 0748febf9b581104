package mastermind

import (
	"context"
	"fmt"
	"strconv"
)

// A Breaker is a code-breaker in play: it proposes guesses and learns their
// answers. Every front end (the break protocol, play, the web API) drives
// one the same way:
//
//	for {
//		guess, err := b.Next(ctx)    // a *ConflictError when no code fits
//		f := ask(guess)
//		if g.Wins(f) { break }
//		b.Record(guess, f)
//	}
//
// The chooser package (choose) returns the best breaker for a game.
// Breakers are not safe for concurrent use.
type Breaker interface {
	// Game returns the game the breaker plays.
	Game() Game
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

// String formats the count: "12", "about 3.2e+09" (an estimate, or an
// exact count of 10^15 or more) or "unknown".
func (r Remaining) String() string {
	switch {
	case !r.Known():
		return "unknown"
	case r.Exact && r.N < 1e15:
		return strconv.FormatFloat(r.N, 'f', -1, 64)
	}
	return fmt.Sprintf("about %.2g", r.N)
}

// Codes says the count with its noun, as people read it: "1 code",
// "12 codes", "about 3.2e+09 codes"; "" when it is unknown.
func (r Remaining) Codes() string {
	switch {
	case !r.Known():
		return ""
	case r.Exact && r.N == 1:
		return "1 code"
	}
	return r.String() + " codes"
}
