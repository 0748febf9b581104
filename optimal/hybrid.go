package optimal

import (
	"context"
	"fmt"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// A Hybrid plays a heuristic while many codes are still possible, and an
// optimal strategy of the codes left once at most Below are: for games too
// large for the exact search, such as Super Mastermind, a strategy at least
// as good as the heuristic (each optimal subtree is no worse than the
// heuristic's on the same codes) and usually better. The optimal subtrees
// may guess any code of the game, and need no more guesses than any other
// strategy there, whatever the depth.
//
// A Hybrid is safe for concurrent use (tree.Build calls it from many
// goroutines); the subtrees are searched once and remembered.
type Hybrid struct {
	Above mastermind.Strategy // the heuristic
	Below int                 // the most candidates the exact search takes
	// Tries, if above 1, is how many guesses the hybrid tries at a set of
	// more than Below candidates: the heuristic's, and the Tries-1 others
	// of least bound (one of each class of guesses alike by symmetry). It
	// plays the one whose parts, played as the plain hybrid plays them
	// (the heuristic above Below, optimally below), total least. Each part
	// then tries its own guesses again, so the tree is never worse than the
	// plain hybrid's; each set above Below costs about Tries plain hybrids
	// of its own.
	Tries int

	sv    *solver
	small int // with a checkpoint, the sets too small for it are searched

	plains bySet[int] // the plain hybrid's total, above Below
	picks  bySet[int] // the guess tried that totals least
}

// A bySet holds a value for each set of candidates met, by its memo key;
// it is safe for concurrent use.
type bySet[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

func (b *bySet[V]) get(key string) (V, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	v, ok := b.m[key]
	return v, ok
}

func (b *bySet[V]) put(key string, v V) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m == nil {
		b.m = map[string]V{}
	}
	b.m[key] = v
}

// HybridMaxCodes is the largest game whose tree a hybrid of entropy should
// build: beyond, entropy's own tree (a node per secret) outgrows memory
// before the exact search matters.
const HybridMaxCodes = 1 << 20

// NewHybrid returns the hybrid of above and the exact search of sets of up
// to below candidates of the space. When ctx is cancelled, the searches
// stop and the guesses are no longer optimal: the caller must then discard
// what it built (tree.Build does, as it stops too).
func NewHybrid(ctx context.Context, s *mastermind.Space, above mastermind.Strategy, below int) (*Hybrid, error) {
	g := s.Game()
	if g.Positions > 15 {
		return nil, fmt.Errorf("optimal strategies need at most 15 positions, not %d", g.Positions)
	}
	if below < 1 {
		return nil, fmt.Errorf("optimal: the exact search needs sets of at least 1 candidate, not %d", below)
	}
	sv := newSolver(s, 0)
	if sv.table == nil && below <= tableCands {
		// The sets searched are small and many: a table of the outcomes
		// takes them faster, up to hybridTableMax codes.
		sv.table = newTable(s, hybridTableMax)
	}
	sv.ctx = ctx
	return &Hybrid{Above: above, Below: below, sv: sv}, nil
}

// hybridTableMax is the largest space whose outcome table a Hybrid builds,
// a byte per pair of codes: 1 GiB for Super Mastermind (32768 codes), which
// it makes about three times as fast with sets of up to 80 codes.
const hybridTableMax = 1 << 15

// SetMemory bounds the memory of the exact searches to about bytes in all,
// the outcome table included: what they proved and used least recently is
// forgotten, and searched again if needed. 0 is no bound (the default).
func (h *Hybrid) SetMemory(bytes int64) {
	h.sv.memo.budget = memoBudget(bytes, h.sv.table.bytes())
}

// Name returns the heuristic's name with the threshold.
func (h *Hybrid) Name() string {
	if h.Tries > 1 {
		return fmt.Sprintf("%s trying %d guesses, optimal at %d codes or fewer", h.Above.Name(), h.Tries, h.Below)
	}
	return fmt.Sprintf("%s, optimal at %d codes or fewer", h.Above.Name(), h.Below)
}

// Next returns the heuristic's guess above Below candidates, and an optimal
// guess of the candidates otherwise, or if they are a set solved in the
// checkpoint given to Resume.
func (h *Hybrid) Next(st *mastermind.State) int {
	switch {
	case !h.above(st.Candidates):
		_, guess := h.sv.optimum(st.History, st.Candidates, tree.MaxDepth)
		return guess
	case h.Tries > 1:
		return h.pick(st.History, st.Candidates)
	}
	return h.Above.Next(st)
}

// above reports whether the heuristic plays at the candidates.
func (h *Hybrid) above(cands []int32) bool {
	n := len(cands)
	return n > h.Below && n > h.small && !h.solved(cands)
}

// pick returns, of the guesses tried at a set above Below (see Tries), the
// one whose parts total least as the plain hybrid plays them; ties go to
// the heuristic's, then to the order of the search's choices.
func (h *Hybrid) pick(history []mastermind.Turn, cands []int32) int {
	key := string(h.sv.key(new(keyBuffer), cands, tree.MaxDepth))
	if g, ok := h.picks.get(key); ok {
		return g
	}
	first := h.Above.Next(&mastermind.State{Space: h.sv.space, History: history, Candidates: cands})
	guesses := []int{first}
	for _, c := range h.sv.chooser.choices(history, cands, tree.MaxDepth, infinite, false).list {
		if len(guesses) == h.Tries {
			break
		}
		if int(c.guess()) != first {
			guesses = append(guesses, int(c.guess()))
		}
	}
	best, guess := infinite, first
	for _, g := range guesses {
		if total := h.split(history, cands, g, best); total < best {
			best, guess = total, g
		}
		if h.sv.ctx.Err() != nil {
			break
		}
	}
	h.picks.put(key, guess)
	return guess
}

// split returns the total of the candidates when guess is played first and
// its parts as the plain hybrid plays them, or a number no smaller than
// limit once the total reaches it.
func (h *Hybrid) split(history []mastermind.Turn, cands []int32, guess, limit int) int {
	parts := h.sv.split(history, cands, guess)
	total := len(cands)
	for _, p := range parts {
		total += h.sv.least[len(p.cands)]
	}
	for _, p := range parts { // largest first
		if total >= limit {
			break
		}
		total += h.plain(p.history, p.cands) - h.sv.least[len(p.cands)]
	}
	return total
}

// plain returns the total of the plain hybrid's tree of the candidates:
// the heuristic's guess above Below, and the optimum below.
func (h *Hybrid) plain(history []mastermind.Turn, cands []int32) int {
	if !h.above(cands) {
		total, _ := h.sv.optimum(history, cands, tree.MaxDepth)
		return total
	}
	key := string(h.sv.key(new(keyBuffer), cands, tree.MaxDepth))
	if total, ok := h.plains.get(key); ok {
		return total
	}
	g := h.Above.Next(&mastermind.State{Space: h.sv.space, History: history, Candidates: cands})
	total := h.split(history, cands, g, infinite)
	if h.sv.ctx.Err() == nil { // else made up: not remembered
		h.plains.put(key, total)
	}
	return total
}

// Resume gives the hybrid what a stopped search of the game proved (its
// checkpoint, without a depth limit): the sets that search solved are played
// optimally too, whatever their size. With the first guess of that search,
// the hybrid's total is an upper bound on the optimum that the search's
// progress lowers, as its lower bound rises.
func (h *Hybrid) Resume(c *Checkpoint) error {
	// A checkpoint leaves out the small sets below those it solved.
	h.small = checkpointMin - 1
	return h.sv.memo.resume(c, h.sv.game, h.sv.maxDepth)
}

// solved reports whether the search's memo holds the candidates' optimum.
func (h *Hybrid) solved(cands []int32) bool {
	var kb keyBuffer
	key, _ := h.sv.ownKey(&kb, cands, tree.MaxDepth)
	e, ok := h.sv.recall(key)
	return ok && e.exact
}
