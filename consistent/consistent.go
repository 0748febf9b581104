// Package consistent reasons about a history of guesses and their feedback:
// the codes still possible ([Candidates], [History] as answers come in,
// [Count] and [Satisfiable] in games too large to list), the lowest of them
// ([Smallest]), and, when none is left, answers that contradict each other
// ([Conflict], [ConflictIn]).
package consistent

import "github.com/mastermind-go/mastermind"

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

// Conflict returns the positions (0-based, ascending) of a smallest set of
// turns of the history that no code of the space satisfies together, or nil
// when some code satisfies the whole history. See SmallestConflict for how
// small.
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
	return SmallestConflict(len(history), satisfiable, 1<<16)
}

// SmallestConflict returns a smallest set of the turns 0..n-1 that
// satisfiable says no code satisfies together, or nil when all n together
// are satisfiable. It first drops every turn it can (a deletion filter), which
// leaves an irreducible set; then it tries the smaller sets in order of size,
// as long as there are no more than budget of them in all. The set returned
// is therefore irreducible, and the smallest there is when the budget
// allowed the search of all smaller sets.
func SmallestConflict(n int, satisfiable func(turns []int) bool, budget int) []int {
	kept := make([]int, n)
	for i := range kept {
		kept[i] = i
	}
	if satisfiable(kept) {
		return nil
	}
	for i := 0; i < len(kept); {
		without := append(append([]int(nil), kept[:i]...), kept[i+1:]...)
		if !satisfiable(without) {
			kept = without
		} else {
			i++
		}
	}
	// The sets smaller than kept, if there are few enough to try.
	total := 0.0
	for k := 1; k < len(kept); k++ {
		total += binomial(n, k)
	}
	if total > float64(budget) {
		return kept
	}
	turns := make([]int, 0, len(kept))
	for k := 1; k < len(kept); k++ {
		// The k-subsets of 0..n-1 in lexicographic order.
		turns = turns[:k]
		for i := range turns {
			turns[i] = i
		}
		for {
			if !satisfiable(turns) {
				return append([]int(nil), turns...)
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

func binomial(n, k int) float64 {
	b := 1.0
	for i := range k {
		b = b * float64(n-i) / float64(i+1)
	}
	return b
}
