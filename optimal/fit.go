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
// It returns ErrInfeasible if no strategy fits, and ctx's error if ctx is
// cancelled first.
func Fit(ctx context.Context, t *tree.Tree, maxDepth int, memory int64) (*tree.Tree, error) {
	s := t.Space
	if maxDepth < 1 {
		return nil, fmt.Errorf("optimal: a strategy needs at least 1 guess, not %d", maxDepth)
	}
	sv, err := start(ctx, s, Options{MaxDepth: maxDepth, Memory: memory})
	if err != nil {
		return nil, err
	}
	root, _, ok := sv.fit(nil, consistent.All(s), t.Root, maxDepth)
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
	if d, total := measure(node); d <= depth {
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
		slices.SortFunc(kept.Children, func(a, b tree.Child) int {
			return int(sv.game.OutcomeOf(a.Feedback)) - int(sv.game.OutcomeOf(b.Feedback))
		})
		return kept, total, true
	}
	best, ok := sv.solve(history, cands, depth, infinite, nil, false)
	if !ok || sv.ctx.Err() != nil {
		return nil, 0, false
	}
	return sv.build(history, cands, depth), best, true
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
