package web

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/tree"
)

// A TreeLoader returns the file NAME.json.gz of the tree NAME (one of
// choose.TreeFiles), for the engine of the static site, which fetches it.
type TreeLoader = choose.TreeLoader

// errNoConnection is a tree its loader could not read: on the static site,
// one never opened before, offline (the service worker keeps it once read).
// The loader's own words ("TypeError: Failed to fetch") say nothing more.
var errNoConnection = errors.New("needs a connection the first time it is opened; then it is kept for offline use")

// treeCache keeps the trees read (choose.LoadTree), by game: each is read
// once. /api/tree reads them on no computing slot: a request for a tree
// being read waits for that read, not for a slot, which the read (a fetch,
// then a second or more in the browser) would hold meanwhile, so that two
// requests at once for a tree not read yet both answer, and other requests
// get the slots.
type treeCache struct {
	load  TreeLoader
	mu    sync.Mutex
	trees map[mastermind.Game]*tree.Tree
}

// maxTreeCodes is the most secrets of a node whose codes /api/tree lists.
const maxTreeCodes = 60

// walk answers POST /api/tree: the point of the game's tree that the
// path's answers reach (a tree.Point, as it is).
func (c *treeCache) walk(ctx context.Context, r *request) (any, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.trees[r.Game]
	if _, shipped := choose.TreeOf(r.Game); !shipped && r.Game.Rule != mastermind.BlackWhite {
		return nil, mastermind.Invalid("game", "the optimal trees are of black-white games only so far, not under the rule %v", r.Game.Rule)
	}
	if !ok {
		var err error
		var unread *choose.UnreadTreeError
		if t, err = choose.LoadTree(ctx, r.Game, c.load); errors.As(err, &unread) {
			return nil, unavailable{fmt.Errorf("the tree of %s %w", unread.Name, errNoConnection)}
		} else if err != nil {
			return nil, err
		}
		if c.trees == nil {
			c.trees = map[mastermind.Game]*tree.Tree{}
		}
		c.trees[r.Game] = t
	}
	return t.At(r.Path, maxTreeCodes)
}
