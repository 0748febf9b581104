package progress

import (
	"os"
	"strings"
	"testing"
)

// TestNotATerminal checks that nothing is drawn on what is not a terminal,
// and that a nil bar takes every call.
func TestNotATerminal(t *testing.T) {
	var b strings.Builder
	if bar := New(&b, 10, "job", "steps"); bar != nil {
		t.Errorf("New(strings.Builder) = %v, want nil", bar)
	}
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Errorf("IsTerminal(%s) = true", f.Name())
	}
	bar := New(f, 10, "job", "steps")
	if bar != nil {
		t.Errorf("New(file) = %v, want nil", bar)
	}
	bar.Add(1)
	bar.Describe("other")
	bar.Clear()
	bar.Done()
	if info, _ := f.Stat(); info.Size() != 0 || b.Len() != 0 {
		t.Errorf("a bar off a terminal wrote %d bytes", info.Size()+int64(b.Len()))
	}
}
