package consistent

import (
	"slices"

	"github.com/mastermind-go/mastermind"
)

// Smallest returns the lexicographically smallest code of a game with the
// given positions and colours (repeats allowed) that satisfies every turn of
// the history, and false if no code does. It works on games far too large to
// enumerate (CERC 2000: up to 10 positions, 100 colours, 100 turns).
//
// It fixes the positions in order, each to the lowest colour with which some
// code still satisfies the history; a search that fills the free positions
// most constrained first answers that question. The search prunes a partial
// code as soon as the answers can no longer all be met: per answer, the
// blacks and common colours it still needs must fit in the positions left,
// the colours they may still take, and how many answers one position can
// serve at once. Colours that appear in no guess are interchangeable, so only
// the lowest of them is tried.
func Smallest(positions, colors int, history []mastermind.Turn) (mastermind.Code, bool) {
	s := newSearch(positions, colors, history)
	if s == nil || !s.satisfy() {
		return nil, false
	}
	found := slices.Clone(s.code)
	s.undo(0)
	for p := range positions {
		// found extends the prefix: only lower colours need a search.
		for _, c := range s.colors {
			if c >= found[p] {
				break
			}
			s.prepare()
			if !s.fitsAt(p, c) {
				continue
			}
			mark := len(s.trail)
			s.place(p, c)
			if s.satisfy() {
				copy(found, s.code)
				s.undo(mark)
				break
			}
			s.undo(mark)
		}
		s.place(p, found[p])
	}
	return found, true
}

// unset marks a free position of the code.
const unset = 0xff

// A search is the state of Smallest: the code so far and, per answer, what it
// has met.
type search struct {
	positions int
	hints     []hint
	colors    []uint8 // the colours worth trying, ascending
	hintsOf   [][]int // per colour, the answers whose guess has it
	code      mastermind.Code
	count     []int // colour counts of the code so far
	free      int   // positions not yet set
	trail     []int // positions in the order they were set

	// Set by prepare: the colours that would add a common colour to an
	// answer that needs no more; per position and colour, whether it would
	// add a black to an answer that needs no more; per colour, how many
	// answers still in need it would add a common colour to.
	banned   []bool
	noBlack  [][]bool
	cover    []int
	scratch  []int
	domain   [][]uint8
	needsAny bool
	needy    []needy
}

// A hint is an answer to meet: its guess, and how many blacks and common
// colours (blacks plus whites) the secret must share with it; black and
// common count what the code so far already shares.
type hint struct {
	guess         mastermind.Code
	counts        []int   // colour counts of the guess
	distinct      []uint8 // the colours of the guess, once each
	blacks, total int
	black, common int
}

func newSearch(positions, colors int, history []mastermind.Turn) *search {
	s := &search{positions: positions, code: make(mastermind.Code, positions), count: make([]int, colors), free: positions,
		hintsOf: make([][]int, colors), cover: make([]int, colors), scratch: make([]int, colors), banned: make([]bool, colors)}
	for p := range s.code {
		s.code[p] = unset
		s.noBlack = append(s.noBlack, make([]bool, colors))
	}
	s.domain = make([][]uint8, positions+1)
	inGuess := make([]bool, colors)
	for _, t := range history {
		if len(t.Guess) != positions || t.Feedback.Black < 0 || t.Feedback.White < 0 || t.Feedback.Black+t.Feedback.White > positions {
			return nil
		}
		h := hint{guess: t.Guess, counts: make([]int, colors), blacks: t.Feedback.Black, total: t.Feedback.Black + t.Feedback.White}
		for _, c := range t.Guess {
			if int(c) >= colors {
				return nil
			}
			if h.counts[c] == 0 {
				h.distinct = append(h.distinct, c)
				s.hintsOf[c] = append(s.hintsOf[c], len(s.hints))
			}
			h.counts[c]++
			inGuess[c] = true
		}
		s.hints = append(s.hints, h)
	}
	fresh := false
	for c := range colors {
		if inGuess[c] || !fresh {
			s.colors = append(s.colors, uint8(c))
			fresh = fresh || !inGuess[c]
		}
	}
	return s
}

// place sets position p to colour c.
func (s *search) place(p int, c uint8) {
	for _, i := range s.hintsOf[c] {
		h := &s.hints[i]
		if s.count[c] < h.counts[c] {
			h.common++
		}
		if h.guess[p] == c {
			h.black++
		}
	}
	s.count[c]++
	s.code[p] = c
	s.free--
	s.trail = append(s.trail, p)
}

// undo frees the positions set since the trail had length mark.
func (s *search) undo(mark int) {
	for len(s.trail) > mark {
		p := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		c := s.code[p]
		s.code[p] = unset
		s.free++
		s.count[c]--
		for _, i := range s.hintsOf[c] {
			h := &s.hints[i]
			if s.count[c] < h.counts[c] {
				h.common--
			}
			if h.guess[p] == c {
				h.black--
			}
		}
	}
}

// prepare computes the bans and covers of the code so far.
func (s *search) prepare() {
	clear(s.banned)
	for p := range s.noBlack {
		clear(s.noBlack[p])
	}
	s.needsAny = false
	for i := range s.hints {
		h := &s.hints[i]
		if h.common == h.total {
			for _, c := range h.distinct {
				if s.count[c] < h.counts[c] {
					s.banned[c] = true
				}
			}
		} else {
			s.needsAny = true
		}
		if h.black == h.blacks {
			for p, c := range h.guess {
				if s.code[p] == unset {
					s.noBlack[p][c] = true
				}
			}
		} else {
			s.needsAny = true
		}
	}
	for _, c := range s.colors {
		s.cover[c] = 0
		if s.banned[c] {
			continue
		}
		for _, i := range s.hintsOf[c] {
			if h := &s.hints[i]; h.common < h.total && s.count[c] < h.counts[c] {
				s.cover[c]++
			}
		}
	}
}

// fitsAt reports whether colour c at free position p keeps every answer
// within its numbers. It needs prepare.
func (s *search) fitsAt(p int, c uint8) bool { return !s.banned[c] && !s.noBlack[p][c] }

// feasible reports whether the free positions might still complete the code:
// a bound, never wrong when it says no. It needs prepare.
func (s *search) feasible() bool {
	if !s.needsAny {
		return true
	}
	bound := 0.0 // positions the common colours need at least
	needBlack := 0
	s.needy = s.needy[:0]
	for i := range s.hints {
		h := &s.hints[i]
		nb, nc := h.blacks-h.black, h.total-h.common
		if nc > s.free || nb > s.free {
			return false
		}
		needBlack += nb
		if nb > 0 {
			room := 0 // free positions where this guess's colour could go
			for p, c := range h.guess {
				if s.code[p] == unset && s.fitsAt(p, c) {
					room++
				}
			}
			if room < nb {
				return false
			}
		}
		if nc > 0 {
			// Each answer must find its needs among the colours not banned;
			// and with d the most answers in need that one of its colours
			// covers, the sum of need/d over the answers is a lower bound on
			// the positions needed (a solution of the dual of the covering
			// problem's relaxation).
			avail, d := 0, 0
			for _, c := range h.distinct {
				if !s.banned[c] && s.count[c] < h.counts[c] {
					avail += h.counts[c] - s.count[c]
					d = max(d, s.cover[c])
				}
			}
			if avail < nc {
				return false
			}
			bound += float64(nc) / float64(d)
			s.needy = append(s.needy, needy{i, nc, avail})
		}
	}
	if bound > float64(s.free)+1e-9 || !s.pairsFit() {
		return false
	}
	if needBlack > 0 {
		// One position adds a black to each answer whose guess has the
		// colour placed there: at most the commonest such colour.
		room := 0
		for p, c := range s.code {
			if c != unset {
				continue
			}
			best := 0
			for i := range s.hints {
				h := &s.hints[i]
				if g := h.guess[p]; h.black < h.blacks && s.fitsAt(p, g) {
					s.scratch[g]++
					best = max(best, s.scratch[g])
				}
			}
			for i := range s.hints {
				s.scratch[s.hints[i].guess[p]] = 0
			}
			room += best
		}
		if room < needBlack {
			return false
		}
	}
	return true
}

// A needy answer still needs common colours: need of them, from avail
// copies of colours not banned.
type needy struct{ hint, need, avail int }

// pairsFit reports whether pairs of answers in need might still be met:
// answers a and b that can share only ov of their common colours need
// a.need + b.need - min(ov, a.need, b.need) positions; and whatever a cannot
// take outside the colours it shares with b adds common colours to b, of
// which b needs exactly b.need. The answers needing most are paired with all
// others.
func (s *search) pairsFit() bool {
	if len(s.needy) < 2 {
		return true
	}
	slices.SortFunc(s.needy, func(x, y needy) int { return y.need - x.need })
	for ai, a := range s.needy[:min(len(s.needy), 4)] {
		ha := &s.hints[a.hint]
		for bi, b := range s.needy {
			if ai == bi {
				continue
			}
			hb := &s.hints[b.hint]
			ov := 0
			for _, c := range ha.distinct {
				if s.banned[c] || hb.counts[c] == 0 {
					continue
				}
				capA, capB := ha.counts[c]-s.count[c], hb.counts[c]-s.count[c]
				if capA > 0 && capB > 0 {
					ov += min(capA, capB)
				}
			}
			if a.need+b.need-min(ov, a.need, b.need) > s.free || a.need-(a.avail-ov) > b.need {
				return false
			}
		}
	}
	return true
}

// satisfy completes the code, if it can, filling first the free position
// with the fewest colours that fit; on success the code is left complete.
func (s *search) satisfy() bool {
	s.prepare()
	if !s.feasible() {
		return false
	}
	if s.free == 0 {
		for i := range s.hints {
			if h := &s.hints[i]; h.black != h.blacks || h.common != h.total {
				return false
			}
		}
		return true
	}
	best, bestLen := -1, 0
	for p, c := range s.code {
		if c != unset {
			continue
		}
		n := 0
		for _, c := range s.colors {
			if s.fitsAt(p, c) {
				n++
			}
		}
		if best < 0 || n < bestLen {
			best, bestLen = p, n
		}
	}
	depth := s.positions - s.free
	dom := s.domain[depth][:0]
	for _, c := range s.colors {
		if s.fitsAt(best, c) {
			dom = append(dom, c)
		}
	}
	// The colours that meet the most needs first: solutions come sooner.
	slices.SortStableFunc(dom, func(x, y uint8) int { return s.cover[y] - s.cover[x] })
	s.domain[depth] = dom
	mark := len(s.trail)
	for _, c := range dom {
		s.place(best, c)
		if s.satisfy() {
			return true
		}
		s.undo(mark)
	}
	return false
}
