package shard

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
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
// command with "out of memory"); read as it goes, a file whose header is
// no checkpoint's is refused at its header.
func TestCheckpointReadBounded(t *testing.T) {
	space, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 4}) // 64 codes: sets too many for a bound of the game
	var header bytes.Buffer
	header.WriteString(checkpointMagic)
	for _, v := range []uint64{3, 4, 0, 0, 1 << 40} {
		header.Write(binary.AppendUvarint(nil, v))
	}
	in := io.MultiReader(&header, io.LimitReader(zeros{}, 1<<40))
	_, err := readCheckpointLimited(in, "big.ckpt", space, 0, 1<<20)
	var le *LimitError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "big.ckpt: more than 1MB") {
		t.Errorf("a checkpoint of 1 TiB read within 1 MiB: %v; want a *LimitError naming big.ckpt and 1MB", err)
	}
	var ce *CheckpointError
	in = io.MultiReader(strings.NewReader(checkpointMagic), io.LimitReader(zeros{}, 1<<40))
	_, err = readCheckpointLimited(in, "big.ckpt", space, 0, 1<<20)
	if !errors.As(err, &ce) || !ce.Damaged || !strings.Contains(err.Error(), "big.ckpt: its header") {
		t.Errorf("a checkpoint's first line and 1 TiB of zeros: %v; want a damaged checkpoint big.ckpt, its header", err)
	}
	// /dev/zero is no checkpoint: its first bytes say so.
	_, err = readCheckpointLimited(zeros{}, "/dev/zero", space, 0, 1<<30)
	if !errors.As(err, &ce) || ce.Damaged {
		t.Errorf("zeros as a checkpoint: %v; want a *CheckpointError, not a checkpoint", err)
	}
}

// A checkpoint's entries are each of a set of at least
// optimal.CheckpointMin codes, and each set and depth once, as searches
// save them: a file of the same entry again and again is refused at its
// second, and of small sets at its first (each would cost the memory a
// hundred times its bytes), not read to its end.
func TestCheckpointEntriesDistinct(t *testing.T) {
	g := mastermind.Game{Positions: 3, Colors: 3}
	space, _ := mastermind.NewSpace(g)
	var set []byte
	for x := range optimal.CheckpointMin {
		set = binary.LittleEndian.AppendUint16(set, uint16(x))
	}
	least := optimal.LeastTotals(space)
	entry := append(append([]byte{byte(optimal.CheckpointMin)}, set...), 0, byte(least[optimal.CheckpointMin]), 0)
	for _, tt := range []struct {
		entry []byte
		want  string
	}{
		{entry, "damaged checkpoint same.ckpt: entry 2: a set and depth of an entry before"},
		{[]byte{1, 0, 0, 0, 1, 0}, "damaged checkpoint same.ckpt: entry 1: a set of only 1, fewer than the 24 codes of the smallest set a checkpoint keeps"},
	} {
		var b bytes.Buffer
		b.WriteString(checkpointMagic)
		for _, v := range []uint64{3, 3, 0, 0, 1000} {
			b.Write(binary.AppendUvarint(nil, v))
		}
		for range 1000 {
			b.Write(tt.entry)
		}
		in := &counter{r: &b}
		_, err := readCheckpointLimited(in, "same.ckpt", space, 0, 4e9)
		if err == nil || err.Error() != tt.want || in.n > 8<<10 {
			t.Errorf("%d bytes of an entry 1000 times: %v, after %d bytes; want %q after a few", len(tt.entry), err, in.n, tt.want)
		}
	}
}

// bomb returns a gzip of a checkpoint's header for game g (count entries)
// followed by entry again and again, size bytes in all, and the gzip's
// length.
func bomb(t *testing.T, g mastermind.Game, count uint64, entry []byte, size int) []byte {
	t.Helper()
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	z.Write([]byte(checkpointMagic))
	for _, v := range []uint64{uint64(g.Positions), uint64(g.Colors), 0, 0, count} {
		z.Write(binary.AppendUvarint(nil, v))
	}
	chunk := bytes.Repeat(entry, (64<<10)/len(entry))
	for written := 0; written < size; written += len(chunk) {
		z.Write(chunk)
	}
	z.Close()
	return gz.Bytes()
}

// A counter counts the bytes read from r.
type counter struct {
	r io.Reader
	n int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// A checkpoint is read within what a checkpoint of its game can hold
// (issue 68: a gzip of a checkpoint's first line and then gigabytes, each
// of its entries well formed, was read whole, up to --memory, 4 GB by
// default, and the command died with "out of memory"). A game of 9 codes
// has fewer than optimal.CheckpointMin, the fewest a set a checkpoint
// keeps has: its checkpoints hold no entry, a few dozen bytes; a bomb of
// 16 MiB of entries is refused after a few kilobytes (the reader's
// buffer), naming the file and its bound, whatever the memory.
func TestCheckpointBombBounded(t *testing.T) {
	g := mastermind.Game{Positions: 2, Colors: 3}
	space, _ := mastermind.NewSpace(g)
	var empty bytes.Buffer
	WriteCheckpoint(&empty, optimal.NewCheckpoint(g, 0)) // the largest a search of g saves
	// One code (0), no depth limit, a bound of 1, no guess: a well-formed
	// entry, the same again and again.
	gz := bomb(t, g, 1<<40, []byte{1, 0, 0, 0, 1, 0}, 16<<20)
	z, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	in := &counter{r: z}
	_, err = readCheckpointLimited(in, "bomb.ckpt.gz", space, 0, 4e9)
	var le *LimitError
	switch {
	case !errors.As(err, &le) || le.Name != "bomb.ckpt.gz":
		t.Fatalf("a bomb of 16 MiB for %s: %v; want a *LimitError naming bomb.ckpt.gz", g, err)
	case le.Limit < int64(empty.Len()) || le.Limit >= 1024:
		t.Errorf("a checkpoint of %s bounded by %d bytes; want at least %d (its empty checkpoint's) and below 1 KiB", g, le.Limit, empty.Len())
	case in.n > 64<<10:
		t.Errorf("a bomb of 16 MiB for %s: read %d bytes of it before refusing it; want at most 64 KiB", g, in.n)
	}
	want := fmt.Sprintf("bomb.ckpt.gz: more than %d bytes, the most a checkpoint of %s holds", le.Limit, g.String())
	if err.Error() != want {
		t.Errorf("its error %q; want %q", err, want)
	}
	// The same bomb from a file: the bound is of the uncompressed size.
	name := filepath.Join(t.TempDir(), "bomb.ckpt.gz")
	if err := os.WriteFile(name, gz, 0o644); err != nil {
		t.Fatal(err)
	}
	var opt optimal.Options
	if err := UseCheckpoint(&opt, name, space, time.Minute); !errors.As(err, &le) || !strings.HasSuffix(err.Error(), "holds uncompressed") || opt.Save != nil {
		t.Errorf("UseCheckpoint(a bomb): %v; want a *LimitError, \"uncompressed\", and no Save", err)
	}
}

// The bound of a game's checkpoints is no lower than its fullest one: a
// checkpoint of 2 positions of 5 colours (25 codes) holding every set of
// at least optimal.CheckpointMin codes, at every depth, each entry at its
// longest, is read back whole.
func TestCheckpointBoundHoldsFullest(t *testing.T) {
	g := mastermind.Game{Positions: 2, Colors: 5}
	space, _ := mastermind.NewSpace(g)
	n := space.Len()
	for _, maxDepth := range []int{0, 3} {
		c := optimal.NewCheckpoint(g, maxDepth)
		least := optimal.LeastTotals(space)
		for size := optimal.CheckpointMin; size <= n; size++ {
			// Every set of size codes: n choose size of them.
			var sets func(from int, set []byte)
			sets = func(from int, set []byte) {
				if len(set) == 2*size {
					for d := range max(1, maxDepth) {
						e := optimal.Entry{Set: string(set), Total: least[size]}
						if maxDepth > 0 {
							e.Depth, e.Total = d+1, infinite // infeasible: the longest total
						}
						c.Add(e)
					}
					return
				}
				for x := from; x < n; x++ {
					sets(x+1, binary.LittleEndian.AppendUint16(set, uint16(x)))
				}
			}
			sets(0, nil)
		}
		var b bytes.Buffer
		WriteCheckpoint(&b, c)
		size := b.Len()
		got, err := readCheckpointLimited(&b, "full.ckpt", space, maxDepth, 4e9)
		if err != nil || got.Len() != c.Len() {
			t.Errorf("max depth %d: the fullest checkpoint of %s (%d entries, %d bytes): %v", maxDepth, g, c.Len(), size, err)
		}
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
		_, err := readCheckpoint(&b, space, 0, nil)
		var ce *CheckpointError
		if !errors.As(err, &ce) || !ce.Damaged || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want a damaged checkpoint, %q", tt.name, err, tt.want)
		}
	}
	// The checkpoint as saved is read back whole.
	var b bytes.Buffer
	WriteCheckpoint(&b, saved)
	if c, err := readCheckpoint(&b, space, 0, nil); err != nil || c.Len() != saved.Len() {
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
