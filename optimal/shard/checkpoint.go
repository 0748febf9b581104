package shard

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
)

// checkpointMagic starts every checkpoint file; the digit is the version.
const checkpointMagic = "mastermind-optimal-checkpoint 1\n"

// WriteCheckpoint writes the checkpoint in its binary form: the magic
// line, the game and the depth limit, the entries (each set as its
// candidates' indices in the space), and a CRC-32 of all that.
func WriteCheckpoint(w io.Writer, c *optimal.Checkpoint) (int64, error) {
	var buf bytes.Buffer
	buf.WriteString(checkpointMagic)
	put := func(v uint64) { buf.Write(binary.AppendUvarint(nil, v)) }
	g := c.Game
	// The game's repeats and its answer rule share a number: 0 or 1 for
	// black-white games (as before the rules), 2 + the repeats' bit for
	// black, 4 + it for slots.
	d := uint64(g.Rule) << 1
	if g.Distinct {
		d |= 1
	}
	put(uint64(g.Positions))
	put(uint64(g.Colors))
	put(d)
	put(uint64(c.MaxDepth))
	put(uint64(c.Len()))
	for e := range c.Entries() {
		put(uint64(len(e.Set) / 2))
		buf.WriteString(e.Set)
		put(uint64(e.Depth))
		put(uint64(e.Total))
		if e.Exact {
			put(uint64(e.Guess) + 1)
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
//
// It reads as it goes, holding only the entries: a file that is no
// checkpoint of this search (another game, garbage after the first line,
// a set again) is refused at its first wrong byte, not read to its end.
// If limit is not nil, a file whose header claims more entries than fit
// in limit.Limit bytes is refused at its header with limit (the reader
// given bounds the rest: see readCheckpointLimited).
func readCheckpoint(r io.Reader, s *mastermind.Space, maxDepth int, limit *LimitError) (*optimal.Checkpoint, error) {
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
	in := &summing{r: br}
	br.Discard(len(checkpointMagic))
	in.sum = crc32.ChecksumIEEE([]byte(checkpointMagic))
	// failed is the first error reading: the end of the file, a number
	// too long, or a fault of the file's reader (a damaged gzip, a bound
	// passed: in.err), returned as it is.
	var failed error
	fail := func(what string, args ...any) error {
		switch {
		case in.err != nil:
			return in.err
		case errors.Is(failed, io.EOF), errors.Is(failed, io.ErrUnexpectedEOF):
			return damaged("truncated")
		}
		return damaged(what, args...)
	}
	get := func() uint64 {
		if failed != nil {
			return 0
		}
		v, err := binary.ReadUvarint(in)
		failed = err
		return v
	}
	g := mastermind.Game{Positions: int(get()), Colors: int(get())}
	kind := get()
	g.Distinct, g.Rule = kind&1 == 1, mastermind.Rule(kind>>1)
	depth := int(get())
	if failed != nil || kind>>1 >= uint64(len(mastermind.Rules())) || g.Validate() != nil {
		return nil, fail("its header")
	}
	if g != s.Game() {
		return nil, bad("it is for %v, not for %v", g, s.Game())
	}
	if depth != maxDepth {
		return nil, bad("it is for --max-depth %d, not %d", depth, maxDepth)
	}
	c := optimal.NewCheckpoint(g, depth)
	ck := entryChecker{s: s, maxDepth: depth}
	count := get()
	if failed != nil {
		return nil, fail("its header")
	}
	if limit != nil && float64(count)*minEntryBytes > float64(limit.Limit) {
		return nil, limit
	}
	set := make([]byte, 0, 2*s.Len())
	for i := uint64(0); i < count; i++ {
		n := get()
		if failed != nil || n > uint64(s.Len()) {
			return nil, fail("entry %d", i+1)
		}
		set = set[:2*n]
		if _, failed = io.ReadFull(in, set); failed != nil {
			return nil, fail("entry %d", i+1)
		}
		d, total, guess := get(), get(), get()
		if failed != nil || guess > uint64(s.Len()) || total > infinite || d > 255 {
			return nil, fail("entry %d", i+1)
		}
		e := optimal.Entry{Set: string(set), Depth: int(d), Total: int(total), Exact: guess > 0, Guess: int32(guess) - 1}
		if !e.Exact {
			e.Guess = 0
		}
		if err := ck.check(set, e.Depth, e); err != nil {
			return nil, damaged("entry %d: %v", i+1, err)
		}
		if c.Add(e); c.Len() != int(i+1) {
			return nil, damaged("entry %d: a set and depth of an entry before", i+1)
		}
	}
	want := in.sum
	var sum [4]byte
	if _, failed = io.ReadFull(in, sum[:]); failed != nil {
		return nil, fail("its checksum")
	}
	if want != binary.BigEndian.Uint32(sum[:]) {
		return nil, damaged("its checksum does not match (truncated or changed)")
	}
	if _, failed = io.ReadFull(in, sum[:1]); failed != io.EOF {
		return nil, fail("more after its checksum")
	}
	return c, nil
}

// A summing reader reads r, adding what it reads to its CRC-32, sum.
type summing struct {
	r   *bufio.Reader
	sum uint32
	err error // the last error of r but io.EOF
	b   [1]byte
}

func (s *summing) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.sum = crc32.Update(s.sum, crc32.IEEETable, p[:n])
	if err != nil && err != io.EOF {
		s.err = err
	}
	return n, err
}

func (s *summing) ReadByte() (byte, error) {
	b, err := s.r.ReadByte()
	if err != nil {
		if err != io.EOF {
			s.err = err
		}
		return 0, err
	}
	s.b[0] = b
	s.sum = crc32.Update(s.sum, crc32.IEEETable, s.b[:])
	return b, nil
}

// minEntryBytes is the fewest bytes of an entry: its size, its set of
// optimal.CheckpointMin codes, and three numbers.
const minEntryBytes = 1 + 2*optimal.CheckpointMin + 3

// maxCheckpointBytes returns the most bytes a checkpoint file of a search
// of the space within maxDepth guesses (0 for no limit) can hold, or most
// if that is less: its header and checksum, and an entry for each set of
// at least optimal.CheckpointMin codes (the smaller ones are not kept) at
// each depth (one without a limit), each entry at its longest. Games of
// fewer than 24 codes have checkpoints of a few dozen bytes; from about
// 40 codes the sets are too many and most bounds it.
func maxCheckpointBytes(s *mastermind.Space, maxDepth int, most int64) int64 {
	const header = len(checkpointMagic) + 5*binary.MaxVarintLen64 + 4
	depths := max(1, maxDepth)
	n := s.Len()
	total := float64(header)
	sets := 1.0 // C(n, k), from k = 0
	for k := 1; k <= n && total <= float64(most); k++ {
		sets = sets * float64(n-k+1) / float64(k)
		if k < optimal.CheckpointMin {
			continue
		}
		// Its size, the set, the depth (a byte), the total (at most
		// infinite, 6 bytes) and the guess (3 bytes).
		entry := uvarintLen(uint64(k)) + 2*k + 2 + 6 + 3
		total += sets * float64(depths) * float64(entry)
	}
	if total > float64(most) {
		return most
	}
	return int64(math.Ceil(total))
}

// uvarintLen returns the bytes of v as a uvarint.
func uvarintLen(v uint64) int {
	return len(binary.AppendUvarint(nil, v))
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

func (ck *entryChecker) check(set []byte, depth int, e optimal.Entry) error {
	n := len(set) / 2
	if n < optimal.CheckpointMin {
		return fmt.Errorf("a set of only %d, fewer than the %d codes of the smallest set a checkpoint keeps", n, optimal.CheckpointMin)
	}
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
		ck.least = optimal.LeastTotals(ck.s)
	}
	// Guessing each candidate in turn finds every one within n guesses,
	// n(n+1)/2 in all: no set of n within n guesses costs more.
	turns := n * (n + 1) / 2
	switch {
	case e.Total >= infinite && (e.Exact || depth >= n):
		return fmt.Errorf("%d codes within %d guesses marked infeasible", n, depth)
	case e.Exact && e.Total < ck.least[n]:
		return fmt.Errorf("an optimal total of %d for %d codes, below the least any strategy reaches (%d)", e.Total, n, ck.least[n])
	case e.Total < infinite && depth >= n && e.Total > turns:
		return fmt.Errorf("a total of %d for %d codes, above the %d of guessing each in turn", e.Total, n, turns)
	}
	if !e.Exact {
		return nil
	}
	// The total of a guess: the codes, and each part's least total.
	if int(e.Guess) >= ck.s.Len() {
		return fmt.Errorf("guess %d is not a code of the game", e.Guess)
	}
	if ck.sizes == nil {
		ck.sizes = make([]int, ck.s.Game().Outcomes())
	}
	clear(ck.sizes)
	solved := int(ck.s.Game().Solved())
	for _, x := range ck.cands {
		ck.sizes[ck.s.Outcome(int(x), int(e.Guess))]++
	}
	floor := n
	for o, k := range ck.sizes {
		if o != solved {
			floor += ck.least[k]
		}
	}
	if e.Total < floor {
		return fmt.Errorf("an optimal total of %d for %d codes, below the least its guess %v reaches (%d)", e.Total, n, ck.s.Code(int(e.Guess)), floor)
	}
	return nil
}
