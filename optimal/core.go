// The search is a depth-first branch and bound. At each set of candidates
// every class of guesses (see symmetry.ClassCache) is scored by a lower bound
// on the total it can reach: the set's size plus, for each part of its
// partition, the least total any tree could reach on a part that size (a
// tree that splits as evenly as the answers' classes allow at every guess:
// see sizes). Guesses are tried in order of
// bound, each with the budget left by the best tree so far; a set where
// every guess fails is known to cost at least the least of their totals
// and bounds. A guess's parts
// first get the bound of their own best guess, smallest part first, which
// often shows the guess cannot win before any large part is searched; the
// scored guesses are kept for that part's search, which comes next, largest
// part first: first a probe with a quarter of the room left (see
// trial.work), which raises the part's bound cheaply when the guess is not
// the best, then, if the guess may still win, a search with all the room
// (see optimal/trial.go). Sets already solved, or
// known to cost at least some total, are remembered. After up to two
// guesses, only one guess of each orbit of the permutations of positions
// and colours that fix the history is tried. The parts of large sets are
// worked on by the processors that are idle.
//
// In spaces of up to a few thousand codes a table holds every outcome of
// every guess, and the parts of all the guesses at a set are counted
// candidate by candidate, in bytes read eight at a time (see table). At
// such sets the candidates are scored first, and the other guesses only
// when a search needs them (see choiceQueue): a guess that is not a
// candidate costs at least a set's floor, and most searches end before.
// The floor, and a bound for each multiset of colours, come from how many
// colours each candidate shares with each multiset (see pending.refine),
// and only the guesses of multisets that may beat the search's best are
// scored.

package optimal

import (
	"context"
	"encoding/binary"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// start checks the space and returns its solver, with ctx, opt's progress
// function and its checkpoint loaded.
func start(ctx context.Context, s *mastermind.Space, opt Options) (*solver, error) {
	g := s.Game()
	if g.Positions > 15 {
		return nil, fmt.Errorf("optimal strategies need at most 15 positions, not %d", g.Positions)
	}
	if s.Len() > MaxCodes {
		return nil, &TooLargeError{Codes: s.Len()}
	}
	sv := newSolver(s, opt.MaxDepth)
	sv.ctx, sv.progress = ctx, opt.Progress
	sv.memo.budget = memoBudget(opt.Memory, sv.table.bytes())
	if opt.Resume != nil {
		if err := sv.memo.resume(opt.Resume, sv.game, sv.maxDepth); err != nil {
			return nil, err
		}
	}
	return sv, nil
}

// newSolver returns the core of a search of the space, within maxDepth
// guesses if positive.
func newSolver(s *mastermind.Space, maxDepth int) *solver {
	g := s.Game()
	sv := &solver{ctx: context.Background(), space: s, game: g, maxDepth: maxDepth, memo: newMemo(0),
		workers: newWorkers(runtime.GOMAXPROCS(0))}
	sv.chooser.sv = sv
	if sv.maxDepth <= 0 {
		sv.maxDepth = tree.MaxDepth
	}
	sv.sizes = newSizes(s, s.Len())
	sv.table = newTable(s, tableMax)
	return sv
}

// A solver is the core of every search of a space, whatever its mode
// (Solve, Bound, Fit, a Hybrid's subtrees, a Search's units): the space
// and its tables, what the search has proven (memo), and the search
// itself, a depth-first branch and bound of a set of candidates within a
// limit (solve), with the trees of what it solved (build). The modes
// build on it, each its own type with what only it keeps: treeSearch (Solve),
// prover (Bound), fitter and feasibility (Fit), Hybrid and Search.
type solver struct {
	ctx      context.Context
	space    *mastermind.Space
	game     mastermind.Game
	maxDepth int
	sizes              // the bounds of sets by their size
	table    *table    // nil for spaces too large
	chooser  chooser   // the guesses worth trying at a set
	trials   sync.Pool // of *trial, for try
	workers  *workers  // the goroutines working, to share parts with idle processors
	memo     *memo
	forms    formCache  // the canonical forms of sets (see canonKeys)
	pairs    *pairForms // Bound's: if not nil, sets two guesses deep are kept under their twins' keys (see memoKey)
	calls    atomic.Int64
	// What the search at the root has proven (see treeSearch.run): the
	// optimal total is at least lower and at most upper (infinite if no
	// tree is known yet); progress, if not nil, is told the share of the
	// root's guesses tried.
	lower, upper int
	progress     func(float64)
}

// fits reports whether n secrets can be told apart within depth guesses.
func (sv *solver) fits(n, depth int) bool {
	return depth >= len(sv.capacity) || n <= sv.capacity[depth]
}

// A memoEntry is what is known of a set: its exact optimal total and guess
// (-1 if unknown: see memoKey), or, when not exact, a lower bound on its
// total.
type memoEntry struct {
	total int
	exact bool
	guess int32
}

// of returns the entry to remember under a key that is the set's own, or
// else (see memoKey) the entry without its guess, which is of another
// frame: -1.
func (e memoEntry) of(own bool) memoEntry {
	if !own && e.exact {
		e.guess = -1
	}
	return e
}

// recall returns what the memo knows of a set, by its key.
func (sv *solver) recall(key []byte) (memoEntry, bool) {
	return sv.memo.get(key)
}

// remember records what is known of a set: an exact total, or a lower bound
// better than the one known.
//
// Once the search is cancelled nothing more is recorded: a search that saw
// the cancellation returns made-up bounds, and it ends after the
// cancellation, so that the memo keeps only proven results.
func (sv *solver) remember(key []byte, e memoEntry) {
	if sv.ctx.Err() != nil {
		return
	}
	sv.memo.put(key, e)
}

// A keyBuffer holds the memo's key of a set of up to keyCands candidates
// without an allocation (see solver.key).
type keyBuffer [2*keyCands + 1]byte

// keyCands is the most candidates whose key fits a keyBuffer.
const keyCands = 255

// key returns the memo's key of a set within depth guesses, in buf if it
// fits: its candidates, two bytes each in spaces of up to 65536 codes (four
// beyond), and a byte of the depth (0 without a limit, where it does not
// matter).
func (sv *solver) key(buf *keyBuffer, cands []int32, depth int) []byte {
	if sv.maxDepth == tree.MaxDepth {
		depth = 0
	}
	wide := sv.space.Len() > 1<<16
	size := 2*len(cands) + 1
	if wide {
		size = 4*len(cands) + 1
	}
	var b []byte
	if size <= len(buf) {
		b = buf[:0]
	} else {
		b = make([]byte, 0, size)
	}
	for _, x := range cands {
		if wide {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		} else {
			b = binary.LittleEndian.AppendUint16(b, uint16(x))
		}
	}
	return append(b, byte(depth))
}

// A scope says what a search of a set is for (see solve).
type scope int

const (
	inner      scope = iota // the optimum below limit
	root                    // the same at the root, telling progress and what is proven
	firstBelow              // any tree below limit: the first found will do
)

// solve returns the least total of an optimal tree for the candidates with at
// most depth guesses, and true, if it is below limit; otherwise a lower bound
// no smaller than limit, and false. With scope firstBelow, the total
// returned with true is that of the first tree found below limit, which may
// be above the optimum. choices, if not nil, are the candidates' choices,
// already computed.
func (sv *solver) solve(history []mastermind.Turn, cands []int32, depth, limit int, choices *choiceQueue, sc scope) (int, bool) {
	n := len(cands)
	switch {
	case n == 1:
		if depth < 1 {
			return infinite, false
		}
		return 1, 1 < limit
	case depth <= 1 || !sv.fits(n, depth):
		return infinite, false
	case n == 2:
		return 3, 3 < limit
	}
	if sv.least[n] >= limit {
		return sv.least[n], false
	}
	if sv.calls.Add(1)&1023 == 0 && sv.ctx.Err() != nil {
		return infinite, false
	}
	if _, ok := sv.small(cands); ok {
		return 2*n - 1, 2*n-1 < limit
	}
	var kb keyBuffer
	key, kf := sv.memoKey(&kb, history, cands, depth)
	if e, ok := sv.recall(key); ok {
		if e.exact {
			return e.total, e.total < limit
		}
		if e.total >= limit {
			return e.total, false
		}
	}
	if n <= sv.parts+1 && 2*n >= limit { // see small
		return 2 * n, false
	}
	if n <= sv.parts+1 {
		e := sv.tiny(cands, depth, 2*n+1 >= limit)
		if e.exact || e.total >= limit {
			sv.remember(key, kf.store(sv.space, e))
			return e.total, e.exact
		}
	}
	if choices == nil {
		// Scored up to twice the room above the set's bound: if every guess
		// fails, the least of their totals and bounds, often above limit,
		// is what the memo keeps, so that a search of the set with a limit
		// up to it fails at once (4x8: 9% fewer sets searched).
		choices = sv.chooser.choices(history, cands, depth, min(infinite, limit+max(1, limit-sv.least[n])), true)
	}
	least := choices.least
	best, bestGuess := limit, -1
	failed := infinite // the least total of the guesses tried that failed
	outcomes := make([]mastermind.Outcome, n)
	total := len(choices.list)
	for ci := 0; choices.next(sv, best); ci++ {
		c := choices.pop() // the best bound next
		if sc == root && sv.progress != nil {
			sv.progress(float64(ci) / float64(total))
		}
		if sc == root {
			// Every choice tried so far costs at least best; the others
			// at least their bounds, this one's the least of them.
			sv.lower, sv.upper = min(best, c.bound()), best
		}
		if sv.chooser.exact(cands, int(c.guess())) { // and no other choice does better
			best, bestGuess = c.bound(), int(c.guess())
			break
		}
		total, ok := sv.try(history, cands, int(c.guess()), depth, best, outcomes)
		if ok && total < best {
			best, bestGuess = total, int(c.guess())
			if sc == firstBelow {
				return best, true // not the optimum: not remembered
			}
		}
		if !ok {
			failed = min(failed, total)
		}
		if sv.ctx.Err() != nil {
			return infinite, false
		}
	}
	if bestGuess >= 0 {
		sv.remember(key, kf.store(sv.space, memoEntry{total: best, exact: true, guess: int32(bestGuess)}))
		return best, true
	}
	// Every guess costs at least limit: those tried, their totals so far;
	// the others, their bounds.
	lower := max(limit, least, min(failed, choices.unchosen()))
	sv.remember(key, memoEntry{total: lower})
	return lower, false
}

// small returns the first candidate that splits the others into parts of
// one, if there is one (and no more than parts+1 candidates): then the least
// total of the n candidates is 2n-1 (one found at the first guess, the
// others at the second), which that candidate reaches. It costs less than
// remembering the answer.
//
// When no candidate splits that well, a candidate leaves a part of two or
// more and any other guess finds no secret at once, so the total is at
// least 2n.
func (sv *solver) small(cands []int32) (int, bool) {
	n := len(cands)
	if n > sv.parts+1 {
		return 0, false
	}
	outcomes := make([]mastermind.Outcome, n)
	for _, g := range cands {
		if ok, _ := sv.chooser.partsAtMost(cands, int(g), 1, outcomes); ok {
			return int(g), true
		}
	}
	return 0, false
}

// tiny bounds a set of at most parts+1 candidates that no candidate splits
// into parts of one (see small), so that no tree reaches less than 2n. Only
// a candidate that leaves one pair (see onePair), or another guess that
// splits them all, reaches 2n; every other guess makes at least 2n+1. The
// splitting guess is looked for only with split, and with a table.
func (sv *solver) tiny(cands []int32, depth int, split bool) memoEntry {
	n := len(cands)
	if depth >= 3 {
		if g, ok := sv.onePair(cands); ok {
			return memoEntry{total: 2 * n, exact: true, guess: int32(g)}
		}
	}
	if !split || sv.table == nil {
		return memoEntry{total: 2 * n}
	}
	if g, ok := sv.table.splitter(cands); ok {
		return memoEntry{total: 2 * n, exact: true, guess: int32(g)}
	}
	return memoEntry{total: 2*n + 1}
}

// onePair returns the first candidate that splits the others into parts
// of one but for one part of two, if there is one. Called when no candidate
// does better (see small), it makes an optimal tree of total 2n: one secret
// found at the first guess, n-3 at the second, and the pair at the second
// and third.
func (sv *solver) onePair(cands []int32) (int, bool) {
	outcomes := make([]mastermind.Outcome, len(cands))
	for _, g := range cands {
		if ok, pairs := sv.chooser.partsAtMost(cands, int(g), 2, outcomes); ok && pairs == 1 {
			return int(g), true
		}
	}
	return 0, false
}

// lowerBound returns a lower bound on the total of the candidates within
// depth guesses: what the memo knows, or else (or in Bound, if that is
// below limit) the least bound of any guess. In that case it also returns
// for solve the choices whose bound is below limit. It calls history for
// the candidates' history only if it scores guesses or Bound keys twins.
func (sv *solver) lowerBound(history func() []mastermind.Turn, cands []int32, depth, limit int) (int, *choiceQueue) {
	n := len(cands)
	switch {
	case n == 1:
		return 1, nil
	case depth <= 1 || !sv.fits(n, depth):
		return infinite, nil
	case n == 2:
		return 3, nil
	}
	if _, ok := sv.small(cands); ok {
		return 2*n - 1, nil
	}
	var kb keyBuffer
	var h []mastermind.Turn
	if sv.pairs != nil {
		h = history()
	}
	key, kf := sv.memoKey(&kb, h, cands, depth)
	known := 0
	if e, ok := sv.recall(key); ok {
		// Bound searches the same sets again and again with rising goals,
		// and finds twins' bounds (see memoKey): below limit, it scores the
		// guesses here once for the probe and the search that follow, which
		// would each score them (one thread, 90 s: 7 of 7 distinct 32219
		// against 32191, 6 of 7 distinct 28099 against 27958). A search for
		// the optimum takes the memo's bound: scoring costs it 3% on 4x8.
		if e.exact || e.total >= limit || n <= sv.parts+1 || sv.pairs == nil {
			return e.total, nil
		}
		known = e.total
	}
	if n <= sv.parts+1 {
		return 2 * n, nil // see small; tiny would cost more than it saves
	}
	choices := sv.chooser.choices(history(), cands, depth, limit, true)
	b, c := sv.settled(key, kf, cands, choices)
	return max(b, known), c
}

// settled remembers under key (its entries' frame kf: see memoKey) and
// returns what the choices of the candidates show of their total: exact if
// the first choice is, a lower bound otherwise, with the choices.
func (sv *solver) settled(key []byte, kf keyFrame, cands []int32, choices *choiceQueue) (int, *choiceQueue) {
	if r := choices.rest; len(choices.list) > 0 && (r == nil || choices.list[0].bound() <= r.floor) && sv.chooser.exact(cands, int(choices.list[0].guess())) {
		c := choices.list[0]
		sv.remember(key, kf.store(sv.space, memoEntry{total: c.bound(), exact: true, guess: c.guess()}))
		return c.bound(), nil
	}
	sv.remember(key, memoEntry{total: choices.least})
	return choices.least, choices
}

// outcomes writes the outcome of each candidate against guess to out.
func (sv *solver) outcomes(guess int, cands []int32, out []mastermind.Outcome) {
	if sv.table != nil {
		sv.table.outcomes(guess, cands, out)
		return
	}
	sv.space.Outcomes(guess, cands, out)
}

// build makes the tree of the optimal guesses the memo holds. A set the
// memo does not hold solved (a small one, when the search resumed from a
// checkpoint) is solved again: a set's optimal guess is the first of those
// reaching its optimum in the order of choices, whatever the budget of the
// search, so that the tree is the one an uninterrupted search builds.
func (sv *solver) build(history []mastermind.Turn, cands []int32, depth int) *tree.Node {
	_, guess := sv.optimum(history, cands, depth)
	return sv.buildWith(history, cands, depth, guess)
}

// sortChildren puts a node's children in the order of their answers'
// outcomes in game g, as trees are written.
func sortChildren(g mastermind.Game, node *tree.Node) {
	slices.SortFunc(node.Children, func(a, b tree.Child) int {
		return int(g.OutcomeOf(a.Feedback)) - int(g.OutcomeOf(b.Feedback))
	})
}

// buildWith makes the tree of guess at the candidates, and below it the
// optimal guesses the memo holds.
func (sv *solver) buildWith(history []mastermind.Turn, cands []int32, depth, guess int) *tree.Node {
	n := len(cands)
	node := &tree.Node{Guess: guess, Candidates: n, Solved: slices.Contains(cands, int32(guess))}
	for _, p := range sv.split(history, cands, guess) {
		if len(p.cands) == n { // a guess of another set (see keyFrame)
			panic(fmt.Sprintf("optimal: the guess %v makes no progress at a set of %d candidates", sv.space.Code(guess), n))
		}
		node.Children = append(node.Children, tree.Child{Feedback: p.feedback, Node: sv.build(p.history, p.cands, depth-1)})
	}
	sortChildren(sv.game, node)
	return node
}

// optimum returns the optimal total of the candidates within depth guesses
// and the optimal guess (see build), searching them if the memo does not
// know them.
func (sv *solver) optimum(history []mastermind.Turn, cands []int32, depth int) (total, guess int) {
	switch n := len(cands); {
	case n == 1:
		return 1, int(cands[0])
	case n == 2:
		return 3, int(cands[0])
	}
	if g, ok := sv.small(cands); ok {
		return 2*len(cands) - 1, g
	}
	var kb keyBuffer
	key, kf := sv.ownKey(&kb, cands, depth)
	e, _ := sv.recall(key)
	// A memo within a budget may forget the set again before it is read.
	for try := 0; !e.exact && try < 3 && sv.ctx.Err() == nil; try++ {
		sv.solve(history, cands, depth, infinite, nil, inner)
		e, _ = sv.recall(key)
	}
	e = kf.load(sv.space, e)
	if !e.exact {
		if sv.ctx.Err() != nil {
			return infinite, int(cands[0]) // the caller stops too
		}
		panic(fmt.Sprintf("optimal: no optimal guess for a set of %d candidates", len(cands)))
	}
	return e.total, int(e.guess)
}
