package search

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/optimal/shard"
)

// TestCommandReachWarning: the warning is given past LargestFinished
// codes only, and not to a search with a checkpoint.
func TestCommandReachWarning(t *testing.T) {
	var c Command
	if w := c.ReachWarning("4x10", 10000); w != "" {
		t.Errorf("4x10, the largest search finished: warned %q", w)
	}
	w := c.ReachWarning("super", 32768)
	for _, want := range []string{"super has 32768 codes", "--exact-below N", "Ctrl-C stops it"} {
		if !strings.Contains(w, want) {
			t.Errorf("super's warning %q lacks %q", w, want)
		}
	}
	c.Checkpoint = "super.ckpt"
	if w := c.ReachWarning("super", 32768); w != "" {
		t.Errorf("super with a checkpoint: warned %q", w)
	}
}

// TestCommandSaves: a failure to save is warned of once, the stopped
// search says its results could not be saved, and once a save succeeds
// that they are in the checkpoint.
func TestCommandSaves(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "later")
	var warnings []string
	c := Command{Checkpoint: filepath.Join(dir, "c.ckpt"), Warn: func(w string) { warnings = append(warnings, w) }}
	space, err := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	if err != nil {
		t.Fatal(err)
	}
	opt, err := c.Options(space)
	if err != nil {
		t.Fatal(err)
	}
	stopped := &optimal.InterruptedError{Lower: 20, Upper: optimal.Infinite, Err: context.Canceled}
	for range 2 {
		err := opt.Save(optimal.NewCheckpoint(space.Game(), 0))
		if err == nil {
			t.Fatal("saved in a folder that does not exist")
		}
		opt.SaveFailed(err)
	}
	if len(warnings) != 1 || !strings.HasSuffix(warnings[0], "; searching on, trying again at the next save") {
		t.Errorf("two failed saves warned %q; want one warning", warnings)
	}
	want := "; proven: the optimal total is at least 20; the results so far could not be saved in " + c.Checkpoint
	if got := c.Stopped(stopped); got != want {
		t.Errorf("stopped after failed saves: %q, want %q", got, want)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := opt.Save(optimal.NewCheckpoint(space.Game(), 0)); err != nil {
		t.Fatal(err)
	}
	want = "; proven: the optimal total is at least 20; the results so far are in " + c.Checkpoint + ": run the same command again to continue"
	if got := c.Stopped(stopped); got != want {
		t.Errorf("stopped after a save: %q, want %q", got, want)
	}
	c.readOnly = true
	if got := c.Stopped(context.Canceled); got != "" {
		t.Errorf("a read-only checkpoint, stopped before any proof: %q, want nothing", got)
	}
}

// TestCommandExplain: the files and games a search cannot use are the
// input's fault; infeasibility names the depth.
func TestCommandExplain(t *testing.T) {
	c := Command{MaxDepth: 3, Checkpoint: "c.ckpt"}
	for _, tt := range []struct {
		err   error
		want  string
		input bool
	}{
		{&shard.CheckpointError{Name: "c.ckpt", Reason: "a checkpoint of 4x6"}, "c.ckpt: a checkpoint of 4x6 (left unchanged; remove it to start over)", true},
		{&shard.CheckpointError{Name: "c.ckpt", Damaged: true, Reason: "bad checksum"}, "damaged checkpoint c.ckpt: bad checksum", true},
		{&optimal.TooLargeError{Codes: 1 << 20}, "the exact search handles games of at most 65536 codes, not 1048576", true},
		{&os.PathError{Op: "open", Path: "c.ckpt", Err: os.ErrPermission}, "--checkpoint: open c.ckpt: permission denied", true},
		{&os.PathError{Op: "open", Path: "other", Err: os.ErrPermission}, "open other: permission denied", false},
		{optimal.ErrInfeasible, "no strategy finds every secret within 3 guesses (--max-depth 3): proven", false},
		{errors.New("out of luck"), "out of luck", false},
	} {
		got := c.Explain(tt.err)
		var ie *mastermind.InputError
		if input := errors.As(got, &ie); got.Error() != tt.want || input != tt.input {
			t.Errorf("Explain(%v) = %q, %v; want %q, %v", tt.err, got, input, tt.want, tt.input)
		}
	}
	if got := c.Name(); got != "optimal, at most 3 guesses" {
		t.Errorf("Name with MaxDepth 3 = %q", got)
	}
	if got := (&Command{}).Name(); got != "optimal" {
		t.Errorf("Name with no MaxDepth = %q", got)
	}
	if got := ProvenTotal(11228, false); got != "proven: the optimal total is at least 11228" {
		t.Errorf("ProvenTotal(11228, false) = %q", got)
	}
	if got := ProvenTotal(5625, true); got != "proven: the optimal total is 5625" {
		t.Errorf("ProvenTotal(5625, true) = %q", got)
	}
}
