package optimal

import (
	"runtime"
	"slices"
	"sync"
	"unsafe"

	"github.com/mastermind-go/mastermind"
)

// tableMax is the largest space whose outcome table the solver builds: a
// byte per pair of codes, 100 MB at most, so that every game of the table
// of optima (docs/optima.md) has one; 4 positions of 9 colours took 173 s
// of CPU with it, 416 s without. (A variable for the tests.)
var tableMax = 10000

// tableCands is the largest set whose parts the table counts.
const tableCands = 255

// A table holds the outcome of every code against every guess, a row per
// code, so that counting the parts of many guesses over a set of candidates
// is a run of increments, candidate by candidate. Outcomes are numbered
// densely, the possible ones only, the secret found last. Counts take a
// byte, so sets of up to tableCands candidates use the table. Under slots
// a game with more than 255 possible answers has no table.
type table struct {
	size      int                     // codes in the space
	rows      []byte                  // rows[x*size+g]: the outcome of secret x against guess g
	win       int                     // the outcome of the secret itself; the others are below
	stride    int                     // counts per guess: the outcomes, to a multiple of eight
	others    []uint64                // per word of a guess's counts: the lanes of the other outcomes
	real      [256]mastermind.Outcome // per dense outcome, the game's
	kind      []int32                 // per code: its multiset of colours, numbered from 0
	kinds     int                     // the multisets of colours of the space's codes
	shared    []byte                  // shared[j*kinds+k]: the colours multisets j and k share
	ofKind    []int32                 // the codes by multiset, ascending within each: those of k from ofKind[starts[k]]
	starts    []int32
	common    [256]uint8 // per dense outcome: Black+White
	answers   [16]int    // per count of shared colours: the outcomes with that Black+White
	positions int        // of the codes
	rule      mastermind.Rule
	// symmetric: the outcome of x against y is that of y against x, as
	// under black-white and black; not under slots, where outcomes reads
	// a guess's column rather than its row.
	symmetric bool
	pool      sync.Pool
}

// newTable returns the table of the space, or nil if it has more than
// most codes.
func newTable(s *mastermind.Space, most int) *table {
	n := s.Len()
	if n > most || s.Game().Outcomes() > 256 {
		return nil
	}
	g := s.Game()
	valid := func(o int) bool { return g.ValidFeedback(g.FeedbackOf(mastermind.Outcome(o))) == nil }
	if g.Rule != mastermind.BlackWhite {
		caps := answerCaps(s)
		possible := 0
		for _, c := range caps {
			if c > 0 {
				possible++
			}
		}
		if possible > 256 {
			return nil
		}
		valid = func(o int) bool { return caps[o] > 0 }
	}
	dense := make([]byte, g.Outcomes())
	t := &table{size: n, rows: make([]byte, n*n), positions: g.Positions, rule: g.Rule, symmetric: g.Rule != mastermind.Slots}
	for o := range g.Outcomes() {
		if o != int(g.Solved()) && valid(o) {
			dense[o] = byte(t.win)
			t.real[t.win] = mastermind.Outcome(o)
			t.win++
		}
	}
	dense[g.Solved()] = byte(t.win)
	t.real[t.win] = g.Solved()
	for o := 0; o <= t.win; o++ {
		f := g.FeedbackOf(t.real[o])
		t.common[o] = uint8(f.Black + f.White)
		t.answers[f.Black+f.White]++
	}
	t.stride = (t.win + 8) &^ 7
	t.others = make([]uint64, t.stride/8)
	for o := range t.win {
		bytesOf(t.others)[o] = 0xff
	}
	t.fill(s, dense)
	return t
}

// fill computes the rows. An outcome is Black*N + (Black+White). A row's
// blacks are, position by position, the sum of which codes have the row's
// colour there, eight codes to a word; Black+White depends only on the two
// codes' colour counts, of which there are few, so it is tabulated. The
// rows are shared out among the processors.
func (t *table) fill(s *mastermind.Space, dense []byte) {
	g := s.Game()
	n, N, K := t.size, g.Positions, g.Colors
	words := (n + 7) / 8
	// at[p*K+c]: a byte lane per code, 1 if it has colour c at position p.
	at := make([][]uint64, N*K)
	for i := range at {
		at[i] = make([]uint64, words)
	}
	// Each code's colour counts, numbered.
	kinds := map[string]int{}
	kind := make([]int32, n)
	var counts [][]byte
	for x := range n {
		c := make([]byte, K)
		for p, k := range s.Code(x) {
			c[k]++
			bytesOf(at[p*K+int(k)])[x] = 1
		}
		id, ok := kinds[string(c)]
		if !ok {
			id = len(counts)
			kinds[string(c)] = id
			counts = append(counts, c)
		}
		kind[x] = int32(id)
	}
	m := len(counts)
	t.kind, t.kinds = kind, m
	common := make([]uint8, m*m) // Black+White of two kinds of codes
	for a := range m {
		for b := range m {
			sum := 0
			for c := range K {
				sum += int(min(counts[a][c], counts[b][c]))
			}
			common[a*m+b] = uint8(sum)
		}
	}
	t.shared = common
	t.starts = make([]int32, m+1)
	for _, k := range kind {
		t.starts[k+1]++
	}
	for k := range m {
		t.starts[k+1] += t.starts[k]
	}
	t.ofKind = make([]int32, n)
	next := slices.Clone(t.starts)
	for x, k := range kind {
		t.ofKind[next[k]] = int32(x)
		next[k]++
	}
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	if g.Rule != mastermind.BlackWhite {
		// Another rule's outcome is no sum of blacks and shared colours:
		// each guess's column is scored.
		all := make([]int32, n)
		for x := range all {
			all[x] = int32(x)
		}
		for w := range workers {
			wg.Go(func() {
				out := make([]mastermind.Outcome, n)
				for y := w; y < n; y += workers {
					s.Outcomes(y, all, out)
					for x, o := range out {
						t.rows[x*n+y] = dense[o]
					}
				}
			})
		}
		wg.Wait()
		return
	}
	for w := range workers {
		wg.Go(func() {
			blacks := make([]uint64, words)
			for x := w; x < n; x += workers {
				clear(blacks)
				for p, k := range s.Code(x) {
					for i, v := range at[p*K+int(k)] {
						blacks[i] += v
					}
				}
				shared := common[int(kind[x])*m:][:m]
				row := t.rows[x*n:][:n]
				for y, b := range bytesOf(blacks)[:n] {
					row[y] = dense[int(b)*N+int(shared[kind[y]])]
				}
			}
		})
	}
	wg.Wait()
}

// bytesOf views words as their bytes.
func bytesOf(w []uint64) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), 8*len(w))
}

// outcomes writes the outcome of each candidate against guess to out.
func (t *table) outcomes(guess int, cands []int32, out []mastermind.Outcome) {
	if !t.symmetric {
		for i, x := range cands {
			out[i] = t.real[t.rows[int(x)*t.size+guess]]
		}
		return
	}
	row := t.rows[guess*t.size:][:t.size] // feedback is symmetric
	for i, x := range cands {
		out[i] = t.real[row[x]]
	}
}

// at returns the dense outcome of secret x against guess g.
func (t *table) at(x, g int) byte { return t.rows[x*t.size+g] }

// counts returns, for each guess, how many candidates give each outcome:
// bytesOf(counts)[j*stride:][:stride] for guesses[j], which must ascend.
// The counts are bytes in words, so that they can be read eight at a
// time. Give them back with release.
func (t *table) counts(cands []int32, guesses []int32) []uint64 {
	stride := t.stride
	want := len(guesses) * stride / 8
	// One guess's counts more, unused, so that the pointer past the last
	// guess's stays within the allocation (checkptr refuses one past it).
	var c []uint64
	if b, ok := t.pool.Get().(*[]uint64); ok && cap(*b) >= want+stride/8 {
		c = (*b)[:want]
		clear(c)
	} else {
		c = make([]uint64, want, want+stride/8)
	}
	if len(guesses) == 0 {
		return c
	}
	if guesses[0] < 0 || int(guesses[len(guesses)-1]) >= t.size {
		panic("optimal: guess out of range")
	}
	// Every guess is below size and every outcome below stride, so the
	// loops index without bounds checks. Four candidates at a time share
	// the loop's work.
	counts := unsafe.Pointer(unsafe.SliceData(c))
	for len(cands) >= 4 {
		row0 := unsafe.Pointer(&t.rows[int(cands[0])*t.size])
		row1 := unsafe.Pointer(&t.rows[int(cands[1])*t.size])
		row2 := unsafe.Pointer(&t.rows[int(cands[2])*t.size])
		row3 := unsafe.Pointer(&t.rows[int(cands[3])*t.size])
		at := counts
		for _, g := range guesses {
			*(*uint8)(unsafe.Add(at, *(*uint8)(unsafe.Add(row0, g))))++
			*(*uint8)(unsafe.Add(at, *(*uint8)(unsafe.Add(row1, g))))++
			*(*uint8)(unsafe.Add(at, *(*uint8)(unsafe.Add(row2, g))))++
			*(*uint8)(unsafe.Add(at, *(*uint8)(unsafe.Add(row3, g))))++
			at = unsafe.Add(at, stride)
		}
		cands = cands[4:]
	}
	for _, x := range cands {
		row := unsafe.Pointer(&t.rows[int(x)*t.size])
		at := counts
		for _, g := range guesses {
			*(*uint8)(unsafe.Add(at, *(*uint8)(unsafe.Add(row, g))))++
			at = unsafe.Add(at, stride)
		}
	}
	return c
}

// Lanes of a byte in a word.
const (
	lanes = 0x0101_0101_0101_0101
	highs = 0x8080_8080_8080_8080
)

// exceeds returns the high bit of each lane of w whose count is above k
// (k < 0x80).
func exceeds(w uint64, k int) uint64 {
	return ((w&^highs + (0x7f-uint64(k))*lanes) | w) & highs
}

// release gives back a slice counts returned.
func (t *table) release(c []uint64) { t.pool.Put(&c) }

// splitter returns the first guess whose outcomes at the candidates all
// differ, if there is one. The colours two codes share depend only on
// their multisets, so that a guess of a multiset splits the candidates
// only if, for each count s of shared colours, no more of them share s
// with it than there are outcomes with Black+White = s (under slots, G+Y
// marks; see answersSharing): only the guesses of such multisets are
// tried.
func (t *table) splitter(cands []int32) (int, bool) {
	m := t.kinds
	stride := t.positions + 1
	var buf [4096]uint8
	groups := buf[:]
	if m*stride > len(buf) {
		groups = make([]uint8, m*stride)
	}
	t.shares(cands, groups)
	best := t.size
	if t.rule == mastermind.BlackOnly {
		// Under black a Black+White says nothing of the answer: every
		// guess is tried.
		for g := range t.size {
			if t.splits(cands, g) {
				return g, true
			}
		}
		return 0, false
	}
kinds:
	for k := range m {
		if int(t.ofKind[t.starts[k]]) >= best {
			continue
		}
		for s, c := range groups[k*stride:][:stride] {
			if int(c) > t.answers[s] {
				continue kinds
			}
		}
		for _, g := range t.ofKind[t.starts[k]:t.starts[k+1]] {
			if int(g) >= best {
				break
			}
			if t.splits(cands, int(g)) {
				best = int(g)
				break
			}
		}
	}
	return best, best < t.size
}

// shares counts, for each multiset k of colours, the candidates that share
// s colours with it in groups[k*(positions+1)+s], which it zeroes first:
// once for each multiset of the candidates, with how many have it.
func (t *table) shares(cands []int32, groups []uint8) {
	m, stride := t.kinds, t.positions+1
	groups = groups[:m*stride]
	clear(groups)
	var buf [1024]uint8
	have := buf[:]
	if m > len(buf) {
		have = make([]uint8, m)
	}
	have = have[:m]
	clear(have)
	var kinds [tableCands]int32
	distinct := kinds[:0]
	for _, x := range cands {
		j := t.kind[x]
		if have[j] == 0 {
			distinct = append(distinct, j)
		}
		have[j]++
	}
	for _, j := range distinct {
		c := have[j]
		for k, s := range t.shared[int(j)*m:][:m] {
			groups[k*stride+int(s)] += c
		}
	}
}

// splits reports whether the guess's outcomes at the candidates all differ.
func (t *table) splits(cands []int32, g int) bool {
	var seen [4]uint64 // outcomes are bytes
	for _, x := range cands {
		o := t.rows[int(x)*t.size+g]
		bit := uint64(1) << (o & 63)
		if seen[o>>6]&bit != 0 {
			return false
		}
		seen[o>>6] |= bit
	}
	return true
}

// bytes returns the memory the table's rows take, 0 for no table.
func (t *table) bytes() int64 {
	if t == nil {
		return 0
	}
	return int64(len(t.rows))
}
