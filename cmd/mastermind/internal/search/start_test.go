package search

import (
	"errors"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
)

// TestCommandTune: the search's collector percent unless GOGC is set,
// Go's own for 0; the memory budget the soft limit, whatever GOGC says.
func TestCommandTune(t *testing.T) {
	gc, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1)
	defer func() {
		debug.SetGCPercent(gc)
		debug.SetMemoryLimit(limit)
	}()
	c := Command{Memory: 3 << 30}
	for _, tt := range []struct {
		gogc string
		gc   int
		want int
	}{
		{"", SearchGC, SearchGC},
		{"", HybridGC, HybridGC},
		{"", 0, 100},
		{"50", SearchGC, 100}, // GOGC is read at start; Tune leaves it
	} {
		t.Setenv("GOGC", tt.gogc)
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(1 << 40)
		c.Tune(tt.gc)
		if got, mem := debug.SetGCPercent(100), debug.SetMemoryLimit(-1); got != tt.want || mem != 3<<30 {
			t.Errorf("GOGC=%q, Tune(%d): collecting at %d%%, limit %d; want %d%%, %d", tt.gogc, tt.gc, got, mem, tt.want, 3<<30)
		}
	}
}

// TestCommandStart: the space and options of the search; the warnings on
// stderr; a search continuing from a checkpoint says so; no bar off a
// terminal; a game too large to list is the input's fault.
func TestCommandStart(t *testing.T) {
	ckpt := filepath.Join(t.TempDir(), "c.ckpt")
	c := Command{MaxDepth: 4, Checkpoint: ckpt}
	g := mastermind.Game{Positions: 2, Colors: 3}
	var stderr strings.Builder
	space, opt, bar, err := c.Start(g, "optimal: first guesses", &stderr)
	if err != nil || space.Len() != 9 || opt.MaxDepth != 4 || opt.Resume != nil || bar != nil || stderr.Len() > 0 {
		t.Fatalf("Start: %d codes, depth %d, resume %v, bar %v, %v; stderr %q", space.Len(), opt.MaxDepth, opt.Resume, bar, err, stderr.String())
	}
	opt.SaveFailed(errors.New("disk full"))
	if want := "mastermind optimal: warning: disk full; searching on, trying again at the next save\n"; stderr.String() != want {
		t.Errorf("a failed save: stderr %q, want %q", stderr.String(), want)
	}
	if err := opt.Save(optimal.NewCheckpoint(g, 4)); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if _, opt, _, err := c.Start(g, "optimal: first guesses", &stderr); err != nil || opt.Resume == nil {
		t.Fatalf("Start from a checkpoint: resume %v, %v", opt.Resume, err)
	}
	if want := "mastermind optimal: continuing from the checkpoint " + ckpt + " (0 sets' results)\n"; stderr.String() != want {
		t.Errorf("Start from a checkpoint: stderr %q, want %q", stderr.String(), want)
	}
	var input *mastermind.InputError
	if _, _, _, err := (&Command{}).Start(mastermind.Game{Positions: 20, Colors: 20}, "", &stderr); !errors.As(err, &input) {
		t.Errorf("Start of 20x20: %v, want an input error", err)
	}
}
