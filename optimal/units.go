package optimal

import (
	"github.com/mastermind-go/mastermind"
)

// strategyTries is how many candidates strategyTotal weighs at each set.
const strategyTries = 64

// strategyTotal returns the total of a simple strategy on the candidates
// within depth guesses, or infinite if it needs more: at each set, of its
// first strategyTries candidates, guess the one that splits the set into
// the most parts. It is an upper bound on the set's optimal total, cheap
// enough to check every unit of a merge against (a part's bound above it
// is refuted).
func (sv *solver) strategyTotal(cands []int32, depth int) int {
	n := len(cands)
	switch {
	case n == 1 && depth >= 1:
		return 1
	case depth < 2:
		return infinite
	}
	outcomes := make([]mastermind.Outcome, n)
	seen := make([]bool, sv.game.Outcomes())
	best, most := cands[0], 0
	for _, g := range cands[:min(n, strategyTries)] {
		sv.outcomes(int(g), cands, outcomes)
		clear(seen)
		k := 0
		for _, o := range outcomes {
			if !seen[o] {
				seen[o], k = true, k+1
			}
		}
		if k > most {
			best, most = g, k
		}
	}
	total := n
	for _, p := range sv.split(nil, cands, int(best)) {
		total = min(total+sv.strategyTotal(p.cands, depth-1), infinite)
	}
	return total
}
