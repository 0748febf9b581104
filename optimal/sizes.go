package optimal

import (
	"slices"

	"github.com/mastermind-go/mastermind"
)

// sizes are the bounds of sets of candidates by their size alone.
type sizes struct {
	parts    int     // the most parts besides "solved" a guess makes
	possible []bool  // per outcome, whether some secret gives it to some guess; nil under black-white (see Game.ValidFeedback)
	least    []int   // least[n]: a lower bound on the total of n secrets
	grow     []int   // grow[n]: least[n] - least[n-1]
	floors   []int   // floors[n]: a lower bound on the total of n secrets after a guess that is none of them
	splits   [][]int // splits[s][n]: a lower bound on the total of n secrets that share s colours with a guess that is none of them (see pending.refine)
	capacity []int   // capacity[d]: the most secrets d guesses can tell apart
}

// newSizes tabulates the bounds of sets of up to n secrets of the space:
// parts, least, floors, splits, grow and capacity. A tree whose every guess is a candidate and splits the rest as
// evenly as the answers allow reaches the least total: n + the least
// totals of the parts of n-1, a part of an answer holding no more secrets
// than that answer's class in the whole space (see answerCaps), the rest
// shared out evenly. The classes lift the bound of 300 secrets by 1.9% in
// 7 of 7 distinct (a guess has six answers there, and one of them only 21
// codes) and in 4x8, and of 2000 by 5 to 7%; they change nothing below 150.
func newSizes(s *mastermind.Space, n int) sizes {
	g := s.Game()
	var z sizes
	// How many parts besides "solved" a guess can make: under black-white
	// the valid answers; under the other rules the answers some secret
	// gives to some guess, found by answerCaps.
	caps := answerCaps(s)
	if g.Rule == mastermind.BlackWhite {
		for b := 0; b <= g.Positions; b++ {
			for w := 0; b+w <= g.Positions; w++ {
				if g.ValidFeedback(mastermind.Feedback{Black: b, White: w}) == nil && b != g.Positions {
					z.parts++
				}
			}
		}
	} else {
		z.possible = make([]bool, len(caps))
		for o, c := range caps {
			if c > 0 {
				z.possible[o] = true
				if mastermind.Outcome(o) != g.Solved() {
					z.parts++
				}
			}
		}
	}
	z.least, z.floors = leastTotalsOf(g, caps, n)
	z.splits = splitBounds(g, z.possible, z.least, min(n, tableCands))
	z.grow = make([]int, n+1)
	for k := 1; k <= n; k++ {
		z.grow[k] = z.least[k] - z.least[k-1]
	}
	m := z.parts
	z.capacity = []int{0, 1}
	for last := 1; last < n; {
		last = 1 + m*last
		z.capacity = append(z.capacity, last)
	}
	return z
}

// leastTotals returns least and floors of bounds for sets of up to n
// secrets of the space.
func leastTotals(s *mastermind.Space, n int) (least, floors []int) {
	return leastTotalsOf(s.Game(), answerCaps(s), n)
}

// leastTotalsOf is leastTotals from the space's answerCaps.
func leastTotalsOf(g mastermind.Game, perAnswer []int, n int) (least, floors []int) {
	var caps []int
	for o, c := range perAnswer {
		if mastermind.Outcome(o) != g.Solved() && c > 0 {
			caps = append(caps, c)
		}
	}
	// x[i]: the secrets the even split so far puts in part i; spread:
	// their least totals, summed. Each secret more goes to the part where
	// it costs least: least is convex (its rises, the depths of the
	// secrets, never fall), so that this is the least sum.
	x := make([]int, len(caps))
	spread := 0
	least = make([]int, n+1)
	add := func() { // adds a secret to the split
		best, cost := -1, infinite
		for i, c := range caps {
			if x[i] < c && least[x[i]+1]-least[x[i]] < cost {
				best, cost = i, least[x[i]+1]-least[x[i]]
			}
		}
		if best < 0 {
			spread = infinite // more secrets than the space holds
			return
		}
		x[best]++
		spread += cost
	}
	// A guess that is no candidate splits all n into parts.
	floors = make([]int, n+1)
	for k := 1; k <= n; k++ {
		least[k] = min(k+spread, infinite) // the split of k-1
		add()
		floors[k] = min(k+spread, infinite)
	}
	return least, floors
}

// answerCaps returns, for each outcome, the most codes of the space that
// any guess gets it from (0 for an answer no code gives): no part of a
// set holds more. Renaming the colours keeps every rule's answers, and
// under black-white and black so does permuting the positions: there
// guesses whose colours come as often split the space alike, so one
// guess of each partition of the positions (as 0012 for 2+1+1) is
// scored; under slots, where a permutation of the positions moves the Y
// marks, one guess of each pattern of equal colours (as 0102, each colour
// first met in order).
func answerCaps(s *mastermind.Space) []int {
	g := s.Game()
	most := make([]int, g.Outcomes())
	count := make([]int, g.Outcomes())
	code := make(mastermind.Code, 0, g.Positions)
	score := func() {
		guess, ok := s.Index(code)
		if !ok {
			return
		}
		clear(count)
		for secret := range s.Len() {
			count[s.Outcome(secret, guess)]++
		}
		for o, c := range count {
			most[o] = max(most[o], c)
		}
	}
	if g.Rule == mastermind.Slots {
		var patterns func(used int)
		patterns = func(used int) {
			if len(code) == g.Positions {
				score()
				return
			}
			for c := 0; c <= used && c < g.Colors; c++ {
				code = append(code, uint8(c))
				patterns(max(used, c+1))
				code = code[:len(code)-1]
			}
		}
		patterns(0)
		return most
	}
	var partitions func(left, largest int)
	partitions = func(left, largest int) {
		if left == 0 {
			guess, ok := s.Index(code)
			if !ok {
				return
			}
			clear(count)
			for secret := range s.Len() {
				count[s.Outcome(secret, guess)]++
			}
			for o, c := range count {
				most[o] = max(most[o], c)
			}
			return
		}
		colour := uint8(0)
		if len(code) > 0 {
			colour = code[len(code)-1] + 1
		}
		if int(colour) >= g.Colors {
			return
		}
		for size := min(left, largest); size >= 1; size-- {
			for range size {
				code = append(code, colour)
			}
			partitions(left-size, size)
			code = code[:len(code)-size]
		}
	}
	partitions(g.Positions, g.Positions)
	return most
}

// splitBounds returns splits up to n secrets of game g (least their least
// totals; possible the outcomes some code gives, nil under black-white):
// the least total of n secrets in at most k parts, k the answers of a
// guess that is none of them that say it shares s colours with a secret
// (see answersSharing).
func splitBounds(g mastermind.Game, possible []bool, least []int, n int) [][]int {
	N := g.Positions
	ks := make([]int, N+1) // per count of shared colours, the parts (no more than n matter)
	for s := range ks {
		ks[s] = min(answersSharing(g, possible, s), n)
	}
	// in[k][c]: the least total of c secrets in at most k parts.
	in := [][]int{make([]int, n+1)}
	for c := 1; c <= n; c++ {
		in[0][c] = infinite
	}
	for k := 1; k <= slices.Max(ks); k++ {
		row := make([]int, n+1)
		for c := range row {
			row[c] = in[k-1][c]
			for a := 1; a <= c; a++ { // a secrets in one more part
				row[c] = min(row[c], least[a]+in[k-1][c-a])
			}
		}
		in = append(in, row)
	}
	splits := make([][]int, N+1)
	for s, k := range ks {
		splits[s] = in[k]
	}
	return splits
}

// answersSharing returns how many answers other than "solved" a guess can
// get from a secret with which it shares s colours (counted with their
// copies): under black-white those with Black+White = s; under slots
// those with s marks G or Y (the Y of a colour are as many as its copies
// in both codes not matched in place, so G+Y is what they share); under
// black those with Black at most s.
func answersSharing(g mastermind.Game, possible []bool, s int) int {
	N, k := g.Positions, 0
	switch g.Rule {
	case mastermind.BlackWhite:
		for b := 0; b < N && b <= s; b++ {
			if g.ValidFeedback(mastermind.Feedback{Black: b, White: s - b}) == nil {
				k++
			}
		}
	default:
		for o, ok := range possible {
			f := g.FeedbackOf(mastermind.Outcome(o))
			if !ok || f.Black == N {
				continue
			}
			if g.Rule == mastermind.BlackOnly && f.Black <= s || g.Rule == mastermind.Slots && f.Black+f.White == s {
				k++
			}
		}
	}
	return k
}
