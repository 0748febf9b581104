package large

import "slices"

// smallestConflict returns a smallest set of the turns 0..n-1 (ascending)
// for which fits is false, given that it is false for them all: first an
// irreducible set, each turn left out in turn from the first while the
// others still conflict; then the sets smaller than it, in order of size
// and then lexicographic, the first that conflicts. Past budget calls of
// fits among the smaller sets it settles for the irreducible one. fits
// must be exact (false exactly when no code gives the answers of the
// turns), or the set is only a true conflict.
func smallestConflict(n int, fits func(turns []int) bool, budget int) []int {
	kept := allTurns(n)
	for i := 0; i < len(kept); {
		without := slices.Delete(slices.Clone(kept), i, i+1)
		if !fits(without) {
			kept = without
		} else {
			i++
		}
	}
	turns := make([]int, 0, len(kept))
	for k := 1; k < len(kept); k++ {
		// The k-subsets of 0..n-1 in lexicographic order.
		turns = turns[:k]
		for i := range turns {
			turns[i] = i
		}
		for {
			if budget--; budget < 0 {
				return kept
			}
			if !fits(turns) {
				return slices.Clone(turns)
			}
			i := k - 1
			for i >= 0 && turns[i] == n-k+i {
				i--
			}
			if i < 0 {
				break
			}
			turns[i]++
			for j := i + 1; j < k; j++ {
				turns[j] = turns[j-1] + 1
			}
		}
	}
	return kept
}
