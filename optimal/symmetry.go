package optimal

import (
	"sync"

	"github.com/mastermind-go/mastermind"
)

// Beyond the colour classes of strategy.Representatives, the optimal search
// keeps only the lowest guess of each orbit of the history's symmetry
// (mastermind.Space.Symmetry).

// unlimited is the group size limit of the optimal search's symmetries:
// none.
const unlimited = 1 << 30

// An orbitCache remembers which guesses of a class list are the lowest of
// their orbits under a history's symmetry: the answer depends only on the
// history's guesses and on the colours the candidates have. Only histories
// of up to symmetricGuesses guesses are filtered: later ones rarely have
// symmetry, and finding it out cost more than it saved. Entries are kept
// while the cache holds fewer than orbitCacheMax bytes. It is safe for
// concurrent use.
type orbitCache struct {
	mu   sync.Mutex
	kept map[string][]int32 // by history and colours: the kept classes, nil for all
	size int                // the bytes kept, about
}

// symmetricGuesses is the longest history whose symmetry is used.
const symmetricGuesses = 2

// orbitCacheMax bounds the size of an orbitCache, in bytes.
const orbitCacheMax = 32 << 20

// lowest returns the guesses of classes, the lowest code of each class of
// guesses at st, that are also the lowest of their orbits.
func (oc *orbitCache) lowest(s *mastermind.Space, st *mastermind.State, classes []int32) []int32 {
	h := st.History
	if len(h) > symmetricGuesses {
		return classes
	}
	key := make([]byte, 0, len(h)*s.Game().Positions+s.Game().Colors)
	for _, t := range h {
		key = append(key, t.Guess...)
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
	if sym := s.Symmetry(h, st.Candidates, unlimited); sym != nil {
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
