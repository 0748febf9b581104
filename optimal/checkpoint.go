package optimal

import (
	"cmp"
	"errors"
	"iter"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// A Checkpoint holds the proven results of a search of one game: for sets of
// candidates it has searched, their exact optimal total and guess, or a
// lower bound on their total. A search given a checkpoint (Options.Resume)
// starts from those results instead of computing them again, and reaches
// the same optimum and tree as a search from scratch: the tree depends only
// on the game and the depth limit, never on the order of the work. Package
// optimal/shard writes and reads checkpoint files.
//
// Only sets of at least checkpointMin candidates are kept: the smaller
// ones cost less to search again than to store.
type Checkpoint struct {
	Game     mastermind.Game // of its search
	MaxDepth int             // of its search, 0 for no limit
	entries  map[memoKey]memoEntry
}

// An Entry is a result a checkpoint holds.
type Entry struct {
	// Set is the set of candidates: their indices in the space, ascending,
	// two bytes each, little-endian.
	Set   string
	Depth int  // the guesses left, 0 for no limit
	Total int  // the set's optimal total if Exact, else a lower bound
	Exact bool // whether Total is the optimum, reached by Guess
	Guess int32
}

// NewCheckpoint returns an empty checkpoint of a search of game g within
// maxDepth guesses (0 for no limit).
func NewCheckpoint(g mastermind.Game, maxDepth int) *Checkpoint {
	return &Checkpoint{Game: g, MaxDepth: maxDepth, entries: map[memoKey]memoEntry{}}
}

// Len returns the number of entries.
func (c *Checkpoint) Len() int { return len(c.entries) }

// Add adds an entry (checked by its reader: see optimal/shard).
func (c *Checkpoint) Add(e Entry) {
	c.entries[memoKey{set: e.Set, depth: e.Depth}] = memoEntry{total: e.Total, exact: e.Exact, guess: e.Guess}
}

// Entries returns the entries, in no order.
func (c *Checkpoint) Entries() iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		for k, e := range c.entries {
			if !yield(Entry{Set: k.set, Depth: k.depth, Total: e.total, Exact: e.exact, Guess: e.guess}) {
				return
			}
		}
	}
}

// checkpointMin is the fewest candidates of a set a checkpoint keeps.
const checkpointMin = 24

// CheckpointMin is the fewest candidates of a set a checkpoint keeps: a
// game of fewer codes has checkpoints with no entry, which bounds what its
// checkpoint files may hold (package optimal/shard).
const CheckpointMin = checkpointMin

// snapshot returns a checkpoint of what the memo holds now.
func (sv *solver) snapshot() *Checkpoint { return sv.memo.snapshot(sv.game, sv.maxDepth) }

// checkpointDepth returns the depth limit a checkpoint of a search within
// maxDepth guesses records: 0 for none (tree.MaxDepth).
func checkpointDepth(maxDepth int) int {
	if maxDepth == tree.MaxDepth {
		return 0
	}
	return maxDepth
}

// snapshot returns a checkpoint of what the memo of a search of game g
// within maxDepth guesses holds now.
func (m *memo) snapshot(g mastermind.Game, maxDepth int) *Checkpoint {
	c := NewCheckpoint(g, checkpointDepth(maxDepth))
	m.each(func(k memoKey, e memoEntry) {
		if len(k.set) >= 2*checkpointMin {
			if e.guess < 0 { // a twin's total (see memoKey): no guess to keep
				e = memoEntry{total: e.total}
			}
			c.entries[k] = e
		}
	})
	return c
}

// resume loads a checkpoint into the memo of a search of game g within
// maxDepth guesses.
func (m *memo) resume(c *Checkpoint, g mastermind.Game, maxDepth int) error {
	if c.Game != g || c.MaxDepth != checkpointDepth(maxDepth) {
		return errors.New("optimal: the checkpoint is of another search")
	}
	// The largest sets last: a memo with less room than the search that
	// saved the checkpoint forgets the sets put first, and the large ones
	// cost most to prove again (see TestResumeKeepsLargeSets).
	keys := make([]memoKey, 0, len(c.entries))
	for k := range c.entries {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b memoKey) int { return cmp.Compare(len(a.set), len(b.set)) })
	for _, k := range keys {
		m.put(k.join(), c.entries[k])
	}
	return nil
}
