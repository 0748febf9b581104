package optimal

import (
	"context"
	"fmt"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// Fit returns a strategy that never needs more than maxDepth guesses, made
// from t: t's guess is kept wherever what follows it fits within the
// guesses left or can be made to. Where it cannot, a set of up to fitExact
// candidates is searched for its best tree within the guesses left; a
// larger one, where that search can take hours, gets the best of a few
// guesses, in the search's order, after which some strategy fits each part
// (see fitAny and feasible), each part fitted in turn. Made from an
// optimal tree, it is an upper bound on the best total within maxDepth,
// usually close to the optimum (which is a lower bound on it): only the
// sets that need a guess too many change.
//
// Of opt, Fit uses MaxDepth (which must be positive), Memory, and Progress,
// called with the fraction of the secrets whose subtrees are done. It
// returns ErrInfeasible if no strategy fits, and ctx's error if ctx is
// cancelled first.
func Fit(ctx context.Context, t *tree.Tree, opt Options) (*tree.Tree, error) {
	s := t.Space
	if opt.MaxDepth < 1 {
		return nil, fmt.Errorf("optimal: a strategy needs at least 1 guess, not %d", opt.MaxDepth)
	}
	if d, _ := measure(t.Root); d <= opt.MaxDepth {
		return t, nil // also keeps depths beyond the memo's keys out (see key)
	}
	sv, err := start(ctx, s, Options{MaxDepth: opt.MaxDepth, Memory: opt.Memory})
	if err != nil {
		return nil, err
	}
	root, _, ok := newFitter(sv, opt.Progress).fit(nil, consistent.All(s), t.Root, opt.MaxDepth)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrInfeasible
	}
	return &tree.Tree{Space: s, Root: root}, nil
}

// A fitter is the mode of Fit: it makes a tree fit within the search's
// depth, telling progress the share of the secrets whose subtrees are
// done.
type fitter struct {
	sv       *solver
	feasible *feasibility
	progress func(float64)
	done     int // the secrets whose subtrees are done
	shown    int // the most of them told to progress
}

// newFitter returns the fitter of the search sv, telling progress if not
// nil.
func newFitter(sv *solver, progress func(float64)) *fitter {
	return &fitter{sv: sv, feasible: &feasibility{sv: sv}, progress: progress}
}

// fit returns node's subtree at the candidates made to fit within depth
// guesses (see Fit), its total, and whether it fits at all. node may be
// nil: then the guess is chosen as where node's guess does not fit.
func (f *fitter) fit(history []mastermind.Turn, cands []int32, node *tree.Node, depth int) (*tree.Node, int, bool) {
	sv := f.sv
	before := f.done
	if node != nil {
		if d, total := measure(node); d <= depth {
			f.fitProgress(before + len(cands))
			return node, total, true
		}
	}
	n := len(cands)
	if n == 1 && depth >= 1 {
		f.fitProgress(before + 1)
		return &tree.Node{Guess: int(cands[0]), Candidates: 1, Solved: true}, 1, true
	}
	if depth <= 1 || !sv.fits(n, depth) || sv.ctx.Err() != nil {
		return nil, 0, false
	}
	if node != nil {
		// Keep the guess if each part fits.
		if kept, total, ok := f.fitGuess(history, cands, node.Guess, node, depth, infinite); ok {
			f.fitProgress(before + n)
			return kept, total, true
		}
		f.done = before
	}
	if n > fitExact {
		return f.fitAny(history, cands, depth)
	}
	if _, ok := f.feasible.feasible(history, cands, depth); !ok {
		return nil, 0, false
	}
	best, ok := sv.solve(history, cands, depth, infinite, nil, inner)
	if !ok || sv.ctx.Err() != nil {
		return nil, 0, false
	}
	f.fitProgress(before + n) // its parts' counts included
	return sv.build(history, cands, depth), best, true
}

// fitAny returns the best tree of the candidates within depth guesses that
// it finds by trying guesses, each part fitted in turn, and whether one
// fits. It tries the guesses in order of bound (the search's order),
// leaving out those that leave a part no strategy fits (see feasible), and
// stops after fitTries that fit, or fitGuesses guesses after the first
// that fits, whichever comes first.
func (f *fitter) fitAny(history []mastermind.Turn, cands []int32, depth int) (*tree.Node, int, bool) {
	sv := f.sv
	before := f.done
	var found *tree.Node
	best, fitted, after := infinite, 0, 0
	q := sv.chooser.choices(history, cands, depth, infinite, false)
	for fitted < fitTries && after < fitGuesses && q.next(sv, best) && sv.ctx.Err() == nil {
		g := int(q.pop().guess())
		if fitted > 0 {
			after++
		}
		if !f.feasible.guess(history, cands, g, depth) {
			continue
		}
		if t, total, ok := f.fitGuess(history, cands, g, nil, depth, best); ok {
			found, best = t, total
		}
		fitted++
		f.done = before
	}
	if found == nil {
		return nil, 0, false
	}
	f.fitProgress(before + len(cands))
	return found, best, true
}

// fitGuess returns the tree of guess at the candidates whose every part is
// fitted within depth-1 guesses, following node's children if node is not
// nil, and its total, if each part fits and the total is below limit.
func (f *fitter) fitGuess(history []mastermind.Turn, cands []int32, guess int, node *tree.Node, depth, limit int) (*tree.Node, int, bool) {
	sv := f.sv
	n := len(cands)
	t := &tree.Node{Guess: guess, Candidates: n}
	parts := sv.split(history, cands, guess)
	t.Solved = slices.Contains(cands, int32(guess))
	rest := 0 // a lower bound on the parts not fitted yet
	for _, p := range parts {
		rest += sv.least[len(p.cands)]
	}
	total := n
	for _, p := range parts { // largest first: the likeliest not to fit
		var hint *tree.Node
		if node != nil {
			i := slices.IndexFunc(node.Children, func(c tree.Child) bool { return c.Feedback == p.feedback })
			if i < 0 {
				return nil, 0, false // node is not a tree of these candidates
			}
			hint = node.Children[i].Node
		}
		rest -= sv.least[len(p.cands)]
		if total+rest+sv.least[len(p.cands)] >= limit {
			return nil, 0, false
		}
		child, ct, ok := f.fit(p.history, p.cands, hint, depth-1)
		if !ok {
			return nil, 0, false
		}
		t.Children = append(t.Children, tree.Child{Feedback: p.feedback, Node: child})
		total += ct
	}
	if total >= limit {
		return nil, 0, false
	}
	sortChildren(sv.game, t)
	return t, total, true
}

// fitExact is the most candidates whose guess Fit leaves to the search
// when the tree's guess does not fit them; at larger sets, where the search
// within a depth can take hours, it tries the guesses in order of their
// bound instead (the search's order), and compares the first fitTries that
// fit. A variable for the tests.
var fitExact = 256

// fitTries and fitGuesses bound the guesses fitAny compares at a set
// above fitExact.
const fitTries, fitGuesses = 4, 16

// fitProgress notes that fit has done the subtrees of done secrets.
func (f *fitter) fitProgress(done int) {
	sv := f.sv
	f.done = done
	if f.progress != nil && done > f.shown {
		// A guess that did not fit takes back what its parts did:
		// the fraction shown never goes back.
		f.shown = done
		f.progress(float64(done) / float64(sv.space.Len()))
	}
}

// measure returns the most guesses a node's subtree needs and its total.
func measure(node *tree.Node) (depth, total int) {
	total = node.Candidates
	for _, c := range node.Children {
		d, t := measure(c.Node)
		depth, total = max(depth, d), total+t
	}
	return depth + 1, total
}
