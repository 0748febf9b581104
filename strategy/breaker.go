package strategy

import (
	"context"
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// A breaker plays a strategy on an enumerated space: the mastermind.Breaker
// of every game small enough to list its codes.
type breaker struct {
	space *mastermind.Space
	strat mastermind.Strategy
	h     *consistent.History
	next  mastermind.Code // the guess Next returned, until the history changes
}

// NewBreaker returns a breaker that plays strat on the codes of s, keeping
// the codes still possible exactly.
func NewBreaker(s *mastermind.Space, strat mastermind.Strategy) mastermind.Breaker {
	return &breaker{space: s, strat: strat, h: consistent.NewHistory(s)}
}

// Next returns strat's guess, or a *mastermind.ConflictError when no code
// fits the answers, or ctx's error when ctx is done before the guess is
// chosen.
func (b *breaker) Next(ctx context.Context) (mastermind.Code, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(b.h.Candidates()) == 0 {
		turns, err := b.h.Conflict(ctx)
		if err != nil {
			return nil, err
		}
		return nil, b.space.Game().Conflict(b.h.Turns(), turns)
	}
	if b.next == nil {
		// A heuristic stops when ctx is done (a server's deadline, Ctrl-C),
		// its guess then unwanted and not kept.
		st := &mastermind.State{Space: b.space, History: b.h.Turns(), Candidates: b.h.Candidates(), Done: ctx.Done()}
		guess := b.strat.Next(st)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		b.next = b.space.Code(guess)
	}
	return b.next, nil
}

// Record takes the answer to any code of the game.
func (b *breaker) Record(guess mastermind.Code, f mastermind.Feedback) error {
	g := b.space.Game()
	if err := g.ValidCode(guess); err != nil {
		return err
	}
	if err := g.ValidFeedback(f); err != nil {
		return err
	}
	b.h.Add(mastermind.Turn{Guess: guess, Feedback: f})
	b.next = nil
	return nil
}

// History returns the turns so far.
func (b *breaker) History() []mastermind.Turn { return b.h.Turns() }

// Replace corrects the answer to turn i.
func (b *breaker) Replace(i int, f mastermind.Feedback) error {
	if i < 0 || i >= len(b.h.Turns()) {
		return fmt.Errorf("there is no answer %d: there are %d", i+1, len(b.h.Turns()))
	}
	if err := b.space.Game().ValidFeedback(f); err != nil {
		return err
	}
	b.h.Fix(i, f)
	b.next = nil
	return nil
}

// Undo takes back the last turn.
func (b *breaker) Undo() error {
	if len(b.h.Turns()) == 0 {
		return fmt.Errorf("there is no answer to take back")
	}
	b.h.Undo()
	b.next = nil
	return nil
}

// Remaining returns the exact number of codes still possible.
func (b *breaker) Remaining() mastermind.Remaining {
	return mastermind.Remaining{N: float64(len(b.h.Candidates())), Exact: true}
}

// Game returns the space's game.
func (b *breaker) Game() mastermind.Game { return b.space.Game() }
