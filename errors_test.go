package mastermind_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

func TestParseFeedback(t *testing.T) {
	classic := mastermind.Classic()
	for _, tt := range []struct {
		line        string
		strict, any bool // accepted by ParseFeedback, by ParseAnswer
		want        mastermind.Feedback
	}{
		{"1 2\n", true, true, mastermind.Feedback{Black: 1, White: 2}},
		{" 4\t0 ", true, true, mastermind.Feedback{Black: 4}},
		{"n 1 2", false, true, mastermind.Feedback{Black: 1, White: 2}},
		{"No 0 0", false, true, mastermind.Feedback{}},
		{"12", false, true, mastermind.Feedback{Black: 1, White: 2}},
		{"1", false, false, mastermind.Feedback{}},
		{"1 2 3", false, false, mastermind.Feedback{}},
		{"x 1", false, false, mastermind.Feedback{}},
		{"n", false, false, mastermind.Feedback{}},
		{"3 1", false, false, mastermind.Feedback{}},
		{"2 3", false, false, mastermind.Feedback{}},
		{"-1 1", false, false, mastermind.Feedback{}},
		{"31", false, false, mastermind.Feedback{}},
	} {
		f, err := classic.ParseFeedback(tt.line)
		if (err == nil) != tt.strict || err == nil && f != tt.want {
			t.Errorf("ParseFeedback(%q) = %v, %v; want %v, ok %v", tt.line, f, err, tt.want, tt.strict)
		}
		f, err = classic.ParseAnswer(tt.line)
		if (err == nil) != tt.any || err == nil && f != tt.want {
			t.Errorf("ParseAnswer(%q) = %v, %v; want %v, ok %v", tt.line, f, err, tt.want, tt.any)
		}
	}
	// "BW" is only for games of fewer than ten positions.
	if _, err := (mastermind.Game{Positions: 10, Colors: 10}).ParseAnswer("12"); err == nil {
		t.Errorf("ParseAnswer(\"12\") in a game of 10 positions succeeded, want an error")
	}
	// A long line is quoted short.
	long := strings.Repeat("x", 1<<20)
	if _, err := classic.ParseFeedback(long); err == nil || len(err.Error()) > 200 {
		t.Errorf("ParseFeedback(1 MiB) error has %d bytes, want a short one", len(err.Error()))
	}
}

func TestConflictError(t *testing.T) {
	h := []mastermind.Turn{{}, {}, {}}
	for _, tt := range []struct {
		err  *mastermind.ConflictError
		want string
	}{
		{mastermind.NewConflict(h, []int{0, 1, 2}), "answers 1, 2 and 3 contradict each other"},
		{mastermind.NewConflict(h, []int{0, 2}), "answers 1 and 3 contradict each other"},
		{mastermind.NewConflict(h, []int{1}), "no secret gives answer 2"},
		{&mastermind.ConflictError{Reason: "the counts do not add up"}, "the counts do not add up"},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		var wrapped error = fmt.Errorf("wrapped: %w", tt.err)
		var c *mastermind.ConflictError
		if !errors.As(wrapped, &c) {
			t.Errorf("errors.As did not find the ConflictError in %v", wrapped)
		}
	}
}
