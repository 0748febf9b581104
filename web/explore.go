package web

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/tree"
)

// treeNames are the optimal trees the API walks beyond those choose ships
// (classic, bulls): trees of package optima (optimal/optima/NAME.json.gz) of
// more than 1000 codes without a depth limit (TestTreeNames checks them).
// NAME is a preset, NxK (N positions, K colours) or NofK (distinct colours).
var treeNames = []string{"4x7", "4of8", "4x8", "4of9", "4x9", "4x10", "5x4", "5x5", "5x6", "5of7", "5of8", "6x4", "7x3", "8x3", "super"}

// A TreeLoader returns the file NAME.json.gz of the tree NAME (one of
// treeNames), for the engine of the static site, which fetches it.
type TreeLoader func(ctx context.Context, name string) ([]byte, error)

// treeInfo is an entry of /api/games' trees: a game the explorer walks,
// named by its preset if it has one.
type treeInfo struct {
	Name      string `json:"name"`
	Positions int    `json:"positions"`
	Colors    int    `json:"colors"`
	Distinct  bool   `json:"distinct"`
	file      string // its name in treeNames, or "" for choose's
}

// trees returns the games of the trees, the smallest first: choose's
// shipped presets, then treeNames.
func trees() []treeInfo {
	var out []treeInfo
	for _, name := range presetNames() {
		if g, _ := preset(name); choose.Shipped(g) {
			out = append(out, treeInfo{name, g.Positions, g.Colors, g.Distinct, ""})
		}
	}
	for _, file := range treeNames {
		g, _ := mastermind.ParseGame(file) // TestTreeNames checks each name
		name := file
		for _, p := range presetNames() {
			if pg, _ := preset(p); pg == g {
				name = p
			}
		}
		out = append(out, treeInfo{name, g.Positions, g.Colors, g.Distinct, file})
	}
	slices.SortStableFunc(out, func(a, b treeInfo) int {
		ga := mastermind.Game{Positions: a.Positions, Colors: a.Colors, Distinct: a.Distinct}
		gb := mastermind.Game{Positions: b.Positions, Colors: b.Colors, Distinct: b.Distinct}
		return cmp.Compare(ga.Count(), gb.Count())
	})
	return out
}

// treeOf returns the entry of game g's tree, and whether it has one.
func treeOf(g mastermind.Game) (treeInfo, bool) {
	for _, t := range trees() {
		if (mastermind.Game{Positions: t.Positions, Colors: t.Colors, Distinct: t.Distinct}) == g {
			return t, true
		}
	}
	return treeInfo{}, false
}

// errNoConnection is a tree its loader could not read: on the static site,
// one never opened before, offline (the service worker keeps it once read).
// The loader's own words ("TypeError: Failed to fetch") say nothing more.
var errNoConnection = errors.New("needs a connection the first time it is opened; then it is kept for offline use")

// treeCache keeps the trees read, by game: each is read once. /api/tree
// reads them on no computing slot: a request for a tree being read waits
// for that read, not for a slot, which the read (a fetch, then a second or
// more in the browser) would hold meanwhile, so that two requests at once
// for a tree not read yet both answer, and other requests get the slots.
type treeCache struct {
	load  TreeLoader
	mu    sync.Mutex
	trees map[mastermind.Game]*tree.Tree
}

// get returns game g's tree, reading it the first time.
func (c *treeCache) get(ctx context.Context, g mastermind.Game) (*tree.Tree, error) {
	info, ok := treeOf(g)
	if !ok {
		var names []string
		for _, t := range trees() {
			names = append(names, t.Name)
		}
		return nil, mastermind.Invalid("game", "no optimal tree is shipped for this game (trees: %s)", strings.Join(names, ", "))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.trees[g]; ok {
		return t, nil
	}
	var t *tree.Tree
	if info.file != "" {
		if c.load == nil {
			return nil, unavailable{fmt.Errorf("the tree of %s is not at hand", info.Name)}
		}
		data, err := c.load(ctx, info.file)
		switch {
		case err != nil && ctx.Err() != nil:
			return nil, ctx.Err()
		case err != nil:
			return nil, unavailable{fmt.Errorf("the tree of %s %w", info.Name, errNoConnection)}
		}
		if t, err = tree.ReadAnyJSON(bytes.NewReader(data), choose.Space); err != nil {
			return nil, fmt.Errorf("the tree of %s: %v", info.Name, err)
		}
	} else {
		var err error
		if t, err = choose.ShippedTree(g); err != nil {
			return nil, err
		}
	}
	if c.trees == nil {
		c.trees = map[mastermind.Game]*tree.Tree{}
	}
	c.trees[g] = t
	return t, nil
}

// The answer of /api/tree.
type (
	treeAnswer struct {
		Guess     []int          `json:"guess"`
		Secrets   int            `json:"secrets"`
		Total     int            `json:"total"`
		Most      int            `json:"most"`
		Histogram []int          `json:"histogram"`
		Answers   []branchAnswer `json:"answers"`
		Codes     [][]int        `json:"codes,omitempty"`
	}
	branchAnswer struct {
		Black   int `json:"black"`
		White   int `json:"white"`
		Secrets int `json:"secrets"`
		Total   int `json:"total"`
		Most    int `json:"most"`
	}
)

// maxTreeCodes is the most secrets of a node whose codes /api/tree lists.
const maxTreeCodes = 60

// walk answers POST /api/tree: the node of the game's tree that the path's
// answers reach.
func (c *treeCache) walk(ctx context.Context, r *request) (any, error) {
	t, err := c.get(ctx, r.Game)
	if err != nil {
		return nil, err
	}
	s, n := t.Space, t.Root
	for i, f := range r.Path {
		guess := s.Code(n.Guess).Compact(s.Game().Colors)
		if f.Black == s.Game().Positions {
			return nil, mastermind.Invalid(fmt.Sprintf("path[%d]", i), "%d black ends the game: guess %s is the secret", f.Black, guess)
		}
		k := slices.IndexFunc(n.Children, func(c tree.Child) bool { return c.Feedback == f })
		if k < 0 {
			return nil, mastermind.Invalid(fmt.Sprintf("path[%d]", i), "leaves the tree: no secret left there answers %d %d to guess %s", f.Black, f.White, guess)
		}
		n = n.Children[k].Node
	}
	depth := len(r.Path) + 1 // guesses up to this node's
	a := treeAnswer{Guess: ints(s.Code(n.Guess)), Histogram: []int{}, Answers: []branchAnswer{}}
	var codes []int
	a.Secrets, a.Total, a.Most = figuresOf(n, depth, &a.Histogram, &codes)
	if n.Solved {
		a.Answers = append(a.Answers, branchAnswer{s.Game().Positions, 0, 1, depth, depth})
	}
	for _, ch := range n.Children {
		var b branchAnswer
		b.Black, b.White = ch.Feedback.Black, ch.Feedback.White
		b.Secrets, b.Total, b.Most = figuresOf(ch.Node, depth+1, nil, nil)
		a.Answers = append(a.Answers, b)
	}
	slices.SortFunc(a.Answers, func(x, y branchAnswer) int {
		return cmp.Or(cmp.Compare(y.Black, x.Black), cmp.Compare(y.White, x.White))
	})
	if a.Secrets <= maxTreeCodes {
		slices.Sort(codes)
		for _, i := range codes {
			a.Codes = append(a.Codes, ints(s.Code(i)))
		}
	}
	return a, nil
}

// figuresOf returns the secrets that reach node n (whose guess is the
// depth-th), the guesses they need in all and the most one needs; it adds
// them to the histogram by guesses and their codes to codes, when given.
func figuresOf(n *tree.Node, depth int, hist *[]int, codes *[]int) (secrets, total, most int) {
	if n.Solved {
		secrets, total, most = 1, depth, depth
		if hist != nil {
			for len(*hist) <= depth {
				*hist = append(*hist, 0)
			}
			(*hist)[depth]++
		}
		if codes != nil && len(*codes) <= maxTreeCodes {
			*codes = append(*codes, n.Guess)
		}
	}
	for _, ch := range n.Children {
		s, t, m := figuresOf(ch.Node, depth+1, hist, codes)
		secrets, total, most = secrets+s, total+t, max(most, m)
	}
	return secrets, total, most
}
