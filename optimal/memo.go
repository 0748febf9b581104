package optimal

import (
	"bufio"
	"errors"
	"fmt"
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
// A memo is safe for concurrent use.
type memo struct {
	mu     sync.Mutex
	young  map[memoKey]memoEntry
	old    map[memoKey]memoEntry
	bytes  int64 // an estimate of the young generation's size
	budget int64 // of both generations; 0 for no limit
	// dropped counts the entries forgotten.
	dropped int64
}

// entryBytes estimates what an entry of a set of n candidates costs: its
// key's bytes, rounded up as the allocator does, and its slot in a map
// (key, value and control byte, with the map up to half empty after it
// doubles).
func entryBytes(keyBytes int) int64 {
	return int64((keyBytes+15)&^15) + 96
}

func newMemo(budget int64) *memo {
	return &memo{young: map[memoKey]memoEntry{}, old: map[memoKey]memoEntry{}, budget: budget}
}

// get returns what the memo knows of a set.
func (m *memo) get(key memoKey) (memoEntry, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lookup(key)
}

// lookup is get, the memo locked: an entry found in the old generation
// moves to the young one.
func (m *memo) lookup(key memoKey) (memoEntry, bool) {
	if e, ok := m.young[key]; ok {
		return e, true
	}
	e, ok := m.old[key]
	if ok {
		delete(m.old, key)
		m.add(key, e)
	}
	return e, ok
}

// put records an exact total, or a lower bound better than the one known.
func (m *memo) put(key memoKey, e memoEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.lookup(key)
	switch {
	case !ok:
		m.add(key, e)
	case !old.exact && (e.exact || e.total > old.total):
		m.young[key] = e
	}
}

// add puts a new entry in the young generation, starting a new one when it
// is full.
func (m *memo) add(key memoKey, e memoEntry) {
	if m.budget > 0 && m.bytes >= m.budget/2 {
		m.dropped += int64(len(m.old))
		m.old, m.young, m.bytes = m.young, make(map[memoKey]memoEntry, len(m.young)), 0
	}
	m.young[key] = e
	m.bytes += entryBytes(len(key.set))
}

// len returns how many sets the memo holds.
func (m *memo) len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.young) + len(m.old)
}

// each calls fn with every entry, the memo locked.
func (m *memo) each(fn func(memoKey, memoEntry)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, e := range m.old {
		if _, ok := m.young[k]; !ok {
			fn(k, e)
		}
	}
	for k, e := range m.young {
		fn(k, e)
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
