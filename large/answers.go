package large

import (
	"fmt"
	"slices"

	"github.com/mastermind-go/mastermind"
)

// answers are the turns of a game played by a breaker that keeps no
// state beyond them (blackBreaker, slotsBreaker): any code may be
// recorded, any answer replaced, the last taken back.
type answers struct {
	g       mastermind.Game
	history []mastermind.Turn
}

// Game returns the game.
func (b *answers) Game() mastermind.Game { return b.g }

// History returns the turns so far.
func (b *answers) History() []mastermind.Turn { return b.history }

// Record takes the answer to a guess, any code of the game.
func (b *answers) Record(guess mastermind.Code, f mastermind.Feedback) error {
	if err := b.g.ValidCode(guess); err != nil {
		return err
	}
	if err := b.g.ValidFeedback(f); err != nil {
		return err
	}
	b.history = append(b.history, mastermind.Turn{Guess: slices.Clone(guess), Feedback: f})
	return nil
}

// Replace corrects the answer to turn i.
func (b *answers) Replace(i int, f mastermind.Feedback) error {
	if i < 0 || i >= len(b.history) {
		return fmt.Errorf("there is no answer %d to correct", i+1)
	}
	if err := b.g.ValidFeedback(f); err != nil {
		return err
	}
	b.history = slices.Clone(b.history)
	b.history[i].Feedback = f
	return nil
}

// Undo takes back the last turn.
func (b *answers) Undo() error {
	if len(b.history) == 0 {
		return fmt.Errorf("there is no answer to take back")
	}
	b.history = b.history[: len(b.history)-1 : len(b.history)-1]
	return nil
}
