package files

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDistinct(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("a.json", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link("a.json", "b.json"); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "x.svg")
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"x.svg", "x.svg", true},
		{"x.svg", "./x.svg", true},
		{"sub/../x.svg", abs, true},
		{"a.json", "b.json", true}, // one file, two names
		{"x.svg", "y.svg", false},
		{"x.svg", "", false},
		{"", "", false},
	} {
		err := Distinct(Named{"--out", tt.a}, Named{"--plot", tt.b})
		if (err != nil) != tt.same {
			t.Errorf("Distinct(%q, %q) = %v, want an error: %v", tt.a, tt.b, err, tt.same)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "--out and --plot name one file, ") {
			t.Errorf("Distinct(%q, %q) = %q", tt.a, tt.b, err)
		}
	}
}

// TestWriteIsWholeOrNothing: a write that fails leaves the earlier file as
// it was, and no temporary file behind.
func TestWriteIsWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "t.json")
	write := func(s string, err error) func(io.Writer) error {
		return func(w io.Writer) error {
			io.WriteString(w, s)
			return err
		}
	}
	if err := Write(name, write("first", nil)); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("disk full")
	if err := Write(name, write("second, half", failed)); err != failed {
		t.Errorf("Write = %v, want %v", err, failed)
	}
	if data, _ := os.ReadFile(name); string(data) != "first" {
		t.Errorf("after a failed write the file holds %q, want %q", data, "first")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want 1", len(entries))
	}
}

// endless is an endless input of one byte.
type endless byte

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(e)
	}
	return len(p), nil
}

func TestLimit(t *testing.T) {
	for _, tt := range []struct {
		in   io.Reader
		max  int64
		want int // bytes read; -1: a *TooLargeError
	}{
		{strings.NewReader("12345"), 5, 5},
		{strings.NewReader("12345"), 6, 5},
		{strings.NewReader("123456"), 5, -1},
		{endless(' '), 1 << 20, -1},
		{strings.NewReader(""), 0, 0},
	} {
		data, err := io.ReadAll(Limit(tt.in, tt.max))
		var tooLarge *TooLargeError
		switch {
		case tt.want < 0 && (!errors.As(err, &tooLarge) || tooLarge.Limit != tt.max || int64(len(data)) != tt.max):
			t.Errorf("Limit(%d): read %d bytes, %v, want %d bytes and a *TooLargeError", tt.max, len(data), err, tt.max)
		case tt.want >= 0 && (err != nil || len(data) != tt.want):
			t.Errorf("Limit(%d): read %d bytes, %v, want %d", tt.max, len(data), err, tt.want)
		}
	}
	if got := (&TooLargeError{256 << 20}).Error(); !strings.Contains(got, "256 MiB") {
		t.Errorf("TooLargeError(256 MiB) says %q", got)
	}
}
