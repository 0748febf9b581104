package consistent

import (
	"github.com/mastermind-go/mastermind"
)

// Smallest returns the lexicographically smallest code of a game with the
// given positions and colours (repeats allowed) that satisfies every turn of
// the history, and false if no code does. It works on games far too large to
// enumerate (CERC 2000: up to 10 positions, 100 colours, 100 turns).
//
// It fills the positions in order, trying colours from the lowest, and
// prunes a partial code as soon as the answers can no longer all be met:
// per answer, the blacks and common colours still needed must fit in the
// positions left, which colours those positions may still take, and how many
// answers one position can serve at once. Colours that appear in no guess are
// interchangeable, so only the lowest of them is tried.
func Smallest(positions, colors int, history []mastermind.Turn) (mastermind.Code, bool) {
	s := newSearch(positions, colors, history)
	if s == nil {
		return nil, false
	}
	if !s.fill(0) {
		return nil, false
	}
	return s.code, true
}

// A search is the state of Smallest: the code so far and, per answer, what it
// has met.
type search struct {
	positions int
	hints     []hint
	colors    []uint8 // the colours worth trying, ascending
	code      mastermind.Code
	count     []int // colour counts of the code so far

	// For the bounds: the answers whose guess has each colour, and scratch.
	hintsOf [][]int
	cover   []int
	banned  []bool
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
	s := &search{positions: positions, code: make(mastermind.Code, 0, positions), count: make([]int, colors),
		hintsOf: make([][]int, colors), cover: make([]int, colors), banned: make([]bool, colors)}
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

// fill completes the code from position p with the lowest colours possible.
func (s *search) fill(p int) bool {
	if p == s.positions {
		for i := range s.hints {
			if h := &s.hints[i]; h.black != h.blacks || h.common != h.total {
				return false
			}
		}
		return true
	}
	for _, c := range s.colors {
		if !s.fits(p, c) {
			continue
		}
		s.place(p, c)
		if s.feasible(p+1) && s.fill(p+1) {
			return true
		}
		s.unplace(p, c)
	}
	return false
}

// fits reports whether colour c at position p keeps every answer within
// its numbers.
func (s *search) fits(p int, c uint8) bool {
	for i := range s.hints {
		h := &s.hints[i]
		if h.guess[p] == c && h.black == h.blacks {
			return false
		}
		if s.count[c] < h.counts[c] && h.common == h.total {
			return false
		}
	}
	return true
}

func (s *search) place(p int, c uint8) {
	for i := range s.hints {
		h := &s.hints[i]
		if h.guess[p] == c {
			h.black++
		}
		if s.count[c] < h.counts[c] {
			h.common++
		}
	}
	s.count[c]++
	s.code = append(s.code, c)
}

func (s *search) unplace(p int, c uint8) {
	s.code = s.code[:p]
	s.count[c]--
	for i := range s.hints {
		h := &s.hints[i]
		if h.guess[p] == c {
			h.black--
		}
		if s.count[c] < h.counts[c] {
			h.common--
		}
	}
}

// commonsFit reports whether the common colours the answers still need might
// fit in the left positions. A colour adds a common colour to each answer
// whose guess has more of it than the code so far (it covers the answer),
// unless it would add one to an answer that needs no more (it is banned).
// Each answer must find its needs among the colours not banned; and with
// d(i) the most answers still in need that a colour of answer i covers, the
// sum over answers of need(i)/d(i) is a lower bound on the positions needed
// (a solution of the dual of the covering problem's relaxation).
func (s *search) commonsFit(left int) bool {
	clear(s.banned)
	for i := range s.hints {
		h := &s.hints[i]
		if h.common == h.total {
			for _, c := range h.distinct {
				if s.count[c] < h.counts[c] {
					s.banned[c] = true
				}
			}
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
	bound := 0.0
	for i := range s.hints {
		h := &s.hints[i]
		need := h.total - h.common
		if need == 0 {
			continue
		}
		avail, d := 0, 0
		for _, c := range h.distinct {
			if !s.banned[c] && s.count[c] < h.counts[c] {
				avail += h.counts[c] - s.count[c]
				d = max(d, s.cover[c])
			}
		}
		if avail < need {
			return false
		}
		bound += float64(need) / float64(d)
	}
	return bound <= float64(left)+1e-9
}

// feasible reports whether positions p.. might still complete the code: a
// bound, never wrong when it says no.
func (s *search) feasible(p int) bool {
	left := s.positions - p
	needCommon, needBlack := 0, 0
	for i := range s.hints {
		h := &s.hints[i]
		nb, nc := h.blacks-h.black, h.total-h.common
		if nc > left || nb > left {
			return false
		}
		needCommon += nc
		needBlack += nb
		if nb > 0 {
			// The positions left where this guess's colour could still go.
			room := 0
			for q := p; q < s.positions; q++ {
				if s.fits(q, h.guess[q]) {
					room++
				}
			}
			if room < nb {
				return false
			}
		}
	}
	if needCommon == 0 && needBlack == 0 {
		return true
	}
	if needCommon > 0 && !s.commonsFit(left) {
		return false
	}
	// One position adds a black to each answer whose guess has the colour
	// placed there: at most the commonest colour at that position.
	if needBlack > 0 {
		room := 0
		for q := p; q < s.positions; q++ {
			best := 0
			for i := range s.hints {
				h := &s.hints[i]
				if h.black < h.blacks {
					s.cover[h.guess[q]]++
					best = max(best, s.cover[h.guess[q]])
				}
			}
			for i := range s.hints {
				s.cover[s.hints[i].guess[q]] = 0
			}
			room += best
		}
		if room < needBlack {
			return false
		}
	}
	return true
}
