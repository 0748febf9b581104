package large

import (
	"fmt"
	"github.com/mastermind-go/mastermind"
	"os"
	"slices"
)

var debugDistinct = os.Getenv("MM_DEBUG") != ""

// A board is what a play of distinct colours knows of the secret pair by
// pair: a position's colour once solved, colours proven absent, and pairs
// (position, colour) proven not to match. A guess can hold a pair whose
// black is known only where the board proves it: a solved position (black
// if it holds its colour, else not), an absent colour, a solved colour
// away from its position, or a proven mismatch.
type board struct {
	L, K   int
	at     []int  // per position its colour, or -1
	where  []int  // per colour its position, or -1
	absent []bool // per colour: proven absent from the secret
	no     []bool // per pair [i*K+c]: proven not to match
}

func newBoard(L, K int) *board {
	b := &board{L: L, K: K, at: make([]int, L), where: make([]int, K), absent: make([]bool, K), no: make([]bool, L*K)}
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
	return b.at[i] >= 0 || b.absent[c] || b.where[c] >= 0 || b.no[i*b.K+c]
}

// solve records that position i has colour c.
func (b *board) solve(i, c int) {
	b.at[i], b.where[c] = c, i
}

// fill gives every position of code marked in open a colour not yet in
// code whose black is known, matching positions to colours (Kuhn's
// augmenting paths), and returns the blacks of the pairs it placed; the
// positions it could not fill it gives random unused colours, and reports
// them (the pairs whose black is unknown) in live.
func (b *board) fill(code []uint8, open []bool, used []bool, p *player) (blacks int, live []int) {
	return b.fillAs(code, open, used, false, p)
}

// fillAs fills as fill does, or, if random, gives every open position a
// random unused colour.
func (b *board) fillAs(code []uint8, open []bool, used []bool, random bool, p *player) (blacks int, live []int) {
	owner := make([]int, b.K) // per colour the position it fills, or -1
	for c := range owner {
		owner[c] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		// A solved position takes its own colour first.
		if c := b.at[i]; c >= 0 && !used[c] && !seen[c] {
			seen[c] = true
			if owner[c] < 0 || try(owner[c], seen) {
				owner[c] = i
				return true
			}
		}
		for c := range b.K {
			if used[c] || seen[c] || !b.known(i, c) {
				continue
			}
			seen[c] = true
			if owner[c] < 0 || try(owner[c], seen) {
				owner[c] = i
				return true
			}
		}
		return false
	}
	seen := make([]bool, b.K)
	filled := make([]bool, b.L)
	for i, o := range open {
		if o {
			clear(seen)
			try(i, seen)
		}
	}
	for c, i := range owner {
		if i >= 0 && !random {
			code[i] = uint8(c)
			filled[i] = true
			used[c] = true
			if b.at[i] == c {
				blacks++
			}
		}
	}
	var spare []uint8
	for c := range b.K {
		if !used[c] {
			spare = append(spare, uint8(c))
		}
	}
	p.rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	for i, o := range open {
		if o && !filled[i] {
			code[i] = spare[0]
			used[spare[0]] = true
			spare = spare[1:]
			live = append(live, i)
		}
	}
	return blacks, live
}

// guess returns the code that gives window the colours part and every
// other position a colour whose black the board proves, with the blacks
// of those; live lists the positions it could not fill so (nil if none),
// which hold random colours.
func (b *board) guess(window []int, part []uint8, p *player) (code mastermind.Code, blacks int, live []int) {
	return b.probe(window, part, nil, p)
}

// probe returns the guess of window and part as guess does, but with
// random colours at the positions of random too.
func (b *board) probe(window []int, part []uint8, random []int, p *player) (code mastermind.Code, blacks int, live []int) {
	code = make(mastermind.Code, b.L)
	open := make([]bool, b.L)
	used := make([]bool, b.K)
	for i := range open {
		open[i] = true
	}
	for k, i := range window {
		code[i] = part[k]
		open[i] = false
		used[part[k]] = true
	}
	for _, i := range random {
		open[i] = false
	}
	blacks, live = b.fill(code, open, used, p)
	if random != nil {
		for i := range open {
			open[i] = slices.Contains(random, i)
		}
		_, more := b.fillAs(code, open, used, true, p)
		live = append(live, more...)
	}
	return code, blacks, live
}

// learn narrows the colours absent from the secret by the bounds that the
// answers' blacks plus whites put on them.
func (b *board) learn(p *player) {
	_, hi, ok := countBounds(p.g, p.history, allTurns(len(p.history)))
	if !ok {
		return // countConflict reports it
	}
	for c, h := range hi {
		if h == 0 {
			b.absent[c] = true
		}
	}
}

// allTurns returns 0..n-1.
func allTurns(n int) []int {
	t := make([]int, n)
	for i := range t {
		t[i] = i
	}
	return t
}

// distinctWindows solves a game of distinct colours a window of positions
// at a time. A guess gives the window a candidate of colours not solved
// and not proven absent, each once, and every other position a colour
// whose black the board proves (see board.fill), so that the answer's
// blacks less the known ones are the window's. Where the board cannot fill
// every other position, the guess fills them at random, a probe: its
// answer counts for the window and the board only if it has no unknown
// black, which proves every unknown pair wrong.
func (p *player) distinctWindows() error {
	L := p.g.Positions
	b := newBoard(L, p.g.Colors)
	for {
		var window []int
		for i, c := range b.at {
			if c < 0 && len(window) < distinctWindow {
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

// distinctWindow is the most positions of a window of distinct colours.
const distinctWindow = 24

// distinctWindow plays guesses until every position of window is known.
func (p *player) distinctWindow(b *board, window []int) error {
	K := p.g.Colors
	var s *searcher
	var turns []int // per answer of s its turn
	for {
		lo, hi := make([]int, K), make([]int, K)
		domain := 0
		for c := range hi {
			if b.where[c] < 0 && !b.absent[c] {
				hi[c] = 1
				domain++
			}
		}
		if domain < len(window) {
			return errInconsistent
		}
		if s == nil {
			s = newSearcher(len(window), K, lo, hi, windowEffort, p.rng)
		} else {
			s.setBounds(lo, hi)
		}
		s.effort = p.effort(s, windowEffort)
		part := s.next()
		violated := s.violated()
		code, known, live := b.guess(window, part, p)
		if live != nil && violated == nil {
			// Another consistent candidate the board can isolate.
			for _, m := range s.pop {
				if c, k, l := b.guess(window, m.code, p); l == nil {
					part, code, known, live = append([]uint8(nil), m.code...), c, k, nil
					break
				}
			}
		}
		probe := live != nil
		if probe {
			// A probe: random colours at the positions not solved, the
			// solved ones their own.
			var open []int
			for i, c := range b.at {
				if c < 0 {
					open = append(open, i)
				}
			}
			code, known, live = b.probe(nil, nil, open, p)
		}
		f, err := p.guess(code)
		if err != nil {
			return err
		}
		b.learn(p)
		target := f.Black - known
		if debugDistinct {
			na := 0
			for _, a := range b.absent {
				if a {
					na++
				}
			}
			fmt.Printf("g%d win %v target %d live %d absent %d viol %v\n", p.guesses, window[0], target, len(live), na, len(violated))
		}
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
		if violated != nil {
			for i, j := range violated {
				violated[i] = turns[j]
			}
			if err := p.missed(violated); err != nil {
				return err
			}
		} else {
			p.missRun = 0
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
