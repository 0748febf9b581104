package large

import (
	"context"
	"errors"
	"fmt"
	"math/big"

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
type breaker struct {
	ctx     context.Context
	g       mastermind.Game
	seed    uint64
	history []mastermind.Turn

	run     *run            // the Play under way, nil before the first guess
	pending mastermind.Code // the guess Next returned, not yet answered
}

// A run is one call of Play in its goroutine.
type run struct {
	guesses chan mastermind.Code
	answers chan mastermind.Feedback
	done    chan error // Play's result
	quit    chan struct{}
	err     error // Play's result, once done
}

// NewBreaker returns the breaker of game g (repeats allowed or not, any
// size up to mastermind.MaxPositions) that plays Play with seed. Its goroutine ends
// when ctx does or the code is found. Only the breaker's own guesses can be
// recorded, and only the last answer can be replaced.
func NewBreaker(ctx context.Context, g mastermind.Game, seed uint64) mastermind.Breaker {
	return &breaker{ctx: ctx, g: g, seed: seed}
}

// start begins a Play.
func (b *breaker) start() *run {
	r := &run{guesses: make(chan mastermind.Code), answers: make(chan mastermind.Feedback), done: make(chan error, 1), quit: make(chan struct{})}
	go func() {
		r.done <- Play(b.g, b.seed, func(guess mastermind.Code) (mastermind.Feedback, error) {
			select {
			case r.guesses <- guess:
			case <-r.quit:
				return mastermind.Feedback{}, errStopped
			case <-b.ctx.Done():
				return mastermind.Feedback{}, b.ctx.Err()
			}
			select {
			case f := <-r.answers:
				return f, nil
			case <-r.quit:
				return mastermind.Feedback{}, errStopped
			case <-b.ctx.Done():
				return mastermind.Feedback{}, b.ctx.Err()
			}
		})
	}()
	return r
}

// errStopped ends a Play that is replaced.
var errStopped = errors.New("stopped")

// Next returns Play's next guess.
func (b *breaker) Next(ctx context.Context) (mastermind.Code, error) {
	if b.pending != nil {
		return b.pending, nil
	}
	if n := len(b.history); n > 0 && b.history[n-1].Feedback.Black < b.g.Positions && b.g.Positions <= exactLimit &&
		!consistent.Satisfiable(b.g.Positions, b.g.Colors, b.history) {
		turns, err := consistent.ConflictIn(ctx, b.g.Positions, b.g.Colors, b.history)
		if err != nil {
			return nil, err
		}
		return nil, mastermind.NewConflict(b.history, turns)
	}
	if b.run == nil {
		b.run = b.start()
	}
	if b.run.err != nil {
		return nil, b.run.err
	}
	select {
	case guess := <-b.run.guesses:
		b.pending = guess
		return guess, nil
	case err := <-b.run.done:
		b.run.err = b.conflict(err)
		if b.run.err == nil {
			b.run.err = fmt.Errorf("the code was found")
		}
		return nil, b.run.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// conflict gives Play's conflicts the breaker's history.
func (b *breaker) conflict(err error) error {
	var c *mastermind.ConflictError
	if errors.As(err, &c) {
		c.History = b.history
	}
	return err
}

// Record takes the answer to the guess Next returned.
func (b *breaker) Record(guess mastermind.Code, f mastermind.Feedback) error {
	if b.pending == nil || string(guess) != string(b.pending) {
		return fmt.Errorf("a game this large takes answers to its own guesses only")
	}
	if err := b.g.ValidFeedback(f); err != nil {
		return err
	}
	b.history = append(b.history, mastermind.Turn{Guess: guess, Feedback: f})
	b.pending = nil
	select {
	case b.run.answers <- f:
	case <-b.run.done:
		b.run.err = fmt.Errorf("the search stopped")
	}
	return nil
}

// History returns the turns so far.
func (b *breaker) History() []mastermind.Turn { return b.history }

// Replace corrects the last answer: the play starts over and replays the
// others, as its guesses are a function of the answers and the seed.
func (b *breaker) Replace(i int, f mastermind.Feedback) error {
	if i != len(b.history)-1 {
		return fmt.Errorf("in a game this large only the last answer can be corrected: take back the later ones first")
	}
	if err := b.g.ValidFeedback(f); err != nil {
		return err
	}
	last := b.history[i]
	if err := b.Undo(); err != nil {
		return err
	}
	if _, err := b.Next(b.ctx); err != nil {
		return err
	}
	return b.Record(last.Guess, f)
}

// Undo takes back the last turn: the play starts over and replays the
// others.
func (b *breaker) Undo() error {
	if len(b.history) == 0 {
		return fmt.Errorf("there is no answer to take back")
	}
	old := b.history[:len(b.history)-1]
	if b.run != nil {
		close(b.run.quit)
	}
	b.run, b.pending, b.history = nil, nil, nil
	for _, t := range old {
		guess, err := b.Next(b.ctx)
		if err != nil {
			return err
		}
		if string(guess) != string(t.Guess) {
			return fmt.Errorf("the replay of the game went another way at guess %d", len(b.history)+1)
		}
		if err := b.Record(guess, t.Feedback); err != nil {
			return err
		}
	}
	return nil
}

// Remaining counts the codes still possible up to exactLimit positions;
// beyond, they are unknown once an answer is in.
func (b *breaker) Remaining() mastermind.Remaining {
	if len(b.history) == 0 {
		return mastermind.Remaining{N: b.g.Count(), Exact: b.g.Count() < 1<<53}
	}
	if b.g.Positions > exactLimit {
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
