package cerc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
)

// A Case is one instance of the CERC 2000 problem: a game of Positions
// positions and Colors colours (repeats allowed) and its guesses with their
// answers. Colours are 0-based here and 1-based in the text format.
type Case struct {
	Positions, Colors int
	History           []mastermind.Turn
}

// Limits of the solve format: a case's are CERC 2000's own (1 <= P <= 10,
// 1 <= C <= 100, M <= 100), but for a case of no guesses, which is taken
// (its answer is the smallest code, all 1s); the search is exact, and its time grows
// steeply with the positions (a case of 40 ran for minutes), so larger
// cases are refused at their header. The problem gives no limit of the
// number of cases: MaxCases is the project's. The reader and the generator
// check them alike, by [checkSize].
const (
	MaxCasePositions = 10
	MaxCaseColors    = 100
	MaxCaseGuesses   = 100
	MaxCases         = 1 << 30
)

// checkSize returns why a case of p positions, c colours and m guesses is
// beyond the limits, or "" when it is within them.
func checkSize(p, c, m int) string {
	const cerc = "(the limit of CERC 2000)"
	switch {
	case p < 1 || p > MaxCasePositions:
		return fmt.Sprintf("%d positions: want 1..%d %s", p, MaxCasePositions, cerc)
	case c < 1 || c > MaxCaseColors:
		return fmt.Sprintf("%d colours: want 1..%d %s", c, MaxCaseColors, cerc)
	case m < 0 || m > MaxCaseGuesses:
		return fmt.Sprintf("%d guesses: want 0..%d %s", m, MaxCaseGuesses, cerc)
	}
	return ""
}

// A CaseReader reads the solve format: the number of cases, then per case a
// line "P C M" and M pairs of lines, a guess of P colours in 1..C and its
// answer "B W". Blank lines are skipped.
type CaseReader struct {
	lines *bufio.Scanner
	line  int // the number of the line read last
	left  int // cases still to read; -1 before the header
	cases int // the number of cases the header announces
}

// end returns io.EOF when nothing but blank lines follows the last case.
func (cr *CaseReader) end() error {
	f, err := cr.next("")
	if err == nil {
		noun := "cases"
		if cr.cases == 1 {
			noun = "case"
		}
		return lineError(cr.line, fmt.Sprintf("data after the %d %s the input announces: %s", cr.cases, noun, quoted(strings.Join(f, " "))))
	}
	if cr.lines.Err() != nil {
		return err
	}
	return io.EOF
}

// NewCaseReader returns a reader of cases from r.
func NewCaseReader(r io.Reader) *CaseReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	return &CaseReader{lines: sc, left: -1}
}

// lineError reports a malformed line n of the input, as a
// *mastermind.InputError.
func lineError(n int, msg string) error {
	return &mastermind.InputError{Where: fmt.Sprintf("line %d", n), Err: errors.New(msg)}
}

// quoted returns s quoted for a message, cut by the one rule for quoting
// input.
func quoted(s string) string { return `"` + quote.Cut(s, quote.Max) + `"` }

// next returns the fields of the next line that is not blank.
func (cr *CaseReader) next(what string) ([]string, error) {
	for cr.lines.Scan() {
		cr.line++
		if f := strings.Fields(cr.lines.Text()); len(f) > 0 {
			return f, nil
		}
	}
	if err := cr.lines.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, lineError(cr.line+1, "a line longer than 1 MiB")
	} else if err != nil {
		return nil, lineError(cr.line+1, err.Error())
	}
	return nil, lineError(cr.line+1, "the input ends where "+what+" should be")
}

// ints reads the next line as exactly n integers in [lo, hi].
func (cr *CaseReader) ints(n, lo, hi int, what string) ([]int, error) {
	f, err := cr.next(what)
	if err != nil {
		return nil, err
	}
	if len(f) != n {
		return nil, lineError(cr.line, fmt.Sprintf("want %s: %d numbers, found %d", what, n, len(f)))
	}
	nums := make([]int, n)
	for i, s := range f {
		x, err := strconv.Atoi(s)
		if err != nil {
			return nil, lineError(cr.line, fmt.Sprintf("want %s: %s is not a number", what, quoted(s)))
		}
		if x < lo || x > hi {
			return nil, lineError(cr.line, fmt.Sprintf("want %s: %d is out of range %d..%d", what, x, lo, hi))
		}
		nums[i] = x
	}
	return nums, nil
}

// Next returns the next case, or io.EOF after the last. Anything but blank
// lines after the last case is an error, naming its line.
func (cr *CaseReader) Next() (Case, error) {
	if cr.left < 0 {
		t, err := cr.ints(1, 0, MaxCases, "the number of cases")
		if err != nil {
			return Case{}, err
		}
		cr.left, cr.cases = t[0], t[0]
	}
	if cr.left == 0 {
		return Case{}, cr.end()
	}
	cr.left--
	head, err := cr.ints(3, math.MinInt, math.MaxInt, "a case header \"P C M\"")
	if err != nil {
		return Case{}, err
	}
	k := Case{Positions: head[0], Colors: head[1]}
	if msg := checkSize(head[0], head[1], head[2]); msg != "" {
		return k, lineError(cr.line, msg)
	}
	for i := range head[2] {
		g, err := cr.ints(k.Positions, 1, k.Colors, fmt.Sprintf("guess %d of %d colours in 1..%d", i+1, k.Positions, k.Colors))
		if err != nil {
			return k, err
		}
		guess := make(mastermind.Code, len(g))
		for j, x := range g {
			guess[j] = uint8(x - 1)
		}
		a, err := cr.ints(2, 0, k.Positions, fmt.Sprintf("the answer to guess %d, \"B W\"", i+1))
		if err != nil {
			return k, err
		}
		if a[0]+a[1] > k.Positions {
			return k, lineError(cr.line, fmt.Sprintf("answer %d %d adds up to more than the %d positions", a[0], a[1], k.Positions))
		}
		k.History = append(k.History, mastermind.Turn{Guess: guess, Feedback: mastermind.Feedback{Black: a[0], White: a[1]}})
	}
	return k, nil
}

// WriteCase writes k in the solve format, without the count of cases.
func WriteCase(w io.Writer, k Case) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%d %d %d\n", k.Positions, k.Colors, len(k.History))
	for _, t := range k.History {
		for i, c := range t.Guess {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(int(c) + 1))
		}
		fmt.Fprintf(b, "\n%d %d\n", t.Feedback.Black, t.Feedback.White)
	}
	return b.Flush()
}

// FormatSolution writes a code in the solve format: colours from 1.
func FormatSolution(c mastermind.Code) string {
	s := make([]string, len(c))
	for i, x := range c {
		s[i] = strconv.Itoa(int(x) + 1)
	}
	return strings.Join(s, " ")
}
