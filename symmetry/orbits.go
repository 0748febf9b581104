package symmetry

import (
	"sync"

	"github.com/mastermind-go/mastermind"
)

// Beyond the colour classes of Representatives, the optimal search keeps
// only the lowest guess of each orbit of the history's symmetry (Of).

// Unlimited is the group size limit of the optimal search's symmetries:
// none.
const Unlimited = 1 << 30

// An OrbitCache remembers which guesses of a class list are the lowest of
// their orbits under a history's symmetry: the answer depends only on the
// history's guesses and on the colours the candidates have. Only histories
// of up to OrbitGuesses guesses are filtered: later ones rarely have
// symmetry, and finding it out cost more than it saved. Entries are kept
// while the cache holds fewer than orbitCacheMax bytes. It is safe for
// concurrent use.
type OrbitCache struct {
	mu   sync.Mutex
	kept map[string][]int32 // by history and colours: the kept classes, nil for all
	size int                // the bytes kept, about
}

// OrbitGuesses is the longest history whose symmetry the optimal search
// uses.
const OrbitGuesses = 2

// orbitCacheMax bounds the size of an OrbitCache, in bytes.
const orbitCacheMax = 32 << 20

// Lowest returns the guesses of classes, the lowest code of each class of
// guesses at st, that are also the lowest of their orbits.
func (oc *OrbitCache) Lowest(s *mastermind.Space, st *mastermind.State, classes []int32) []int32 {
	h := st.History
	if len(h) > OrbitGuesses {
		return classes
	}
	key := make([]byte, 0, len(h)*s.Game().Positions+s.Game().Colors)
	for _, t := range h {
		key = append(key, t.Guess...)
		if s.Game().Rule == mastermind.Slots {
			// The group keeps each answer's marks (see Of): they key it too.
			key = append(key, t.Feedback.Marks...)
		}
	}
	present := make([]byte, s.Game().Colors)
	for _, x := range st.Candidates {
		for _, c := range s.Code(int(x)) {
			present[c] = 1
		}
	}
	key = append(key, present...)
	oc.mu.Lock()
	kept, ok := oc.kept[string(key)]
	oc.mu.Unlock()
	if ok {
		if kept == nil {
			return classes
		}
		return kept
	}
	if sym := Of(s, h, st.Candidates, Unlimited); sym != nil {
		kept = []int32{}
		oc := sym.Check()
		for _, g := range classes {
			if oc.Lowest(s.Code(int(g))) {
				kept = append(kept, g)
			}
		}
	}
	oc.mu.Lock()
	if oc.kept == nil {
		oc.kept = map[string][]int32{}
	}
	if oc.size < orbitCacheMax {
		oc.kept[string(key)] = kept
		oc.size += 64 + len(key) + 4*len(kept)
	}
	oc.mu.Unlock()
	if kept == nil {
		return classes
	}
	return kept
}
