package web

import (
	"context"
)

// maxTreeCodes is the most secrets of a node whose codes /api/tree lists.
const maxTreeCodes = 60

// walk answers POST /api/tree: the point of the game's tree that the
// path's answers reach (a tree.Point, as it is). The tree is read once
// (choose.TreeStore), on no computing slot: a request for a tree being
// read waits for that read, not for a slot, which the read (a fetch, then
// a second or more in the browser) would hold meanwhile, so that two
// requests at once for a tree not read yet both answer, and other
// requests get the slots.
func (a *API) walk(ctx context.Context, r *request) (any, error) {
	t, err := a.trees.Tree(ctx, r.Game)
	if err != nil {
		return nil, err
	}
	return t.At(r.Path, maxTreeCodes)
}
