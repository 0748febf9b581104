// Package consistent reasons about a history of guesses and their feedback:
// which codes are still possible, and, when none is, which answers contradict
// each other.
package consistent

import (
	"math/bits"

	"github.com/mastermind-go/mastermind"
)

// All returns the indices of all codes of the space, in ascending order.
func All(s *mastermind.Space) []int32 {
	all := make([]int32, s.Len())
	for i := range all {
		all[i] = int32(i)
	}
	return all
}

// Candidates returns the indices, in ascending order, of the codes of the
// space that would have given every feedback of the history.
func Candidates(s *mastermind.Space, history []mastermind.Turn) []int32 {
	cands := All(s)
	for _, t := range history {
		cands = Narrow(s, cands, t)
	}
	return cands
}

// Narrow returns the codes among cands (indices into s) that give feedback
// t.Feedback to guess t.Guess. It reuses the storage of cands.
func Narrow(s *mastermind.Space, cands []int32, t mastermind.Turn) []int32 {
	guess, ok := s.Index(t.Guess)
	if !ok {
		return cands[:0]
	}
	want := s.Game().OutcomeOf(t.Feedback)
	var buf [256]mastermind.Outcome
	kept := cands[:0]
	for start := 0; start < len(cands); start += len(buf) {
		chunk := cands[start:min(start+len(buf), len(cands))]
		s.Outcomes(guess, chunk, buf[:])
		for i, x := range chunk {
			if buf[i] == want {
				kept = append(kept, x)
			}
		}
	}
	return kept
}

// maxExhaustive is the largest history for which Conflict tries every subset
// of answers; beyond it, Conflict returns a minimal (irreducible) set instead
// of a smallest one.
const maxExhaustive = 16

// Conflict returns the positions (0-based, ascending) of a smallest set of
// turns of the history that no code of the space satisfies together, or nil
// when some code satisfies the whole history. For histories longer than 16
// turns the set returned is irreducible (dropping any turn makes it
// satisfiable) rather than guaranteed smallest.
func Conflict(s *mastermind.Space, history []mastermind.Turn) []int {
	// One bitset per turn: the codes that satisfy it.
	words := (s.Len() + 63) / 64
	sets := make([][]uint64, len(history))
	all := All(s)
	for i, t := range history {
		sets[i] = make([]uint64, words)
		for _, x := range Narrow(s, append([]int32(nil), all...), t) {
			sets[i][x/64] |= 1 << (x % 64)
		}
	}
	scratch := make([]uint64, words)
	satisfiable := func(turns []int) bool {
		if len(turns) == 0 {
			return true
		}
		copy(scratch, sets[turns[0]])
		for _, i := range turns[1:] {
			for w, x := range sets[i] {
				scratch[w] &= x
			}
		}
		for _, x := range scratch {
			if x != 0 {
				return true
			}
		}
		return false
	}
	every := make([]int, len(history))
	for i := range every {
		every[i] = i
	}
	if satisfiable(every) {
		return nil
	}
	if len(history) <= maxExhaustive {
		// Subsets in order of size, then lexicographically.
		for k := 1; k <= len(history); k++ {
			for mask := uint32(1)<<k - 1; mask < 1<<len(history); mask = nextSameSize(mask) {
				turns := make([]int, 0, k)
				for m := mask; m != 0; m &= m - 1 {
					turns = append(turns, bits.TrailingZeros32(m))
				}
				if !satisfiable(turns) {
					return turns
				}
			}
		}
	}
	// Deletion filter: drop every turn whose removal keeps the set contradictory.
	kept := every
	for i := 0; i < len(kept); {
		without := append(append([]int(nil), kept[:i]...), kept[i+1:]...)
		if !satisfiable(without) {
			kept = without
		} else {
			i++
		}
	}
	return kept
}

// nextSameSize returns the next larger integer with as many bits set as x
// (Gosper's hack).
func nextSameSize(x uint32) uint32 {
	c := x & -x
	r := x + c
	return (((r ^ x) >> 2) / c) | r
}
