package choose

import (
	"math"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

// The work of a guess is the number of pairs of codes a strategy scores to
// choose it: each guess it considers against each code still possible. A
// front end that bounds its computations (the web API's slots) asks it
// before the guess is computed.

// GuessWork returns the work of the guess strategy name chooses after history
// in game g, with r codes still possible: the heuristics (and auto, and
// optimal where it leaves its tree, which play entropy) score every guess
// they consider against the r codes; consistent, the r codes against each
// other; first and random look at the r codes once. Two codes or fewer
// need no scoring.
func GuessWork(g mastermind.Game, name string, history []mastermind.Turn, r float64) float64 {
	auto := name == "" || name == strategy.AutoName || name == strategy.ConsistentName
	switch {
	case r <= 2, name == strategy.FirstName, name == strategy.RandomName, auto && g.Count() > HeuristicLimit:
		return r
	case name == strategy.ConsistentName:
		return r * r
	}
	return considered(g, history) * r
}

// considered returns how many guesses a heuristic scores at most after
// history in game g: one of each class of codes that differ only by a
// permutation of the colours no guess of history used (package symmetry's
// free colours; it also sets aside colours no code still possible has,
// which only makes fewer). The lowest code of a class has its free colours
// in order of first appearance: with k positions of free colours, there
// are C(N,k) ways to place them, U^(N-k) ways to colour the others with
// the U colours used (U!/(U-N+k)! with distinct colours), and sum over
// b <= F of S(k,b) patterns of the F free colours (one with distinct
// colours, k <= F), S the Stirling numbers of the second kind.
func considered(g mastermind.Game, history []mastermind.Turn) float64 {
	var used [mastermind.MaxColors]bool
	u := 0
	for _, t := range history {
		for _, c := range t.Guess {
			if !used[c] {
				used[c] = true
				u++
			}
		}
	}
	n, f := g.Positions, g.Colors-u
	// s[b] is S(k,b) for the k of the loop below.
	s := make([]float64, n+1)
	s[0] = 1
	total, binom := 0.0, 1.0 // binom is C(n,k)
	for k := 0; k <= n; k++ {
		if k > 0 {
			for b := k; b >= 1; b-- {
				s[b] = float64(b)*s[b] + s[b-1]
			}
			s[0] = 0
			binom = binom * float64(n-k+1) / float64(k)
		}
		rest, patterns := 1.0, 0.0
		if g.Distinct {
			if k > f {
				break
			}
			for i := range n - k {
				rest *= float64(u - i)
			}
			patterns = 1
		} else {
			rest = math.Pow(float64(u), float64(n-k))
			for b := range min(k, f) + 1 {
				patterns += s[b]
			}
		}
		total += binom * max(rest, 0) * patterns
	}
	return min(total, g.Count())
}
