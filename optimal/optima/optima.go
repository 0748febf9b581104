// Package optima is the one home of the optimal decision trees that
// docs/optima.md describes, as the files NAME.json.gz of its folder: NAME
// a preset (super, the best tree found: see docs/optima.md#super-mastermind),
// NxK (N positions, K colours) or NofK (K colours, distinct), and NAME-dD
// for the best tree within D guesses; under another answer rule than
// black-white, NAME-RULE (4x6-black, 4x7-slots-d4). The web API embeds them
// from here
// (the static site copies them); read one with tree.ReadAnyJSON, which
// takes gzip. TREES=optimal/optima docs/optima.sh writes them again.
//
// It is a package of data apart from optimal, so that only the programs
// that serve the trees carry them all: optimal, in the site's WebAssembly
// engine too, embeds two of these files, 4x6's and 4of10's (classic's and
// bulls'), from this folder.
package optima

import (
	"embed"
	"io/fs"
	"slices"
	"strings"
)

// files are the trees, gzipped JSON as mastermind optimal --out writes
// (then gzip -9).
//
//go:embed *.json.gz
var files embed.FS

// File returns the file of the tree name (gzipped JSON), or an error
// wrapping fs.ErrNotExist if there is none.
func File(name string) ([]byte, error) {
	if !fs.ValidPath(name) || strings.Contains(name, "/") {
		return nil, &fs.PathError{Op: "open", Path: name + ".json.gz", Err: fs.ErrNotExist}
	}
	return files.ReadFile(name + ".json.gz")
}

// Names returns the names of the trees, sorted.
func Names() []string {
	entries, _ := files.ReadDir(".")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".json.gz"))
	}
	slices.Sort(names)
	return names
}
