package batch

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// An answer that cannot be read is told as what it is, not as input that
// ended: a word too long to be a number is bad input (status 2), a failed
// read an error of its own (status 1).
func TestProtocolUnreadable(t *testing.T) {
	var input *mastermind.InputError
	err := Protocol(strings.NewReader(strings.Repeat("1", 70000)+"\n"), io.Discard)
	if !errors.As(err, &input) || !strings.Contains(err.Error(), "answer to test 1: a word of 65536 bytes or more") {
		t.Errorf("Protocol on a word of 70000 digits: %v, want an input error naming a word of 65536 bytes or more", err)
	}
	readErr := errors.New("read /dev/stdin: is a directory")
	err = Protocol(io.MultiReader(strings.NewReader("1 0 "), failingReader{readErr}), io.Discard)
	if !errors.Is(err, readErr) || errors.As(err, &input) || !strings.Contains(err.Error(), "answer to test 1") {
		t.Errorf("Protocol on a failing read: %v, want the read error at test 1, not an input error", err)
	}
}

// failingReader fails every read with err.
type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }
