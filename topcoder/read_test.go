package topcoder

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
)

// A report read is safe to compare and to print: no figure that prints at
// length or fails as JSON (+Inf), no control character but the ends of
// line, and the messages of a report refused speak no Go.
func FuzzReadReport(f *testing.F) {
	for _, s := range []string{
		`{"games":[{"positions":10,"colors":4,"secret":"0 1 2 3 0 1 2 3 0 1","guesses":5,"score":4,"cpu_seconds":0.5,"peak_rss_bytes":10485760}]}`,
		`{"games":[{"positions":10,"colors":4,"secret":"0 1 2 3 0 1 2 3 0 1","guesses":3,"score":0,"error":"guess 1: \u001b[31m"}],"mean_score":0,"bands":[],"failed":1}`,
		`{"games":[{"positions":100,"colors":100,"secret":"0","guesses":1,"score":1e308}]}`,
		`[{"games":[]}]`,
		`{"games":[{"guesses":"8"}]}`,
		`{"games":{"positions":1}}`,
		`{"mean_score":{},"games":[]}`,
		`{"games":[{"positions":5,"colors":5,"secret":"0 0 0 0 0","guesses":1e30}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := ReadReport(bytes.NewReader(data))
		if err != nil {
			for _, goWord := range []string{"Go ", "topcoder.", "main.", "int64", "float64", "struct", "unmarshal", "json."} {
				if strings.Contains(err.Error(), goWord) {
					t.Errorf("ReadReport(%q): %q speaks Go (%q)", data, err, goWord)
				}
			}
			checkPrintable(t, "the message", err.Error())
			return
		}
		c, err := Compare(rep, rep, "a", "b")
		if err != nil {
			t.Fatalf("Compare(r, r) = %v", err)
		}
		if _, err := json.Marshal(c); err != nil {
			t.Errorf("the comparison as JSON: %v", err)
		}
		var text strings.Builder
		if err := c.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		checkPrintable(t, "the comparison", text.String())
		if len(text.String()) > 1000 {
			t.Errorf("the comparison of a report with itself is %d bytes:\n%s", len(text.String()), text.String())
		}
		var summary strings.Builder
		if err := rep.WriteSummary(&summary); err != nil {
			t.Fatal(err)
		}
		if len(summary.String()) > 1000 {
			t.Errorf("the summary is %d bytes:\n%s", len(summary.String()), summary.String())
		}
	})
}

// checkPrintable fails when s, what, holds a control character other than
// an end of line.
func checkPrintable(t *testing.T, what, s string) {
	t.Helper()
	for _, r := range s {
		if r != '\n' && unicode.IsControl(r) {
			t.Errorf("%s holds %q: %q", what, r, s)
			return
		}
	}
}
