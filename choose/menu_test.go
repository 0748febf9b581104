package choose_test

import (
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/strategy"
)

// The menu offers every strategy of the table once, auto first, then
// consistent, optimal and entropy, then the other heuristics, with the
// table's own rows.
func TestMenu(t *testing.T) {
	menu, table := choose.Menu(), choose.Strategies()
	var names []string
	for _, i := range menu {
		names = append(names, i.Name)
		if !slices.Contains(table, i) {
			t.Errorf("the menu's %+v is no row of the table", i)
		}
	}
	if len(menu) != len(table) || !slices.Equal(slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(choose.Names()))) {
		t.Errorf("the menu offers %v, the table %v", names, choose.Names())
	}
	want := append([]string{strategy.AutoName, strategy.ConsistentName, strategy.OptimalName, "entropy"}, "minimax", "expected", "parts")
	if !slices.Equal(names[:len(want)], want) {
		t.Errorf("the menu begins %v, want %v", names, want)
	}
}

// The trees to walk are the presets whose tree is shipped and one game per
// file of TreeFiles, each named by its game's name (its preset's, or its size), more than
// 1000 codes and no depth limit, the smallest first; TreeOf finds each.
func TestTrees(t *testing.T) {
	trees := choose.Trees()
	files := choose.TreeFiles()
	shipped := 0
	for i, tg := range trees {
		if i > 0 && tg.Count() < trees[i-1].Count() {
			t.Errorf("%s (%v codes) after %s (%v)", tg.Name, tg.Count(), trees[i-1].Name, trees[i-1].Count())
		}
		if found, ok := choose.TreeOf(tg.Game); !ok || found != tg {
			t.Errorf("TreeOf(%v) = %+v, %v; want %+v", tg.Game, found, ok, tg)
		}
		if tg.Name != tg.Game.Name() {
			t.Errorf("tree %+v: named %q", tg, tg.Name)
		}
		if tg.File == "" {
			shipped++
			if !choose.Shipped(tg.Game) {
				t.Errorf("tree %s: no file, and choose ships none", tg.Name)
			}
			continue
		}
		if g, err := mastermind.ParseGame(tg.File); err != nil || g != tg.Game || g.Count() <= 1000 || !slices.Contains(files, tg.File) {
			t.Errorf("tree %+v: file %q is game %v (%v)", tg, tg.File, g, err)
		}
	}
	if len(trees) != len(files)+shipped || shipped != 2 {
		t.Errorf("%d trees for %d files and %d shipped presets, want classic and bulls", len(trees), len(files), shipped)
	}
	if _, ok := choose.TreeOf(mastermind.Game{Positions: 3, Colors: 3}); ok {
		t.Error("TreeOf(3x3): a tree offered")
	}
}
