package optimal

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

// UseCheckpoint saves to a file that does not exist yet, and refuses a
// file that is not a checkpoint, leaving it as it is.
func TestUseCheckpoint(t *testing.T) {
	space, err := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var opt Options
	if err := opt.UseCheckpoint(filepath.Join(dir, "new"), space, time.Second); err != nil {
		t.Fatalf("UseCheckpoint(a new file): %v", err)
	}
	if opt.Save == nil || opt.Resume != nil || opt.SaveEvery != time.Second {
		t.Errorf("UseCheckpoint(a new file): Save %v, Resume %v, SaveEvery %v; want a Save, no Resume, 1s", opt.Save != nil, opt.Resume, opt.SaveEvery)
	}
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("not a checkpoint"), 0o644); err != nil {
		t.Fatal(err)
	}
	opt = Options{}
	err = opt.UseCheckpoint(bad, space, time.Second)
	var ce *CheckpointError
	if !errors.As(err, &ce) || opt.Save != nil {
		t.Errorf("UseCheckpoint(not a checkpoint) = %v, Save set %v; want a *CheckpointError and no Save", err, opt.Save != nil)
	}
	if b, _ := os.ReadFile(bad); string(b) != "not a checkpoint" {
		t.Errorf("UseCheckpoint changed the file that is not a checkpoint: %q", b)
	}
}

// TestResumeKeepsLargeSets loads a checkpoint into a memo with room for a
// fraction of it: the largest sets, the dearest to prove again, are kept.
func TestResumeKeepsLargeSets(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Presets()["classic"])
	c := &Checkpoint{game: s.Game(), entries: map[memoKey]memoEntry{}}
	var kb keyBuffer
	sv := newSolver(s, 0)
	for size := checkpointMin; size <= 200; size++ {
		for start := range 20 {
			cands := make([]int32, size)
			for i := range cands {
				cands[i] = int32(start + i)
			}
			key := sv.key(&kb, cands, 0)
			c.entries[memoKey{set: string(key[:len(key)-1])}] = memoEntry{total: size}
		}
	}
	// Room for about the 20 sets of each of the 30 largest sizes.
	sv.memo.budget = 2 * 30 * 20 * entryBytes(2*200+1)
	if err := sv.resume(c); err != nil {
		t.Fatal(err)
	}
	// A sixth of the room: the memo's shards (by a hash of random seed) fill
	// unevenly, and with a third a shard overflowed in 3% of the runs.
	for size := 196; size <= 200; size++ {
		for start := range 20 {
			cands := make([]int32, size)
			for i := range cands {
				cands[i] = int32(start + i)
			}
			if _, ok := sv.recall(sv.key(&kb, cands, 0)); !ok {
				t.Fatalf("a set of %d candidates was forgotten on resume (memo of %d sets)", size, sv.memo.len())
			}
		}
	}
	if n := sv.memo.len(); n >= len(c.entries) {
		t.Fatalf("the memo kept all %d sets: the test needs less room", n)
	}
}
