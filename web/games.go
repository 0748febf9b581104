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

// The answer of GET /api/games: the presets, the strategies and the trees
// of the API, from which the page builds its menus.
type (
	gamesAnswer struct {
		Games      []gameInfo     `json:"games"`
		Strategies []strategyInfo `json:"strategies"`
		// Trees are the games whose optimal tree /api/tree walks.
		Trees []treeInfo `json:"trees"`
	}
	gameInfo struct {
		Name      string `json:"name"`
		Title     string `json:"title"`
		Positions int    `json:"positions"`
		Colors    int    `json:"colors"`
		Distinct  bool   `json:"distinct"`
		// Tree says whether /api/tree walks an optimal tree of the game.
		Tree bool `json:"tree"`
	}
	strategyInfo struct {
		Name string `json:"name"`
		// Note is a few words for the menu ("best", "Knuth"), or "".
		Note string `json:"note,omitempty"`
		// Games says in words which games the API plays it on.
		Games string `json:"games"`
		// MaxCodes is the size of the games up to which the API plays it
		// (optimal also beyond, on the games of Presets with a shipped tree).
		MaxCodes int `json:"maxCodes"`
		// Presets names the presets the API plays it on.
		Presets []string `json:"presets"`
	}
)

// menuOrder orders the strategies of the menu: the default first, then
// the strongest, then the heuristics; names it leaves out come after, in
// the order of choose's table. The presets and strategies themselves, and
// their words, come from the root package's table and choose's.
var menuOrder = append([]string{strategy.AutoName, strategy.ConsistentName, strategy.OptimalName, strategy.Entropy.String()}, strategy.Heuristics()...)

// games returns the answer of GET /api/games: every preset (the smallest
// first), and every
// strategy name of package choose with the presets on which the API plays
// it, as serveable decides for a request of that game.
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
		_, tree := treeOf(g)
		a.Games = append(a.Games, gameInfo{name, title, g.Positions, g.Colors, g.Distinct, tree})
	}
	a.Trees = trees()
	notes := map[string]string{}
	for _, s := range choose.Strategies() {
		notes[s.Name] = s.Note
	}
	for _, s := range menu(choose.Names()) {
		info := strategyInfo{Name: s, Note: notes[s], Presets: []string{}}
		info.MaxCodes, info.Games = reach(s)
		for _, name := range names {
			g, _ := preset(name)
			if serveable(&request{Game: g, Strategy: s}) == nil {
				info.Presets = append(info.Presets, name)
			}
		}
		a.Strategies = append(a.Strategies, info)
	}
	return a
}

// menu returns the strategy names in the order of the menu.
func menu(names []string) []string {
	rank := func(s string) int {
		if i := slices.Index(menuOrder, s); i >= 0 {
			return i
		}
		return len(menuOrder)
	}
	out := slices.Clone(names)
	slices.SortStableFunc(out, func(a, b string) int { return rank(a) - rank(b) })
	return out
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
		g, _ := preset(name)
		if g.Count() > choose.OptimalLimit && choose.Shipped(g) {
			names = append(names, name)
		}
	}
	return names
}
