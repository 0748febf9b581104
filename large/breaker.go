package large

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// exactLimit is the most positions for which the breaker checks every
// answer against the others exactly (consistent.Satisfiable, fast up to
// about a dozen positions), and counts the codes still possible.
const exactLimit = 12

// countLimit bounds the partial codes visited to count the codes still
// possible.
const countLimit = 200_000

// A breaker drives Play, which asks its guesses through a callback, as a
// mastermind.Breaker: Play runs in a goroutine of its own and hands over
// each guess and answer through channels. Answers that no code gives are
// found at once up to exactLimit positions, with the smallest set that
// conflicts; beyond, when the bounds on the colour counts do not add up
// (a proven set), or as suspects when no consistent code is found for long
// (see Play).
//
// A change of the history (Undo, Replace) or a Next whose context ends
// stops the play; the next Next starts another and replays the history to
// it, as the guesses are a function of the answers and the seed. Under the
// rule black the new play is given the history instead (see playGiven),
// as the search takes any guess's answer: any answer can be corrected
// there, and any guess recorded, at the cost of one search rather than a
// game's. A play also stops once its breaker is garbage.
type breaker struct {
	g       mastermind.Game
	o       Options
	history []mastermind.Turn

	run     *run            // the Play under way, nil before the first guess or after a stop
	pending mastermind.Code // the guess Next returned, not yet answered
}

// A run is one call of Play in its goroutine.
type run struct {
	guesses chan mastermind.Code
	answers chan mastermind.Feedback
	done    chan error // Play's result
	stop    func()     // ends the play; it may be called more than once
	told    int        // the answers of the history it has been told
	err     error      // Play's result, once done
}

// NewBreaker returns the breaker of game g (repeats allowed or not, any
// size up to mastermind.MaxPositions) that plays Play with o. Under the
// rules black-white only the breaker's own guesses can be recorded, and
// only the last answer can be replaced; under black, any. The play runs
// in a goroutine of its own, which ends when the code is found, when a
// Next's context ends, or once the breaker is garbage.
//
// Under the rule slots, and black with repeats beyond the search's
// positions (see SearchesBlack), it returns a breaker whose guesses are a
// function of the history (slotsBreaker, blackBreaker): any guess can be
// recorded and any answer corrected there too.
func NewBreaker(g mastermind.Game, o Options) mastermind.Breaker {
	if b := historyBreaker(g, o); b != nil {
		return b
	}
	return &breaker{g: g, o: o}
}

// start begins a Play, after the turns given (see playGiven).
func (b *breaker) start(given []mastermind.Turn) *run {
	quit := make(chan struct{})
	r := &run{guesses: make(chan mastermind.Code), answers: make(chan mastermind.Feedback), done: make(chan error, 1), stop: sync.OnceFunc(func() { close(quit) })}
	runtime.AddCleanup(b, func(stop func()) { stop() }, r.stop)
	g, o := b.g, b.o
	go func() {
		r.done <- playGiven(g, o, given, func(guess mastermind.Code) (mastermind.Feedback, error) {
			select {
			case r.guesses <- guess:
			case <-quit:
				return mastermind.Feedback{}, errStopped
			}
			select {
			case f := <-r.answers:
				return f, nil
			case <-quit:
				return mastermind.Feedback{}, errStopped
			}
		})
	}()
	return r
}

// errStopped ends a Play that is no longer wanted.
var errStopped = errors.New("stopped")

// Next returns Play's next guess, first replaying the history to a new
// play; ctx's error, the play stopped, if ctx ends first.
func (b *breaker) Next(ctx context.Context) (mastermind.Code, error) {
	if b.pending != nil {
		return b.pending, nil
	}
	if err := Supported(b.g, b.o); err != nil {
		return nil, err
	}
	if n := len(b.history); n > 0 && b.history[n-1].Feedback.Black < b.g.Positions && b.g.Positions <= exactLimit && b.g.Rule == mastermind.BlackWhite &&
		!consistent.Satisfiable(b.g.Positions, b.g.Colors, b.history) {
		turns, err := consistent.ConflictIn(ctx, b.g.Positions, b.g.Colors, b.history)
		if err != nil {
			return nil, err
		}
		return nil, mastermind.NewConflict(b.history, turns)
	}
	if b.run == nil && b.takesAny() {
		b.run = b.start(b.history)
		b.run.told = len(b.history)
	}
	if b.run == nil {
		b.run = b.start(nil)
	}
	for b.run.told < len(b.history) {
		t := b.history[b.run.told]
		guess, err := b.receive(ctx)
		if err != nil {
			return nil, err
		}
		if string(guess) != string(t.Guess) {
			return nil, fmt.Errorf("the replay of the game went another way at guess %d", b.run.told+1)
		}
		b.tell(t.Feedback)
	}
	guess, err := b.receive(ctx)
	if err != nil {
		return nil, err
	}
	b.pending = guess
	return guess, nil
}

// receive returns the play's next guess.
func (b *breaker) receive(ctx context.Context) (mastermind.Code, error) {
	r := b.run
	if r.err != nil {
		return nil, r.err
	}
	select {
	case guess := <-r.guesses:
		return guess, nil
	case err := <-r.done:
		r.err = b.conflict(err)
		if r.err == nil {
			r.err = fmt.Errorf("the code was found")
		}
		return nil, r.err
	case <-ctx.Done():
		b.stop()
		return nil, ctx.Err()
	}
}

// tell gives the play the answer to the guess it asked last.
func (b *breaker) tell(f mastermind.Feedback) {
	r := b.run
	select {
	case r.answers <- f:
		r.told++
	case <-r.done:
		r.err = fmt.Errorf("the search stopped")
	}
}

// stop ends the play under way, if any.
func (b *breaker) stop() {
	if b.run != nil {
		b.run.stop()
	}
	b.run, b.pending = nil, nil
}

// conflict gives Play's conflicts the breaker's history.
func (b *breaker) conflict(err error) error {
	var c *mastermind.ConflictError
	if errors.As(err, &c) {
		c.History = b.history
	}
	return err
}

// takesAny reports whether the play takes any turn given (see
// playGiven): any guess recorded, any answer corrected.
func (b *breaker) takesAny() bool { return b.g.Rule == mastermind.BlackOnly }

// Record takes the answer to the guess Next returned (under the rule
// black, to any code of the game).
func (b *breaker) Record(guess mastermind.Code, f mastermind.Feedback) error {
	own := b.pending != nil && string(guess) == string(b.pending)
	if !own && !b.takesAny() {
		return fmt.Errorf("a game this large takes answers to its own guesses only")
	}
	if err := b.g.ValidCode(guess); err != nil {
		return err
	}
	if err := b.g.ValidFeedback(f); err != nil {
		return err
	}
	b.history = append(b.history, mastermind.Turn{Guess: slices.Clone(guess), Feedback: f})
	if !own {
		b.stop() // the next Next starts a play given the history
		return nil
	}
	b.pending = nil
	b.tell(f)
	return nil
}

// History returns the turns so far.
func (b *breaker) History() []mastermind.Turn { return b.history }

// Replace corrects the last answer (under the rule black, any): the next
// Next replays the game to a new play.
func (b *breaker) Replace(i int, f mastermind.Feedback) error {
	if i < 0 || i >= len(b.history) {
		return fmt.Errorf("there is no answer %d to correct", i+1)
	}
	if i != len(b.history)-1 && !b.takesAny() {
		return fmt.Errorf("in a game this large only the last answer can be corrected: take back the later ones first")
	}
	if err := b.g.ValidFeedback(f); err != nil {
		return err
	}
	b.stop()
	b.history = slices.Clone(b.history)
	b.history[i].Feedback = f
	return nil
}

// Undo takes back the last turn: the next Next replays the others to a new
// play.
func (b *breaker) Undo() error {
	if len(b.history) == 0 {
		return fmt.Errorf("there is no answer to take back")
	}
	b.stop()
	b.history = b.history[: len(b.history)-1 : len(b.history)-1]
	return nil
}

// Remaining counts the codes still possible up to exactLimit positions;
// beyond, they are unknown once an answer is in.
func (b *breaker) Remaining() mastermind.Remaining {
	if len(b.history) == 0 {
		return mastermind.Remaining{N: b.g.Count(), Exact: b.g.Count() < 1<<53}
	}
	if b.g.Positions > exactLimit || b.g.Rule != mastermind.BlackWhite {
		return mastermind.Unknown
	}
	n, ok := consistent.Count(b.g.Positions, b.g.Colors, b.history, countLimit)
	if !ok {
		return mastermind.Unknown
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return mastermind.Remaining{N: f, Exact: n.IsInt64() && n.Int64() < 1<<53}
}

// Game returns the game.
func (b *breaker) Game() mastermind.Game { return b.g }
