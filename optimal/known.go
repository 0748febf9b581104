package optimal

import (
	"bytes"
	"embed"
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// The optimal trees shipped with the package: of the trees of package
// optima (optimal/optima, their one home), only classic's and bulls',
// embedded here from that folder so that every program, the site's
// WebAssembly engine too, carries these two and not the others. They are
// gzipped JSON, as TREES=optimal/optima docs/optima.sh writes them (see
// docs/optima.md). The tests check both and compare them with fresh
// computations (TestKnown; TestClassic and TestBullsFresh in the long lane
// of the tests).
//
//go:embed optima/4x6.json.gz optima/4of10.json.gz
var known embed.FS

// knownGames names the file of each game with a shipped tree.
var knownGames = map[mastermind.Game]string{
	mastermind.Classic(): "optima/4x6.json.gz",
	mastermind.Bulls():   "optima/4of10.json.gz",
}

// Known returns the shipped optimal tree for the space's game, and false if
// there is none.
func Known(s *mastermind.Space) (*tree.Tree, bool) {
	name, ok := knownGames[s.Game()]
	if !ok {
		return nil, false
	}
	data, err := known.ReadFile(name)
	if err != nil {
		panic(fmt.Sprintf("optimal: shipped tree %s: %v", name, err))
	}
	t, err := tree.ReadJSON(bytes.NewReader(data), s) // gzipped: ReadJSON takes either
	if err != nil {
		panic(fmt.Sprintf("optimal: shipped tree %s: %v", name, err))
	}
	return t, true
}
