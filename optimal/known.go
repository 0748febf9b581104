package optimal

import (
	"bytes"
	"embed"
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// The optimal trees shipped with the package, made by
//
//	mastermind optimal --game classic --out optimal/trees/classic.json
//	mastermind optimal --game bulls --out optimal/trees/bulls.json
//
// The tests check both and compare them with fresh computations
// (TestKnown; TestClassic and TestBullsFresh in the long lane of the tests).
//
//go:embed trees/*.json
var known embed.FS

// knownGames names the file of each game with a shipped tree.
var knownGames = map[mastermind.Game]string{
	mastermind.Classic(): "trees/classic.json",
	mastermind.Bulls():   "trees/bulls.json",
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
	t, err := tree.ReadJSON(bytes.NewReader(data), s)
	if err != nil {
		panic(fmt.Sprintf("optimal: shipped tree %s: %v", name, err))
	}
	return t, true
}
