package choose

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
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
	Name string `json:"name"` // its preset's name, or its file's
	mastermind.Game
	// File names the tree in package optima (one of TreeFiles), "" for a
	// tree choose ships (ShippedTree).
	File string `json:"-"`
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

// A TreeLoader reads the file NAME.json.gz of the tree NAME, one of
// TreeFiles: from package optima in a server, fetched by the static site.
type TreeLoader func(ctx context.Context, name string) ([]byte, error)

// An UnreadTreeError is a tree of Trees whose file its loader could not
// read: no fault of the caller's, and it may be read later.
type UnreadTreeError struct {
	Name string // the tree's (TreeGame.Name)
	Err  error  // the loader's
}

func (e *UnreadTreeError) Error() string {
	return fmt.Sprintf("the tree of %s could not be read: %v", e.Name, e.Err)
}
func (e *UnreadTreeError) Unwrap() error { return e.Err }

// LoadTree returns the optimal tree of game g, one of Trees: choose's own
// (ShippedTree), or its file read by load. A game with no tree is an
// *mastermind.InputError naming those there are; a file load cannot read
// an *UnreadTreeError (nil load reads none), or ctx's error when it ended.
func LoadTree(ctx context.Context, g mastermind.Game, load TreeLoader) (*tree.Tree, error) {
	info, ok := TreeOf(g)
	switch {
	case !ok:
		var names []string
		for _, t := range Trees() {
			names = append(names, t.Name)
		}
		return nil, mastermind.Invalid("game", "no optimal tree is shipped for this game (trees: %s)", strings.Join(names, ", "))
	case info.File == "":
		return ShippedTree(g)
	case load == nil:
		return nil, &UnreadTreeError{info.Name, errors.New("no loader")}
	}
	data, err := load(ctx, info.File)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		return nil, &UnreadTreeError{info.Name, err}
	}
	t, err := tree.ReadAnyJSON(bytes.NewReader(data), Space)
	if err != nil {
		return nil, fmt.Errorf("the tree of %s: %v", info.Name, err)
	}
	return t, nil
}

// Menus are the menus of a front end: the presets, the strategies (Menu)
// each with the presets the front end plays it on, and the trees (Trees).
// In JSON they are the web API's answer to GET /api/games.
type Menus struct {
	Games      []MenuGame     `json:"games"`
	Strategies []MenuStrategy `json:"strategies"`
	Trees      []TreeGame     `json:"trees"`
}

// A MenuGame is a preset of a menu.
type MenuGame struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	mastermind.Game
	Tree bool `json:"tree"` // whether Trees has its optimal tree
}

// A MenuStrategy is a strategy of a menu, and where the front end plays it.
type MenuStrategy struct {
	Name     string   `json:"name"`
	Note     string   `json:"note,omitempty"` // a few words for the menu ("best", "Knuth"), or ""
	Games    string   `json:"games"`          // the games the front end plays it on (Reach), in words
	MaxCodes int      `json:"maxCodes"`       // their size (optimal: also the shipped presets)
	Presets  []string `json:"presets"`        // the presets it plays it on
}

// NewMenus returns the menus of the presets (mastermind.Presets, or more),
// the smallest first, where plays says whether the front end plays
// strategy s on game g.
func NewMenus(presets []mastermind.PresetInfo, plays func(g mastermind.Game, s string) bool) Menus {
	presets = slices.Clone(presets)
	slices.SortFunc(presets, func(a, b mastermind.PresetInfo) int {
		return cmp.Or(cmp.Compare(a.Count(), b.Count()), cmp.Compare(a.Name, b.Name))
	})
	m := Menus{Trees: Trees()}
	for _, p := range presets {
		_, tree := TreeOf(p.Game)
		m.Games = append(m.Games, MenuGame{p.Name, p.Title, p.Game, tree})
	}
	for _, s := range Menu() {
		ms := MenuStrategy{Name: s.Name, Note: s.Note, Presets: []string{}}
		ms.MaxCodes, ms.Games = Reach(s.Name)
		for _, p := range presets {
			if plays(p.Game, s.Name) {
				ms.Presets = append(ms.Presets, p.Name)
			}
		}
		m.Strategies = append(m.Strategies, ms)
	}
	return m
}

// Reach returns the size of the games on which a front end that answers at
// once (the web API) plays strategy s, where auto would play it, and says
// it in words: the heuristics up to HeuristicLimit codes, optimal up to
// OptimalLimit codes and on the presets whose tree is shipped
// (ShippedPresets), the others up to EnumerateLimit.
func Reach(s string) (int, string) {
	switch {
	case slices.Contains(strategy.Heuristics(), s):
		return HeuristicLimit, fmt.Sprintf("games of up to %s codes", words.Thousands(HeuristicLimit))
	case s == strategy.OptimalName:
		return OptimalLimit, fmt.Sprintf("games of up to %d codes, and %s (shipped trees)", OptimalLimit, strings.Join(ShippedPresets(), ", "))
	}
	return EnumerateLimit, fmt.Sprintf("games of up to %s codes", words.Thousands(EnumerateLimit))
}

// ShippedPresets names the presets of more than OptimalLimit codes whose
// optimal tree is shipped, in alphabetical order.
func ShippedPresets() []string {
	var names []string
	for _, p := range mastermind.Presets() {
		if p.Count() > OptimalLimit && Shipped(p.Game) {
			names = append(names, p.Name)
		}
	}
	slices.Sort(names)
	return names
}
