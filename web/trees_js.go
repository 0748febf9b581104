//go:build js

package web

// embeddedTrees is nil in the static site's engine, which carries no trees:
// it is given a TreeLoader that fetches them.
var embeddedTrees TreeLoader
