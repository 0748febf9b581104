package large_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/large"
	"github.com/mastermind-go/mastermind/protocol"
)

// TestBreakerFindsConflicts answers the first guess of a game too large
// to enumerate truly, and the second with an answer that no secret gives
// together with the first: the breaker must stop with those two answers.
func TestBreakerFindsConflicts(t *testing.T) {
	g := mastermind.Game{Positions: 6, Colors: 100}
	var secret mastermind.Code
	guessR, guessW := io.Pipe()
	answerR, answerW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- protocol.Break(context.Background(), answerR, guessW, large.NewBreaker(context.Background(), g, 1))
		guessW.Close()
	}()
	lines := bufio.NewScanner(guessR)
	var history []mastermind.Turn
	for lines.Scan() {
		guess, err := protocol.ParseGuess(g, lines.Text())
		if err != nil {
			t.Fatal(err)
		}
		if secret == nil {
			// Half the first guess, so that its answer says much.
			secret = append(mastermind.Code(nil), guess...)
			for p := 3; p < 6; p++ {
				secret[p] = (guess[p] + 50) % 100
			}
		}
		f := mastermind.Score(secret, guess)
		if len(history) == 1 {
			// An answer that conflicts with the first.
			found := false
			for b := 0; b <= g.Positions && !found; b++ {
				for w := 0; b+w <= g.Positions && !found; w++ {
					f = mastermind.Feedback{Black: b, White: w}
					found = g.ValidFeedback(f) == nil && !consistent.Satisfiable(g.Positions, g.Colors, append(history, mastermind.Turn{Guess: guess, Feedback: f}))
				}
			}
			if !found {
				t.Fatalf("no answer to %v conflicts with %v", guess, history)
			}
		}
		history = append(history, mastermind.Turn{Guess: guess, Feedback: f})
		fmt.Fprintf(answerW, "%d %d\n", f.Black, f.White)
	}
	answerW.Close()
	var conflict *mastermind.ConflictError
	if err := <-done; !errors.As(err, &conflict) || fmt.Sprint(conflict.Answers) != "[1 2]" {
		t.Fatalf("Break = %v, want a conflict of answers 1 and 2", err)
	}
}
