package large

import "github.com/mastermind-go/mastermind"

// blackUnsat reports whether it proves that no code of game g gives the
// answers of the turns (indices) of history under the rule black, within
// budget steps (which it spends; past them it proves nothing). It walks
// the positions left to right keeping the set of reachable needs: per
// answer the blacks still to find. At a position a code takes one of the
// colours the guesses have there, or another (all others are alike); a
// need below zero, or above the positions left, is dropped. The codes of
// repeats allowed give the answers exactly when the needs all reach zero,
// so there the proof is exact; with distinct colours the walk ignores
// that a colour cannot repeat, so that what it proves still holds (a
// relaxation), but it may not prove every conflict.
func blackUnsat(g mastermind.Game, history []mastermind.Turn, turns []int, budget *int) bool {
	n := len(turns)
	need := make([]byte, n)
	for x, t := range turns {
		b := history[t].Feedback.Black
		if b < 0 || b > g.Positions {
			return true
		}
		need[x] = byte(b)
	}
	states := map[string]bool{string(need): true}
	colours := make([]int, 0, n+1)
	for i := range g.Positions {
		left := g.Positions - i - 1 // positions after i
		colours = colours[:0]
		for _, t := range turns {
			c := int(history[t].Guess[i])
			if !containsInt(colours, c) {
				colours = append(colours, c)
			}
		}
		if len(colours) < g.Colors {
			colours = append(colours, -1) // a colour no guess has here
		}
		next := make(map[string]bool, len(states))
		for s := range states {
			for _, c := range colours {
				if *budget--; *budget < 0 {
					return false
				}
				out := []byte(s)
				ok := true
				for x, t := range turns {
					if int(history[t].Guess[i]) == c {
						if out[x] == 0 {
							ok = false
							break
						}
						out[x]--
					}
					if int(out[x]) > left {
						ok = false
						break
					}
				}
				if ok {
					next[string(out)] = true
					if len(next) > maxNeedSets {
						*budget = -1 // too many to keep: no proof
						return false
					}
				}
			}
		}
		if len(next) == 0 {
			return true
		}
		states = next
	}
	return false
}

// containsInt reports whether s contains x.
func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// proofBudget bounds the steps of the proofs that a play under black
// tries after a guess that fits not every answer, and gameProofBudget
// those of a whole play: a step (a need set reached) takes about 0.5 µs
// on the machine of docs/performance.md, so about 0.15 s and 1.5 s. With
// 10 times these, a game of 30x10 spent 11 s of CPU on proofs that found
// nothing, and ran out of time.
const (
	proofBudget     = 300_000
	gameProofBudget = 3_000_000
)

// maxNeedSets bounds the need sets a proof keeps at a position, its
// memory: a set of 25 answers is a string of 25 bytes, about 80 bytes in
// its map, and a map is kept while the next is built, so about 10 MB.
// Bounded by steps alone (proofBudget), proofs took a game of 25x10 from
// 18 to 51 MB of heap, its answers all right.
const maxNeedSets = 1 << 16

// narrowBudget bounds the steps spent narrowing a proven conflict to an
// irreducible set (about 2 s): the play ends with it. Within the budget
// of a try, a set of 26 answers of 20x10 was left whole.
const narrowBudget = 4_000_000

// maxProofSet is the most answers of the small sets tried for a proof
// when the whole history cannot be proven to conflict.
const maxProofSet = 3

// blackConflict returns a set of turns of history (0-based, ascending)
// that blackUnsat proves no code of g gives together, the smallest it
// finds, or nil: if the whole history is proven, smallestConflict's set
// (narrowed within narrowBudget steps more); else the first proven among
// the sets of up to maxProofSet turns that hold the last, in order of
// size. The proofs take proofBudget steps at most, added to spent.
func blackConflict(g mastermind.Game, history []mastermind.Turn, spent *int) []int {
	n := len(history)
	if n == 0 {
		return nil
	}
	budget := proofBudget
	unsat := func(turns []int) bool {
		before := budget
		proven := blackUnsat(g, history, turns, &budget)
		*spent += before - max(budget, 0)
		return proven
	}
	if unsat(allTurns(n)) {
		// The play ends here: the set may take longer to narrow. Every
		// set smallestConflict keeps or returns is proven: an answer is
		// left out only when the others are.
		budget = narrowBudget
		return smallestConflict(n, func(turns []int) bool { return !unsat(turns) }, conflictBudget)
	}
	last := n - 1
	set := []int{last}
	var try func(from, size int) []int
	try = func(from, size int) []int {
		if len(set) == size {
			turns := append(append([]int(nil), set[1:]...), last)
			if unsat(turns) {
				return turns
			}
			return nil
		}
		for t := from; t < last && budget > 0; t++ {
			set = append(set, t)
			if found := try(t+1, size); found != nil {
				return found
			}
			set = set[:len(set)-1]
		}
		return nil
	}
	for size := 1; size <= maxProofSet && budget > 0; size++ {
		if found := try(0, size); found != nil {
			return found
		}
	}
	return nil
}
