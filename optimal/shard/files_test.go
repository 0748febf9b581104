package shard

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
)

// A checkpoint is read within the memory given: a file with a checkpoint's
// first line and then more than that is refused, naming the file and the
// bound, before it is read whole (/dev/zero, or gigabytes, killed the
// command with "out of memory").
func TestCheckpointReadBounded(t *testing.T) {
	space, _ := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	in := io.MultiReader(strings.NewReader(checkpointMagic), io.LimitReader(zeros{}, 1<<40))
	_, err := readCheckpointLimited(in, "big.ckpt", space, 0, 1<<20)
	var le *LimitError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "big.ckpt: more than 1MB") {
		t.Errorf("a checkpoint of 1 TiB read within 1 MiB: %v; want a *LimitError naming big.ckpt and 1MB", err)
	}
	// /dev/zero is no checkpoint: its first bytes say so.
	_, err = readCheckpointLimited(zeros{}, "/dev/zero", space, 0, 1<<30)
	var ce *CheckpointError
	if !errors.As(err, &ce) || ce.Damaged {
		t.Errorf("zeros as a checkpoint: %v; want a *CheckpointError, not a checkpoint", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// A tree given to Fit is read within 1 KiB a code of its game and 1 MiB,
// uncompressed: a gzip of 3 MB of spaces for a game of 9 codes is refused.
func TestTreeReaderBounded(t *testing.T) {
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	z.Write(bytes.Repeat([]byte(" "), 3<<20))
	z.Close()
	for name, in := range map[string]io.Reader{"spaces.json.gz": &gz, "/dev/zero": zeros{}} {
		r, err := TreeReader(in, name, mastermind.Game{Positions: 2, Colors: 3})
		if err == nil {
			_, err = io.ReadAll(r)
		}
		var le *LimitError
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), name+": more than 1MB, the most a tree of 2 positions, 3 colours, repeats allowed holds") {
			t.Errorf("%s read as a tree: %v; want a *LimitError naming it and 1MB", name, err)
		}
	}
}

// A checkpoint that cannot be saved does not end the search: each failure
// goes to SaveFailed, and the search ends with the tree of one that saves
// nothing (an error ended it after the first failed save, its work lost).
func TestSaveFailureGoesOn(t *testing.T) {
	space, _ := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 4})
	want, err := optimal.Solve(context.Background(), space, optimal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var failed atomic.Int32
	opt := optimal.Options{SaveEvery: time.Millisecond,
		Save:       func(*optimal.Checkpoint) error { return errors.New("no space left on device") },
		SaveFailed: func(error) { failed.Add(1) }}
	got, err := optimal.Solve(context.Background(), space, opt)
	if err != nil {
		t.Fatalf("Solve with a Save that fails: %v; want its tree", err)
	}
	if g, w := got.Stats(), want.Stats(); g.Total != w.Total {
		t.Errorf("Solve with a Save that fails: total %d, want %d", g.Total, w.Total)
	}
	if failed.Load() == 0 {
		t.Error("SaveFailed was never called")
	}
}

// A checkpoint's save that fails names the checkpoint, not the temporary
// file it is written to first.
func TestSaveFailureNamesCheckpoint(t *testing.T) {
	space, _ := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	dir := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "run.ckpt")
	var opt optimal.Options
	if err := UseCheckpoint(&opt, name, space, time.Second); err != nil {
		t.Fatal(err)
	}
	os.Remove(dir)
	err := opt.Save(optimal.NewCheckpoint(space.Game(), 0))
	if err == nil || !strings.HasPrefix(err.Error(), "cannot save the checkpoint "+name+": ") || strings.Contains(err.Error(), ".run.ckpt.") {
		t.Errorf("saving into a folder removed: %v; want it to name %s and not the temporary file", err, name)
	}
}

// A checkpoint whose entries are edited, with a checksum that matches, is
// refused as damaged where what is edited cannot be: an optimal total
// below the least of its set's size or of its guess, "infeasible" without
// a depth limit, a depth out of range. (Edited so, 4x4's search proved
// totals below its optimum, or "no strategy within 0 guesses".)
func TestCheckpointEntriesChecked(t *testing.T) {
	g := mastermind.Game{Positions: 4, Colors: 4}
	space, _ := mastermind.NewSpace(g)
	var saved *optimal.Checkpoint
	opt := optimal.Options{Save: func(c *optimal.Checkpoint) error { saved = c; return nil }}
	if _, err := optimal.Solve(context.Background(), space, opt); err != nil {
		t.Fatal(err)
	}
	var root optimal.Entry
	for e := range saved.Entries() {
		if len(e.Set) == 2*space.Len() && e.Exact {
			root = e
		}
	}
	if root.Set == "" {
		t.Fatal("the checkpoint lacks the whole space, solved")
	}
	least := optimal.LeastTotals(space)
	for _, tt := range []struct {
		name string
		edit func(e optimal.Entry) optimal.Entry
		want string
	}{
		{"below the count's bound", func(e optimal.Entry) optimal.Entry {
			e.Total = least[space.Len()] - 1
			return e
		}, "below the least any strategy reaches"},
		{"below its guess's bound", func(e optimal.Entry) optimal.Entry {
			e.Total = least[space.Len()]
			return e
		}, "below the least its guess"},
		{"infinite", func(e optimal.Entry) optimal.Entry {
			e.Total, e.Exact, e.Guess = infinite, false, 0
			return e
		}, "marked infeasible"},
		{"a depth", func(e optimal.Entry) optimal.Entry {
			e.Depth = 3
			return e
		}, "3 guesses left in a search without a depth limit"},
	} {
		c := optimal.NewCheckpoint(g, 0)
		for e := range saved.Entries() {
			if e == root {
				e = tt.edit(e)
			}
			c.Add(e)
		}
		var b bytes.Buffer
		WriteCheckpoint(&b, c)
		_, err := readCheckpoint(&b, space, 0)
		var ce *CheckpointError
		if !errors.As(err, &ce) || !ce.Damaged || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want a damaged checkpoint, %q", tt.name, err, tt.want)
		}
	}
	// The checkpoint as saved is read back whole.
	var b bytes.Buffer
	WriteCheckpoint(&b, saved)
	if c, err := readCheckpoint(&b, space, 0); err != nil || c.Len() != saved.Len() {
		t.Errorf("the checkpoint as saved: %v", err)
	}
}

// UseCheckpoint saves to a file that does not exist yet, and refuses a
// file that is not a checkpoint, leaving it as it is.
func TestUseCheckpoint(t *testing.T) {
	space, err := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var opt optimal.Options
	if err := UseCheckpoint(&opt, filepath.Join(dir, "new"), space, time.Second); err != nil {
		t.Fatalf("UseCheckpoint(a new file): %v", err)
	}
	if opt.Save == nil || opt.Resume != nil || opt.SaveEvery != time.Second {
		t.Errorf("UseCheckpoint(a new file): Save %v, Resume %v, SaveEvery %v; want a Save, no Resume, 1s", opt.Save != nil, opt.Resume, opt.SaveEvery)
	}
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("not a checkpoint"), 0o644); err != nil {
		t.Fatal(err)
	}
	opt = optimal.Options{}
	err = UseCheckpoint(&opt, bad, space, time.Second)
	var ce *CheckpointError
	if !errors.As(err, &ce) || opt.Save != nil {
		t.Errorf("UseCheckpoint(not a checkpoint) = %v, Save set %v; want a *CheckpointError and no Save", err, opt.Save != nil)
	}
	if b, _ := os.ReadFile(bad); string(b) != "not a checkpoint" {
		t.Errorf("UseCheckpoint changed the file that is not a checkpoint: %q", b)
	}
}
