package large

import "github.com/mastermind-go/mastermind"

// countConflict returns a set of turns (0-based) of history whose blacks
// plus whites no colour counts of a code of game g give together, or nil if
// their bounds on the counts are consistent. It reasons on the counts
// alone: each answer says the guess shares B+W pegs with the secret, that
// is Σ min(count of c, pegs of c in the guess) over the colours c, and the
// counts sum to the length (and are at most 1 with distinct colours). The
// set is irreducible: without any one of its answers the bounds are
// consistent.
func countConflict(g mastermind.Game, history []mastermind.Turn) []int {
	all := make([]int, len(history))
	for i := range all {
		all[i] = i
	}
	if countsFit(g, history, all) {
		return nil
	}
	set := all
	for i := len(set) - 1; i >= 0; i-- {
		without := append(append([]int(nil), set[:i]...), set[i+1:]...)
		if !countsFit(g, history, without) {
			set = without
		}
	}
	return set
}

// maxPasses bounds the passes of countsFit over the answers.
const maxPasses = 50

// countsFit reports whether the bounds that the answers to turns put on
// the colour counts are consistent.
func countsFit(g mastermind.Game, history []mastermind.Turn, turns []int) bool {
	lo, hi := countRange(g)
	return narrowCounts(g, history, turns, lo, hi)
}

// countRange returns the bounds on the colour counts of a code of game g
// that knows no answer: 0 to the length, or to 1 with distinct colours.
func countRange(g mastermind.Game) (lo, hi []int) {
	top := g.Positions
	if g.Distinct {
		top = 1
	}
	lo, hi = make([]int, g.Colors), make([]int, g.Colors)
	for c := range hi {
		hi[c] = top
	}
	return lo, hi
}

// narrowCounts narrows the bounds lo and hi on the colour counts by the
// answers to turns until nothing changes (or maxPasses), and reports
// whether they are consistent.
func narrowCounts(g mastermind.Game, history []mastermind.Turn, turns []int, lo, hi []int) bool {
	K, L := g.Colors, g.Positions
	shown := make([][]int, len(turns)) // per answer its guess's colour counts
	for i, t := range turns {
		shown[i] = make([]int, K)
		for _, c := range history[t].Guess {
			shown[i][c]++
		}
	}
	for pass, changed := 0, true; changed; pass++ {
		if pass == maxPasses {
			return true // no proof in time
		}
		changed = false
		narrow := func(c, l, h int) {
			if l > lo[c] {
				lo[c], changed = l, true
			}
			if h < hi[c] {
				hi[c], changed = h, true
			}
		}
		for i, t := range turns {
			total := history[t].Feedback.Black + history[t].Feedback.White
			minSum, maxSum := 0, 0
			for c, n := range shown[i] {
				minSum += min(lo[c], n)
				maxSum += min(hi[c], n)
			}
			if total < minSum || total > maxSum {
				return false
			}
			for c, n := range shown[i] {
				if n == 0 {
					continue
				}
				l := total - (maxSum - min(hi[c], n))
				h := hi[c]
				if u := total - (minSum - min(lo[c], n)); u < n {
					h = u
				}
				narrow(c, l, h)
			}
		}
		sumLo, sumHi := 0, 0
		for c := range lo {
			sumLo, sumHi = sumLo+lo[c], sumHi+hi[c]
		}
		if sumLo > L || sumHi < L {
			return false
		}
		for c := range lo {
			narrow(c, L-(sumHi-hi[c]), L-(sumLo-lo[c]))
			if lo[c] > hi[c] {
				return false
			}
		}
	}
	return true
}
