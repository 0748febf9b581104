package choose

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/strategy"
)

// An Info is a row of the table of strategies: a name Options take, what
// the strategy does and on which games it plays.
type Info struct {
	Name string
	// Does says what it plays, in a few words.
	Does string
	// Limits says on which games it plays, or "" for every game.
	Limits string
	// Note is a word or two for a menu ("best", "Knuth"), or "".
	Note string
}

// Help is the row as the help writes it: what it does, then its limits.
func (i Info) Help() string {
	if i.Limits == "" {
		return i.Does
	}
	return i.Does + "; " + i.Limits
}

// Strategies returns the table of strategies, in the order of the
// documentation: the one list of the names Options take, from which the
// help, the web API's menus and its messages are made, and against which
// a test checks the docs' lists.
func Strategies() []Info {
	heuristic := fmt.Sprintf("up to %s codes", words.Thousands(NamedHeuristicLimit))
	enumerated := fmt.Sprintf("up to %s codes, %s with distinct colours", words.Thousands(EnumerateLimit), words.Thousands(mastermind.MaxSpaceLen))
	does := map[strategy.Measure]string{
		strategy.Minimax:  "smallest largest part (Knuth)",
		strategy.Expected: "smallest expected part (Irving)",
		strategy.Entropy:  "most informative partition (Neuwirth)",
		strategy.Parts:    "most parts (Kooi)",
	}
	table := []Info{
		{Name: strategy.FirstName, Does: "the first consistent code (lexicographic)", Limits: enumerated},
		{Name: strategy.RandomName, Does: "a random consistent code (by its seed)", Limits: enumerated},
	}
	for m := strategy.Minimax; m <= strategy.Parts; m++ {
		table = append(table, Info{Name: m.String(), Does: does[m], Limits: heuristic})
	}
	table[2].Note = "Knuth"
	return append(table,
		Info{Name: strategy.OptimalName, Does: "fewest guesses in all",
			Limits: fmt.Sprintf("played from the trees shipped for %s and the games of docs/optima.md (under each rule with one), computed up to %d codes", strings.Join(shippedPresets(), ", "), OptimalLimit)},
		Info{Name: strategy.AutoName, Note: "best",
			Does: fmt.Sprintf("the default: optimal where a tree is shipped for classic or bulls, %s up to %s codes, %s up to %s, and beyond a local search for consistent codes",
				strategy.Entropy, words.Thousands(HeuristicLimit), strategy.RandomName, words.Thousands(EnumerateLimit))},
		Info{Name: strategy.ConsistentName,
			Does: fmt.Sprintf("auto asking only codes that could be the secret: %s among them where auto plays optimal or %[1]s", strategy.Entropy)},
	)
}

// Names lists the strategy names the options take, in the order of the
// documentation (that of Strategies).
func Names() []string {
	var names []string
	for _, i := range Strategies() {
		names = append(names, i.Name)
	}
	return names
}

// Check returns nil for a strategy name the options take ("" is auto), and
// otherwise the one message for an unknown strategy, a
// *mastermind.InputError.
func Check(name string) error {
	if name == "" || slices.Contains(Names(), name) {
		return nil
	}
	return mastermind.Invalid("strategy", "unknown strategy %q (known: %s)", quote.Cut(name, quote.Max), strings.Join(Names(), ", "))
}

// shippedPresets names the presets whose optimal tree is shipped under
// some answer rule, in the order of the presets.
func shippedPresets() []string {
	var names []string
	for _, p := range mastermind.Presets() {
		for _, r := range mastermind.Rules() {
			g := p.Game
			g.Rule = r
			if Shipped(g) {
				names = append(names, p.Name)
				break
			}
		}
	}
	return names
}
