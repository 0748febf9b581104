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
// guesses left or can be made to, and where it cannot, the candidates are
// searched for their best tree within the guesses left. Made from an
// optimal tree, it is an upper bound on the best total within maxDepth,
// usually close to the optimum (which is a lower bound on it): the search
// is needed only for the few sets, deep in the tree, that need a guess too
// many.
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
	sv, err := start(ctx, s, Options{MaxDepth: opt.MaxDepth, Memory: opt.Memory, Progress: opt.Progress})
	if err != nil {
		return nil, err
	}
	root, _, ok := sv.fit(nil, consistent.All(s), t.Root, opt.MaxDepth)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrInfeasible
	}
	return &tree.Tree{Space: s, Root: root}, nil
}

// fit returns node's subtree at the candidates made to fit within depth
// guesses (see Fit), its total, and whether it fits at all.
func (sv *solver) fit(history []mastermind.Turn, cands []int32, node *tree.Node, depth int) (*tree.Node, int, bool) {
	before := sv.fitDone
	if d, total := measure(node); d <= depth {
		sv.fitProgress(before + len(cands))
		return node, total, true
	}
	if depth <= 1 || !sv.fits(len(cands), depth) || sv.ctx.Err() != nil {
		return nil, 0, false
	}
	// Keep the guess if each part fits; else search the candidates.
	n := len(cands)
	kept := &tree.Node{Guess: node.Guess, Candidates: n, Solved: node.Solved}
	total := n
	outcomes := make([]mastermind.Outcome, n)
	for _, p := range sv.partition(cands, node.Guess, outcomes) {
		i := slices.IndexFunc(node.Children, func(c tree.Child) bool { return c.Feedback == p.feedback })
		if i < 0 {
			kept = nil // not the tree of these candidates
			break
		}
		h := append(history[:len(history):len(history)], mastermind.Turn{Guess: sv.space.Code(node.Guess), Feedback: p.feedback})
		child, t, ok := sv.fit(h, p.cands, node.Children[i].Node, depth-1)
		if !ok {
			kept = nil
			break
		}
		kept.Children = append(kept.Children, tree.Child{Feedback: p.feedback, Node: child})
		total += t
	}
	if kept != nil {
		sv.sortChildren(kept)
		sv.fitProgress(before + n)
		return kept, total, true
	}
	best, ok := sv.solve(history, cands, depth, infinite, nil, false)
	if !ok || sv.ctx.Err() != nil {
		return nil, 0, false
	}
	sv.fitProgress(before + len(cands)) // its parts' counts included
	return sv.build(history, cands, depth), best, true
}

// fitProgress notes that fit has done the subtrees of done secrets.
func (sv *solver) fitProgress(done int) {
	sv.fitDone = done
	if sv.progress != nil {
		sv.progress(float64(done) / float64(sv.space.Len()))
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
