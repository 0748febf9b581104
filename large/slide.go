package large

import "slices"

// A window is the unknown positions that the guesses search, at most size
// of them, with the searcher of their codes; the other unknown positions
// wait, dormant, and every guess gives them its filler colour.
//
// A window slides: once the answers settle some of its positions (every
// code that fits them has the same colour there), they become known and as
// many dormant positions join it. Its answers stay, re-expressed on its new
// positions. Answer j counts Σ_i d_j(i, x_i) over the window, where
// d_j(i, c) = [c = g_ji] - [c = f_j] for guess g_j and filler f_j (see
// searcher): a settled position's share moves into the target, and a
// position that joins held f_j in guess j, so that it adds
// [x = f_j] - [x = f_j] = 0: its colour in the re-expressed guess is f_j.
type window struct {
	at      []int     // its positions
	dormant []int     // the other unknown positions, in the order they join
	size    int       // the most positions it has
	s       *searcher // of its codes, with its answers
	turns   []int     // per answer of s its turn (0-based)
	exact   [][]uint8 // every code that fits its answers, when an enumeration listed them all
	found   int       // the distinct codes that fit which the last search found
}

// Settling: when the window has at most enumPositions positions, or the
// last search found at most fewFound distinct codes that fit, or a guess
// matched all of the window but its fillers, or its codes were all listed,
// the window's codes are enumerated, at most enumLimit of them within
// enumBudget choices.
const (
	enumPositions = 12
	fewFound      = 6
	enumLimit     = 64
	enumBudget    = 1000
)

// settle learns what the last answer settles in window w, whose colour
// counts are all known, and slides it (see window). The last guess gave
// the window part and the rest fill; matched reports whether it matched
// every position of the window but those with fill. The positions part
// matched are settled; when few codes are left, the window's codes are
// enumerated, and the positions on which they all agree are settled too.
func (p *player) settle(known []int, w *window, part []uint8, fill int, matched bool) error {
	s := w.s
	fix := make([]int, len(w.at)) // per window position its colour, or -1
	for k := range fix {
		fix[k] = -1
		if matched && int(part[k]) != fill {
			fix[k] = int(part[k])
		}
	}
	if s.K <= maxEnumColors && (matched || w.exact != nil || s.n <= enumPositions || w.found <= fewFound) {
		e := enumerate(s, enumLimit, enumBudget)
		p.work += e.work
		p.stats.enums++
		p.stats.enumWork += e.work
		if e.complete {
			p.stats.complete++
		}
		if e.complete && len(e.codes) == 0 {
			return errInconsistent
		}
		for k, c := range e.settled() {
			if c >= 0 {
				fix[k] = c
			}
		}
		w.exact = nil
		if e.complete {
			w.exact = e.codes
		}
	}
	if !slices.ContainsFunc(fix, func(c int) bool { return c >= 0 }) {
		return nil
	}
	p.stats.slides++
	return p.slide(known, w, fix)
}

// slide makes known the positions of window w that fix gives a colour
// (not -1), brings dormant positions in to fill it, and re-expresses its
// answers on its new positions.
func (p *player) slide(known []int, w *window, fix []int) error {
	old := w.s
	p.work += old.work
	var at, from []int // the new positions, and where each was in the window (-1: dormant)
	for k, i := range w.at {
		if fix[k] >= 0 {
			known[i] = fix[k]
		} else {
			at, from = append(at, i), append(from, k)
		}
	}
	join := min(len(w.dormant), w.size-len(at))
	for _, i := range w.dormant[:join] {
		at, from = append(at, i), append(from, -1)
	}
	w.at, w.dormant = at, w.dormant[join:]
	if join > 0 {
		w.exact = nil
	}
	for k, c := range w.exact {
		w.exact[k] = project(c, from)
	}
	if len(at) == 0 {
		w.s, w.turns = nil, nil
		return nil
	}
	lo, hi, err := p.windowBounds(known, len(at), len(w.dormant))
	if err != nil {
		return err
	}
	s := newSearcher(len(at), old.K, lo, hi, old.effort, old.rng)
	var turns []int
	for j, g := range old.guesses {
		f, t := old.filler[j], old.target[j]
		for k, c := range fix {
			switch {
			case c < 0:
			case c == int(g[k]) && c != f:
				t--
			case c == f && c != int(g[k]):
				t++
			}
		}
		guess := make([]uint8, len(at))
		live := false // whether some position can add or take one
		for k, o := range from {
			if o < 0 {
				guess[k] = uint8(f) // f >= 0: the answer had dormant positions
			} else {
				guess[k] = g[o]
				live = live || int(g[o]) != f
			}
		}
		if !live {
			if t != 0 {
				return errInconsistent
			}
			continue
		}
		s.add(guess, f, t, 0)
		turns = append(turns, w.turns[j])
	}
	// The codes that fitted, their joining positions at random.
	for _, m := range old.pop {
		if m.err != 0 {
			continue
		}
		code := project(m.code, from)
		counts := make([]int, s.K)
		for k, o := range from {
			if o < 0 {
				code[k] = uint8(s.rng.IntN(s.K))
			}
			counts[code[k]]++
		}
		s.pop = append(s.pop, &member{code: code, counts: counts})
	}
	s.setBounds(lo, hi)
	for _, m := range s.pop {
		m.err = 0
		for j := range s.guesses {
			m.err += s.memberError(m, j)
		}
	}
	w.s, w.turns = s, turns
	return nil
}

// project returns the code whose position k has code's colour at from[k]
// (0 where from[k] < 0).
func project(code []uint8, from []int) []uint8 {
	c := make([]uint8, len(from))
	for k, o := range from {
		if o >= 0 {
			c[k] = code[o]
		}
	}
	return c
}

// pick returns the code of w.exact whose shared positions with the others
// split them most evenly (see pickGuess).
func (w *window) pick() []uint8 {
	ms := make([]*member, len(w.exact))
	for i, c := range w.exact {
		ms[i] = &member{code: c}
	}
	return slices.Clone(w.s.pickGuess(ms).code)
}

// fits returns how many distinct codes of the population fit every
// answer.
func (s *searcher) fits() int {
	seen := map[string]bool{}
	for _, m := range s.pop {
		if m.err == 0 {
			seen[string(m.code)] = true
		}
	}
	return len(seen)
}
