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
	"github.com/mastermind-go/mastermind/tree"
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
// file of TreeFiles, each named by its game's name (its preset's, or its
// size, with its rule), no depth limit, the smallest first; TreeOf finds
// each. The files are those of package optima without a depth limit, each
// once, under every rule.
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
			if _, err := choose.ShippedTree(tg.Game); err != nil {
				t.Errorf("tree %s: no file, and choose ships none: %v", tg.Name, err)
			}
			continue
		}
		if g, err := mastermind.ParseGame(tg.File); err != nil || g != tg.Game || !slices.Contains(files, tg.File) {
			t.Errorf("tree %+v: file %q is game %v (%v)", tg, tg.File, g, err)
		}
		if choose.Shipped(tg.Game) != (tg.File != "super") {
			t.Errorf("tree %s: Shipped %v; every tree but super's, the best found, is played as optimal", tg.Name, choose.Shipped(tg.Game))
		}
	}
	if len(trees) != len(files)+shipped || shipped != 2 {
		t.Errorf("%d trees for %d files and %d shipped presets, want classic and bulls", len(trees), len(files), shipped)
	}
	if _, ok := choose.TreeOf(mastermind.Game{Positions: 3, Colors: 3}); ok {
		t.Error("TreeOf(3x3): a tree offered")
	}
	var want []string
	for _, name := range optima.Names() {
		if !strings.Contains(name, "-d") && name != "4x6" && name != "4of10" { // classic's and bulls' are choose's own
			want = append(want, name)
		}
	}
	if got := slices.Sorted(slices.Values(files)); !slices.Equal(got, want) {
		t.Errorf("TreeFiles %v, want the trees of package optima without a depth limit %v", got, want)
	}
}

// LoadTree reads classic's own tree, 4x7's file and classic's under
// slots through the loader, each with its total (Koyama and Lai 1993:
// 5625; Ville 2013: 11228; docs/optima.md: 4211, the file replayed by the
// test's own scorer, treeTotal); a game with no tree is bad input naming
// the trees, a file the loader cannot read (or no loader) an
// UnreadTreeError, and a file of another game or rule than its name's an
// error: never a tree.
func TestLoadTree(t *testing.T) {
	ctx := context.Background()
	var asked []string
	load := func(_ context.Context, name string) ([]byte, error) {
		asked = append(asked, name)
		return optima.File(name)
	}
	slots := mastermind.Game{Positions: 4, Colors: 6, Rule: mastermind.Slots}
	for g, want := range map[mastermind.Game]int{mastermind.Classic(): 5625, {Positions: 4, Colors: 7}: 11228, slots: treeTotal(t, "4x6-slots")} {
		tr, err := choose.LoadTree(ctx, g, load)
		if err != nil {
			t.Fatalf("LoadTree(%v): %v", g, err)
		}
		if p, err := tr.At(nil, 0); err != nil || p.Total != want || tr.Space.Game() != g {
			t.Errorf("LoadTree(%v): total %d (%v) of %v, want %d", g, p.Total, err, tr.Space.Game(), want)
		}
	}
	if slices.Sort(asked); !slices.Equal(asked, []string{"4x6-slots", "4x7"}) {
		t.Errorf("the loader was asked for %v, want [4x6-slots 4x7] (classic's tree is choose's own)", asked)
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
	for name, other := range map[string]string{"4x6-slots": "4x6", "4x6-black": "4x6-slots", "4x7": "4x7-black"} {
		g, _ := mastermind.ParseGame(name)
		wrong := func(context.Context, string) ([]byte, error) { return optima.File(other) }
		for _, read := range []func() (*tree.Tree, error){
			func() (*tree.Tree, error) { return choose.LoadTree(ctx, g, wrong) },
			func() (*tree.Tree, error) { return choose.NewTreeStore(wrong).Tree(ctx, g) },
		} {
			if tr, err := read(); err == nil || tr != nil || !strings.Contains(err.Error(), "the tree of "+g.Name()) {
				t.Errorf("%s read from the file of %s: %v, %v; want an error, no tree", name, other, tr, err)
			}
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
	plays := func(g mastermind.Game, s string) bool {
		return g.Count() < 6000 && s != strategy.OptimalName && (g.Rule != mastermind.BlackOnly || s == strategy.AutoName)
	}
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
			for _, rule := range mastermind.RuleNames() {
				under := g.Game
				under.Rule, _ = mastermind.ParseRule(rule)
				if plays(under, s.Name) {
					want = append(want, strings.TrimSuffix(g.Name+"-"+rule, "-black-white"))
				}
			}
		}
		if s.Name != choose.Menu()[i].Name || !slices.Equal(s.Presets, want) || s.Presets == nil {
			t.Errorf("strategy %d %s: presets %v, want %v", i, s.Name, s.Presets, want)
		}
		if n, words := choose.Reach(s.Name); s.MaxCodes != n || s.Games != words || n < choose.OptimalLimit {
			t.Errorf("strategy %s: %d %q, Reach says %d %q", s.Name, s.MaxCodes, s.Games, n, words)
		}
	}
	shipped := choose.ShippedPresets()
	for _, name := range shipped {
		g, err := mastermind.ParseGame(name)
		if _, perr := mastermind.Preset(strings.Split(name, "-")[0]); err != nil || perr != nil || g.Count() <= choose.OptimalLimit || !choose.Shipped(g) || g.Name() != name {
			t.Errorf("shipped preset %s: %v, %v", name, g, err)
		}
	}
	if want := "bulls bulls-slots classic classic-black classic-slots digits digits-slots"; strings.Join(shipped, " ") != want {
		t.Errorf("ShippedPresets() = %v, want %s (super's tree is the best found, bulls' under black only bounds)", shipped, want)
	}
}
