package choose_test

import (
	"context"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/optimal/optima"
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

// LoadTree reads classic's own tree and 4x7's file through the loader,
// each with its published total (Koyama and Lai 1993: 5625; Ville 2013:
// 11228); a game with no tree is bad input naming the trees, and a file
// the loader cannot read (or no loader) an UnreadTreeError.
func TestLoadTree(t *testing.T) {
	ctx := context.Background()
	var asked []string
	load := func(_ context.Context, name string) ([]byte, error) {
		asked = append(asked, name)
		return optima.File(name)
	}
	for g, want := range map[mastermind.Game]int{mastermind.Classic(): 5625, {Positions: 4, Colors: 7}: 11228} {
		tr, err := choose.LoadTree(ctx, g, load)
		if err != nil {
			t.Fatalf("LoadTree(%v): %v", g, err)
		}
		if p, err := tr.At(nil, 0); err != nil || p.Total != want {
			t.Errorf("LoadTree(%v): total %d (%v), want %d", g, p.Total, err, want)
		}
	}
	if !slices.Equal(asked, []string{"4x7"}) {
		t.Errorf("the loader was asked for %v, want [4x7] (classic's tree is choose's own)", asked)
	}
	var input *mastermind.InputError
	if _, err := choose.LoadTree(ctx, mastermind.Game{Positions: 3, Colors: 3}, load); !errors.As(err, &input) || input.Where != "game" || !strings.Contains(err.Error(), "classic") || !strings.Contains(err.Error(), "4x7") {
		t.Errorf("LoadTree(3x3): %v, want bad input naming the trees", err)
	}
	var unread *choose.UnreadTreeError
	failing := func(context.Context, string) ([]byte, error) { return nil, fs.ErrNotExist }
	for _, l := range []choose.TreeLoader{failing, nil} {
		if _, err := choose.LoadTree(ctx, mastermind.Game{Positions: 4, Colors: 7}, l); !errors.As(err, &unread) || unread.Name != "4x7" {
			t.Errorf("LoadTree(4x7) with a loader that fails: %v, want an UnreadTreeError of 4x7", err)
		}
	}
}

// The menus list every preset given once, the smallest first, each
// strategy of Menu with exactly the presets the front end plays it on (in
// the games' order), and Trees; a preset given beyond the root's is listed
// too.
func TestNewMenus(t *testing.T) {
	tiny := mastermind.PresetInfo{Name: "tiny", Title: "Tiny", Game: mastermind.Game{Positions: 3, Colors: 4}}
	presets := append(mastermind.Presets(), tiny)
	plays := func(g mastermind.Game, s string) bool { return g.Count() < 6000 && s != strategy.OptimalName }
	m := choose.NewMenus(presets, plays)
	if len(m.Games) != len(presets) || m.Games[0].Name != "tiny" || m.Games[0].Title != "Tiny" || m.Games[0].Game != tiny.Game {
		t.Fatalf("games %+v, want the %d presets, tiny first", m.Games, len(presets))
	}
	for i, g := range m.Games {
		p, err := mastermind.Preset(g.Name)
		if g.Name != "tiny" && (err != nil || p != g.Game) {
			t.Errorf("game %+v: the preset is %v (%v)", g, p, err)
		}
		if i > 0 && m.Games[i-1].Count() > g.Count() {
			t.Errorf("game %s after the larger %s", g.Name, m.Games[i-1].Name)
		}
		if _, tree := choose.TreeOf(g.Game); g.Tree != tree {
			t.Errorf("game %s: tree %v, TreeOf says %v", g.Name, g.Tree, tree)
		}
	}
	if len(m.Strategies) != len(choose.Menu()) || !slices.Equal(m.Trees, choose.Trees()) {
		t.Errorf("%d strategies, trees %v; want Menu's %d, Trees", len(m.Strategies), m.Trees, len(choose.Menu()))
	}
	for i, s := range m.Strategies {
		var want []string
		for _, g := range m.Games {
			if plays(g.Game, s.Name) {
				want = append(want, g.Name)
			}
		}
		if s.Name != choose.Menu()[i].Name || !slices.Equal(s.Presets, want) || s.Presets == nil {
			t.Errorf("strategy %d %s: presets %v, want %v", i, s.Name, s.Presets, want)
		}
		if n, words := choose.Reach(s.Name); s.MaxCodes != n || s.Games != words || n < choose.OptimalLimit {
			t.Errorf("strategy %s: %d %q, Reach says %d %q", s.Name, s.MaxCodes, s.Games, n, words)
		}
	}
	for _, name := range choose.ShippedPresets() {
		if g, err := mastermind.Preset(name); err != nil || g.Count() <= choose.OptimalLimit || !choose.Shipped(g) {
			t.Errorf("shipped preset %s: %v, %v", name, g, err)
		}
	}
}
