// Package protocol implements the machine interfaces of the command-line
// contract: both sides of the break protocol (the code-breaker, and the
// referee that judges a breaker program) and the input format of solve.
package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/large"
	"github.com/mastermind-go/mastermind/strategy"
)

// An InputError reports a malformed or impossible answer, or input that ended
// before the code was found.
type InputError struct {
	Guess int // the guess (1-based) whose answer is wrong or missing
	Err   error
	Test  bool // the guess is a batch test
}

func (e *InputError) Error() string {
	what := "guess"
	if e.Test {
		what = "test"
	}
	return fmt.Sprintf("answer to %s %d: %v", what, e.Guess, e.Err)
}

func (e *InputError) Unwrap() error { return e.Err }

// A ConflictError reports answers that no secret satisfies together.
type ConflictError struct {
	History []mastermind.Turn
	Turns   []int // the conflicting turns, 0-based, a smallest set found
	Err     error // without Turns, what is known
}

func (e *ConflictError) Error() string {
	if len(e.Turns) == 0 {
		if e.Err != nil {
			return e.Err.Error()
		}
		return "no secret gives these answers"
	}
	var b strings.Builder
	if len(e.Turns) == 1 {
		fmt.Fprintf(&b, "no secret gives answer %d", e.Turns[0]+1)
	} else {
		fmt.Fprintf(&b, "answers %s contradict each other", consistent.Numbers(e.Turns))
	}
	for _, t := range e.Turns {
		fmt.Fprintf(&b, "\n    guess %d: %v, answer %v", t+1, e.History[t].Guess, e.History[t].Feedback)
	}
	return b.String()
}

// Break plays the code-breaker side of the break protocol: it writes each
// guess of strat as a line of colour numbers and reads the answer "B W",
// until an answer says the code is found. It returns an *InputError for a
// malformed, impossible or missing answer and a *ConflictError for answers
// no secret satisfies.
func Break(in io.Reader, out io.Writer, s *mastermind.Space, strat strategy.Strategy) error {
	h := consistent.NewHistory(s)
	return play(in, out, s.Game(), func() (mastermind.Code, []int) {
		if len(h.Candidates()) == 0 {
			return nil, h.Conflict()
		}
		return s.Code(strat.Next(&strategy.State{Space: s, History: h.Turns(), Candidates: h.Candidates()})), nil
	}, h.Add)
}

// exactLimit is the most positions for which BreakLarge checks every answer
// against the others exactly (consistent.Satisfiable, fast up to about a
// dozen positions).
const exactLimit = 12

// BreakLarge is Break for games too large to enumerate (repeats allowed, up
// to 100 positions): it plays large.Play with the given seed. Answers that
// contradict each other are found at once up to a dozen positions, with the
// smallest set that conflicts; beyond, when the colour counts do not add up,
// or when no consistent code is found in large.MaxGuesses guesses.
func BreakLarge(in io.Reader, out io.Writer, g mastermind.Game, seed uint64) error {
	x := newExchange(in, out, g)
	var history []mastermind.Turn
	err := large.Play(g, seed, func(guess mastermind.Code) (mastermind.Feedback, error) {
		f, err := x.ask(guess, len(history)+1)
		if err != nil {
			return f, err
		}
		history = append(history, mastermind.Turn{Guess: guess, Feedback: f})
		if f.Black < g.Positions && g.Positions <= exactLimit && !consistent.Satisfiable(g.Positions, g.Colors, history) {
			return f, &ConflictError{History: history, Turns: consistent.ConflictIn(g.Positions, g.Colors, history)}
		}
		return f, nil
	})
	var c *large.Conflict
	switch {
	case errors.As(err, &c):
		return &ConflictError{History: history, Turns: c.Turns}
	case err == large.ErrInconsistent || err == large.ErrGaveUp:
		return &ConflictError{History: history, Err: err}
	}
	return err
}

// play runs the break protocol: next returns the next guess, or the
// conflicting turns when no code satisfies the answers; record takes each
// answer.
func play(in io.Reader, out io.Writer, g mastermind.Game, next func() (mastermind.Code, []int), record func(mastermind.Turn)) error {
	x := newExchange(in, out, g)
	var history []mastermind.Turn
	for {
		guess, conflict := next()
		if guess == nil {
			return &ConflictError{History: history, Turns: conflict}
		}
		f, err := x.ask(guess, len(history)+1)
		if err != nil {
			return err
		}
		if f.Black == g.Positions {
			return nil
		}
		t := mastermind.Turn{Guess: guess, Feedback: f}
		history = append(history, t)
		record(t)
	}
}

// An exchange writes guesses and reads their answers.
type exchange struct {
	g     mastermind.Game
	lines *bufio.Reader
	w     *bufio.Writer
}

func newExchange(in io.Reader, out io.Writer, g mastermind.Game) *exchange {
	return &exchange{g: g, lines: bufio.NewReader(in), w: bufio.NewWriter(out)}
}

// ask writes guess n (1-based) as a line and reads its answer; an
// *InputError for a malformed, impossible or missing answer.
func (x *exchange) ask(guess mastermind.Code, n int) (mastermind.Feedback, error) {
	fmt.Fprintln(x.w, guess)
	if err := x.w.Flush(); err != nil {
		return mastermind.Feedback{}, err
	}
	line, err := x.lines.ReadString('\n')
	if line == "" && err != nil {
		if err == io.EOF {
			return mastermind.Feedback{}, &InputError{Guess: n, Err: fmt.Errorf("input ended before the code was found")}
		}
		return mastermind.Feedback{}, err
	}
	f, err := ParseAnswer(x.g, line)
	if err != nil {
		return f, &InputError{Guess: n, Err: err}
	}
	return f, nil
}

// ParseAnswer reads an answer line "B W" and checks that the game allows it.
func ParseAnswer(g mastermind.Game, line string) (mastermind.Feedback, error) {
	fields := strings.Fields(line)
	bad := fmt.Errorf("want two integers \"B W\", got %q", strings.TrimRight(line, "\r\n"))
	if len(fields) != 2 {
		return mastermind.Feedback{}, bad
	}
	var nums [2]int
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return mastermind.Feedback{}, bad
		}
		nums[i] = n
	}
	f := mastermind.Feedback{Black: nums[0], White: nums[1]}
	return f, g.ValidFeedback(f)
}
