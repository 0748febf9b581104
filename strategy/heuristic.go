package strategy

import (
	"math"
	"sync"

	"github.com/mastermind-go/mastermind"
)

// A Measure scores how a guess partitions the candidates by feedback; the
// heuristics choose the guess with the best score.
type Measure int

// The measures of seed 000.
const (
	Minimax  Measure = iota // smallest largest part (Knuth)
	Expected                // smallest sum of squared part sizes (Irving)
	Entropy                 // largest entropy of the part sizes (Neuwirth)
	Parts                   // most non-empty parts (Kooi)
)

var measureNames = [...]string{"minimax", "expected", "entropy", "parts"}

// String returns the measure's strategy name.
func (m Measure) String() string { return measureNames[m] }

// Heuristic chooses, among all codes of the game, the guess whose partition
// of the candidates scores best under Measure. Ties go first to a code that
// is still a candidate, then to the lowest code.
//
// Codes that differ only by a permutation of the colours no earlier guess
// used split the candidates alike, so only the lowest of each such class is
// scored. Scoring a guess stops as soon as it cannot beat the best so far.
type Heuristic struct{ Measure Measure }

// Name returns the measure's name.
func (h Heuristic) Name() string { return h.Measure.String() }

// Entropy scores are sums of c*log2(c) over the part sizes c, in fixed point
// with entropyUnit units to 1 and each term rounded, so that equal partitions
// score exactly alike whatever the order of their parts. Sums closer than
// entropyTolerance units are equal (as 9*log2(9) and 6*3*log2(3) are).
const (
	entropyUnit      = 1 << 32
	entropyTolerance = 64
)

// Next returns the best guess.
func (h Heuristic) Next(st *State) int {
	cands := st.Candidates
	if len(cands) <= 2 {
		return int(cands[0]) // splits perfectly and is a candidate
	}
	sc := newScorer(h.Measure, st.Space, len(cands))
	perfect := sc.singletons(len(cands))

	best, guess := int64(math.MaxInt64), -1
	for _, g := range cands {
		if v, ok := sc.score(int(g), cands, best); ok {
			best, guess = v, int(g)
			if best <= perfect {
				return guess
			}
		}
	}

	g := st.Space.Game()
	rank, free := freeColors(g, st.History)
	next := 0 // cands[next] is the first candidate not below the code scanned
	for x := range st.Space.Len() {
		if next < len(cands) && int(cands[next]) == x {
			next++
			continue
		}
		if free >= 2 && !canonical(st.Space.Code(x), rank) {
			continue
		}
		if v, ok := sc.score(x, cands, best); ok {
			best, guess = v, x
			if best <= perfect {
				break
			}
		}
	}
	return guess
}

// A scorer scores partitions under one measure, lower is better.
type scorer struct {
	measure Measure
	space   *mastermind.Space
	counts  []int32
	gain    []int64 // entropy: the score added when a part grows to c
	tol     int64   // scores closer than tol are equal
	buf     [256]mastermind.Outcome
}

func newScorer(m Measure, s *mastermind.Space, size int) *scorer {
	sc := &scorer{measure: m, space: s, counts: make([]int32, s.Game().Outcomes())}
	if m == Entropy {
		sc.gain, sc.tol = entropyGains(size), entropyTolerance
	}
	return sc
}

// singletons returns the score of a partition of n candidates into parts of
// one: no guess scores better.
func (sc *scorer) singletons(n int) int64 {
	switch sc.measure {
	case Minimax:
		return 1
	case Expected:
		return int64(n)
	case Entropy:
		return 0
	default:
		return -int64(n)
	}
}

// score returns the score of guess g on the candidates and true when it is
// strictly better than best; it gives up, returning false, as soon as it
// cannot be.
func (sc *scorer) score(g int, cands []int32, best int64) (int64, bool) {
	counts := sc.counts
	clear(counts)
	best -= sc.tol
	var v int64 // the partial score: it only grows as candidates are added
	var parts, seen int
	for start := 0; start < len(cands); start += len(sc.buf) {
		chunk := cands[start:min(start+len(sc.buf), len(cands))]
		out := sc.buf[:len(chunk)]
		sc.space.Outcomes(g, chunk, out)
		switch sc.measure {
		case Minimax:
			for _, o := range out {
				counts[o]++
				if int64(counts[o]) >= best {
					return 0, false
				}
				v = max(v, int64(counts[o]))
			}
		case Expected:
			for _, o := range out {
				counts[o]++
				v += int64(2*counts[o] - 1)
				if v >= best {
					return 0, false
				}
			}
		case Entropy:
			for _, o := range out {
				counts[o]++
				v += sc.gain[counts[o]]
				if v >= best {
					return 0, false
				}
			}
		case Parts:
			for _, o := range out {
				counts[o]++
				seen++
				if counts[o] == 1 {
					parts++
				}
				if -int64(parts+len(cands)-seen) >= best {
					return 0, false
				}
			}
			v = -int64(parts)
		}
	}
	return v, true
}

var (
	gainsMu sync.Mutex
	gains   []int64
)

// entropyGains returns a table, for c up to at least n, of the fixed-point
// c*log2(c) less that of c-1, shared by all scorers.
func entropyGains(n int) []int64 {
	gainsMu.Lock()
	defer gainsMu.Unlock()
	if len(gains) <= n {
		size := max(n+1, 2*len(gains), 1024)
		gains = make([]int64, size)
		for c := 1; c < size; c++ {
			gains[c] = nlogn(c) - nlogn(c-1)
		}
	}
	return gains
}

// nlogn returns c*log2(c) in entropy units, rounded.
func nlogn(c int) int64 {
	if c <= 1 {
		return 0
	}
	return int64(math.Round(float64(c) * math.Log2(float64(c)) * entropyUnit))
}
