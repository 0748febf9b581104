package choose

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/words"
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
	Name     string `json:"name"`
	Note     string `json:"note,omitempty"` // a few words for the menu ("best", "Knuth"), or ""
	Games    string `json:"games"`          // the games the front end plays it on (Reach), in words
	MaxCodes int    `json:"maxCodes"`       // their size (optimal: also the shipped presets)
	// Presets are the presets it plays it on under each answer rule, each
	// named as mastermind.Game.Name names it ("classic", "classic-slots").
	Presets []string `json:"presets"`
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
			for _, r := range mastermind.Rules() {
				g := p.Game
				g.Rule = r
				if plays(g, s.Name) { // named as Game.Name: the rule after the preset's name
					ms.Presets = append(ms.Presets, p.Name+strings.TrimPrefix(g.Name(), p.Game.Name()))
				}
			}
		}
		m.Strategies = append(m.Strategies, ms)
	}
	return m
}

// Reach returns the size of the games on which a front end that answers at
// once (the web API) plays strategy s, where auto would play it, and says
// it in words: the heuristics up to HeuristicLimit codes, optimal up to
// OptimalLimit codes and on the games whose tree is shipped (Shipped: the
// presets of ShippedPresets), the others up to EnumerateLimit.
func Reach(s string) (int, string) {
	switch {
	case slices.Contains(strategy.Heuristics(), s):
		return HeuristicLimit, fmt.Sprintf("games of up to %s codes", words.Thousands(HeuristicLimit))
	case s == strategy.OptimalName:
		return OptimalLimit, fmt.Sprintf("games of up to %d codes, and %s and the games of docs/optima.md (shipped trees)", OptimalLimit, strings.Join(ShippedPresets(), ", "))
	}
	return EnumerateLimit, fmt.Sprintf("games of up to %s codes", words.Thousands(EnumerateLimit))
}
