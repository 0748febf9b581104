package cerc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// A Case is one instance of the CERC 2000 problem: a game of Positions
// positions and Colors colours (repeats allowed) and its guesses with their
// answers. Colours are 0-based here and 1-based in the text format.
type Case struct {
	Positions, Colors int
	History           []mastermind.Turn
}

// Limits of the solve format. Ten positions is CERC 2000's limit; the
// search is exact, and its time grows steeply with the positions (a case
// of 40 ran for minutes), so longer cases are refused at their header.
const (
	MaxCasePositions = 10
	MaxCaseColors    = 100
	MaxCaseGuesses   = 10000
)

// A CaseReader reads the solve format: the number of cases, then per case a
// line "P C M" and M pairs of lines, a guess of P colours in 1..C and its
// answer "B W". Blank lines are skipped.
type CaseReader struct {
	lines *bufio.Scanner
	line  int // the number of the line read last
	left  int // cases still to read; -1 before the header
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

// next returns the fields of the next line that is not blank.
func (cr *CaseReader) next(what string) ([]string, error) {
	for cr.lines.Scan() {
		cr.line++
		if f := strings.Fields(cr.lines.Text()); len(f) > 0 {
			return f, nil
		}
	}
	if err := cr.lines.Err(); err != nil {
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
			return nil, lineError(cr.line, fmt.Sprintf("want %s: %q is not a number", what, s))
		}
		if x < lo || x > hi {
			return nil, lineError(cr.line, fmt.Sprintf("want %s: %d is out of range %d..%d", what, x, lo, hi))
		}
		nums[i] = x
	}
	return nums, nil
}

// Next returns the next case, or io.EOF after the last.
func (cr *CaseReader) Next() (Case, error) {
	if cr.left < 0 {
		t, err := cr.ints(1, 0, 1<<30, "the number of cases")
		if err != nil {
			return Case{}, err
		}
		cr.left = t[0]
	}
	if cr.left == 0 {
		return Case{}, io.EOF
	}
	cr.left--
	head, err := cr.ints(3, 0, MaxCaseGuesses, "a case header \"P C M\"")
	if err != nil {
		return Case{}, err
	}
	k := Case{Positions: head[0], Colors: head[1]}
	switch {
	case k.Positions < 1 || k.Positions > MaxCasePositions:
		return k, lineError(cr.line, fmt.Sprintf("%d positions: want 1..%d (the limit of CERC 2000)", k.Positions, MaxCasePositions))
	case k.Colors < 1 || k.Colors > MaxCaseColors:
		return k, lineError(cr.line, fmt.Sprintf("%d colours: want 1..%d", k.Colors, MaxCaseColors))
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
