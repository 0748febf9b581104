package optimal

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode"
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
// budget), so that the processors seldom wait for one another. A
// generation holds no pointers (see memoGen), so that the garbage
// collector has nothing in it to scan.
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
	young memoGen
	old   memoGen
	bytes int64 // an estimate of the young generation's size
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
// key's bytes, rounded up, and its slot in a generation (see memoSlot:
// 40 bytes, in a table between three eighths and three quarters full).
// It is also the estimate of an entry of a map keyed by strings (see
// solver.feasible): the key's bytes rounded up as the allocator does, and
// its slot (key, value and control byte, with the map up to half empty
// after it doubles).
func entryBytes(keyBytes int) int64 {
	return int64((keyBytes+15)&^15) + 96
}

func newMemo(budget int64) *memo {
	return &memo{seed: maphash.MakeSeed(), budget: budget}
}

// hash returns a key's hash; its low bits choose the shard.
func (m *memo) hash(key []byte) uint64 {
	return maphash.Bytes(m.seed, key)
}

// get returns what the memo knows of a set.
func (m *memo) get(key []byte) (memoEntry, bool) {
	h := m.hash(key)
	sh := &m.shards[h%memoShards]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	i, ok := sh.lookup(h, key, m.budget/memoShards)
	if !ok {
		return memoEntry{}, false
	}
	return sh.young.slots[i].entry, true
}

// lookup returns the slot of a key in the young generation, and whether it
// is there: an entry found in the old generation moves to the young one.
func (sh *memoShard) lookup(h uint64, key []byte, budget int64) (int, bool) {
	if i, ok := sh.young.find(h, key); ok {
		return i, true
	}
	i, ok := sh.old.find(h, key)
	if !ok {
		return 0, false
	}
	e := sh.old.slots[i].entry
	sh.old.remove(i)
	return sh.add(h, key, e, budget), true
}

// put records an exact total, or a lower bound better than the one known.
func (m *memo) put(key []byte, e memoEntry) {
	h := m.hash(key)
	sh := &m.shards[h%memoShards]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	budget := m.budget / memoShards
	i, ok := sh.lookup(h, key, budget)
	if !ok {
		sh.add(h, key, e, budget)
		return
	}
	if old := &sh.young.slots[i].entry; !old.exact && (e.exact || e.total > old.total) {
		*old = e
	}
}

// add puts a new entry in the young generation, starting a new one when it
// holds half the shard's budget, and returns its slot.
func (sh *memoShard) add(h uint64, key []byte, e memoEntry, budget int64) int {
	if budget > 0 && sh.bytes >= budget/2 {
		sh.dropped += int64(sh.old.used)
		size := len(sh.young.slots)
		sh.old, sh.young, sh.bytes = sh.young, memoGen{}, 0
		sh.young.slots = make([]memoSlot, size) // as many sets as the last
	}
	sh.bytes += entryBytes(len(key))
	return sh.young.insert(h, key, e)
}

// len returns how many sets the memo holds.
func (m *memo) len() int {
	n := 0
	for i := range m.shards {
		sh := &m.shards[i]
		sh.mu.Lock()
		n += sh.young.used + sh.old.used
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
		sh.old.each(fn)
		sh.young.each(fn)
		sh.mu.Unlock()
	}
}

// A memoGen is a generation of a memo's shard: a hash table, open and
// probed in line, whose slots hold each key's place in chunks of bytes
// rather than a string. Neither holds a pointer, so that the garbage
// collector does not scan them: with a map of string keys, an object per
// set, marking 6 of 7 distinct's memo of 7 GB took a third of the CPU of
// --prove (perf).
type memoGen struct {
	slots  []memoSlot // a power of 2 of them, or none
	used   int        // slots that hold an entry
	chunks [][]byte   // the keys' bytes
}

// A memoSlot is a slot of a memoGen: empty (n == 0), an entry, or an entry
// moved to the young generation (gone), which the probes pass over.
type memoSlot struct {
	hash       uint64
	chunk, off uint32 // where the key is
	n          uint32 // the key's bytes
	gone       bool
	entry      memoEntry
}

// memoChunk is the largest size of a generation's chunks of keys; a longer
// key has a chunk of its own.
const memoChunk = 1 << 20

// find returns the slot of key, and whether it holds it: if not, the empty
// slot where it would go, or -1 if there are no slots.
func (g *memoGen) find(h uint64, key []byte) (int, bool) {
	if len(g.slots) == 0 {
		return -1, false
	}
	mask := len(g.slots) - 1
	for i := int(h/memoShards) & mask; ; i = (i + 1) & mask {
		s := &g.slots[i]
		switch {
		case s.n == 0:
			return i, false
		case s.hash == h && !s.gone && int(s.n) == len(key) && bytes.Equal(g.key(s), key):
			return i, true
		}
	}
}

// key returns the key of a slot.
func (g *memoGen) key(s *memoSlot) []byte {
	return g.chunks[s.chunk][s.off : s.off+s.n]
}

// insert adds an entry of a key it does not hold and returns its slot.
func (g *memoGen) insert(h uint64, key []byte, e memoEntry) int {
	if 4*(g.used+1) > 3*len(g.slots) {
		g.grow()
	}
	i, _ := g.find(h, key)
	c := len(g.chunks) - 1
	if c < 0 || len(g.chunks[c])+len(key) > cap(g.chunks[c]) {
		size := 4 << 10 // doubling up to memoChunk: small memos stay small
		if c >= 0 {
			size = min(2*cap(g.chunks[c]), memoChunk)
		}
		g.chunks = append(g.chunks, make([]byte, 0, max(size, len(key))))
		c++
	}
	off := len(g.chunks[c])
	g.chunks[c] = append(g.chunks[c], key...)
	g.slots[i] = memoSlot{hash: h, chunk: uint32(c), off: uint32(off), n: uint32(len(key)), entry: e}
	g.used++
	return i
}

// grow doubles the slots (to 64 at first), leaving out those gone.
func (g *memoGen) grow() {
	old := g.slots
	g.slots = make([]memoSlot, max(64, 2*len(old)))
	mask := len(g.slots) - 1
	for _, s := range old {
		if s.n == 0 || s.gone {
			continue
		}
		i := int(s.hash/memoShards) & mask
		for g.slots[i].n != 0 {
			i = (i + 1) & mask
		}
		g.slots[i] = s
	}
}

// remove marks slot i's entry gone.
func (g *memoGen) remove(i int) {
	g.slots[i].gone = true
	g.used--
}

// each calls fn with every entry.
func (g *memoGen) each(fn func(memoKey, memoEntry)) {
	for i := range g.slots {
		if s := &g.slots[i]; s.n != 0 && !s.gone {
			fn(splitKey(string(g.key(s))), s.entry)
		}
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

// Memory is an amount of memory in bytes, as a flag: a number with an
// optional unit, "B", "KB", "MB", "GB", "TB" (powers of 1000) or "KiB",
// "MiB", "GiB", "TiB" (powers of 1024), as in 1GB or 1.5GiB.
type Memory int64

// Set parses s into m.
func (m *Memory) Set(s string) error {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return unicode.IsLetter(r) })
	num, unit := t, ""
	if i >= 0 {
		num, unit = strings.TrimSpace(t[:i]), t[i:]
	}
	units := map[string]float64{"": 1, "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
		"KIB": 1 << 10, "MIB": 1 << 20, "GIB": 1 << 30, "TIB": 1 << 40}
	mult, ok := units[strings.ToUpper(unit)]
	v, err := strconv.ParseFloat(num, 64)
	switch {
	case !ok || err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		return errors.New("want a size such as 1GB or 512MiB")
	case v*mult < 64<<20 || v*mult > 1<<50:
		return errors.New("want a size between 64MiB and 1PiB")
	}
	*m = Memory(v * mult)
	return nil
}

// String formats m in MB, or GB from 10 GB.
func (m *Memory) String() string {
	if *m >= 10e9 {
		return strconv.FormatFloat(float64(*m)/1e9, 'f', -1, 64) + "GB"
	}
	return strconv.FormatFloat(math.Round(float64(*m)/1e6), 'f', -1, 64) + "MB"
}

// DefaultMemory is a search's memory budget when none is given: half the
// machine's memory (from /proc/meminfo), or 4 GB where that is unknown.
func DefaultMemory() Memory {
	total, err := machineMemory()
	if err != nil {
		return 4e9
	}
	return Memory(total / 2)
}

// machineMemory reads the machine's memory from /proc/meminfo.
func machineMemory() (int64, error) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var kb int64
		if _, err := fmt.Sscanf(sc.Text(), "MemTotal: %d kB", &kb); err == nil && kb > 0 {
			return kb << 10, nil
		}
	}
	return 0, errors.New("no MemTotal in /proc/meminfo")
}
