package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

func TestParseGuess(t *testing.T) {
	classic, bulls := mastermind.Presets["classic"], mastermind.Presets["bulls"]
	tests := []struct {
		g    mastermind.Game
		line string
		ok   bool
	}{
		{classic, "0 1 2 5", true},
		{classic, "0 1 2 6", false},
		{classic, "0 1 2", false},
		{classic, "0  1 2 3", false},
		{classic, " 0 1 2 3", false},
		{classic, "0 1 2 3 ", false},
		{classic, "0 1 2 03", false},
		{classic, "0 1 2 +3", false},
		{classic, "0 1 2 -0", false},
		{classic, "0123", false},
		{bulls, "9 8 7 6", true},
		{bulls, "9 8 7 9", false},
	}
	for _, tt := range tests {
		if _, err := ParseGuess(tt.g, tt.line); (err == nil) != tt.ok {
			t.Errorf("ParseGuess(%v, %q) error = %v, want ok %v", tt.g, tt.line, err, tt.ok)
		}
	}
}

func TestParseAnswer(t *testing.T) {
	classic := mastermind.Presets["classic"]
	for _, tt := range []struct {
		line string
		ok   bool
	}{{"1 2\n", true}, {" 4\t0 ", true}, {"1", false}, {"1 2 3", false}, {"x 1", false}, {"3 1", false}, {"2 3", false}, {"-1 1", false}} {
		if _, err := ParseAnswer(classic, tt.line); (err == nil) != tt.ok {
			t.Errorf("ParseAnswer(%q) error = %v, want ok %v", tt.line, err, tt.ok)
		}
	}
}

func TestRefereeLimits(t *testing.T) {
	g := mastermind.Presets["classic"]
	secret := mastermind.Code{5, 5, 5, 5}
	feed := func(lines ...string) <-chan string {
		ch := make(chan string, len(lines))
		for _, l := range lines {
			ch <- l
		}
		close(ch)
		return ch
	}
	var out strings.Builder
	n, err := Referee(g, secret, feed("0 0 0 0", "5 5 5 5"), &out, Limits{Guesses: 10, Time: time.Second})
	if err != nil || n != 2 || out.String() != "0 0\n4 0\n" {
		t.Errorf("Referee = %d, %v, answers %q; want 2 guesses, answers \"0 0\\n4 0\\n\"", n, err, out.String())
	}
	var v *Violation
	if _, err := Referee(g, secret, feed("0 0 0 0", "1 1 1 1"), &out, Limits{Guesses: 1, Time: time.Second}); !errors.As(err, &v) || v.Guess != 2 {
		t.Errorf("Referee with a limit of 1 guess: %v, want a violation at guess 2", err)
	}
	if _, err := Referee(g, secret, feed("0 0 0 0"), &out, Limits{Guesses: 5, Time: time.Second}); !errors.As(err, &v) {
		t.Errorf("Referee on output that ends: %v, want a violation", err)
	}
	if _, err := Referee(g, secret, make(chan string), &out, Limits{Guesses: 5, Time: 10 * time.Millisecond}); !errors.As(err, &v) || !strings.Contains(err.Error(), "time limit") {
		t.Errorf("Referee on silence: %v, want a time-limit violation", err)
	}
}

// TestBreakLargeFindsConflicts answers the first guess of a game too large
// to enumerate truly, and the second with an answer that no secret gives
// together with the first: the breaker must stop with those two answers.
func TestBreakLargeFindsConflicts(t *testing.T) {
	g := mastermind.Game{Positions: 6, Colors: 100}
	var secret mastermind.Code
	guessR, guessW := io.Pipe()
	answerR, answerW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- BreakLarge(answerR, guessW, g, 1)
		guessW.Close()
	}()
	lines := bufio.NewScanner(guessR)
	var history []mastermind.Turn
	for lines.Scan() {
		guess, err := ParseGuess(g, lines.Text())
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
	var conflict *ConflictError
	if err := <-done; !errors.As(err, &conflict) || len(conflict.Turns) != 2 {
		t.Fatalf("BreakLarge = %v, want a conflict of answers 1 and 2", err)
	}
}
