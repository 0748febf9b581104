package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/tree"
)

// A TreeLoader returns the file NAME.json.gz of the tree NAME (one of
// choose.TreeFiles), for the engine of the static site, which fetches it.
type TreeLoader func(ctx context.Context, name string) ([]byte, error)

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
	info, ok := choose.TreeOf(g)
	if !ok {
		var names []string
		for _, t := range choose.Trees() {
			names = append(names, t.Name)
		}
		return nil, mastermind.Invalid("game", "no optimal tree is shipped for this game (trees: %s)", strings.Join(names, ", "))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.trees[g]; ok {
		return t, nil
	}
	t, err := c.read(ctx, info)
	if err != nil {
		return nil, err
	}
	if c.trees == nil {
		c.trees = map[mastermind.Game]*tree.Tree{}
	}
	c.trees[g] = t
	return t, nil
}

// read reads the tree of info: choose's, or its file by the loader.
func (c *treeCache) read(ctx context.Context, info choose.TreeGame) (*tree.Tree, error) {
	if info.File == "" {
		return choose.ShippedTree(info.Game)
	}
	if c.load == nil {
		return nil, unavailable{fmt.Errorf("the tree of %s is not at hand", info.Name)}
	}
	data, err := c.load(ctx, info.File)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		return nil, unavailable{fmt.Errorf("the tree of %s %w", info.Name, errNoConnection)}
	}
	t, err := tree.ReadAnyJSON(bytes.NewReader(data), choose.Space)
	if err != nil {
		return nil, fmt.Errorf("the tree of %s: %v", info.Name, err)
	}
	return t, nil
}

// maxTreeCodes is the most secrets of a node whose codes /api/tree lists.
const maxTreeCodes = 60

// walk answers POST /api/tree: the point of the game's tree that the
// path's answers reach (a tree.Point, as it is).
func (c *treeCache) walk(ctx context.Context, r *request) (any, error) {
	t, err := c.get(ctx, r.Game)
	if err != nil {
		return nil, err
	}
	return t.At(r.Path, maxTreeCodes)
}
