package optimal

import (
	"slices"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/symmetry"
)

// Two guesses deep, a set of a search is the codes that answer a1 to the
// first guess g and a2 to a second, h. A permutation of positions and
// colours that maps h onto g maps g onto some k, and the set onto the codes
// that answer a1 to k and a2 to g; where k is in h's orbit under the
// permutations that fix g, that set is alike to the codes that answer a2
// to g and a1 to h. So the sets (a1, h, a2) and (a2, h, a1), in two parts
// of the first guess, cost the same, in every game of distinct colours and
// some with repeats; in 7 of 7 distinct the two largest parts (answers 0
// and 1, 1854 and 1855 codes) hold such twins of hundreds of codes, which
// Bound proved apart. Bound keeps what it proves of a set two guesses deep
// under the key of its twin with the lowest code of h's orbit and the
// lower answer to g first (see memoKey), so that either twin's proof
// serves both. The sets below keep their own keys: moving them into the
// twin's frame too lost more transpositions than it shared (7 of 7
// distinct, 300 s: 32266 against 32384). The search for a tree does
// not share: its memo's guesses must be its own sets'.

// A pairForm is how a second guess is rewritten: the lowest code of its
// orbit under the permutations that fix the first, and whether the answers
// to the two may be exchanged.
type pairForm struct {
	second int32
	swaps  bool
}

// pairForms finds and remembers the pairForm of each first and second
// guess. It is safe for concurrent use.
type pairForms struct {
	all    []int32 // the whole space
	mu     sync.Mutex
	groups map[int32]*symmetry.Group // by first guess, nil if only the identity fixes it
	forms  map[[2]int32]pairForm     // by first and second guess
	twins  map[[4]int32][]int32      // by first and second guess and their answers' outcomes
	bytes  int                       // the twins' codes kept, in bytes
}

// twinsMax bounds the bytes of the twins a pairForms keeps: beyond, a
// twin is found again each time (two passes over the space), so that the
// memory stays about the memo's budget in large games (Super Mastermind).
const twinsMax = 64 << 20

// newPairForms returns the pairForms of a space, all its codes.
func newPairForms(all []int32) *pairForms {
	return &pairForms{all: all, groups: map[int32]*symmetry.Group{}, forms: map[[2]int32]pairForm{}, twins: map[[4]int32][]int32{}}
}

// of returns the pairForm of first and second guesses, indices into s.
func (pf *pairForms) of(s *mastermind.Space, first, second int32) pairForm {
	pf.mu.Lock()
	defer pf.mu.Unlock()
	if f, ok := pf.forms[[2]int32{first, second}]; ok {
		return f
	}
	f := pairForm{second: second}
	g, ok := pf.groups[first]
	if !ok {
		g = symmetry.Of(s, []mastermind.Turn{{Guess: s.Code(int(first))}}, pf.all, symmetry.Unlimited)
		pf.groups[first] = g
	}
	if g != nil {
		oc := g.Check()
		h := oc.Least(s.Code(int(second)))
		i, _ := s.Index(h)
		f.second = int32(i)
		if k, ok := exchange(s.Code(int(second)), s.Code(int(first)), s.Game().Colors); ok {
			f.swaps = slices.Equal(oc.Least(k), h)
		}
	}
	pf.forms[[2]int32{first, second}] = f
	return f
}

// exchange returns the image of g under a permutation of positions and
// colours that maps h onto g, and false if there is none. Colours map as
// x'[i] = colour(x[perm[i]]).
func exchange(h, g mastermind.Code, colors int) (mastermind.Code, bool) {
	n := len(h)
	perm, used := make([]int, n), make([]bool, n)
	fwd, back := make([]int, colors), make([]int, colors)
	var place func(i int) bool
	place = func(i int) bool {
		if i == n {
			return true
		}
		for j := range n {
			from, to := h[j], g[i]
			if used[j] || fwd[from] != 0 && fwd[from] != int(to)+1 || fwd[from] == 0 && back[to] != 0 {
				continue
			}
			fresh := fwd[from] == 0
			fwd[from], back[to], used[j], perm[i] = int(to)+1, int(from)+1, true, j
			if place(i + 1) {
				return true
			}
			used[j] = false
			if fresh {
				fwd[from], back[to] = 0, 0
			}
		}
		return false
	}
	if !place(0) {
		return nil, false
	}
	// The colours h lacks go, in order, to those g lacks.
	next := 0
	for c := range colors {
		if fwd[c] != 0 {
			continue
		}
		for back[next] != 0 {
			next++
		}
		fwd[c], back[next] = next+1, c+1
	}
	k := make(mastermind.Code, n)
	for i := range k {
		k[i] = uint8(fwd[g[perm[i]]] - 1)
	}
	return k, true
}

// twin returns the set of history's class that the memo holds for it (see
// pairForms), and nil if that is cands, the set of history itself.
func (pf *pairForms) twin(sv *solver, history []mastermind.Turn, cands []int32) []int32 {
	s, g := sv.space, sv.game
	fi, _ := s.Index(history[0].Guess)
	si, _ := s.Index(history[1].Guess)
	f := pf.of(s, int32(fi), int32(si))
	a1, a2 := g.OutcomeOf(history[0].Feedback), g.OutcomeOf(history[1].Feedback)
	if f.swaps && a2 < a1 {
		a1, a2 = a2, a1
	}
	if int(f.second) == si && a1 == g.OutcomeOf(history[0].Feedback) {
		return nil
	}
	k := [4]int32{int32(fi), f.second, int32(a1), int32(a2)}
	pf.mu.Lock()
	t, ok := pf.twins[k]
	pf.mu.Unlock()
	if !ok {
		h := []mastermind.Turn{{Guess: history[0].Guess, Feedback: g.FeedbackOf(a1)}, {Guess: s.Code(int(f.second)), Feedback: g.FeedbackOf(a2)}}
		t = consistent.Candidates(s, h)
		pf.mu.Lock()
		if pf.bytes < twinsMax {
			pf.twins[k], pf.bytes = t, pf.bytes+4*len(t)
		}
		pf.mu.Unlock()
	}
	if slices.Equal(t, cands) {
		return nil
	}
	return t
}

// memoKey returns the memo's key of a set with its history (see ownKey):
// with pairForms, that of the set's twin two guesses deep, if that is not
// the set itself (and the game's keys are not canonical forms, which
// share more). An exact total remembered under a twin's key has
// no guess (-1: see memoEntry.of): the set's optimal guess is not one of
// the twin's; checkpoints keep such totals as bounds.
func (sv *solver) memoKey(buf *keyBuffer, history []mastermind.Turn, cands []int32, depth int) ([]byte, keyFrame) {
	if sv.pairs != nil && len(history) == 2 && !canonKeys(sv.game) {
		if t := sv.pairs.twin(sv, history, cands); t != nil {
			return sv.key(buf, t, depth), keyFrame{twin: true}
		}
	}
	return sv.ownKey(buf, cands, depth)
}
