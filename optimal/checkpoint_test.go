package optimal

import (
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestResumeKeepsLargeSets loads a checkpoint into a memo with room for a
// fraction of it: the largest sets, the dearest to prove again, are kept.
func TestResumeKeepsLargeSets(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	c := NewCheckpoint(s.Game(), 0)
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
	if err := sv.memo.resume(c, sv.game, sv.maxDepth); err != nil {
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
