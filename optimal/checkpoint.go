package optimal

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// A Checkpoint holds the proven results of a search of one game: for sets of
// candidates it has searched, their exact optimal total and guess, or a
// lower bound on their total. A search given a checkpoint (Options.Resume)
// starts from those results instead of computing them again, and reaches
// the same optimum and tree as a search from scratch: the tree depends only
// on the game and the depth limit, never on the order of the work.
//
// Only sets of at least checkpointMin candidates are kept: the smaller
// ones cost less to search again than to store.
type Checkpoint struct {
	game     mastermind.Game
	maxDepth int // 0 for no limit
	entries  map[memoKey]memoEntry
}

// checkpointMin is the fewest candidates of a set a checkpoint keeps.
const checkpointMin = 24

// checkpointMagic starts every checkpoint file; the digit is the version.
const checkpointMagic = "mastermind-optimal-checkpoint 1\n"

// WriteTo writes the checkpoint in its binary form: the magic line, the
// game and the depth limit, the entries (each set as its candidates' indices
// in the space), and a CRC-32 of all that.
func (c *Checkpoint) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	buf.WriteString(checkpointMagic)
	put := func(v uint64) { buf.Write(binary.AppendUvarint(nil, v)) }
	d := uint64(0)
	if c.game.Distinct {
		d = 1
	}
	put(uint64(c.game.Positions))
	put(uint64(c.game.Colors))
	put(d)
	put(uint64(c.maxDepth))
	put(uint64(len(c.entries)))
	for k, e := range c.entries {
		put(uint64(len(k.set) / 2))
		buf.WriteString(k.set)
		put(uint64(k.depth))
		put(uint64(e.total))
		if e.exact {
			put(uint64(e.guess) + 1)
		} else {
			put(0)
		}
	}
	sum := crc32.ChecksumIEEE(buf.Bytes())
	buf.Write(binary.BigEndian.AppendUint32(nil, sum))
	return buf.WriteTo(w)
}

// A CheckpointError says why a checkpoint cannot be used: it is not one,
// it is damaged, or it is of another game or depth limit.
type CheckpointError struct {
	Name    string // the file, if known
	Damaged bool   // whether it is a checkpoint, damaged
	Reason  string
}

func (e *CheckpointError) Error() string {
	switch {
	case e.Damaged && e.Name != "":
		return "damaged checkpoint " + e.Name + ": " + e.Reason
	case e.Damaged:
		return "damaged checkpoint: " + e.Reason
	case e.Name != "":
		return e.Name + ": " + e.Reason
	}
	return "checkpoint: " + e.Reason
}

// readCheckpoint reads a checkpoint written by WriteTo for a search of the
// space within maxDepth guesses (0 for no limit). It checks the checksum,
// the game, the depth limit and every entry against the space, and returns
// a *CheckpointError if anything is wrong: a set that is not one of the
// game's codes, a depth beyond the search's, a guess that is no code, an
// optimal total below the least any strategy reaches on a set that size
// (or with that first guess), an "infeasible" bound where every set is
// feasible (no depth limit) or a bound beyond what a strategy of guessing
// each candidate in turn reaches. The checksum is no signature: totals
// edited upwards, within those bounds, cannot be seen.
func readCheckpoint(r io.Reader, s *mastermind.Space, maxDepth int) (*Checkpoint, error) {
	br := bufio.NewReader(r)
	bad := func(format string, args ...any) error {
		return &CheckpointError{Reason: fmt.Sprintf(format, args...)}
	}
	damaged := func(format string, args ...any) error {
		return &CheckpointError{Damaged: true, Reason: fmt.Sprintf(format, args...)}
	}
	if magic, _ := br.Peek(len(checkpointMagic)); string(magic) != checkpointMagic {
		return nil, bad("not a checkpoint of mastermind optimal")
	}
	data, err := io.ReadAll(br)
	if err != nil {
		return nil, err
	}
	if len(data) < len(checkpointMagic)+4 {
		return nil, damaged("truncated")
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, damaged("its checksum does not match (truncated or changed)")
	}
	in := body[len(checkpointMagic):]
	var failed bool
	get := func() uint64 {
		v, n := binary.Uvarint(in)
		if n <= 0 {
			failed = true
			return 0
		}
		in = in[n:]
		return v
	}
	g := mastermind.Game{Positions: int(get()), Colors: int(get()), Distinct: get() == 1}
	depth := int(get())
	if failed {
		return nil, damaged("its header")
	}
	if g != s.Game() {
		return nil, bad("it is for %v, not for %v", g, s.Game())
	}
	if depth != maxDepth {
		return nil, bad("it is for --max-depth %d, not %d", depth, maxDepth)
	}
	c := &Checkpoint{game: g, maxDepth: depth, entries: map[memoKey]memoEntry{}}
	ck := entryChecker{s: s, maxDepth: depth}
	count := get()
	for i := uint64(0); i < count && !failed; i++ {
		n := get()
		if failed || n > uint64(s.Len()) || uint64(len(in)) < 2*n {
			return nil, damaged("entry %d", i+1)
		}
		set := in[:2*n]
		in = in[2*n:]
		d, total, guess := get(), get(), get()
		if failed || guess > uint64(s.Len()) || total > infinite || d > 255 {
			return nil, damaged("entry %d", i+1)
		}
		e := memoEntry{total: int(total), exact: guess > 0, guess: int32(guess) - 1}
		if !e.exact {
			e.guess = 0
		}
		if err := ck.check(set, int(d), e); err != nil {
			return nil, damaged("entry %d: %v", i+1, err)
		}
		c.entries[memoKey{set: string(set), depth: int(d)}] = e
	}
	if failed || len(in) != 0 {
		return nil, damaged("its entries")
	}
	return c, nil
}

// An entryChecker checks the entries of a checkpoint read: what can be
// checked without searching.
type entryChecker struct {
	s        *mastermind.Space
	maxDepth int   // 0 for no limit
	least    []int // least[n]: a lower bound on the total of n codes (see bounds)
	cands    []int32
	sizes    []int
}

func (ck *entryChecker) check(set []byte, depth int, e memoEntry) error {
	n := len(set) / 2
	ck.cands = ck.cands[:0]
	prev := -1
	for j := 0; j < len(set); j += 2 {
		x := int(binary.LittleEndian.Uint16(set[j:]))
		if x <= prev || x >= ck.s.Len() {
			return errors.New("not a set of codes of the game")
		}
		prev = x
		ck.cands = append(ck.cands, int32(x))
	}
	// A search without a depth limit keys its sets with depth 0.
	switch {
	case ck.maxDepth == 0 && depth != 0:
		return fmt.Errorf("%d guesses left in a search without a depth limit", depth)
	case ck.maxDepth > 0 && (depth < 1 || depth > ck.maxDepth):
		return fmt.Errorf("%d guesses left, want 1 to %d", depth, ck.maxDepth)
	case ck.maxDepth == 0:
		depth = n // no limit: as many guesses as codes
	}
	if ck.least == nil {
		ck.least, _ = leastTotals(ck.s, ck.s.Len())
	}
	// Guessing each candidate in turn finds every one within n guesses,
	// n(n+1)/2 in all: no set of n within n guesses costs more.
	turns := n * (n + 1) / 2
	switch {
	case e.total >= infinite && (e.exact || depth >= n):
		return fmt.Errorf("%d codes within %d guesses marked infeasible", n, depth)
	case e.exact && e.total < ck.least[n]:
		return fmt.Errorf("an optimal total of %d for %d codes, below the least any strategy reaches (%d)", e.total, n, ck.least[n])
	case e.total < infinite && depth >= n && e.total > turns:
		return fmt.Errorf("a total of %d for %d codes, above the %d of guessing each in turn", e.total, n, turns)
	}
	if !e.exact {
		return nil
	}
	// The total of a guess: the codes, and each part's least total.
	if int(e.guess) >= ck.s.Len() {
		return fmt.Errorf("guess %d is not a code of the game", e.guess)
	}
	if ck.sizes == nil {
		ck.sizes = make([]int, ck.s.Game().Outcomes())
	}
	clear(ck.sizes)
	solved := int(ck.s.Game().Solved())
	for _, x := range ck.cands {
		ck.sizes[ck.s.Outcome(int(x), int(e.guess))]++
	}
	floor := n
	for o, k := range ck.sizes {
		if o != solved {
			floor += ck.least[k]
		}
	}
	if e.total < floor {
		return fmt.Errorf("an optimal total of %d for %d codes, below the least its guess %v reaches (%d)", e.total, n, ck.s.Code(int(e.guess)), floor)
	}
	return nil
}

// snapshot returns a checkpoint of what the memo holds now.
func (sv *solver) snapshot() *Checkpoint {
	depth := sv.maxDepth
	if depth == tree.MaxDepth {
		depth = 0
	}
	c := &Checkpoint{game: sv.game, maxDepth: depth, entries: map[memoKey]memoEntry{}}
	sv.memo.each(func(k memoKey, e memoEntry) {
		if len(k.set) >= 2*checkpointMin {
			if e.guess < 0 { // a twin's total (see memoKey): no guess to keep
				e = memoEntry{total: e.total}
			}
			c.entries[k] = e
		}
	})
	return c
}

// resume loads a checkpoint into the memo.
func (sv *solver) resume(c *Checkpoint) error {
	depth := sv.maxDepth
	if depth == tree.MaxDepth {
		depth = 0
	}
	if c.game != sv.game || c.maxDepth != depth {
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
		sv.memo.put(k.join(), c.entries[k])
	}
	return nil
}
