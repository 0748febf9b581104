package shard

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

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
	d := uint64(0)
	if g.Distinct {
		d = 1
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
func readCheckpoint(r io.Reader, s *mastermind.Space, maxDepth int) (*optimal.Checkpoint, error) {
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
	c := optimal.NewCheckpoint(g, depth)
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
		e := optimal.Entry{Set: string(set), Depth: int(d), Total: int(total), Exact: guess > 0, Guess: int32(guess) - 1}
		if !e.Exact {
			e.Guess = 0
		}
		if err := ck.check(set, e.Depth, e); err != nil {
			return nil, damaged("entry %d: %v", i+1, err)
		}
		c.Add(e)
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

func (ck *entryChecker) check(set []byte, depth int, e optimal.Entry) error {
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
