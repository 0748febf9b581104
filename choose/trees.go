package choose

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
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/tree"
)

// treeFiles are the optimal trees beyond those choose ships (classic and
// bulls, black-white): the trees of package optima (NAME.json.gz) without
// a depth limit, under every answer rule (all of more than OptimalLimit
// codes so far: smaller games are computed on the spot, but a tree shipped
// is played rather than computed). NAME is a preset, NxK (N positions, K
// colours) or NofK (distinct colours), followed by "-" and the rule under
// another than black-white.
var treeFiles = []string{
	"4x7", "4of8", "4x8", "4of9", "4x9", "4x10", "5x4", "5x5", "5x6", "5of7", "5of8", "6x4", "7x3", "8x3", bestFound,
	"3x8-black", "3x9-black", "3x10-black", "4x5-black", "4x6-black", "4x7-black", "4of7-black",
	"3of9-black", "3of10-black", "5x4-black", "5of6-black", "6x3-black", "6of6-black", "7x3-black", "8x2-black",
	"3x8-slots", "3x9-slots", "3x10-slots", "3of9-slots", "3of10-slots", "4x5-slots", "4x6-slots", "4x7-slots",
	"4x8-slots", "4x9-slots", "4x10-slots", "4of7-slots", "4of8-slots", "4of9-slots", "4of10-slots", "5x4-slots",
	"5x5-slots", "5x6-slots", "5of6-slots", "5of7-slots", "5of8-slots", "6x3-slots", "6x4-slots", "6of6-slots",
	"6of7-slots", "7x3-slots", "7of7-slots", "8x3-slots",
}

// bestFound is the one tree of treeFiles that is the best found, not
// proven optimal (docs/optima.md#super-mastermind): walked, never played
// as optimal.
const bestFound = "super"

// TreeFiles returns the names of the trees of package optima that Trees
// offers beyond those choose ships.
func TreeFiles() []string { return slices.Clone(treeFiles) }

// A TreeGame is a game whose optimal tree a front end offers to walk.
type TreeGame struct {
	Name string `json:"name"` // its name (mastermind.Game.Name: "classic", "4x7-slots")
	mastermind.Game
	// File names the tree in package optima (one of TreeFiles), "" for a
	// tree choose ships (ShippedTree).
	File string `json:"-"`
}

// Trees returns the games whose optimal tree a front end offers to walk,
// the smallest first: the presets whose tree choose ships, then those of
// TreeFiles, under every rule.
func Trees() []TreeGame {
	var out []TreeGame
	for _, p := range mastermind.Presets() {
		if optimal.Shipped(p.Game) {
			out = append(out, TreeGame{p.Name, p.Game, ""})
		}
	}
	for _, file := range treeFiles {
		g, _ := mastermind.ParseGame(file) // a test checks each name
		out = append(out, TreeGame{g.Name(), g, file})
	}
	slices.SortStableFunc(out, func(a, b TreeGame) int { return cmp.Compare(a.Count(), b.Count()) })
	return out
}

// TreeOf returns the entry of Trees of game g, and whether there is one.
func TreeOf(g mastermind.Game) (TreeGame, bool) {
	for _, t := range Trees() {
		if t.Game == g {
			return t, true
		}
	}
	return TreeGame{}, false
}

// Shipped reports whether an optimal tree of game g is shipped, which
// optimal plays: choose's own (ShippedTree) or a file of TreeFiles, but
// for the best tree found of super.
func Shipped(g mastermind.Game) bool {
	t, ok := TreeOf(g)
	return ok && t.File != bestFound
}

// ShippedPresets names the presets of more than OptimalLimit codes whose
// optimal tree is shipped under some rule, each as mastermind.Game.Name
// names it under its rule ("classic", "classic-slots"), in alphabetical
// order.
func ShippedPresets() []string {
	var names []string
	for _, p := range mastermind.Presets() {
		for _, r := range mastermind.Rules() {
			g := p.Game
			g.Rule = r
			if g.Count() > OptimalLimit && Shipped(g) {
				names = append(names, g.Name())
			}
		}
	}
	slices.Sort(names)
	return names
}

// A TreeLoader reads the file NAME.json.gz of the tree NAME, one of
// TreeFiles: from package optima in a server or the command, fetched by
// the static site.
type TreeLoader func(ctx context.Context, name string) ([]byte, error)

// An UnreadTreeError is a tree of Trees whose file its loader could not
// read: no fault of the caller's, and it may be read later.
type UnreadTreeError struct {
	Name string // the tree's (TreeGame.Name)
	Err  error  // the loader's
}

func (e *UnreadTreeError) Error() string {
	return fmt.Sprintf("the tree of %s could not be read: %v", e.Name, e.Err)
}
func (e *UnreadTreeError) Unwrap() error { return e.Err }

// LoadTree returns the optimal tree of game g, one of Trees: choose's own
// (ShippedTree), or its file read by load, which must be a tree of g (of
// its size and its rule). A game with no tree is an
// *mastermind.InputError naming those there are under its rule; a file load cannot read
// an *UnreadTreeError (nil load reads none), or ctx's error when it ended.
func LoadTree(ctx context.Context, g mastermind.Game, load TreeLoader) (*tree.Tree, error) {
	info, ok := TreeOf(g)
	switch {
	case !ok:
		var names []string
		for _, t := range Trees() {
			if t.Rule == g.Rule {
				names = append(names, t.Name)
			}
		}
		return nil, mastermind.Invalid("game", "no optimal tree is shipped for this game (trees: %s)", strings.Join(names, ", "))
	case info.File == "":
		return ShippedTree(g)
	case load == nil:
		return nil, &UnreadTreeError{info.Name, errors.New("no loader")}
	}
	data, err := load(ctx, info.File)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		return nil, &UnreadTreeError{info.Name, err}
	}
	t, err := tree.ReadJSONOf(bytes.NewReader(data), g, Space)
	if err != nil {
		return nil, fmt.Errorf("the tree of %s: %v", info.Name, err)
	}
	return t, nil
}

// A TreeStore reads the trees of Trees through its loader, each once, and
// keeps them: what a front end gives Options (Options.Trees) and walks.
// It is safe for concurrent use; a read in progress holds the others, so
// that a tree asked for twice at once is read once. A nil *TreeStore
// reads choose's own trees only.
type TreeStore struct {
	load  TreeLoader
	mu    sync.Mutex
	trees map[mastermind.Game]*tree.Tree
}

// NewTreeStore returns a store that reads the files of TreeFiles with load.
func NewTreeStore(load TreeLoader) *TreeStore {
	return &TreeStore{load: load, trees: map[mastermind.Game]*tree.Tree{}}
}

// Tree returns the optimal tree of game g as LoadTree does, read once.
func (ts *TreeStore) Tree(ctx context.Context, g mastermind.Game) (*tree.Tree, error) {
	if ts == nil {
		return LoadTree(ctx, g, nil)
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if t, ok := ts.trees[g]; ok {
		return t, nil
	}
	t, err := LoadTree(ctx, g, ts.load)
	if err == nil {
		ts.trees[g] = t
	}
	return t, err
}

// optimalTree returns the shipped optimal tree of s's game (Shipped) as
// store reads it, or nil when none is shipped.
func optimalTree(ctx context.Context, s *mastermind.Space, store *TreeStore) (*tree.Tree, error) {
	if t, ok := shipped(s); ok {
		return t, nil
	}
	if !Shipped(s.Game()) {
		return nil, nil
	}
	return store.Tree(ctx, s.Game())
}

// autoTree reports whether auto plays the optimal tree of game g: that of
// classic or bulls, under any rule it is shipped for.
func autoTree(g mastermind.Game) bool {
	base := g
	base.Rule = mastermind.BlackWhite
	return (base == mastermind.Classic() || base == mastermind.Bulls()) && Shipped(g)
}

// AutoTreeFiles names the files of TreeFiles whose trees auto plays
// (classic's and bulls' under the other rules): a front end that fetches
// the files keeps these at hand, for auto to play offline too.
func AutoTreeFiles() []string {
	var names []string
	for _, t := range Trees() {
		if t.File != "" && autoTree(t.Game) {
			names = append(names, t.File)
		}
	}
	return names
}

// ShippedTree returns the optimal tree of game g that choose ships (of
// classic or bulls, black-white), or an *mastermind.InputError when
// choose ships none (the trees of TreeFiles are read by LoadTree).
func ShippedTree(g mastermind.Game) (*tree.Tree, error) {
	s, err := Space(g)
	if err != nil {
		return nil, err
	}
	t, ok := shipped(s)
	if !ok {
		return nil, mastermind.Invalid("game", "no optimal tree is shipped for this game")
	}
	return t, nil
}

// trees keeps the trees choose ships, once read.
var trees sync.Map // mastermind.Game -> *tree.Tree

// shipped returns the optimal tree of s's game that choose ships, read once.
func shipped(s *mastermind.Space) (*tree.Tree, bool) {
	if t, ok := trees.Load(s.Game()); ok && t.(*tree.Tree).Space == s {
		return t.(*tree.Tree), true
	}
	t, ok := optimal.Known(s)
	if ok {
		trees.Store(s.Game(), t)
	}
	return t, ok
}
