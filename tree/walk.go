package tree

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mastermind-go/mastermind"
)

// A Point is the node of a tree that a path of answers reaches from the
// root, and the figures of the secrets that reach it: what an explorer of
// the tree shows. In JSON it is the answer of the web API's /api/tree.
type Point struct {
	Guess mastermind.Code `json:"guess"` // Node's guess
	Node  *Node           `json:"-"`
	Depth int             `json:"-"` // Node's guess is the Depth-th of the game: the path's length plus one
	// Secrets reach the node; they take Total guesses in all (from the
	// game's first), Most at most; Histogram[d] of them are found by the
	// d-th guess.
	Secrets   int   `json:"secrets"`
	Total     int   `json:"total"`
	Most      int   `json:"most"`
	Histogram []int `json:"histogram"`
	// Branches are the answers to the node's guess that some secret gives,
	// the most black then the most white first, the winning answer
	// included where the guess is a secret.
	Branches []Branch `json:"answers"`
	// Codes are the secrets that reach the node, in the order of the
	// tree's space, when there are at most the maxCodes asked; nil beyond.
	Codes []mastermind.Code `json:"codes,omitempty"`
}

// A Branch is an answer at a node and the figures of the secrets that give
// it (Point's, for the node it leads to).
type Branch struct {
	mastermind.Feedback
	Secrets int `json:"secrets"`
	Total   int `json:"total"`
	Most    int `json:"most"`
}

// At returns the point that the answers of path reach from the root,
// listing its secrets when there are at most maxCodes. A path that goes on
// after the winning answer, or gives an answer no secret left there gives,
// is an *mastermind.InputError at "path[i]", i its first wrong answer.
func (t *Tree) At(path []mastermind.Feedback, maxCodes int) (*Point, error) {
	s, n := t.Space, t.Root
	for i, f := range path {
		guess := s.Code(n.Guess).Compact(s.Game().Colors)
		if s.Game().Wins(f) {
			return nil, mastermind.Invalid(fmt.Sprintf("path[%d]", i), "%s ends the game: guess %s is the secret", winning(s.Game(), f), guess)
		}
		k := slices.IndexFunc(n.Children, func(c Child) bool { return c.Feedback == f })
		if k < 0 {
			return nil, mastermind.Invalid(fmt.Sprintf("path[%d]", i), "leaves the tree: no secret left there answers %s to guess %s", s.Game().Rule.Format(f), guess)
		}
		n = n.Children[k].Node
	}
	p := &Point{Guess: s.Code(n.Guess), Node: n, Depth: len(path) + 1, Histogram: []int{}, Branches: []Branch{}}
	var codes []int
	p.Secrets, p.Total, p.Most = under(n, p.Depth, maxCodes, &p.Histogram, &codes)
	if n.Solved {
		won := s.Game().Winning()
		p.Branches = append(p.Branches, Branch{Feedback: won, Secrets: 1, Total: p.Depth, Most: p.Depth})
	}
	for _, ch := range n.Children {
		b := Branch{Feedback: ch.Feedback}
		b.Secrets, b.Total, b.Most = under(ch.Node, p.Depth+1, maxCodes, nil, nil)
		p.Branches = append(p.Branches, b)
	}
	slices.SortFunc(p.Branches, func(x, y Branch) int {
		return cmp.Or(cmp.Compare(y.Feedback.Black, x.Feedback.Black), cmp.Compare(y.Feedback.White, x.Feedback.White), cmp.Compare(y.Feedback.Marks, x.Feedback.Marks))
	})
	if p.Secrets <= maxCodes {
		slices.Sort(codes)
		for _, i := range codes {
			p.Codes = append(p.Codes, s.Code(i))
		}
	}
	return p, nil
}

// under returns the secrets that reach node n (whose guess is the
// depth-th), the guesses they take in all and the most one takes; it adds
// them to the histogram by guesses, and up to maxCodes+1 of them to codes,
// when given.
func under(n *Node, depth, maxCodes int, hist *[]int, codes *[]int) (secrets, total, most int) {
	if n.Solved {
		secrets, total, most = 1, depth, depth
		if hist != nil {
			for len(*hist) <= depth {
				*hist = append(*hist, 0)
			}
			(*hist)[depth]++
		}
		if codes != nil && len(*codes) <= maxCodes {
			*codes = append(*codes, n.Guess)
		}
	}
	for _, ch := range n.Children {
		s, t, m := under(ch.Node, depth+1, maxCodes, hist, codes)
		secrets, total, most = secrets+s, total+t, max(most, m)
	}
	return secrets, total, most
}

// winning says the winning answer f of game g in words: "4 black" (as
// the black-white and black rules count them) or its marks.
func winning(g mastermind.Game, f mastermind.Feedback) string {
	if g.Rule == mastermind.Slots {
		return g.Rule.Format(f)
	}
	return fmt.Sprintf("%d black", f.Black)
}
