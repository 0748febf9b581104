package large

import "math/bits"

// An enumeration lists the codes of a searcher's n positions that fit
// every one of its answers exactly, within its colour count bounds (which
// must be known): a depth-first search that splits a position's colours
// by what they add to the answer with the least slack (then, once every
// answer is decided, tries each colour of the position with the fewest),
// and propagates after every choice what each answer and each colour count
// still allows.
//
// Answer j scores a code x as Σ_i d_j(i, x_i), where d_j(i, c) is +1 if c
// is the guess's colour at i and not the filler f_j, -1 if c is f_j and
// not the guess's colour, else 0; the sum must be the answer's target.
// Each position's domain is a set of colours (a bit each, so at most
// maxEnumColors); given the domains, the sum lies between the sums of the
// least and the most each position can add. When the target leaves an
// answer no slack at one end, a position can keep only the colours that
// still reach it; a colour whose count reaches its upper bound on the
// positions that must have it leaves every other domain, and one whose
// lower bound needs every position that may have it takes them.
type enumeration struct {
	s      *searcher
	limit  int // most codes listed
	budget int // most nodes visited

	codes    [][]uint8 // the codes found, at most limit+1
	complete bool      // codes are all the codes that fit, at most limit
	root     []uint64  // the domains the answers allow before any choice
	nodes    int       // choices tried
	work     int       // answers times positions looked at

	plus, minus []uint64   // per answer and position [j*n+i]: the colour that adds one, takes one (a bit, or 0)
	active      [][]int    // per answer the positions where it can add or take one
	doms        [][]uint64 // the domains at each depth of the search
}

// maxEnumColors is the most colours an enumeration handles: its domains
// are bitsets of one word.
const maxEnumColors = 64

// enumerate lists the codes that fit the answers of s: at most limit, and
// within budget choices.
func enumerate(s *searcher, limit, budget int) *enumeration {
	n := s.n
	e := &enumeration{s: s, limit: limit, budget: budget,
		plus: make([]uint64, len(s.guesses)*n), minus: make([]uint64, len(s.guesses)*n),
		active: make([][]int, len(s.guesses)), doms: make([][]uint64, 1)}
	for j, g := range s.guesses {
		f := s.filler[j]
		for i, c := range g {
			if int(c) == f {
				continue
			}
			e.plus[j*n+i] = 1 << c
			if f >= 0 {
				e.minus[j*n+i] = 1 << f
			}
			e.active[j] = append(e.active[j], i)
		}
	}
	for d := range e.doms {
		e.doms[d] = make([]uint64, n)
	}
	dom := e.doms[0]
	for i := range dom {
		dom[i] = 1<<s.K - 1
	}
	if e.propagate(dom) {
		e.root = append([]uint64(nil), dom...)
		e.complete = e.search(0)
	} else {
		e.complete = true // no code fits
	}
	e.complete = e.complete && len(e.codes) <= limit
	return e
}

// settled returns per position the colour every code has there, or -1:
// when the enumeration is complete, where all its codes agree, else where
// the answers alone force it.
func (e *enumeration) settled() []int {
	fix := make([]int, e.s.n)
	for i := range fix {
		fix[i] = -1
		switch {
		case e.complete && len(e.codes) > 0:
			fix[i] = int(e.codes[0][i])
			for _, c := range e.codes[1:] {
				if int(c[i]) != fix[i] {
					fix[i] = -1
					break
				}
			}
		case !e.complete && e.root != nil && bits.OnesCount64(e.root[i]) == 1:
			fix[i] = bits.TrailingZeros64(e.root[i])
		}
	}
	return fix
}

// search lists the codes within the domains at depth d, which propagate
// has narrowed; it returns false once the limit or the budget stops it.
// It branches on the answer with the least slack (see branch), else, once
// the domains decide every answer, on the colour of the position with the
// fewest left.
func (e *enumeration) search(d int) bool {
	dom := e.doms[d]
	at, parts := e.branch(dom)
	if at < 0 {
		size := 0
		for i, m := range dom {
			if k := bits.OnesCount64(m); k > 1 && (at < 0 || k < size) {
				at, size = i, k
			}
		}
		if at < 0 {
			code := make([]uint8, len(dom))
			for i, m := range dom {
				code[i] = uint8(bits.TrailingZeros64(m))
			}
			e.codes = append(e.codes, code)
			return len(e.codes) <= e.limit
		}
		parts = parts[:0]
		for m := dom[at]; m != 0; m &= m - 1 {
			parts = append(parts, m&-m)
		}
	}
	if d+1 == len(e.doms) {
		e.doms = append(e.doms, make([]uint64, len(dom)))
	}
	child := e.doms[d+1]
	for _, m := range parts {
		if e.nodes == e.budget {
			return false
		}
		e.nodes++
		copy(child, dom)
		child[at] = m
		if e.propagate(child) && !e.search(d+1) {
			return false
		}
	}
	return true
}

// branch returns a position that the answer with the least slack has not
// decided, the fewest colours left first, and its domain split by what
// each part adds to that answer; -1 if the domains decide every answer.
func (e *enumeration) branch(dom []uint64) (at int, parts []uint64) {
	n := e.s.n
	at, best, size := -1, 0, 0
	for j, act := range e.active {
		plus, minus := e.plus[j*n:], e.minus[j*n:]
		lo, hi, open := 0, 0, -1
		for _, i := range act {
			m := dom[i]
			l, h := low(m, plus[i], minus[i]), high(m, plus[i], minus[i])
			lo, hi = lo+l, hi+h
			if l != h && (open < 0 || bits.OnesCount64(m) < bits.OnesCount64(dom[open])) {
				open = i
			}
		}
		e.work += len(act)
		if open < 0 {
			continue
		}
		t := e.s.target[j]
		slack := min(hi-t, t-lo)
		if k := bits.OnesCount64(dom[open]); at < 0 || slack < best || slack == best && k < size {
			at, best, size = open, slack, k
			parts = parts[:0]
			m, p, q := dom[open], plus[open], minus[open]
			for _, part := range [3]uint64{m & p, m & q, m &^ (p | q)} {
				if part != 0 {
					parts = append(parts, part)
				}
			}
		}
	}
	return at, parts
}

// propagate narrows the domains dom until every answer and colour count
// allows all that is left, and reports whether every domain keeps a colour.
func (e *enumeration) propagate(dom []uint64) bool {
	s, n := e.s, e.s.n
	for changed := true; changed; {
		changed = false
		for j, act := range e.active {
			plus, minus := e.plus[j*n:], e.minus[j*n:]
			lo, hi := 0, 0
			for _, i := range act {
				m := dom[i]
				lo += low(m, plus[i], minus[i])
				hi += high(m, plus[i], minus[i])
			}
			e.work += len(act)
			t := s.target[j]
			if t < lo || t > hi {
				return false
			}
			if hi-t > 1 && t-lo > 1 {
				continue
			}
			for _, i := range act {
				m, p, q := dom[i], plus[i], minus[i]
				// The values this position may still add: from vmin to vmax.
				vmin, vmax := t-hi+high(m, p, q), t-lo+low(m, p, q)
				keep := uint64(0)
				if vmin <= 1 && 1 <= vmax {
					keep |= p
				}
				if vmin <= 0 && 0 <= vmax {
					keep |= ^(p | q)
				}
				if vmin <= -1 && -1 <= vmax {
					keep |= q
				}
				if m&keep != m {
					if m&keep == 0 {
						return false
					}
					dom[i] = m & keep
					changed = true
				}
			}
			e.work += len(act)
		}
		for c := range s.K {
			bit := uint64(1) << c
			must, may := 0, 0
			for _, m := range dom {
				if m&bit != 0 {
					may++
					if m == bit {
						must++
					}
				}
			}
			e.work++
			switch {
			case must > s.hi[c] || may < s.lo[c]:
				return false
			case must == s.hi[c] && may > must:
				for i, m := range dom {
					if m&bit != 0 && m != bit {
						dom[i] = m &^ bit
						changed = true
					}
				}
			case may == s.lo[c] && may > must:
				for i, m := range dom {
					if m&bit != 0 {
						dom[i] = bit
					}
				}
				changed = true
			}
		}
	}
	return true
}

// low returns the least a position of domain m adds to an answer whose
// guess adds one with colour p and takes one with q (bits, or 0).
func low(m, p, q uint64) int {
	switch {
	case m&q != 0:
		return -1
	case m&^(p|q) != 0:
		return 0
	}
	return 1
}

// high returns the most a position of domain m adds to the answer (see
// low).
func high(m, p, q uint64) int {
	switch {
	case m&p != 0:
		return 1
	case m&^(p|q) != 0:
		return 0
	}
	return -1
}
