package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/explain"
	"github.com/mastermind-go/mastermind/internal/words"
)

// A Role says who guesses.
type Role int

const (
	// Computer guesses the person's code.
	Computer Role = iota
	// You guess the computer's code.
	You
)

// A Daily is the daily code being played: its local date and number.
type Daily struct {
	Date   string // "YYYY-MM-DD"
	Number int
}

// DailyGuesses is the number of guesses a daily allows, as on the page
// (web/static/daily.js): a daily not found in 10 guesses is lost.
const DailyGuesses = 10

// listed is the most codes still possible that a State lists
// (State.Candidates).
const listed = 12

// A Session is one game with a person, in either role: its turns, the
// answers and guesses taken, corrected and taken back, the answers that
// contradict each other, and the end. The line dialogue and the board
// draw it and read the person's keys; the rules are here. Its methods
// may be called from any goroutine: each holds the session while it runs
// the engine, and returns the State to draw.
type Session struct {
	mu       sync.Mutex
	g        mastermind.Game
	b        mastermind.Breaker
	role     Role
	secret   mastermind.Code // You: the code to find
	daily    *Daily          // You: the daily being played, or nil
	turns    []mastermind.Turn
	followed bool // You: the breaker has every guess of turns, for hints and counts

	guess    mastermind.Code           // Computer: the guess being answered; nil when no code fits
	conflict *mastermind.ConflictError // Computer: the answers no code gives together
	noGuess  error                     // Computer: why there is no guess, when not a conflict
	wrong    *Contradiction            // Computer: a code said found that does not fit the answers

	over, won bool
	found     int // the guesses it took, when won
}

// A Contradiction is a code said to be the person's that would have
// answered some turns otherwise than the person did.
type Contradiction struct {
	Code  mastermind.Code
	Turns []int                 // the turns it contradicts, 0-based, ascending
	Would []mastermind.Feedback // what it would have answered each
}

// State is what a session shows at one moment: a copy, the caller's to
// keep while the session goes on.
type State struct {
	Game   mastermind.Game
	Role   Role
	Daily  *Daily
	Turns  []mastermind.Turn // the rows: the person's guesses (You) or the computer's (Computer), with their answers
	Secret mastermind.Code   // You: the code to find; shown once the game is over
	// Guess is the computer's guess being answered (Computer); nil when
	// no code fits the answers: then Conflict names the smallest set of
	// answers no code gives together, or NoGuess says why there is none.
	Guess    mastermind.Code
	Conflict *mastermind.ConflictError
	NoGuess  error
	// Wrong is a code said to be the person's that does not fit the
	// answers, and the turns it contradicts; nil when none.
	Wrong *Contradiction
	// Remaining is how many codes are still possible; Unknown when the
	// engine does not follow the person's guesses (Followed false: a game
	// of package large).
	Remaining  mastermind.Remaining
	Followed   bool
	Candidates []mastermind.Code // the codes still possible when Computer guesses and they are few (at most 12)
	Over, Won  bool
	Found      int // the guesses it took to find the code, when Won
}

// NewSession starts a game with breaker b: role Computer (the computer
// guesses; secret and daily nil), or You, finding secret, the daily's
// code when daily is not nil. It returns the session and its first
// state: the computer's first guess.
func NewSession(b mastermind.Breaker, role Role, secret mastermind.Code, daily *Daily) (*Session, State) {
	s := &Session{g: b.Game(), b: b, role: role, secret: secret, daily: daily, followed: true}
	if role == Computer {
		s.next()
	}
	return s, s.state()
}

// State returns the session's state.
func (s *Session) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state()
}

func (s *Session) state() State {
	st := State{Game: s.g, Role: s.role, Daily: s.daily, Turns: slices.Clone(s.turns), Secret: s.secret,
		Guess: s.guess, Conflict: s.conflict, NoGuess: s.noGuess, Wrong: s.wrong, Remaining: mastermind.Unknown,
		Followed: s.followed, Over: s.over, Won: s.won, Found: s.found}
	if s.followed {
		st.Remaining = s.b.Remaining()
	}
	if r := st.Remaining; s.role == Computer && !s.over && r.Exact && r.N > 1 && r.N <= listed {
		st.Candidates = s.candidates()
	}
	return st
}

// candidates lists the codes still possible, when the game is enumerated.
func (s *Session) candidates() []mastermind.Code {
	space, err := choose.Space(s.g)
	if err != nil {
		return nil
	}
	var list []mastermind.Code
	for _, c := range consistent.Candidates(space, s.turns) {
		list = append(list, space.Code(int(c)))
	}
	return list
}

// An Event is what a step of a session did, for a front end to say.
type Event int

const (
	// Taken: the answer (Computer) or guess (You) is taken, the game goes
	// on; or it is over (State.Over: found, or a daily's guesses used up).
	Taken Event = iota
	// Fixed: the answer to turn Step.N is corrected; the game may be over
	// (State.Won: that turn's guess is the code).
	Fixed
	// TakenBack: the last answer, Step.N, is taken back.
	TakenBack
	// Contradicted: the code said found does not fit the answers
	// (State.Wrong).
	Contradicted
	// NoGuess: an answer, and no guess to answer (no code fits).
	NoGuess
	// NoSuchTurn: a correction of answer Step.N, not given yet.
	NoSuchTurn
	// NothingToTakeBack: no answer yet.
	NothingToTakeBack
	// Invalid: the answer or code is none of the game, Step.Err says
	// why; nothing changed.
	Invalid
	// Refused: the engine refuses the step, Step.Err says why; nothing
	// changed.
	Refused
)

// A Step is what a session did with the person's move, and its state after.
type Step struct {
	Event Event
	N     int   // the turn concerned, from 1
	Err   error // with Refused
	State State
}

func (s *Session) step(e Event, n int, err error) Step {
	return Step{Event: e, N: n, Err: err, State: s.state()}
}

// Answer takes the person's answer f to the computer's guess (Computer):
// the code found when f wins and the guess fits every answer, a
// contradiction when it wins and does not.
func (s *Session) Answer(f mastermind.Feedback) Step {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.answer(f)
}

// Found says that the computer's guess is the person's code (Computer),
// whatever the rule of answers: the answer a code gives itself. A guess
// that does not fit the answers is a contradiction, as with Answer.
func (s *Session) Found() Step {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.guess == nil {
		return s.answer(mastermind.Feedback{}) // no guess to answer
	}
	return s.answer(s.g.Winning())
}

// FoundAt says that the guess of turn n (from 1) was the person's code
// (Computer): its answer corrected to the one a code gives itself, as Fix.
func (s *Session) FoundAt(n int) Step {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n < 1 || n > len(s.turns) {
		return s.fix(n, mastermind.Feedback{})
	}
	return s.fix(n, s.g.Winning())
}

func (s *Session) answer(f mastermind.Feedback) Step {
	switch {
	case s.over:
		return s.step(Refused, 0, errors.New("the game is over"))
	case s.g.ValidFeedback(f) != nil:
		return s.step(Invalid, 0, s.g.ValidFeedback(f))
	case s.guess == nil:
		return s.step(NoGuess, 0, nil)
	case s.g.Wins(f):
		if s.contradicted(s.guess) {
			return s.step(Contradicted, len(s.turns)+1, nil)
		}
		s.win(len(s.turns) + 1)
		return s.step(Taken, len(s.turns)+1, nil)
	}
	if err := s.b.Record(s.guess, f); err != nil {
		return s.step(Refused, 0, err)
	}
	s.turns = slices.Clone(s.b.History())
	s.next()
	return s.step(Taken, len(s.turns), nil)
}

// Fix corrects the answer to turn n (from 1) to f (Computer): the game is
// won when f wins and that turn's guess fits every answer.
func (s *Session) Fix(n int, f mastermind.Feedback) Step {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fix(n, f)
}

func (s *Session) fix(n int, f mastermind.Feedback) Step {
	switch {
	case s.over:
		return s.step(Refused, 0, errors.New("the game is over"))
	case n < 1 || n > len(s.turns):
		return s.step(NoSuchTurn, n, nil)
	case s.g.ValidFeedback(f) != nil:
		return s.step(Invalid, n, s.g.ValidFeedback(f))
	}
	if err := s.b.Replace(n-1, f); err != nil {
		return s.step(Refused, n, err)
	}
	s.turns = slices.Clone(s.b.History())
	if code := s.turns[n-1].Guess; s.g.Wins(f) && s.g.Consistent(code, s.turns) {
		s.guess, s.conflict, s.noGuess, s.wrong = code, nil, nil, nil
		s.win(n)
		return s.step(Fixed, n, nil)
	}
	s.next()
	return s.step(Fixed, n, nil)
}

// Undo takes back the last answer (Computer).
func (s *Session) Undo() Step {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.over:
		return s.step(Refused, 0, errors.New("the game is over"))
	case len(s.turns) == 0:
		return s.step(NothingToTakeBack, 0, nil)
	}
	if err := s.b.Undo(); err != nil {
		return s.step(Refused, 0, err)
	}
	s.turns = slices.Clone(s.b.History())
	s.next()
	return s.step(TakenBack, len(s.turns)+1, nil)
}

// next asks the computer's next guess, or finds which answers no code
// gives together (the engine's conflict finding), and clears the marks
// of a contradiction: the answers have changed.
func (s *Session) next() {
	s.wrong, s.noGuess = nil, nil
	guess, err := s.b.Next(context.Background())
	var conflict *mastermind.ConflictError
	switch {
	case err == nil:
		s.guess, s.conflict = guess, nil
	case errors.As(err, &conflict):
		s.guess, s.conflict = nil, conflict
	default:
		s.guess, s.conflict, s.noGuess = nil, nil, err
	}
}

// contradicted reports whether code, said to be the person's, would have
// answered some turn otherwise than the person did (a guess need not fit
// every answer: minimax, say, or package large's windows), and if so
// keeps which.
func (s *Session) contradicted(code mastermind.Code) bool {
	if s.g.Consistent(code, s.turns) {
		return false
	}
	w := &Contradiction{Code: code}
	for i, t := range s.turns {
		if f := s.g.Answer(code, t.Guess); f != t.Feedback {
			w.Turns = append(w.Turns, i)
			w.Would = append(w.Would, f)
		}
	}
	s.wrong = w
	return true
}

func (s *Session) win(n int) {
	s.over, s.won, s.found = true, true, n
}

// Guess takes the person's guess (You): the code found, or its answer;
// a daily ends, lost, at its last guess.
func (s *Session) Guess(guess mastermind.Code) Step {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.over {
		return s.step(Refused, 0, errors.New("the game is over"))
	}
	if err := s.g.ValidCode(guess); err != nil {
		return s.step(Invalid, 0, err)
	}
	s.take(guess)
	return s.step(Taken, len(s.turns), nil)
}

// take scores guess and takes it.
func (s *Session) take(guess mastermind.Code) {
	guess = slices.Clone(guess)
	fb := s.g.Answer(s.secret, guess)
	s.turns = append(s.turns, mastermind.Turn{Guess: guess, Feedback: fb})
	switch {
	case s.g.Wins(fb):
		s.win(len(s.turns))
		return
	case s.followed && s.b.Record(guess, fb) != nil:
		s.followed = false // a game too large follows only its own guesses (package large)
	}
	if s.daily != nil && len(s.turns) >= DailyGuesses {
		s.over = true
	}
}

// Again starts a new game in the same role with the same breaker, every
// answer it has taken back: secret is the code to find (You), and the
// game is no daily. A breaker that cannot take its answers back is an
// error, and the game stays as it is.
func (s *Session) Again(secret mastermind.Code) (State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.b.History()) > 0 {
		if err := s.b.Undo(); err != nil {
			return s.state(), err
		}
	}
	s.secret, s.daily, s.turns, s.followed = secret, nil, nil, true
	s.guess, s.conflict, s.noGuess, s.wrong = nil, nil, nil, nil
	s.over, s.won, s.found = false, false, 0
	if s.role == Computer {
		s.next()
	}
	return s.state(), nil
}

// GiveUp ends a game of You guess, lost.
func (s *Session) GiveUp() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.over = true
	return s.state()
}

// Hint returns the computer's next guess in the person's place (You).
func (s *Session) Hint() (mastermind.Code, State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	next, err := s.b.Next(context.Background())
	return next, s.state(), err
}

// Why explains a guess (the engine's Why?): how it splits the codes still
// possible, beside the engine's own pick. You: the code entered when it
// is whole, else the engine's pick; Computer: the guess of turn row
// (0-based) against the answers before it, or the guess being answered
// (row past the turns). Its error says, after "Why? ", why there is
// nothing to explain. It stops when ctx ends.
func (s *Session) Why(ctx context.Context, entry mastermind.Code, row int) (*explain.Explanation, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	space, err := choose.Space(s.g)
	if err != nil {
		return nil, fmt.Errorf("counts the codes still possible one by one, and this game has %.2g codes: too many", s.g.Count())
	}
	var e *explain.Explanation
	switch {
	case s.role == You && !s.followed:
		return nil, errors.New("follows only the engine's own guesses in a game this large")
	case s.role == You:
		// The breaker has the person's guesses: its next guess is the
		// engine's pick after them.
		pick := func(ctx context.Context, _ []mastermind.Turn) (mastermind.Code, error) { return s.b.Next(ctx) }
		var guess mastermind.Code
		if len(entry) == s.g.Positions {
			guess = entry
		}
		e, err = explain.Guess(ctx, space, s.turns, guess, pick)
	case row < len(s.turns):
		e, err = explain.Guess(ctx, space, s.turns[:row], s.turns[row].Guess, nil)
	case s.guess == nil:
		return nil, errors.New("no code fits the answers: there is no guess to explain")
	default:
		e, err = explain.Guess(ctx, space, s.turns, s.guess, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("has nothing to say: %v", err)
	}
	return e, nil
}

// Possible says how many codes are still possible: "12 codes still
// possible"; "" when that is unknown.
func Possible(r mastermind.Remaining) string {
	if !r.Known() {
		return ""
	}
	return r.Codes() + " still possible"
}

// Outcome says how a game of You guess ended: "found in 3 guesses" or
// "not found".
func (st State) Outcome() string {
	if st.Won {
		return "found in " + words.Count(st.Found, "guess")
	}
	return "not found"
}

// Share is the page's share text of a daily over (web/static/daily.js,
// shareText): "Mastermind classic #3 5/10" (X/10 when not found), then a
// row of marks per guess; nil for another game.
func (st State) Share() []string {
	if st.Daily == nil || !st.Over {
		return nil
	}
	got := "X"
	if st.Won {
		got = strconv.Itoa(st.Found)
	}
	lines := []string{fmt.Sprintf("Mastermind %s #%d %s/%d", st.Game.Name(), st.Daily.Number, got, DailyGuesses)}
	for _, t := range st.Turns {
		lines = append(lines, Marks(st.Game.Positions, t.Feedback))
	}
	return lines
}

// Marks is a row of a share text: a black mark per black, a white mark
// per white, a dot for each other position ("●●○·").
func Marks(positions int, f mastermind.Feedback) string {
	return strings.Repeat("●", f.Black) + strings.Repeat("○", f.White) + strings.Repeat("·", positions-f.Black-f.White)
}
