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
