package protocol

import (
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

func TestParseGuess(t *testing.T) {
	classic, bulls := mastermind.Classic(), mastermind.Bulls()
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

// feed returns the lines a breaker wrote, then the end of its output.
func feed(lines ...string) <-chan Line {
	ch := make(chan Line, len(lines))
	for _, l := range lines {
		ch <- Line{Text: l}
	}
	close(ch)
	return ch
}

func TestRefereeLimits(t *testing.T) {
	g := mastermind.Classic()
	secret := mastermind.Code{5, 5, 5, 5}
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
	if _, err := Referee(g, secret, make(chan Line), &out, Limits{Guesses: 5, Time: 10 * time.Millisecond}); !errors.As(err, &v) || !strings.Contains(err.Error(), "time limit") {
		t.Errorf("Referee on silence: %v, want a time-limit violation", err)
	}
}

// failingWriter fails every write, as the pipe to a breaker that has exited.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("write |1: broken pipe") }

// A breaker that exits on writing a guess, without reading its answer, is
// judged alike whether or not the answer reached its pipe before it exited:
// found when the guess is the secret, stopped early when it is not.
func TestRefereeClosedInput(t *testing.T) {
	g := mastermind.Classic()
	lim := Limits{Guesses: 10, Time: time.Second}
	if n, err := Referee(g, mastermind.Code{0, 0, 0, 0}, feed("0 0 0 0"), failingWriter{}, lim); n != 1 || err != nil {
		t.Errorf("Referee, the secret guessed and the answer not sent: %d, %v; want 1 guess, found", n, err)
	}
	const want = "output ended after 1 guess, before the code was found"
	if _, err := Referee(g, mastermind.Code{5, 5, 5, 5}, feed("0 0 0 0"), failingWriter{}, lim); err == nil || err.Error() != want {
		t.Errorf("Referee, a wrong guess and the answer not sent: %v; want %q", err, want)
	}
}

// A breaker that closes its input but goes on writing guesses is told so
// in the project's words, not Go's ("write |1: broken pipe").
func TestRefereeBrokenPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	lines := make(chan Line, 2)
	lines <- Line{Text: "0 0 0 0"}
	lines <- Line{Text: "1 1 1 1"}
	_, err = Referee(mastermind.Classic(), mastermind.Code{5, 5, 5, 5}, lines, w, Limits{Guesses: 10, Time: time.Minute})
	const want = "guess 1: cannot send the answer: the program closed its input (broken pipe)"
	if err == nil || err.Error() != want {
		t.Errorf("Referee writing to a closed pipe: %v; want %q", err, want)
	}
}

// Output that ends early is told in words that fit the count of guesses.
func TestRefereeEnded(t *testing.T) {
	g := mastermind.Classic()
	lim := Limits{Guesses: 10, Time: time.Second}
	for guesses, want := range []string{
		"output ended before the first guess",
		"output ended after 1 guess, before the code was found",
		"output ended after 2 guesses, before the code was found",
	} {
		lines := make([]string, guesses)
		for i := range lines {
			lines[i] = "0 0 0 0"
		}
		var answers strings.Builder
		n, err := Referee(g, mastermind.Code{5, 5, 5, 5}, feed(lines...), &answers, lim)
		if n != guesses || err == nil || err.Error() != want {
			t.Errorf("Referee on %d guesses then the end: %d, %v; want %d, %q", guesses, n, err, guesses, want)
		}
	}
}

// A breaker over its CPU time limit gets a verdict naming the limit and the
// guess: at the guess it writes once over, and while it thinks.
func TestRefereeCPULimit(t *testing.T) {
	g := mastermind.Classic()
	secret := mastermind.Code{5, 5, 5, 5}
	// The breaker's CPU time, as its system would tell it: a second per
	// guess, so n seconds once guess n is written (n-1 answers read).
	var answers strings.Builder
	perGuess := func() (time.Duration, bool) {
		return time.Duration(strings.Count(answers.String(), "\n")+1) * time.Second, true
	}
	lim := Limits{Guesses: 10, Time: time.Minute, CPU: 2500 * time.Millisecond, CPUUsed: perGuess}
	n, err := Referee(g, secret, feed("0 0 0 0", "1 1 1 1", "2 2 2 2", "5 5 5 5"), &answers, lim)
	const want = `guess 3: "2 2 2 2": beyond the CPU time limit of 2.5s: 3.000 s of CPU used`
	if n != 2 || err == nil || err.Error() != want {
		t.Errorf("Referee, 1 s of CPU a guess and a limit of 2.5 s: %d, %v; want 2 guesses answered, %q", n, err, want)
	}
	// Within the limit, a game is found.
	answers.Reset()
	if n, err := Referee(g, secret, feed("0 0 0 0", "5 5 5 5"), &answers, lim); n != 2 || err != nil {
		t.Errorf("Referee, 2 s of CPU in all and a limit of 2.5 s: %d, %v; want found in 2", n, err)
	}
	// Thinking, without a guess: the verdict comes while Referee waits,
	// long before the wall-clock limit of a minute.
	var mu sync.Mutex
	spent := time.Duration(0)
	lim.CPUUsed = func() (time.Duration, bool) {
		mu.Lock()
		defer mu.Unlock()
		spent += time.Second // a second of CPU between two looks
		return spent, true
	}
	start := time.Now()
	n, err = Referee(g, secret, make(chan Line), &answers, lim)
	const thinking = "guess 1: beyond the CPU time limit of 2.5s: 3.000 s of CPU used"
	if n != 0 || err == nil || err.Error() != thinking || time.Since(start) > 30*time.Second {
		t.Errorf("Referee on a breaker that thinks: %d, %v after %v; want 0, %q", n, err, time.Since(start), thinking)
	}
	// A system that cannot tell the CPU time: no CPU verdict.
	lim.CPUUsed = func() (time.Duration, bool) { return time.Hour, false }
	if n, err := Referee(g, secret, feed("0 0 0 0", "5 5 5 5"), &answers, lim); n != 2 || err != nil {
		t.Errorf("Referee, the CPU time unknown: %d, %v; want found in 2", n, err)
	}
}
