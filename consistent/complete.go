package consistent

import "slices"

// Completing a partial code is done in two phases. Common colours depend only
// on how many of each colour the code has, blacks on where they stand; so the
// search first chooses the colours of the free positions (which colour and
// how many copies, answer by answer, the most constrained answer first), and
// only then arranges them to meet the blacks. Choosing colours rather than
// positions avoids trying the same colours in every order.

// complete reports whether the free positions can be filled so that every
// answer is met, and if so leaves such a code in s.solution. The state of the
// search is left as it was.
//
// Blacks come first: while an answer needs blacks, the one with the fewest
// positions left for them decides its first such position: its guess's
// colour stands there, or it does not. Then the colours, then where they go.
func (s *search) complete() bool {
	if s.stopped() {
		return false
	}
	s.prepare()
	if !s.feasible() {
		return false
	}
	pick, pickRoom, at := -1, 0, 0
	for i := range s.hints {
		h := &s.hints[i]
		if h.black == h.blacks {
			continue
		}
		room, first := 0, -1
		for q, c := range h.guess {
			if s.code[q] == unset && s.fitsAt(q, c) {
				room++
				if first < 0 {
					first = q
				}
			}
		}
		if pick < 0 || room < pickRoom {
			pick, pickRoom, at = i, room, first
		}
	}
	if pick >= 0 {
		c := s.hints[pick].guess[at]
		mark := len(s.trail)
		s.place(at, c)
		ok := s.complete()
		s.undo(mark)
		if ok {
			return true
		}
		s.forbid[at][c]++
		ok = s.complete()
		s.forbid[at][c]--
		return ok
	}
	clear(s.extra)
	clear(s.decided)
	s.slots = s.free
	return s.chooseColors()
}

// saturated reports whether one more copy of colour c would add a common
// colour to no answer: a filler.
func (s *search) saturated(c uint8) bool {
	for _, i := range s.hintsOf[c] {
		if s.count[c] < s.hints[i].counts[c] {
			return false
		}
	}
	return true
}

// chooseColors decides, colour by colour, how many copies of it the free
// positions take, until every answer has its common colours; then arranges.
func (s *search) chooseColors() bool {
	if s.stopped() {
		return false
	}
	s.ban()
	open := func(c uint8) bool { return !s.decided[c] && !s.banned[c] }
	for _, c := range s.colors {
		s.cover[c] = 0
		if open(c) {
			for _, i := range s.hintsOf[c] {
				if h := &s.hints[i]; h.common < h.total && s.count[c] < h.counts[c] {
					s.cover[c]++
				}
			}
		}
	}
	// Per answer in need: what the open colours can still give it.
	pick, pickSlack := -1, 0
	bound := 0.0
	s.needy = s.needy[:0]
	for i := range s.hints {
		h := &s.hints[i]
		need := h.total - h.common
		if need == 0 {
			continue
		}
		avail, d := 0, 0
		for _, c := range h.distinct {
			if open(c) && s.count[c] < h.counts[c] {
				avail += h.counts[c] - s.count[c]
				d = max(d, s.cover[c])
			}
		}
		if avail < need || need > s.slots {
			return false
		}
		bound += float64(need) / float64(d)
		s.needy = append(s.needy, needy{i, need, avail})
		if slack := avail - need; pick < 0 || slack < pickSlack {
			pick, pickSlack = i, slack
		}
	}
	if bound > float64(s.slots)+1e-9 || !s.pairsFit(s.slots, open) || !s.blacksPossible(open) {
		return false
	}
	if pick < 0 {
		return s.arrange()
	}

	// Branch on the open colour of the tightest answer that helps most.
	h := &s.hints[pick]
	var c uint8
	best := -1
	for _, x := range h.distinct {
		if open(x) && s.count[x] < h.counts[x] && s.cover[x] > best {
			c, best = x, s.cover[x]
		}
	}
	most := s.copiesAllowed(c)
	s.decided[c] = true
	for v := most; v >= 0; v-- {
		s.addCopies(c, v)
		ok := s.chooseColors()
		s.addCopies(c, -v)
		if ok {
			s.decided[c] = false
			return true
		}
	}
	s.decided[c] = false
	return false
}

// copiesAllowed returns the most copies of colour c the free positions may
// take: no more than the slots, than add a common colour to some answer, or
// than an answer that would count them still needs.
func (s *search) copiesAllowed(c uint8) int {
	most, useful := s.slots, 0
	for _, i := range s.hintsOf[c] {
		h := &s.hints[i]
		room := h.counts[c] - s.count[c]
		if room <= 0 {
			continue
		}
		useful = max(useful, room)
		if need := h.total - h.common; room > need {
			most = min(most, need)
		}
	}
	return min(most, useful)
}

// addCopies adds v copies of colour c (v < 0 takes them back).
func (s *search) addCopies(c uint8, v int) {
	before := s.count[c]
	s.count[c] += v
	for _, i := range s.hintsOf[c] {
		h := &s.hints[i]
		h.common += min(s.count[c], h.counts[c]) - min(before, h.counts[c])
	}
	s.extra[c] += v
	s.slots -= v
}

// obtainable reports whether colour c may still stand at some free position:
// copies of it are chosen, it is open, or it can fill.
func (s *search) obtainable(c uint8, open func(uint8) bool) bool {
	return s.extra[c] > 0 || open(c) || s.saturated(c) && s.slots > 0
}

// blacksPossible reports whether every answer can still get its blacks at
// the free positions: its colour must be obtainable there, in as many copies
// as it has positions; and one position gives a black only to the answers
// whose guess has the colour placed there.
func (s *search) blacksPossible(open func(uint8) bool) bool {
	needBlack := 0
	for i := range s.hints {
		h := &s.hints[i]
		nb := h.blacks - h.black
		if nb == 0 {
			continue
		}
		needBlack += nb
		room := 0
		for q, c := range h.guess {
			if s.code[q] != unset || s.noBlack[q][c] || s.scratch[c] < 0 {
				continue
			}
			if s.scratch[c] == 0 { // the first position of c: its copies
				switch {
				case open(c) || s.saturated(c):
					s.scratch[c] = len(h.guess)
				default:
					s.scratch[c] = s.extra[c]
				}
				if s.scratch[c] == 0 {
					s.scratch[c] = -1
					continue
				}
			}
			room++
			if s.scratch[c]--; s.scratch[c] == 0 {
				s.scratch[c] = -1
			}
		}
		for _, c := range h.guess {
			s.scratch[c] = 0
		}
		if room < nb {
			return false
		}
	}
	return needBlack == 0 || s.blackRoom(func(q int, c uint8) bool {
		return !s.noBlack[q][c] && s.obtainable(c, open)
	}) >= needBlack
}

// arrange places the chosen copies, and fillers in the slots left, at the
// free positions so that every answer gets exactly its blacks.
func (s *search) arrange() bool {
	if s.stopped() {
		return false
	}
	q := slices.Index(s.code, unset)
	if q < 0 {
		for i := range s.hints {
			if h := &s.hints[i]; h.black != h.blacks {
				return false
			}
		}
		copy(s.solution, s.code)
		return true
	}
	// Every answer must still find its blacks at the free positions.
	for i := range s.hints {
		h := &s.hints[i]
		nb := h.blacks - h.black
		if nb < 0 {
			return false
		}
		for p := q; p < len(s.code) && nb > 0; p++ {
			if c := h.guess[p]; s.code[p] == unset && (s.extra[c] > 0 || s.slots > 0 && s.saturated(c)) {
				nb--
			}
		}
		if nb > 0 {
			return false
		}
	}
	try := func(c uint8, filler bool) bool {
		if filler {
			s.slots--
		} else {
			s.extra[c]--
		}
		s.code[q] = c
		for i := range s.hints {
			if s.hints[i].guess[q] == c {
				s.hints[i].black++
			}
		}
		ok := s.arrange()
		for i := range s.hints {
			if s.hints[i].guess[q] == c {
				s.hints[i].black--
			}
		}
		s.code[q] = unset
		if filler {
			s.slots++
		} else {
			s.extra[c]++
		}
		return ok
	}
	for _, c := range s.colors {
		if s.extra[c] > 0 && s.forbid[q][c] == 0 && try(c, false) {
			return true
		}
	}
	if s.slots == 0 {
		return false
	}
	// A filler: a colour that adds no common colour; one that makes no black
	// here, and each that makes blacks here.
	neutral := false
	for _, c := range s.colors {
		if !s.saturated(c) || s.forbid[q][c] > 0 {
			continue
		}
		black := false
		for i := range s.hints {
			black = black || s.hints[i].guess[q] == c
		}
		if black || !neutral {
			if try(c, true) {
				return true
			}
			neutral = neutral || !black
		}
	}
	return false
}
