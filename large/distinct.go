package large

import "github.com/mastermind-go/mastermind"

// A board is what a play of distinct colours knows of the secret pair by
// pair: a position's colour once solved, and pairs (position, colour)
// proven not to match. A guess holds a pair whose black is known where the
// board proves it: a solved position (black if it holds its colour, else
// not), a solved colour away from its position, or a proven mismatch.
type board struct {
	L, K   int
	at     []int  // per position its colour, or -1
	where  []int  // per colour its position, or -1
	no     []bool // per pair [i*K+c]: proven not to match
	lo, hi []int  // per colour the bounds its answers put on its presence (0 or 1)
	first  int    // the first turn of the board's answers

	sets *searcher // of colour sets consistent with the answers' blacks plus whites
	set  []int     // the last set it found: per colour 0 or 1
}

// newBoard returns the board of p's game that knows nothing yet.
func (p *player) newBoard() *board {
	L, K := p.g.Positions, p.g.Colors
	b := &board{L: L, K: K, at: make([]int, L), where: make([]int, K), no: make([]bool, L*K), first: len(p.history)}
	b.lo, b.hi = countRange(p.g)
	b.sets = newSearcher(L, K, nil, nil, effort{}, p.rng)
	b.sets.distinct = true
	b.sets.keep = make([]bool, K)
	for i := range b.at {
		b.at[i] = -1
	}
	for c := range b.where {
		b.where[c] = -1
	}
	return b
}

// known reports whether the black of colour c at position i is known.
func (b *board) known(i, c int) bool {
	return b.at[i] >= 0 || b.where[c] >= 0 || b.no[i*b.K+c] || b.hi[c] == 0
}

// learn narrows the bounds on the colours' presence by the answers of
// history from the board's first: each answer's blacks plus whites are how
// many of its guess's colours the secret has.
func (b *board) learn(g mastermind.Game, history []mastermind.Turn) {
	last := history[len(history)-1]
	b.sets.add(last.Guess, -1, 0, last.Feedback.Black+last.Feedback.White)
	turns := make([]int, len(history)-b.first)
	for i := range turns {
		turns[i] = b.first + i
	}
	narrowCounts(g, history, turns, b.lo, b.hi)
}

// solve records that position i has colour c.
func (b *board) solve(i, c int) {
	b.at[i], b.where[c] = c, i
	b.sets.keep[c] = true
}

// setBudget is the moves of the search for a colour set; a window's
// search within the set tries 1/setShare of the searches from scratch
// of one among every colour left.
const (
	setBudget = 20_000
	setShare  = 4
)

// setProbe returns a probe whose colours are a set that fits the blacks
// plus whites of every answer so far, if the search finds one (else the
// least wrong found): the solved positions their colours, the others the
// set's other colours in random order; live lists those others.
func (p *player) setProbe(b *board) (code mastermind.Code, live []int) {
	p.fitSet(b)
	code = make(mastermind.Code, b.L)
	var spare []uint8
	for c, n := range b.set {
		if n == 1 && b.where[c] < 0 {
			spare = append(spare, uint8(c))
		}
	}
	p.rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	for i, c := range b.at {
		if c >= 0 {
			code[i] = uint8(c)
		} else {
			code[i] = spare[len(live)]
			live = append(live, i)
		}
	}
	return code, live
}

// fitSet makes b.set a colour set that fits the blacks plus whites of every
// answer so far, if the search finds one (else the least wrong found),
// with the solved colours.
func (p *player) fitSet(b *board) {
	if b.set == nil {
		b.set = make([]int, b.K)
		for _, c := range p.rng.Perm(b.K)[:b.L] {
			b.set[c] = 1
		}
	}
	// Make the solved colours part of the set, in place of others.
	for c, k := range b.sets.keep {
		if k && b.set[c] == 0 {
			for {
				d := p.rng.IntN(b.K)
				if b.set[d] == 1 && !b.sets.keep[d] {
					b.set[c], b.set[d] = 1, 0
					break
				}
			}
		}
	}
	p.setTime(b.sets)
	b.sets.fitCounts(b.set, setBudget)
}

// fill gives the positions of code marked in open colours not used yet
// (marked in used, as it gives them) whose blacks the board proves,
// matching positions to colours by augmenting paths (a solved position
// tries its own colour first); it returns the blacks of the pairs it
// placed and the positions it could not fill.
func (b *board) fill(code []uint8, open, used []bool) (blacks int, unfilled []int) {
	owner := make([]int, b.K) // per colour the position it fills, or -1
	for c := range owner {
		owner[c] = -1
	}
	seen := make([]bool, b.K)
	var try func(i int) bool
	try = func(i int) bool {
		take := func(c int) bool {
			if used[c] || seen[c] || !b.known(i, c) {
				return false
			}
			seen[c] = true
			if owner[c] < 0 || try(owner[c]) {
				owner[c] = i
				return true
			}
			return false
		}
		if c := b.at[i]; c >= 0 && take(c) {
			return true
		}
		for c := range b.K {
			if take(c) {
				return true
			}
		}
		return false
	}
	for i, o := range open {
		if o {
			clear(seen)
			if !try(i) {
				unfilled = append(unfilled, i)
			}
		}
	}
	for c, i := range owner {
		if i >= 0 {
			code[i], used[c] = uint8(c), true
			if b.at[i] == c {
				blacks++
			}
		}
	}
	return blacks, unfilled
}

// scatter gives the positions of code in live random colours not used yet.
func (p *player) scatter(code []uint8, live []int, used []bool) {
	var spare []uint8
	for c, u := range used {
		if !u {
			spare = append(spare, uint8(c))
		}
	}
	p.rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	for k, i := range live {
		code[i], used[spare[k]] = spare[k], true
	}
}

// boardGuess returns the code that gives the positions of window the colours
// of part, those in random random colours, and every other position a
// colour whose black the board proves, with the blacks of those; live
// lists the positions of random colours, random and those the board could
// not fill (nil if none).
func (p *player) boardGuess(b *board, window []int, part []uint8, random []int) (code mastermind.Code, blacks int, live []int) {
	code = make(mastermind.Code, b.L)
	open := make([]bool, b.L)
	used := make([]bool, b.K)
	for i := range open {
		open[i] = true
	}
	for k, i := range window {
		code[i], open[i], used[part[k]] = part[k], false, true
	}
	for _, i := range random {
		open[i] = false
	}
	blacks, live = b.fill(code, open, used)
	live = append(live, random...)
	p.scatter(code, live, used)
	return code, blacks, live
}

// distinctWindows solves a game of distinct colours a window of positions
// at a time. A guess gives the window a candidate of colours not solved,
// each once, consistent with the window's answers (see searcher), and
// every other position a colour whose black the board proves (see
// board.fill), so that the answer's blacks less the known ones are the
// window's. With more colours than positions, the candidate's colours are
// drawn from a colour set that fits every answer's blacks plus whites (how
// many of its guess's colours the secret has; see fitSet): the guesses
// then test that set as the whole-code search does, and the set soon is
// the secret's, which leaves the window far fewer colours; where no
// candidate within the set is found, the window searches every colour
// left. Colours proven
// absent are left out, and fill any position. Where the board cannot fill
// every other position for any candidate found, the guess is a probe
// instead: the solved positions get their colours, the others those of
// the colour set in random order; an answer with no black among them
// proves every such pair wrong, and a few such answers give the board the
// fillers it needs.
func (p *player) distinctWindows() error {
	b := p.newBoard()
	for {
		var window []int
		for i, c := range b.at {
			if c < 0 && len(window) < distinctWindowSize {
				window = append(window, i)
			}
		}
		if len(window) == 0 {
			return errInconsistent // every position known, yet not found
		}
		if err := p.distinctWindow(b, window); err != nil {
			return err
		}
	}
}

// distinctWindowSize is the most positions of a window of distinct colours.
const distinctWindowSize = 24

// distinctWindow plays guesses until every position of window is known.
func (p *player) distinctWindow(b *board, window []int) error {
	K := p.g.Colors
	var s *searcher
	var turns []int // per answer of s its turn
	for {
		open := 0 // the positions not solved
		for _, c := range b.at {
			if c < 0 {
				open++
			}
		}
		// The colours not solved, not proven absent and, if inSet, in a
		// colour set that fits the answers; if the window holds every
		// position not solved, it has those proven present.
		p.fitSet(b)
		domain := func(inSet bool) (lo, hi []int, ok bool) {
			lo, hi = make([]int, K), make([]int, K)
			n := 0
			for c := range hi {
				if b.where[c] < 0 && b.hi[c] > 0 && (b.set[c] == 1 || !inSet) {
					hi[c] = 1
					n++
					if open == len(window) {
						lo[c] = b.lo[c]
					}
				}
			}
			return lo, hi, n >= len(window)
		}
		lo, hi, inSet := domain(true)
		if !inSet {
			var ok bool
			if lo, hi, ok = domain(false); !ok {
				return errInconsistent
			}
		}
		s = p.windowSearch(s, len(window), K, lo, hi)
		fallback := inSet && K > p.g.Positions
		if fallback {
			// A shorter search within the set, as another follows.
			s.effort.tries = max(1, s.effort.tries/setShare)
		}
		part := s.next()
		violated := s.violated()
		if violated != nil && fallback {
			// No candidate within the set: search every colour left.
			lo, hi, _ = domain(false)
			s = p.windowSearch(s, len(window), K, lo, hi)
			part = s.next()
			violated = s.violated()
		}
		code, known, live := p.boardGuess(b, window, part, nil)
		if live != nil && violated == nil {
			// Another consistent candidate the board can isolate.
			for _, m := range s.pop {
				if c, k, l := p.boardGuess(b, window, m.code, nil); l == nil {
					part, code, known, live = append([]uint8(nil), m.code...), c, k, nil
					break
				}
			}
		}
		probe := live != nil
		if probe {
			// A probe: the solved positions their colours, the others
			// those of a colour set that fits the answers.
			code, live = p.setProbe(b)
			known = len(b.at) - len(live)
			p.probes++
		}
		f, err := p.guess(code)
		if err != nil {
			return err
		}
		b.learn(p.g, p.history)
		target := f.Black - known
		if target < 0 || target > len(window) || probe && target > len(live) {
			return errInconsistent
		}
		if probe {
			if target == 0 {
				for _, i := range live {
					b.no[i*K+int(code[i])] = true
				}
			}
			continue
		}
		if err := p.tally(s, violated, turns); err != nil {
			return err
		}
		s.add(part, -1, target, 0)
		turns = append(turns, p.guesses-1)
		if target == len(window) {
			p.work += s.work
			for k, i := range window {
				b.solve(i, int(part[k]))
			}
			return nil
		}
	}
}

// distinctWholeLimit is the most positions of distinct colours searched as
// a whole code: beyond, windows take fewer seconds (at 50 of 50 the whole
// search took 7 to 12 s of CPU, at 40 of 60 about 5 s).
const distinctWholeLimit = 40
