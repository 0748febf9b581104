package consistent

import (
	"context"

	"github.com/mastermind-go/mastermind"
)

// The conflict of a history that no code satisfies is found in two steps.
//
// First an irreducible set: answers that no code satisfies together, but
// every smaller part of which some code does. It is the set a deletion
// filter keeps when it drops the answers from the first on, each as long as
// the rest still conflict; the filter asks as many questions as the history
// has answers, each about most of the history, which is quadratic. The same
// set is found one answer at a time: with the answers kept so far, the next
// is the last answer j such that those kept and the answers j..n-1 conflict
// (the filter drops every answer before it, and cannot drop j). On an
// enumerated space one scan from the end finds j, narrowing the codes as it
// goes and passing over the answers it has met already; on a space too large
// to enumerate a binary search from the end does, galloping so that a j near
// the end costs little, and moving past the answers that a code it finds
// satisfies. Either way the cost is one scan, or a logarithmic number of
// searches, of the history per answer kept: near-linear.
//
// Then, when there are few enough of them, the smaller sets in order of
// size, so that the set returned is a smallest.

// Conflict returns the positions (0-based, ascending) of a smallest set of
// turns of the history that no code of the space satisfies together, or nil
// when some code satisfies the whole history; ctx's error if ctx ends first.
// The set is irreducible, and the smallest there is when the smaller sets
// number no more than 65,536 (see the top of conflict.go).
func Conflict(ctx context.Context, s *mastermind.Space, history []mastermind.Turn) ([]int, error) {
	return smallestConflict(ctx, len(history), &spaceTurns{space: s, history: history}, 1<<16)
}

// Possible returns the codes of the space that satisfy the history
// (Candidates); when none does, the error is a *mastermind.ConflictError
// naming a smallest set of answers that conflict (Conflict), or ctx's
// error if ctx ends first.
func Possible(ctx context.Context, s *mastermind.Space, history []mastermind.Turn) ([]int32, error) {
	if cands := Candidates(s, history); len(cands) > 0 {
		return cands, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	turns, err := Conflict(ctx, s, history)
	if err != nil {
		return nil, err
	}
	return nil, s.Game().Conflict(history, turns)
}

// ConflictIn is Conflict for games too large to enumerate (repeats allowed):
// a smallest set of turns (0-based, ascending) that no code satisfies
// together, or nil if the history is satisfiable. Beyond 2,000 smaller sets
// it settles for an irreducible set.
func ConflictIn(ctx context.Context, positions, colors int, history []mastermind.Turn) ([]int, error) {
	return smallestConflict(ctx, len(history), &searchTurns{positions: positions, colors: colors, history: history}, 2000)
}

// A turnSet answers the questions of the conflict search about the n turns
// of a history.
type turnSet interface {
	// satisfiable reports whether some code satisfies every turn given.
	satisfiable(ctx context.Context, turns []int) (bool, error)
	// last returns the largest j in lo..n such that no code satisfies the
	// turns kept (all before lo) and the turns j..n-1 together, or -1 when
	// some code satisfies kept and lo..n-1.
	last(ctx context.Context, kept []int, lo int) (int, error)
}

// smallestConflict returns the irreducible set of turns of ts the deletion
// filter keeps, or a smaller set that conflicts if there is one among the
// first budget sets smaller than it; nil when every turn can hold.
func smallestConflict(ctx context.Context, n int, ts turnSet, budget int) ([]int, error) {
	var kept []int
	for lo := 0; ; {
		j, err := ts.last(ctx, kept, lo)
		switch {
		case err != nil:
			return nil, err
		case j < 0:
			return nil, nil
		case j == n:
			return smallerConflict(ctx, n, ts, kept, budget)
		}
		kept = append(kept, j)
		lo = j + 1
	}
}

// smallerConflict returns the first set of turns smaller than kept that no
// code satisfies, in order of size then lexicographic order, or kept if none
// is or the sets smaller than kept number more than budget.
func smallerConflict(ctx context.Context, n int, ts turnSet, kept []int, budget int) ([]int, error) {
	total := 0.0
	for k := 1; k < len(kept); k++ {
		total += binomial(n, k)
	}
	if total > float64(budget) {
		return kept, nil
	}
	turns := make([]int, 0, len(kept))
	for k := 1; k < len(kept); k++ {
		// The k-subsets of 0..n-1 in lexicographic order.
		turns = turns[:k]
		for i := range turns {
			turns[i] = i
		}
		for {
			ok, err := ts.satisfiable(ctx, turns)
			if err != nil {
				return nil, err
			}
			if !ok {
				return append([]int(nil), turns...), nil
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
	return kept, nil
}

func binomial(n, k int) float64 {
	b := 1.0
	for i := range k {
		b = b * float64(n-i) / float64(i+1)
	}
	return b
}

// spaceTurns is the turnSet of a history on an enumerated space.
type spaceTurns struct {
	space   *mastermind.Space
	history []mastermind.Turn
	cands   []int32          // the scan's codes
	seen    map[turnKey]bool // the turns the scan has narrowed by
	sets    [][]uint64       // per turn, the codes that satisfy it; made when asked for
	scratch []uint64         // for satisfiable
	work    int              // turns narrowed by, for the tests of the cost
}

// A turnKey is a turn as a map key: the same guess and answer narrow alike.
type turnKey struct {
	guess  int
	answer mastermind.Feedback
}

func (t *spaceTurns) key(i int) turnKey {
	g, ok := t.space.Index(t.history[i].Guess)
	if !ok {
		g = -1
	}
	return turnKey{g, t.history[i].Feedback}
}

// last scans the turns from the end, narrowing the codes that satisfy kept;
// a turn met before in the scan narrows nothing more and is passed over.
func (t *spaceTurns) last(ctx context.Context, kept []int, lo int) (int, error) {
	n := len(t.history)
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	t.cands = append(t.cands[:0], All(t.space)...)
	if t.seen == nil {
		t.seen = make(map[turnKey]bool)
	}
	clear(t.seen)
	for _, i := range kept {
		t.cands = Narrow(t.space, t.cands, t.history[i])
		t.seen[t.key(i)] = true
	}
	if len(t.cands) == 0 {
		return n, nil
	}
	for i := n - 1; i >= lo; i-- {
		k := t.key(i)
		if t.seen[k] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		t.seen[k] = true
		t.work++
		if t.cands = Narrow(t.space, t.cands, t.history[i]); len(t.cands) == 0 {
			return i, nil
		}
	}
	return -1, nil
}

// satisfiable intersects the turns' sets of codes. It serves the search of
// smaller sets, which runs only on short histories.
func (t *spaceTurns) satisfiable(ctx context.Context, turns []int) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if len(turns) == 0 {
		return true, nil
	}
	words := (t.space.Len() + 63) / 64
	if t.sets == nil {
		t.sets = make([][]uint64, len(t.history))
		t.scratch = make([]uint64, words)
	}
	for _, i := range turns {
		if t.sets[i] != nil {
			continue
		}
		set := make([]uint64, words)
		for _, x := range Narrow(t.space, All(t.space), t.history[i]) {
			set[x/64] |= 1 << (x % 64)
		}
		t.sets[i] = set
	}
	copy(t.scratch, t.sets[turns[0]])
	for _, i := range turns[1:] {
		for w, x := range t.sets[i] {
			t.scratch[w] &= x
		}
	}
	for _, x := range t.scratch {
		if x != 0 {
			return true, nil
		}
	}
	return false, nil
}

// searchTurns is the turnSet of a history of a game too large to enumerate:
// each question is a search (Satisfiable).
type searchTurns struct {
	positions, colors int
	history           []mastermind.Turn
	sub               []mastermind.Turn
	work              int // turns searched, for the tests of the cost
}

func (t *searchTurns) satisfiable(ctx context.Context, turns []int) (bool, error) {
	t.sub = t.sub[:0]
	for _, i := range turns {
		t.sub = append(t.sub, t.history[i])
	}
	t.work += len(t.sub)
	code, err := solution(ctx, t.positions, t.colors, t.sub)
	return code != nil, err
}

// last finds j by a binary search from the end: no code satisfies kept and
// j..n-1 for every j up to the one sought, and some code does after it. A
// code found satisfying kept and j..n-1 often satisfies some turns before j
// too: the search then moves on past them without asking.
func (t *searchTurns) last(ctx context.Context, kept []int, lo int) (int, error) {
	n := len(t.history)
	bad, good := lo, n // kept and bad..n-1 conflict; kept and good..n-1 do not
	// conflicts answers for j, and moves good as far as a code found takes it.
	conflicts := func(j int) (bool, error) {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		t.sub = t.sub[:0]
		for _, i := range kept {
			t.sub = append(t.sub, t.history[i])
		}
		t.sub = append(t.sub, t.history[j:]...)
		t.work += len(t.sub)
		code, err := solution(ctx, t.positions, t.colors, t.sub)
		if code == nil || err != nil {
			return true, err
		}
		for good = j; good > bad+1 && mastermind.Score(code, t.history[good-1].Guess) == t.history[good-1].Feedback; good-- {
		}
		return false, nil
	}
	if len(kept) == 0 { // is there a conflict at all?
		if c, err := conflicts(lo); err != nil || !c {
			return -1, err
		}
	}
	if c, err := conflicts(n); err != nil || c {
		return n, err
	}
	for step := 1; good-step > bad; step *= 2 {
		j := good - step
		c, err := conflicts(j)
		if err != nil {
			return 0, err
		}
		if c {
			bad = j
			break
		}
	}
	for good-bad > 1 {
		mid := bad + (good-bad)/2
		c, err := conflicts(mid)
		if err != nil {
			return 0, err
		}
		if c {
			bad = mid
		}
	}
	return bad, nil
}
