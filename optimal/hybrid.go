package optimal

import (
	"context"
	"fmt"

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

	sv    *solver
	small int // with a checkpoint, the sets too small for it are searched
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

// Name returns the heuristic's name with the threshold.
func (h *Hybrid) Name() string {
	return fmt.Sprintf("%s, optimal at %d codes or fewer", h.Above.Name(), h.Below)
}

// Next returns the heuristic's guess above Below candidates, and an optimal
// guess of the candidates otherwise, or if they are a set solved in the
// checkpoint given to Resume.
func (h *Hybrid) Next(st *mastermind.State) int {
	if n := len(st.Candidates); n > h.Below && n > h.small && !h.sv.solved(st.Candidates) {
		return h.Above.Next(st)
	}
	return h.sv.optimalGuess(st.History, st.Candidates, tree.MaxDepth)
}

// Resume gives the hybrid what a stopped search of the game proved (its
// checkpoint, without a depth limit): the sets that search solved are played
// optimally too, whatever their size. With the first guess of that search,
// the hybrid's total is an upper bound on the optimum that the search's
// progress lowers, as its lower bound rises.
func (h *Hybrid) Resume(c *Checkpoint) error {
	// A checkpoint leaves out the small sets below those it solved.
	h.small = checkpointMin - 1
	return h.sv.resume(c)
}

// solved reports whether the memo holds the candidates' optimum.
func (sv *solver) solved(cands []int32) bool {
	var kb keyBuffer
	e, ok := sv.recall(sv.key(&kb, cands, tree.MaxDepth))
	return ok && e.exact
}

// Searched returns how many sets of candidates the exact search has
// solved or bounded so far.
func (h *Hybrid) Searched() int {
	return h.sv.memo.len()
}
