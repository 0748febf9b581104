package web

import (
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
)

// The games the API knows by name are the root's presets (a test adds
// one); messages list their names in alphabetical order.
var presets = mastermind.Presets

// preset returns the game of the preset named name, or the root's
// "unknown game" error.
func preset(name string) (mastermind.Game, error) {
	for _, p := range presets() {
		if p.Name == name {
			return p.Game, nil
		}
	}
	return mastermind.Preset(name)
}

// presetNames returns the presets' names in alphabetical order.
func presetNames() []string {
	var names []string
	for _, p := range presets() {
		names = append(names, p.Name)
	}
	slices.Sort(names)
	return names
}

// games answers GET /api/games: the menus of the presets (choose.NewMenus),
// each strategy with the presets on which serveable lets the API play it.
func games() choose.Menus {
	return choose.NewMenus(presets(), func(g mastermind.Game, s string) bool {
		return serveable(&request{Game: g, Strategy: s}) == nil
	})
}
