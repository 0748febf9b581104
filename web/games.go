package web

import (
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
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
// each strategy with the presets on which serveable lets the API play it.
func games() choose.Menus {
	return choose.NewMenus(mastermind.Presets(), playable)
}

// playable reports whether the API plays strategy s on game g.
func playable(g mastermind.Game, s string) bool {
	return serveable(&request{Game: g, Strategy: s}) == nil
}
