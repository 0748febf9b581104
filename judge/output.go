package judge

import (
	"bytes"
	"io"
	"strings"
	"sync"

	"github.com/mastermind-go/mastermind/protocol"
)

// An unterminated reads a program's output and keeps the start of what
// follows its last end of line, a guess written without one (a common
// mistake, which otherwise looks like a program that writes nothing), for
// its verdict. At the end of the output that text is a line like any
// other, and is forgotten; so is a line too long for the protocol, which
// has a verdict of its own.
type unterminated struct {
	r    io.Reader
	mu   sync.Mutex
	tail []byte // at most unterminatedKeep bytes
	n    int    // the bytes after the last end of line
}

// unterminatedKeep is how much of an unterminated line is kept.
const unterminatedKeep = 100

func (u *unterminated) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	u.mu.Lock()
	defer u.mu.Unlock()
	b := p[:n]
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		u.tail, u.n, b = u.tail[:0], 0, b[i+1:]
	}
	u.tail = append(u.tail, b[:min(len(b), unterminatedKeep-len(u.tail))]...)
	u.n += len(b)
	if err != nil {
		u.tail, u.n = u.tail[:0], 0
	}
	return n, err
}

// String returns the text after the last end of line, "" if none or if it
// is longer than a line may be.
func (u *unterminated) String() string {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.n >= protocol.MaxGuessLine {
		return ""
	}
	return string(u.tail)
}

// stderrTail is how much of the end of a program's standard error is kept
// for its verdict.
const stderrTail = 4 << 10

// A tailWriter keeps the last stderrTail bytes written to it.
type tailWriter struct {
	mu  sync.Mutex
	buf []byte
	cut bool // bytes before buf were dropped
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(p) >= stderrTail {
		t.buf = append(t.buf[:0], p[len(p)-stderrTail:]...)
		t.cut = true
		return len(p), nil
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*stderrTail {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-stderrTail:]...)
		t.cut = true
	}
	return len(p), nil
}

// String returns the tail kept, from a line's start when bytes were
// dropped ("..." first).
func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	if len(b) > stderrTail {
		b, t.cut = b[len(b)-stderrTail:], true
	}
	s := strings.TrimRight(string(b), "\n")
	if t.cut {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i+1:]
		}
		s = "...\n" + s
	}
	return s
}

// indent puts prefix before every line of s.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
