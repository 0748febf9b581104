package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/tree"
)

// Each tree of choose.TreeFiles is one of package optima (optimal/optima), of the
// game its name says (its size and its answer rule), with no depth limit;
// no other is given.
func TestTreeNames(t *testing.T) {
	for _, name := range TreeNames() {
		g, gerr := mastermind.ParseGame(name)
		data, err := embeddedTrees(context.Background(), name)
		if gerr != nil || err != nil || strings.Contains(name, "-d") {
			t.Errorf("tree %s: game %v, %v; want one of optimal/optima, no depth limit", name, g, err)
			continue
		}
		if tr, err := tree.ReadAnyJSON(bytes.NewReader(data), mastermind.NewSpace); err != nil || tr.Space.Game() != g {
			t.Errorf("tree %s: %v", name, err)
		}
	}
	if _, err := embeddedTrees(context.Background(), "4x6"); err == nil {
		t.Error("embeddedTrees gives 4x6, not a tree of choose.TreeFiles")
	}
}

// A secret's game in a tree, replayed by the definition of the score:
// the answers it gets and the guesses it takes.
type replayed struct {
	code    []int
	answers [][2]int
	guesses int
}

// replay plays every code of game g through tree t, scoring by refScore.
func replay(t *testing.T, tr *tree.Tree, g refGame) []replayed {
	var out []replayed
	for _, secret := range g.codes() {
		r := replayed{code: secret}
		n := tr.Root
		for {
			r.guesses++
			guess := ints(tr.Space.Code(n.Guess))
			b, w := refScore(secret, guess)
			if b == g.positions {
				break
			}
			r.answers = append(r.answers, [2]int{b, w})
			k := slices.IndexFunc(n.Children, func(c tree.Child) bool { return c.Feedback == mastermind.Feedback{Black: b, White: w} })
			if k < 0 || r.guesses > 20 {
				t.Fatalf("secret %v leaves the tree after %v", secret, r.answers)
			}
			n = n.Children[k].Node
		}
		out = append(out, r)
	}
	return out
}

// /api/tree's root answers the published totals (classic 5625, Koyama
// and Lai 1993; Bulls and Cows 26274; 4x7 11228, Ville 2013; Super
// Mastermind 178,483, the README's, replayed by a scorer written apart);
// and at random nodes of every tree, the secrets, totals, most guesses,
// histogram, answers and codes are those of every secret replayed through
// the tree by the score's definition.
func TestTreeBruteForce(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	published := map[string]int{"classic": 5625, "bulls": 26274, "4x7": 11228, "super": 178483}
	r := rand.New(rand.NewPCG(46, 3))
	for _, info := range choose.Trees() {
		if !testkit.LongLane && published[info.Name] == 0 && info.Name != "5of7" {
			continue
		}
		if info.Rule != mastermind.BlackWhite {
			continue // TestRuleTreesBruteForce walks the trees of the other rules
		}
		g := refGame{name: js(info.Name), positions: info.Positions, col: info.Colors, distinct: info.Distinct}
		if _, err := mastermind.Preset(info.Name); err != nil {
			g.name = fmt.Sprintf(`{"positions":%d,"colors":%d,"distinct":%v}`, info.Positions, info.Colors, info.Distinct)
		}
		tr, err := choose.LoadTree(context.Background(), mastermind.Game{Positions: info.Positions, Colors: info.Colors, Distinct: info.Distinct}, embeddedTrees)
		if err != nil {
			t.Fatal(err)
		}
		all := replay(t, tr, g)
		for k := range 8 {
			var path [][2]int
			if k > 0 { // the root first, then nodes 1 to 3 answers down
				s := all[r.IntN(len(all))]
				path = s.answers[:min(len(s.answers), 1+r.IntN(3))]
			}
			var got struct {
				Guess                []int
				Secrets, Total, Most int
				Histogram            []int
				Answers              []struct{ Black, White, Secrets, Total, Most int }
				Codes                [][]int
			}
			do(t, a, "/api/tree", fmt.Sprintf(`{"game":%s,"path":%s}`, g.name, js(path)), &got)
			// The secrets that reach the node: those whose answers begin
			// with the path and go on (or stop there, found by its guess).
			var reach []replayed
			for _, s := range all {
				if len(s.answers) >= len(path) && slices.Equal(s.answers[:len(path)], path) {
					reach = append(reach, s)
				}
			}
			want := struct{ secrets, total, most int }{len(reach), 0, 0}
			hist := []int{}
			var codes [][]int
			rows := map[[2]int][3]int{} // answer -> secrets, total, most
			for _, s := range reach {
				want.total += s.guesses
				want.most = max(want.most, s.guesses)
				for len(hist) <= s.guesses {
					hist = append(hist, 0)
				}
				hist[s.guesses]++
				codes = append(codes, s.code)
				next := [2]int{g.positions, 0}
				if len(s.answers) > len(path) {
					next = s.answers[len(path)]
				}
				row := rows[next]
				rows[next] = [3]int{row[0] + 1, row[1] + s.guesses, max(row[2], s.guesses)}
			}
			if len(path) == 0 && published[info.Name] != 0 && want.total != published[info.Name] {
				t.Errorf("%s: the tree replayed takes %d guesses in all, published %d", info.Name, want.total, published[info.Name])
			}
			if got.Secrets != want.secrets || got.Total != want.total || got.Most != want.most || !slices.Equal(got.Histogram, hist) {
				t.Errorf("%s at %v: %d secrets, total %d, most %d, histogram %v; replayed %+v, %v", info.Name, path, got.Secrets, got.Total, got.Most, got.Histogram, want, hist)
			}
			if len(got.Answers) != len(rows) {
				t.Errorf("%s at %v: %d answers, replayed %d", info.Name, path, len(got.Answers), len(rows))
			}
			for i, x := range got.Answers {
				if row := rows[[2]int{x.Black, x.White}]; row != [3]int{x.Secrets, x.Total, x.Most} {
					t.Errorf("%s at %v: answer %d %d: %+v, replayed %v", info.Name, path, x.Black, x.White, x, row)
				}
				if i > 0 && (x.Black > got.Answers[i-1].Black || x.Black == got.Answers[i-1].Black && x.White > got.Answers[i-1].White) {
					t.Errorf("%s at %v: answers out of order: %+v", info.Name, path, got.Answers)
				}
			}
			if len(codes) > 60 {
				codes = nil
			}
			if fmt.Sprint(got.Codes) != fmt.Sprint(codes) {
				t.Errorf("%s at %v: codes %v, replayed %v", info.Name, path, got.Codes, codes)
			}
		}
	}
}

// ints converts a code to colour numbers, the reference scorer's.
func ints(c mastermind.Code) []int {
	out := make([]int, len(c))
	for i, x := range c {
		out[i] = int(x)
	}
	return out
}
