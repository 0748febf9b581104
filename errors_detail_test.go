package mastermind_test

import (
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestConflictDetail checks the lines of a conflict's answers, and that
// an answer the history lacks is passed over, not a panic.
func TestConflictDetail(t *testing.T) {
	h := []mastermind.Turn{
		{Guess: mastermind.Code{0, 0, 1, 1}, Feedback: mastermind.Feedback{Black: 4}},
		{Guess: mastermind.Code{0, 0, 1, 1}, Feedback: mastermind.Feedback{Black: 0}},
	}
	e := &mastermind.ConflictError{History: h, Answers: []int{1, 2, 7}}
	want := "answers 1, 2 and 7 contradict each other\n    guess 1: 0 0 1 1, answer 4 0\n    guess 2: 0 0 1 1, answer 0 0"
	if got := e.Detail(); got != want {
		t.Errorf("Detail() = %q, want %q", got, want)
	}
}
