package cerc

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// readAll reads every case of in and returns how many it read and the error
// that ended the reading (nil at the end of the input).
func readAll(in string) (int, error) {
	cr := NewCaseReader(strings.NewReader(in))
	for n := 0; ; n++ {
		_, err := cr.Next()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// TestReaderLimits: the limits are CERC 2000's (the problem statement, as
// the seminar paper of TU München, 2007, quotes it: 1 <= p <= 10,
// 1 <= c <= 100, m <= 100; a case of no guesses is taken), each refused alike at the case's header,
// naming the line; data after the T cases is refused, naming its line,
// and blank lines after them are not data.
func TestReaderLimits(t *testing.T) {
	guesses := func(m int) string { // m guesses of 1 position, 2 colours
		return strings.Repeat("1\n0 0\n", m)
	}
	for _, c := range []struct{ in, err string }{
		{"1\n11 2 0\n", "line 2: 11 positions: want 1..10"},
		{"1\n0 2 1\n", "line 2: 0 positions: want 1..10"},
		{"1\n1 101 1\n", "line 2: 101 colours: want 1..100"},
		{"1\n1 0 1\n", "line 2: 0 colours: want 1..100"},
		{"1\n1 2 101\n" + guesses(101), "line 2: 101 guesses: want 0..100"},
		{"1\n1 2 -1\n", "line 2: -1 guesses: want 0..100"},
		{"1\n1 2 1000000000000\n", "line 2: 1000000000000 guesses: want 0..100"},
		{"1\n1 2 1\n1\n0 0\n1 2 1\n1\n0 0\n", "line 5: data after the 1 case the input announces"},
		{"0\n\n1 2 1\n", "line 3: data after the 0 cases the input announces"},
		{"2\n1 2 1\n1\n0 0\n1 2 1\n1\n0 1\n\nextra\n", "line 9: data after the 2 cases the input announces"},
		{"1073741825\n", "line 1: want the number of cases: 1073741825 is out of range 0..1073741824"},
		{"1\n1 2 1\n" + strings.Repeat("1", 2<<20) + "\n", "line 3: a line longer than 1 MiB"},
	} {
		_, err := readAll(c.in)
		var input *mastermind.InputError
		if !errors.As(err, &input) || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%.40q: %v, want an InputError %q", c.in, err, c.err)
			continue
		}
		beyond := strings.Contains(c.err, " want 0..") || strings.Contains(c.err, " want 1..")
		if strings.Contains(err.Error(), "(the limit of CERC 2000)") != beyond {
			t.Errorf("%.40q: %v: a size beyond CERC's limits names them, and only then", c.in, err)
		}
	}
	for _, in := range []string{
		"1\n10 100 100\n" + strings.Repeat("1 2 3 4 5 6 7 8 9 10\n0 0\n", 100),
		"1\n1 1 1\n1\n1 0\n\n\n   \n",
		"0\n",
		"0\n\n \n",
		"1\n4 6 0\n",
	} {
		if _, err := readAll(in); err != nil {
			t.Errorf("%.40q: %v, want it read", in, err)
		}
	}
}

// TestGeneratedWithinLimits: the generator refuses, as an *InputError and
// writing nothing, every size that the reader refuses, and what it writes
// at the limits reads back.
func TestGeneratedWithinLimits(t *testing.T) {
	for _, c := range []struct{ n, p, c, m int }{
		{MaxCases + 1, 4, 6, 3}, {2_000_000_000, 4, 6, 3}, {-1, 4, 6, 3},
		{1, 11, 6, 3}, {1, 0, 6, 3}, {1, 4, 101, 3}, {1, 4, 0, 3}, {1, 4, 6, 101}, {1, 4, 6, -1},
	} {
		var b strings.Builder
		err := WriteGenerated(&b, "random", c.n, 1, c.p, c.c, c.m, 0.5)
		var input *mastermind.InputError
		if !errors.As(err, &input) || b.Len() != 0 {
			t.Errorf("WriteGenerated(%d cases, %d %d %d) = %v, wrote %d bytes; want an *InputError and nothing", c.n, c.p, c.c, c.m, err, b.Len())
		}
	}
	var b strings.Builder
	if err := WriteGenerated(&b, "mixed", 3, 1, MaxCasePositions, MaxCaseColors, MaxCaseGuesses, 0.5); err != nil {
		t.Fatal(err)
	}
	if n, err := readAll(b.String()); n != 3 || err != nil {
		t.Errorf("cases generated at the limits read back as %d cases, %v; want 3", n, err)
	}
}

// TestQuotedInput: a value the reader repeats is cut, however long.
func TestQuotedInput(t *testing.T) {
	for _, in := range []string{"x" + strings.Repeat("9", 1000) + "\n", "0\n" + strings.Repeat("y", 1000) + "\n"} {
		if _, err := readAll(in); err == nil || len(err.Error()) > 200 {
			t.Errorf("%.20q...: %d bytes of message, want at most 200: %.300v", in, len(err.Error()), err)
		}
	}
}
