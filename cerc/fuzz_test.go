package cerc

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// FuzzCaseReader feeds arbitrary text to the case reader: it never panics,
// every error is an *mastermind.InputError naming a line, every case it
// returns is within the format's limits and reads back the same once
// written, and small cases solve to a code consistent with every hint.
func FuzzCaseReader(f *testing.F) {
	for _, in := range []string{
		"2\n4 6 2\n1 2 3 4\n1 1\n5 6 5 6\n0 0\n2 2 1\n1 2\n0 1\n",
		"1\n4 3 1\n1 2 3 4\n0 0\n",
		"1\n4 3 1\n1 2 3\n0 0\n",
		"1\n4 6 1\n1 2 3 4\n3 2\n",
		"1\n\n\n1 2 0\n",
		"3\n1 2 0\n",
		"x\n", "", "-1\n", "1\n40 15 0\n", "1\n10 100 1\n1 2 3 4 5 6 7 8 9 10\n9 0\n",
		"1\n4 6 1\n1 2 3 4\n9223372036854775807 0\n",
	} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cr := NewCaseReader(strings.NewReader(in))
		for range 1000 {
			k, err := cr.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var input *mastermind.InputError
				if !errors.As(err, &input) || !strings.HasPrefix(input.Where, "line ") {
					t.Fatalf("error %v (%T), want an InputError naming a line", err, err)
				}
				return
			}
			if k.Positions < 1 || k.Positions > MaxCasePositions || k.Colors < 1 || k.Colors > MaxCaseColors {
				t.Fatalf("case of %d positions, %d colours", k.Positions, k.Colors)
			}
			for i, h := range k.History {
				if len(h.Guess) != k.Positions || h.Feedback.Black < 0 || h.Feedback.White < 0 || h.Feedback.Black+h.Feedback.White > k.Positions {
					t.Fatalf("guess %d: %v %v does not fit the case", i+1, h.Guess, h.Feedback)
				}
				for _, c := range h.Guess {
					if int(c) >= k.Colors {
						t.Fatalf("guess %d: colour %d of %d", i+1, c, k.Colors)
					}
				}
			}
			var buf bytes.Buffer
			buf.WriteString("1\n")
			if err := WriteCase(&buf, k); err != nil {
				t.Fatal(err)
			}
			back, err := NewCaseReader(&buf).Next()
			if err != nil || back.Positions != k.Positions || back.Colors != k.Colors || !reflect.DeepEqual(back.History, k.History) {
				t.Fatalf("case %+v reads back as %+v, %v", k, back, err)
			}
			if k.Positions <= 5 && len(k.History) <= 8 {
				if code, ok := Solve(k); ok && !mastermind.Consistent(code, k.History) {
					t.Fatalf("Solve = %v, which does not fit the hints", code)
				}
			}
		}
	})
}
