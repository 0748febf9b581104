package choose

import (
	"cmp"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

// menuOrder orders the strategies of a menu: the default first, then the
// strongest, then the heuristics; names it leaves out come after, in the
// order of the table.
var menuOrder = append([]string{strategy.AutoName, strategy.ConsistentName, strategy.OptimalName, strategy.Entropy.String()}, strategy.Heuristics()...)

// Menu returns the table of strategies (Strategies) in the order a menu
// offers them: auto first, then the strongest, then the heuristics, then
// the others.
func Menu() []Info {
	rank := func(i Info) int {
		if k := slices.Index(menuOrder, i.Name); k >= 0 {
			return k
		}
		return len(menuOrder)
	}
	out := Strategies()
	slices.SortStableFunc(out, func(a, b Info) int { return rank(a) - rank(b) })
	return out
}

// treeFiles are the optimal trees to walk beyond those choose ships
// (classic, bulls): the trees of package optima (NAME.json.gz) of more than
// 1000 codes without a depth limit (smaller ones are computed on the spot).
// NAME is a preset, NxK (N positions, K colours) or NofK (distinct colours).
var treeFiles = []string{"4x7", "4of8", "4x8", "4of9", "4x9", "4x10", "5x4", "5x5", "5x6", "5of7", "5of8", "6x4", "7x3", "8x3", "super"}

// TreeFiles returns the names of the trees of package optima that Trees
// offers beyond those choose ships.
func TreeFiles() []string { return slices.Clone(treeFiles) }

// A TreeGame is a game whose optimal tree a front end offers to walk.
type TreeGame struct {
	Name string // its preset's name, or its file's
	mastermind.Game
	// File names the tree in package optima (one of TreeFiles), "" for a
	// tree choose ships (ShippedTree).
	File string
}

// Trees returns the games whose optimal tree a front end offers to walk,
// the smallest first: the presets whose tree choose ships, then those of
// TreeFiles.
func Trees() []TreeGame {
	var out []TreeGame
	for _, p := range mastermind.Presets() {
		if Shipped(p.Game) {
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
