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
