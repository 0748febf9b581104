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
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/tree"
)

// UseCheckpoint sets opt to resume from the checkpoint file name, if it
// exists, and to save to it every period (see Options.Save). A file that
// is not a checkpoint of this search of s (MaxDepth included) is a
// [*CheckpointError], and is left as it is.
func (opt *Options) UseCheckpoint(name string, s *mastermind.Space, every time.Duration) error {
	f, err := os.Open(name)
	switch {
	case err == nil:
		c, err := ReadCheckpoint(f, s, opt.MaxDepth)
		f.Close()
		if err != nil {
			return err
		}
		opt.Resume = c
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	opt.SaveEvery = every
	opt.Save = func(c *Checkpoint) error {
		return files.Write(name, func(w io.Writer) error {
			_, err := c.WriteTo(w)
			return err
		})
	}
	return nil
}

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

// Sets returns how many sets the checkpoint holds, and how many of those
// are solved exactly.
func (c *Checkpoint) Sets() (all, exact int) {
	for _, e := range c.entries {
		all++
		if e.exact {
			exact++
		}
	}
	return all, exact
}

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
	Reason string
}

func (e *CheckpointError) Error() string { return "checkpoint: " + e.Reason }

// ReadCheckpoint reads a checkpoint written by WriteTo for a search of the
// space within maxDepth guesses (0 for no limit). It checks the checksum,
// the game, the depth limit and every set and guess against the space, and
// returns a *CheckpointError if anything is wrong.
func ReadCheckpoint(r io.Reader, s *mastermind.Space, maxDepth int) (*Checkpoint, error) {
	data, err := io.ReadAll(bufio.NewReader(r))
	if err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return &CheckpointError{Reason: fmt.Sprintf(format, args...)}
	}
	if !bytes.HasPrefix(data, []byte(checkpointMagic)) {
		return nil, bad("not a checkpoint of mastermind optimal")
	}
	if len(data) < len(checkpointMagic)+4 {
		return nil, bad("truncated")
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, bad("damaged (its checksum does not match; truncated or changed)")
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
		return nil, bad("damaged header")
	}
	if g != s.Game() {
		return nil, bad("it is for %v, not for %v", g, s.Game())
	}
	if depth != maxDepth {
		return nil, bad("it is for --max-depth %d, not %d", depth, maxDepth)
	}
	c := &Checkpoint{game: g, maxDepth: depth, entries: map[memoKey]memoEntry{}}
	count := get()
	for i := uint64(0); i < count && !failed; i++ {
		n := get()
		if failed || n > uint64(s.Len()) || uint64(len(in)) < 2*n {
			return nil, bad("damaged entry %d", i+1)
		}
		set := in[:2*n]
		in = in[2*n:]
		prev := -1
		for j := 0; j < len(set); j += 2 {
			x := int(binary.LittleEndian.Uint16(set[j:]))
			if x <= prev || x >= s.Len() {
				return nil, bad("entry %d: not a set of codes of the game", i+1)
			}
			prev = x
		}
		d, total, guess := get(), get(), get()
		if failed || guess > uint64(s.Len()) || total > infinite || d > 255 {
			return nil, bad("damaged entry %d", i+1)
		}
		e := memoEntry{total: int(total), exact: guess > 0, guess: int32(guess) - 1}
		if !e.exact {
			e.guess = 0
		}
		c.entries[memoKey{set: string(set), depth: int(d)}] = e
	}
	if failed || len(in) != 0 {
		return nil, bad("damaged entries")
	}
	return c, nil
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
