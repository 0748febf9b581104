//go:build !js

package web

import (
	"context"
	"embed"
)

// treeFiles are the trees of treeNames, in the server (the static site's
// engine fetches them instead: they are not in its .wasm).
//
//go:embed trees/*.json.gz
var treeFiles embed.FS

// embeddedTrees reads a tree of treeFiles.
var embeddedTrees TreeLoader = func(_ context.Context, name string) ([]byte, error) {
	return treeFiles.ReadFile("trees/" + name + ".json.gz")
}
