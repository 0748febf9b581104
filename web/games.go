package web

import (
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/web/encode"
)

// presetNames returns the root's presets' names in alphabetical order, as
// messages list them.
func presetNames() string {
	var names []string
	for _, p := range mastermind.Presets() {
		names = append(names, p.Name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// games answers GET /api/games: the menus of the presets (choose.NewMenus),
// each strategy with the presets on which serveable lets the API play it,
// and the answer rules with the keys of their answers.
func games() any {
	type rule struct {
		Name string   `json:"name"`
		Keys []string `json:"keys"`
	}
	var rules []rule
	for _, r := range mastermind.Rules() {
		rules = append(rules, rule{r.String(), encode.Keys(r)})
	}
	return struct {
		choose.Menus
		Rules []rule `json:"rules"`
	}{choose.NewMenus(mastermind.Presets(), playable), rules}
}

// playable reports whether the API plays strategy s on game g.
func playable(g mastermind.Game, s string) bool {
	return serveable(&request{Game: g, Strategy: s}) == nil
}
