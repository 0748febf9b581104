package optimal

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
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), name+": more than 1MB, the most a tree of 2 positions, 3 colours holds") {
			t.Errorf("%s read as a tree: %v; want a *LimitError naming it and 1MB", name, err)
		}
	}
}

// A checkpoint that cannot be saved does not end the search: each failure
// goes to SaveFailed, and the search ends with the tree of one that saves
// nothing (an error ended it after the first failed save, its work lost).
func TestSaveFailureGoesOn(t *testing.T) {
	space, _ := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 4})
	want, err := Solve(context.Background(), space, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var failed atomic.Int32
	opt := Options{SaveEvery: time.Millisecond,
		Save:       func(*Checkpoint) error { return errors.New("no space left on device") },
		SaveFailed: func(error) { failed.Add(1) }}
	got, err := Solve(context.Background(), space, opt)
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
	var opt Options
	if err := opt.UseCheckpoint(name, space, time.Second); err != nil {
		t.Fatal(err)
	}
	os.Remove(dir)
	err := opt.Save(&Checkpoint{game: space.Game(), entries: map[memoKey]memoEntry{}})
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
	var saved *Checkpoint
	opt := Options{Save: func(c *Checkpoint) error { saved = c; return nil }}
	if _, err := Solve(context.Background(), space, opt); err != nil {
		t.Fatal(err)
	}
	var root memoKey
	for k, e := range saved.entries {
		if len(k.set) == 2*space.Len() && e.exact {
			root = k
		}
	}
	if root.set == "" {
		t.Fatal("the checkpoint lacks the whole space, solved")
	}
	least, _ := leastTotals(space, space.Len())
	for _, tt := range []struct {
		name string
		edit func(e memoEntry, k memoKey) (memoEntry, memoKey)
		want string
	}{
		{"below the count's bound", func(e memoEntry, k memoKey) (memoEntry, memoKey) {
			e.total = least[space.Len()] - 1
			return e, k
		}, "below the least any strategy reaches"},
		{"below its guess's bound", func(e memoEntry, k memoKey) (memoEntry, memoKey) {
			e.total = least[space.Len()]
			return e, k
		}, "below the least its guess"},
		{"infinite", func(e memoEntry, k memoKey) (memoEntry, memoKey) {
			e.total, e.exact, e.guess = infinite, false, 0
			return e, k
		}, "marked infeasible"},
		{"a depth", func(e memoEntry, k memoKey) (memoEntry, memoKey) {
			k.depth = 3
			return e, k
		}, "3 guesses left in a search without a depth limit"},
	} {
		c := &Checkpoint{game: g, entries: map[memoKey]memoEntry{}}
		for k, e := range saved.entries {
			if k == root {
				e, k = tt.edit(e, k)
			}
			c.entries[k] = e
		}
		var b bytes.Buffer
		c.WriteTo(&b)
		_, err := readCheckpoint(&b, space, 0)
		var ce *CheckpointError
		if !errors.As(err, &ce) || !ce.Damaged || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want a damaged checkpoint, %q", tt.name, err, tt.want)
		}
	}
	// The checkpoint as saved is read back whole.
	var b bytes.Buffer
	saved.WriteTo(&b)
	if c, err := readCheckpoint(&b, space, 0); err != nil || len(c.entries) != len(saved.entries) {
		t.Errorf("the checkpoint as saved: %v", err)
	}
}
