package web

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/strategy"
)

// The games the API knows by name are the root's presets, read by the
// root's lookup (a test wraps it to add one); messages list their names
// in alphabetical order.
var (
	presetNames = func() []string {
		var names []string
		for _, p := range mastermind.Presets() {
			names = append(names, p.Name)
		}
		slices.Sort(names)
		return names
	}
	preset = mastermind.Preset
)

// The answer of GET /api/games: the presets, the strategies (choose.Menu)
// and the trees (choose.Trees) of the API, from which the page builds its
// menus.
type (
	gamesAnswer struct {
		Games      []gameInfo     `json:"games"`
		Strategies []strategyInfo `json:"strategies"`
		Trees      []treeInfo     `json:"trees"` // the games whose optimal tree /api/tree walks
	}
	gameInfo struct {
		Name      string `json:"name"`
		Title     string `json:"title"`
		Positions int    `json:"positions"`
		Colors    int    `json:"colors"`
		Distinct  bool   `json:"distinct"`
		Tree      bool   `json:"tree"` // whether /api/tree walks an optimal tree of the game
	}
	treeInfo struct {
		Name      string `json:"name"`
		Positions int    `json:"positions"`
		Colors    int    `json:"colors"`
		Distinct  bool   `json:"distinct"`
	}
	strategyInfo struct {
		Name     string   `json:"name"`
		Note     string   `json:"note,omitempty"` // a few words for the menu ("best", "Knuth"), or ""
		Games    string   `json:"games"`          // which games the API plays it on, in words
		MaxCodes int      `json:"maxCodes"`       // the size of those games (optimal: also the shipped presets)
		Presets  []string `json:"presets"`        // the presets the API plays it on
	}
)

// games returns the answer of GET /api/games: every preset (the smallest
// first), and every strategy with the presets on which the API plays it,
// as serveable decides for a request of that game.
func games() gamesAnswer {
	var a gamesAnswer
	names := presetNames()
	slices.SortStableFunc(names, func(a, b string) int {
		ga, _ := preset(a)
		gb, _ := preset(b)
		return cmp.Compare(ga.Count(), gb.Count())
	})
	titles := map[string]string{}
	for _, p := range mastermind.Presets() {
		titles[p.Name] = p.Title
	}
	for _, name := range names {
		g, _ := preset(name)
		title := titles[name]
		if title == "" { // a preset a test adds
			r, n := utf8.DecodeRuneInString(name)
			title = string(unicode.ToUpper(r)) + name[n:]
		}
		_, tree := choose.TreeOf(g)
		a.Games = append(a.Games, gameInfo{name, title, g.Positions, g.Colors, g.Distinct, tree})
	}
	for _, t := range choose.Trees() {
		a.Trees = append(a.Trees, treeInfo{t.Name, t.Positions, t.Colors, t.Distinct})
	}
	for _, s := range choose.Menu() {
		info := strategyInfo{Name: s.Name, Note: s.Note, Presets: []string{}}
		info.MaxCodes, info.Games = reach(s.Name)
		for _, name := range names {
			if g, _ := preset(name); serveable(&request{Game: g, Strategy: s.Name}) == nil {
				info.Presets = append(info.Presets, name)
			}
		}
		a.Strategies = append(a.Strategies, info)
	}
	return a
}

// reach returns the size of the games up to which the API plays strategy
// s, and says it in words.
func reach(s string) (int, string) {
	switch {
	case heuristic(s):
		return maxHeuristicCodes, fmt.Sprintf("games of up to %s codes", words.Thousands(maxHeuristicCodes))
	case s == strategy.OptimalName:
		return choose.OptimalLimit, fmt.Sprintf("games of up to %d codes, and %s (shipped trees)", choose.OptimalLimit, strings.Join(shippedPresets(), ", "))
	}
	return maxCodes, fmt.Sprintf("games of up to %s codes", words.Thousands(maxCodes))
}

// shippedPresets names the presets of more than choose.OptimalLimit codes
// whose optimal tree is shipped.
func shippedPresets() []string {
	var names []string
	for _, name := range presetNames() {
		if g, _ := preset(name); g.Count() > choose.OptimalLimit && choose.Shipped(g) {
			names = append(names, name)
		}
	}
	return names
}
