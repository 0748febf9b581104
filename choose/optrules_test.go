package choose_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/optimal/optima"
	"github.com/mastermind-go/mastermind/tree"
)

// refAnswer is the answer of rule (by its name) by the test's own scorer
// (testkit's, written from the definitions), in the written form the trees'
// JSON keys their branches by: "B W", "B" or the marks.
func refAnswer(rule string, secret, guess []int) string {
	switch rule {
	case "black":
		return strconv.Itoa(testkit.Blacks(secret, guess))
	case "slots":
		return testkit.Marks(secret, guess)
	}
	b, w := testkit.Score(secret, guess)
	return fmt.Sprintf("%d %d", b, w)
}

// refCodes lists the codes of a game, lexicographic, apart from the engine.
func refCodes(n, k int, distinct bool) [][]int {
	var out [][]int
	var rec func(c []int)
	rec = func(c []int) {
		if len(c) == n {
			out = append(out, slices.Clone(c))
			return
		}
		for x := range k {
			if !distinct || !slices.Contains(c, x) {
				rec(append(c, x))
			}
		}
	}
	rec(nil)
	return out
}

// treeTotal replays the tree file name of package optima over every secret
// of its game with the test's own scorer (refAnswer) and returns the
// guesses in all; a secret the tree does not find fails the test.
func treeTotal(t *testing.T, name string) int {
	t.Helper()
	data, err := optima.File(name)
	if err != nil {
		t.Fatal(err)
	}
	type node struct {
		Guess string           `json:"guess"`
		Next  map[string]*node `json:"next"`
	}
	var tr struct {
		Positions, Colors int
		Distinct          bool
		Feedback          string
		Root              *node
	}
	r, _, err := tree.JSONReader(strings.NewReader(string(data)), 1<<26)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(r).Decode(&tr); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	total := 0
	for _, secret := range refCodes(tr.Positions, tr.Colors, tr.Distinct) {
		n, depth := tr.Root, 1
		for ; n != nil; depth++ {
			var guess []int
			for _, f := range strings.Fields(n.Guess) {
				c, _ := strconv.Atoi(f)
				guess = append(guess, c)
			}
			if slices.Equal(guess, secret) {
				break
			}
			n = n.Next[refAnswer(tr.Feedback, secret, guess)]
		}
		if n == nil {
			t.Fatalf("%s: the tree does not find %v", name, secret)
		}
		total += depth
	}
	return total
}

// refOptimum is the least total of guesses over every secret of a game
// under rule that any strategy reaches, by brute force: at each set of
// codes every code of the game is tried as the guess (those that do not
// split the set are no progress), the set's cost being a guess for each of
// its codes plus the costs of the parts below.
func refOptimum(rule string, codes [][]int) int {
	memo := map[string]int{}
	var cost func(set []int) int
	cost = func(set []int) int {
		if len(set) == 1 {
			return 1
		}
		key := fmt.Sprint(set)
		if c, ok := memo[key]; ok {
			return c
		}
		best := -1
		for _, guess := range codes {
			parts := map[string][]int{}
			for _, i := range set {
				if !slices.Equal(codes[i], guess) {
					a := refAnswer(rule, codes[i], guess)
					parts[a] = append(parts[a], i)
				}
			}
			c, progress := len(set), true
			for _, p := range parts {
				if len(p) == len(set) {
					progress = false
					break
				}
			}
			if !progress {
				continue
			}
			for _, p := range parts {
				c += cost(p)
				if best >= 0 && c >= best {
					break
				}
			}
			if best < 0 || c < best {
				best = c
			}
		}
		memo[key] = best
		return best
	}
	all := make([]int, len(codes))
	for i := range all {
		all[i] = i
	}
	return cost(all)
}

// Optimal plays every rule: computed on a small game, its total is the
// brute force's (3x3 and 3 of 4 distinct under black and slots); read
// from a shipped file on a large one (4x7 under slots, 5x4 under black),
// the file's total replayed by the test's own scorer (docs/optima.md:
// 8406, 5870). On main it was refused under both rules.
func TestOptimalUnderRules(t *testing.T) {
	ctx := context.Background()
	store := choose.NewTreeStore(func(_ context.Context, name string) ([]byte, error) { return optima.File(name) })
	type game struct {
		g    mastermind.Game
		want func() int
	}
	var games []game
	for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
		for _, g := range []mastermind.Game{{Positions: 3, Colors: 3, Rule: rule}, {Positions: 3, Colors: 4, Distinct: true, Rule: rule}} {
			games = append(games, game{g, func() int { return refOptimum(rule.String(), refCodes(g.Positions, g.Colors, g.Distinct)) }})
		}
	}
	games = append(games,
		game{mastermind.Game{Positions: 4, Colors: 7, Rule: mastermind.Slots}, func() int { return treeTotal(t, "4x7-slots") }},
		game{mastermind.Game{Positions: 5, Colors: 4, Rule: mastermind.BlackOnly}, func() int { return treeTotal(t, "5x4-black") }})
	for _, tc := range games {
		s, err := choose.Space(tc.g)
		if err != nil {
			t.Fatal(err)
		}
		st, err := choose.Strategy(ctx, s, choose.Options{Strategy: "optimal", Trees: store})
		if err != nil {
			t.Errorf("%s: optimal: %v", tc.g.Name(), err)
			continue
		}
		stats, err := tree.Evaluate(ctx, s, st)
		if want := tc.want(); err != nil || stats.Total != want || st.Name() != "optimal" {
			t.Errorf("%s: %s takes %d guesses in all (%v), want %d", tc.g.Name(), st.Name(), stats.Total, err, want)
		}
	}
}

// Auto plays classic's and bulls' optimal trees under each rule where one
// is shipped (read through the store): its total on classic is the
// tree's, replayed by the test's own scorer (docs/optima.md: 4211 under
// slots, 8859 under black). Without a store it plays entropy there; on
// bulls under black (bounds only, no tree) entropy.
func TestAutoUnderRules(t *testing.T) {
	ctx := context.Background()
	store := choose.NewTreeStore(func(_ context.Context, name string) ([]byte, error) { return optima.File(name) })
	for _, tc := range []struct {
		g    mastermind.Game
		file string
	}{
		{mastermind.Game{Positions: 4, Colors: 6, Rule: mastermind.Slots}, "4x6-slots"},
		{mastermind.Game{Positions: 4, Colors: 6, Rule: mastermind.BlackOnly}, "4x6-black"},
	} {
		s, _ := choose.Space(tc.g)
		st, err := choose.Strategy(ctx, s, choose.Options{Trees: store})
		if err != nil || st.Name() != "optimal" {
			t.Fatalf("%s: auto plays %v (%v), want optimal", tc.g.Name(), st, err)
		}
		stats, err := tree.Evaluate(ctx, s, st)
		if want := treeTotal(t, tc.file); err != nil || stats.Total != want {
			t.Errorf("%s: auto takes %d guesses in all (%v), want the tree's %d", tc.g.Name(), stats.Total, err, want)
		}
		if st, err := choose.Strategy(ctx, s, choose.Options{}); err != nil || st.Name() != "entropy" {
			t.Errorf("%s: auto with no store plays %v (%v), want entropy", tc.g.Name(), st, err)
		}
	}
	bulls := mastermind.Bulls()
	bulls.Rule = mastermind.BlackOnly
	s, _ := choose.Space(bulls)
	if st, err := choose.Strategy(ctx, s, choose.Options{Trees: store}); err != nil || st.Name() != "entropy" {
		t.Errorf("bulls-black: auto plays %v (%v), want entropy (no tree)", st, err)
	}
}

// Optimal refuses, naming what works, a game of more than OptimalLimit
// codes with no tree under its rule (bulls under black has bounds only),
// and plays no tree of another rule than its game's; with no store it
// cannot read a file (an UnreadTreeError).
func TestOptimalRulesRefused(t *testing.T) {
	ctx := context.Background()
	bulls := mastermind.Bulls()
	bulls.Rule = mastermind.BlackOnly
	var input *mastermind.InputError
	if _, err := choose.Breaker(ctx, bulls, choose.Options{Strategy: "optimal"}); !errors.As(err, &input) || !strings.Contains(err.Error(), "no optimal tree is shipped for bulls-black") || !strings.Contains(err.Error(), "docs/optima.md") {
		t.Errorf("optimal on bulls-black: %v, want a refusal naming what works", err)
	}
	slots := mastermind.Game{Positions: 4, Colors: 6, Rule: mastermind.Slots}
	wrong := choose.NewTreeStore(func(context.Context, string) ([]byte, error) { return optima.File("4x6") })
	for _, name := range []string{"optimal", "auto"} {
		if b, err := choose.Breaker(ctx, slots, choose.Options{Strategy: name, Trees: wrong}); err == nil || b != nil {
			t.Errorf("%s on classic-slots with the black-white tree in the slots tree's place: %v, %v; want an error", name, b, err)
		}
	}
	var unread *choose.UnreadTreeError
	if _, err := choose.Breaker(ctx, slots, choose.Options{Strategy: "optimal"}); !errors.As(err, &unread) {
		t.Errorf("optimal on classic-slots with no store: %v, want an UnreadTreeError", err)
	}
}
