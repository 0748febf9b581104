package large

import (
	"math/rand/v2"

	"github.com/mastermind-go/mastermind"
)

// slotsBounds is what answers under the rule slots (a mark per position,
// Wordle's) prove of the secret s, and all they prove: a code is
// consistent with a guess g and its marks exactly when
//
//   - s[i] = g[i] where the mark is G, and s[i] != g[i] where it is Y or .;
//   - for each colour c of g, with k the G and Y marks on the positions of
//     colour c in g: s has exactly k pegs of c if one of those positions
//     is marked ., else at least k;
//
// provided that on the positions of each colour not marked G the Ys come
// first, from the left (an answer whose Y stands right of a . of its
// colour is one no code gives). For the secret's copies of c not used by
// a G are given to the positions of c not marked G from the left: Y while
// copies are left, . after.
//
// So a set of answers fixes or forbids colours position by position and
// bounds each colour's count, and a code fits them all exactly when it is
// an assignment of allowed colours to positions within the bounds (see
// assignment): whether one exists, and one of them, is polynomial.
type slotsBounds struct {
	n, K   int
	fixed  []int  // per position its colour, or -1
	not    []bool // per position and colour [i*K+c]: s[i] is not c
	lo, hi []int  // per colour the bounds on its count
	bad    bool   // some answer is one no code gives to its guess
}

// newSlotsBounds returns the bounds of game g that knows no answer: any
// count, or at most 1 of each colour with distinct colours.
func newSlotsBounds(g mastermind.Game) *slotsBounds {
	b := &slotsBounds{n: g.Positions, K: g.Colors, fixed: make([]int, g.Positions), not: make([]bool, g.Positions*g.Colors)}
	b.lo, b.hi = countRange(g)
	for i := range b.fixed {
		b.fixed[i] = -1
	}
	return b
}

// add narrows the bounds by the marks f of guess (a code of the game).
// It notes a contradiction (bad) rather than reporting it: fits does.
func (b *slotsBounds) add(guess mastermind.Code, f mastermind.Feedback) {
	if len(f.Marks) != b.n || len(guess) != b.n {
		b.bad = true
		return
	}
	marked := make([]int, b.K)  // per colour its G and Y marks
	dotted := make([]bool, b.K) // per colour: a position of it is marked .
	for i, x := range guess {
		c := int(x)
		switch f.Marks[i] {
		case mastermind.MarkRight:
			marked[c]++
			if b.fixed[i] >= 0 && b.fixed[i] != c || b.not[i*b.K+c] {
				b.bad = true
			}
			b.fixed[i] = c
			continue
		case mastermind.MarkOther:
			if dotted[c] {
				b.bad = true // a Y right of a . of its colour
			}
			marked[c]++
		case mastermind.MarkNone:
			dotted[c] = true
		default:
			b.bad = true
		}
		if b.fixed[i] == c {
			b.bad = true
		}
		b.not[i*b.K+c] = true
	}
	for c, k := range marked {
		b.lo[c] = max(b.lo[c], k)
		if dotted[c] {
			b.hi[c] = min(b.hi[c], k)
		}
	}
}

// allow reports whether position i may be of colour c.
func (b *slotsBounds) allow(i, c int) bool {
	if b.fixed[i] >= 0 {
		return b.fixed[i] == c
	}
	return !b.not[i*b.K+c] && b.hi[c] > 0
}

// code returns a code that fits the bounds, or nil if none does; with rng
// not nil a random one of them (not uniformly: see assignment).
func (b *slotsBounds) code(rng *rand.Rand) mastermind.Code {
	if b.bad {
		return nil
	}
	a := &assignment{n: b.n, K: b.K, allow: b.allow, lo: b.lo, hi: b.hi}
	return a.solve(rng)
}

// slotsFit reports whether some code of game g gives the answers of the
// turns (indices) of history.
func slotsFit(g mastermind.Game, history []mastermind.Turn, turns []int) bool {
	b := newSlotsBounds(g)
	for _, t := range turns {
		b.add(history[t].Guess, history[t].Feedback)
	}
	return b.code(nil) != nil
}
