package optimal

import (
	"hash/maphash"
	"sync"
)

// A memo holds what the search has proven of the sets of candidates it
// has met (see memoEntry), within a budget of bytes. It forgets in two
// generations: entries go into the young one; when that holds half the
// budget, the old one is dropped and the young one becomes old. An entry
// found in the old generation moves back to the young one, so that what
// is dropped is what has not been used for the longest: the sets met in
// one branch of the search and not since, most of them small, and cheap
// to search again. A forgotten set costs a search, never a wrong answer:
// every entry is a proven result, and the tree does not depend on what is
// remembered (see build).
//
// A set's key is its candidates' bytes followed by a byte of the depth
// left (see solver.key); a lookup with a key in a caller's buffer
// allocates nothing. The memo is split by the keys' hashes into shards,
// each with its own lock and generations (and an equal share of the
// budget), so that the processors seldom wait for one another.
//
// A memo is safe for concurrent use.
type memo struct {
	seed   maphash.Seed
	shards [memoShards]memoShard
	budget int64 // of all the shards; 0 for no limit
}

// memoShards is how many shards a memo has.
const memoShards = 64

// A memoShard is one share of a memo.
type memoShard struct {
	mu    sync.Mutex
	young map[string]memoEntry
	old   map[string]memoEntry
	bytes int64 // an estimate of the young generation's size
	kept  int64 // the same of the large sets kept in the old one (see add)
	// dropped counts the entries forgotten.
	dropped int64
	_       [64]byte // its own cache line, away from the next shard's lock
}

// A memoKey is a memo's key taken apart, for checkpoints.
type memoKey struct {
	set   string // the candidates, as solver.key writes them
	depth int
}

// join returns the memo's key of k.
func (k memoKey) join() []byte {
	return append([]byte(k.set), byte(k.depth))
}

// splitKey takes a memo's key apart.
func splitKey(key string) memoKey {
	return memoKey{set: key[:len(key)-1], depth: int(key[len(key)-1])}
}

// entryBytes estimates what an entry of a set of n candidates costs: its
// key's bytes, rounded up as the allocator does, and its slot in a map
// (key, value and control byte, with the map up to half empty after it
// doubles).
func entryBytes(keyBytes int) int64 {
	return int64((keyBytes+15)&^15) + 96
}

func newMemo(budget int64) *memo {
	m := &memo{seed: maphash.MakeSeed(), budget: budget}
	for i := range m.shards {
		m.shards[i].young, m.shards[i].old = map[string]memoEntry{}, map[string]memoEntry{}
	}
	return m
}

// shard returns the shard of a key.
func (m *memo) shard(key []byte) *memoShard {
	return &m.shards[maphash.Bytes(m.seed, key)%memoShards]
}

// get returns what the memo knows of a set.
func (m *memo) get(key []byte) (memoEntry, bool) {
	sh := m.shard(key)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.lookup(key, m.budget/memoShards)
}

// lookup is get, the shard locked: an entry found in the old generation
// moves to the young one.
func (sh *memoShard) lookup(key []byte, budget int64) (memoEntry, bool) {
	if e, ok := sh.young[string(key)]; ok {
		return e, true
	}
	e, ok := sh.old[string(key)]
	if ok {
		delete(sh.old, string(key))
		sh.add(key, e, budget)
	}
	return e, ok
}

// put records an exact total, or a lower bound better than the one known.
func (m *memo) put(key []byte, e memoEntry) {
	sh := m.shard(key)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	budget := m.budget / memoShards
	old, ok := sh.lookup(key, budget)
	switch {
	case !ok:
		sh.add(key, e, budget)
	case !old.exact && (e.exact || e.total > old.total):
		sh.young[string(key)] = e
	}
}

// add puts a new entry in the young generation, starting a new one when it
// holds half the shard's budget less what the old one kept. The old generation's large sets (those a
// checkpoint keeps) pass into the next old one, up to a share of the
// budget, rather than being dropped: they are few and the dearest to
// prove again. A proof that raises a bound step by step (see raise) meets
// its large sets once a step, minutes apart, and would find none of them
// otherwise (6 of 7 distinct's checkpoint after 45 minutes held none of the
// parts of the first guess).
func (sh *memoShard) add(key []byte, e memoEntry, budget int64) {
	if budget > 0 && sh.bytes+sh.kept >= budget/2 {
		kept := int64(0)
		for k, e := range sh.old {
			if b := entryBytes(len(k)); len(k) > 2*checkpointMin && kept+b <= budget/memoKeepShare {
				if _, ok := sh.young[k]; !ok {
					sh.young[k] = e
					kept += b
				}
				delete(sh.old, k)
			}
		}
		sh.dropped += int64(len(sh.old))
		sh.old, sh.young, sh.bytes, sh.kept = sh.young, make(map[string]memoEntry, len(sh.young)), 0, kept
	}
	sh.young[string(key)] = e
	sh.bytes += entryBytes(len(key))
}

// memoKeepShare is the inverse of the share of a memo's budget that the
// large sets kept from one generation to the next may take.
const memoKeepShare = 8

// len returns how many sets the memo holds.
func (m *memo) len() int {
	n := 0
	for i := range m.shards {
		sh := &m.shards[i]
		sh.mu.Lock()
		n += len(sh.young) + len(sh.old)
		sh.mu.Unlock()
	}
	return n
}

// dropped returns how many entries the memo has forgotten.
func (m *memo) dropped() int64 {
	n := int64(0)
	for i := range m.shards {
		sh := &m.shards[i]
		sh.mu.Lock()
		n += sh.dropped
		sh.mu.Unlock()
	}
	return n
}

// each calls fn with every entry, a shard at a time, that shard locked.
func (m *memo) each(fn func(memoKey, memoEntry)) {
	for i := range m.shards {
		sh := &m.shards[i]
		sh.mu.Lock()
		for k, e := range sh.old {
			if _, ok := sh.young[k]; !ok {
				fn(splitKey(k), e)
			}
		}
		for k, e := range sh.young {
			fn(splitKey(k), e)
		}
		sh.mu.Unlock()
	}
}

// memoShare is the share of a search's memory budget (Options.Memory)
// left to the memo once the outcome table is counted: the rest is for the
// sets being searched, and for the garbage collector's room.
const memoShare = 0.5

// memoBudget returns the memo's budget of a search of memory bytes in all
// (0 for no limit) whose outcome table takes tableBytes.
func memoBudget(memory, tableBytes int64) int64 {
	if memory <= 0 {
		return 0
	}
	return max(int64(memoShare*float64(memory-tableBytes)), memoMin)
}

// memoMin is the least budget of a memo that has one. (A variable for the
// tests.)
var memoMin int64 = 16 << 20
