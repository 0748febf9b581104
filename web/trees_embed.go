//go:build !js

package web

import (
	"context"
	"fmt"
	"io/fs"
	"slices"

	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/optimal/optima"
)

// embeddedTrees reads a tree of choose.TreeFiles from package optima, which
// embeds optimal/optima's trees, in the server (the static site's engine
// fetches them instead: they are not in its .wasm).
var embeddedTrees TreeLoader = func(_ context.Context, name string) ([]byte, error) {
	if !slices.Contains(choose.TreeFiles(), name) {
		return nil, fmt.Errorf("no optimal tree %q: %w", name, fs.ErrNotExist)
	}
	return optima.File(name)
}

// TreeNames returns the names of the optimal trees the API walks beyond
// those choose ships, each a tree of package optima (optimal/optima/NAME.json.gz):
// the static site copies them, for its engine to fetch.
func TreeNames() []string { return choose.TreeFiles() }
