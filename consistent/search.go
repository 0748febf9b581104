package consistent

import (
	"context"
	"math/big"
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
	if s == nil || !s.complete() {
		return nil, false
	}
	found := slices.Clone(s.solution)
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
			if s.complete() {
				copy(found, s.solution)
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
	needsAny bool
	needy    []needy

	// The colours chosen for the free positions (see complete).
	extra    []int  // copies per colour
	decided  []bool // per colour: its copies are chosen
	slots    int    // free positions without a chosen colour
	solution mastermind.Code
	forbid   [][]int // per position and colour: decided not to stand there

	ctx   context.Context // nil: never stopped
	steps int             // calls of stopped
	err   error           // ctx's error once the search has stopped
}

// stopEvery is how many steps of a search pass between two looks at its
// context; a step costs about a microsecond on a CERC instance.
const stopEvery = 256

// stopped reports whether the search must stop, its context done; the
// search then reports no solution, and s.err says why.
func (s *search) stopped() bool {
	if s.err != nil {
		return true
	}
	if s.ctx == nil {
		return false
	}
	if s.steps++; s.steps%stopEvery == 0 {
		s.err = s.ctx.Err()
	}
	return s.err != nil
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
		s.forbid = append(s.forbid, make([]int, colors))
	}
	s.extra, s.decided, s.solution = make([]int, colors), make([]bool, colors), make(mastermind.Code, positions)
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
	s.ban()
	for p := range s.noBlack {
		clear(s.noBlack[p])
	}
	s.needsAny = false
	for i := range s.hints {
		h := &s.hints[i]
		if h.common < h.total {
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

// ban marks the colours that would add a common colour to an answer that
// has all it needs.
func (s *search) ban() {
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
}

// fitsAt reports whether colour c at free position p keeps every answer
// within its numbers. It needs prepare.
func (s *search) fitsAt(p int, c uint8) bool {
	return !s.banned[c] && !s.noBlack[p][c] && s.forbid[p][c] == 0
}

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
	if bound > float64(s.free)+1e-9 || !s.pairsFit(s.free, func(c uint8) bool { return !s.banned[c] }) {
		return false
	}
	// One position adds a black to each answer whose guess has the colour
	// placed there: at most the commonest such colour.
	return needBlack == 0 || s.blackRoom(s.fitsAt) >= needBlack
}

// A needy answer still needs common colours: need of them, from avail
// copies of colours not banned.
type needy struct{ hint, need, avail int }

// pairsFit reports whether pairs of answers in need might still be met in
// slots positions, with the colours open allows: answers a and b that can
// share only ov of their common colours need a.need + b.need -
// min(ov, a.need, b.need) positions; and whatever a cannot take outside the
// colours it shares with b adds common colours to b, of which b needs exactly
// b.need. The answers needing most are paired with all others.
func (s *search) pairsFit(slots int, open func(uint8) bool) bool {
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
				if !open(c) || hb.counts[c] == 0 {
					continue
				}
				capA, capB := ha.counts[c]-s.count[c], hb.counts[c]-s.count[c]
				if capA > 0 && capB > 0 {
					ov += min(capA, capB)
				}
			}
			if a.need+b.need-min(ov, a.need, b.need) > slots || a.need-(a.avail-ov) > b.need {
				return false
			}
		}
	}
	return true
}

// blackRoom returns how many blacks the free positions can give at most: at
// each, the most answers still needing blacks whose guess has there a colour
// that usable allows.
func (s *search) blackRoom(usable func(q int, c uint8) bool) int {
	room := 0
	for q, code := range s.code {
		if code != unset {
			continue
		}
		best := 0
		for i := range s.hints {
			h := &s.hints[i]
			if g := h.guess[q]; h.black < h.blacks && usable(q, g) {
				s.scratch[g]++
				best = max(best, s.scratch[g])
			}
		}
		for i := range s.hints {
			s.scratch[s.hints[i].guess[q]] = 0
		}
		room += best
	}
	return room
}

// Satisfiable reports whether some code of the game (repeats allowed)
// satisfies every turn of the history; like Smallest, it works on games too
// large to enumerate.
func Satisfiable(positions, colors int, history []mastermind.Turn) bool {
	code, _ := solution(context.Background(), positions, colors, history)
	return code != nil
}

// solution returns a code that satisfies every turn of the history, or nil
// if there is none; ctx's error if ctx ends first.
func solution(ctx context.Context, positions, colors int, history []mastermind.Turn) (mastermind.Code, error) {
	s := newSearch(positions, colors, history)
	if s == nil {
		return nil, nil
	}
	s.ctx = ctx
	if !s.complete() {
		return nil, s.err
	}
	return slices.Clone(s.solution), nil
}

// Count returns the number of codes of the game (repeats allowed) that
// satisfy every turn of the history, and true; or false if finding them
// would visit more than limit partial codes. It walks the codes in order
// with the bounds of Smallest; the colours in no guess count together.
func Count(positions, colors int, history []mastermind.Turn, limit int) (*big.Int, bool) {
	s := newSearch(positions, colors, history)
	total := new(big.Int)
	if s == nil {
		return total, true
	}
	fresh := int64(colors)
	inGuess := make([]bool, colors)
	for _, t := range history {
		for _, c := range t.Guess {
			if !inGuess[c] {
				inGuess[c] = true
				fresh--
			}
		}
	}
	freshColor := -1
	if fresh > 0 {
		freshColor = int(s.colors[len(s.colors)-1])
		for _, c := range s.colors {
			if !inGuess[c] {
				freshColor = int(c)
				break
			}
		}
	}
	nodes := 0
	ways := big.NewInt(1)
	var walk func(p int) bool
	walk = func(p int) bool {
		if nodes++; nodes > limit {
			return false
		}
		s.prepare()
		if !s.feasible() {
			return true
		}
		if p == positions {
			for i := range s.hints {
				if h := &s.hints[i]; h.black != h.blacks || h.common != h.total {
					return true
				}
			}
			total.Add(total, ways)
			return true
		}
		for _, c := range s.colors {
			s.prepare()
			if !s.fitsAt(p, c) {
				continue
			}
			mark := len(s.trail)
			s.place(p, c)
			saved := new(big.Int).Set(ways)
			if int(c) == freshColor {
				ways.Mul(ways, big.NewInt(fresh))
			}
			ok := walk(p + 1)
			ways.Set(saved)
			s.undo(mark)
			if !ok {
				return false
			}
		}
		return true
	}
	if !walk(0) {
		return nil, false
	}
	return total, true
}
