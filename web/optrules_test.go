package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
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

// written returns the answer secret gives guess under rule in its written
// form, as a tree's JSON keys it: "B" under black, the marks under slots,
// by testkit's scorers (not the engine's).
func written(rule string, secret, guess []int) string {
	f := testkit.Answer[mastermind.Feedback](rule, secret, guess)
	if rule == "black" {
		return strconv.Itoa(f.Black)
	}
	return f.Marks
}

// A ruleSecret is a secret replayed through a rule tree: the written
// answers it gets, and the guesses it takes.
type ruleSecret struct {
	code    []int
	answers []string
	guesses int
	played  [][]int // the guesses
}

// replayFile plays every secret of the tree file name of package optima
// through its JSON by the test's own scorer.
func replayFile(t *testing.T, name string) (mastermind.Game, []ruleSecret) {
	t.Helper()
	data, err := optima.File(name)
	if err != nil {
		t.Fatal(err)
	}
	type node struct {
		Guess string           `json:"guess"`
		Next  map[string]*node `json:"next"`
	}
	var file struct {
		mastermind.Game
		Root *node
	}
	r, _, err := tree.JSONReader(bytes.NewReader(data), 1<<26)
	if err == nil {
		err = json.NewDecoder(r).Decode(&file)
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	g := refGame{positions: file.Positions, col: file.Colors, distinct: file.Distinct}
	var out []ruleSecret
	for _, secret := range g.codes() {
		s := ruleSecret{code: secret}
		for n := file.Root; ; {
			s.guesses++
			var guess []int
			for _, f := range strings.Fields(n.Guess) {
				c, _ := strconv.Atoi(f)
				guess = append(guess, c)
			}
			s.played = append(s.played, guess)
			if slices.Equal(guess, secret) {
				break
			}
			a := written(file.Rule.String(), secret, guess)
			s.answers = append(s.answers, a)
			if n = n.Next[a]; n == nil {
				t.Fatalf("%s: secret %v leaves the tree after %v", name, secret, s.answers)
			}
		}
		out = append(out, s)
	}
	return file.Game, out
}

// /api/tree walks the optimal trees under black and slots, its path and
// its rows in the rule's written answers: at the root the totals of
// docs/optima.md (classic 8859 under black, 4211 under slots; Bulls and
// Cows 19290 under slots), and at random nodes the secrets, totals, most
// guesses and rows of every secret replayed through the tree's file by the
// test's own scorer; /api/eval of optimal and auto on classic under each
// rule is the replayed total. In the long lane, every rule tree.
func TestRuleTreesBruteForce(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	published := map[string]int{"4x6-black": 8859, "4x6-slots": 4211, "4of10-slots": 19290}
	r := rand.New(rand.NewPCG(70, 2))
	walked := 0
	for _, name := range choose.TreeFiles() {
		if !strings.Contains(name, "-") || !testkit.LongLane && published[name] == 0 {
			continue
		}
		if published[name] != 0 {
			walked++
		}
		g, all := replayFile(t, name)
		rule := g.Rule.String()
		game := js(g)
		total := 0
		for _, s := range all {
			total += s.guesses
		}
		if want := published[name]; want != 0 && total != want {
			t.Errorf("%s: the tree replayed takes %d guesses in all, docs/optima.md %d", name, total, want)
		}
		for k := range 6 {
			path := []string{}
			if k > 0 { // the root first, then nodes 1 to 3 answers down
				s := all[r.IntN(len(all))]
				path = s.answers[:min(len(s.answers), 1+r.IntN(3))]
			}
			var sent []any
			for _, p := range path {
				if n, err := strconv.Atoi(p); err == nil {
					sent = append(sent, n) // black: B
				} else {
					sent = append(sent, p)
				}
			}
			var got struct {
				Secrets, Total, Most int
				Answers              []map[string]any
			}
			do(t, a, "/api/tree", fmt.Sprintf(`{"game":%s,"path":%s}`, game, js(append([]any{}, sent...))), &got)
			rows := map[string][3]int{} // written answer -> secrets, total, most
			want := [3]int{}
			for _, s := range all {
				if len(s.answers) < len(path) || !slices.Equal(s.answers[:len(path)], path) {
					continue
				}
				want = [3]int{want[0] + 1, want[1] + s.guesses, max(want[2], s.guesses)}
				next := written(rule, s.code, s.code) // found here
				if len(s.answers) > len(path) {
					next = s.answers[len(path)]
				}
				row := rows[next]
				rows[next] = [3]int{row[0] + 1, row[1] + s.guesses, max(row[2], s.guesses)}
			}
			if [3]int{got.Secrets, got.Total, got.Most} != want {
				t.Errorf("%s at %v: %d secrets, total %d, most %d; replayed %v", name, path, got.Secrets, got.Total, got.Most, want)
			}
			for _, x := range got.Answers {
				key := fmt.Sprint(x["marks"])
				if rule == "black" {
					key = fmt.Sprint(x["black"])
				}
				if _, white := x["white"]; white || rows[key] != [3]int{int(x["secrets"].(float64)), int(x["total"].(float64)), int(x["most"].(float64))} {
					t.Errorf("%s at %v: row %v, replayed %v", name, path, x, rows[key])
				}
			}
			if len(got.Answers) != len(rows) {
				t.Errorf("%s at %v: %d rows, replayed %d", name, path, len(got.Answers), len(rows))
			}
		}
		if g.Positions == 4 && g.Colors == 6 {
			for _, s := range []string{"optimal", "auto"} {
				var e struct {
					Strategy string
					Total    int
				}
				do(t, a, "/api/eval", fmt.Sprintf(`{"game":%s,"strategy":%q}`, game, s), &e)
				if e.Total != total {
					t.Errorf("%s: /api/eval of %s takes %d guesses in all, the tree replayed %d", name, s, e.Total, total)
				}
			}
		}
	}
	if walked != len(published) {
		t.Errorf("%d of the trees %v offered (choose.TreeFiles)", walked, published)
	}
}

// The menus offer optimal under a rule on the presets where the API plays
// it, by their names under the rule: classic under black and slots
// (shipped trees), bulls under slots but not under black (bounds only).
func TestRulePresetsOffered(t *testing.T) {
	var menus struct {
		Strategies []struct {
			Name    string
			Presets []string
		}
	}
	do(t, NewAPI(Options{}), "/api/games", "", &menus)
	for _, s := range menus.Strategies {
		if s.Name != "optimal" {
			continue
		}
		for name, want := range map[string]bool{"classic": true, "classic-black": true, "classic-slots": true, "bulls-slots": true, "bulls-black": false, "super-slots": false} {
			if slices.Contains(s.Presets, name) != want {
				t.Errorf("optimal offered on %s: %v, want %v (presets %v)", name, !want, want, s.Presets)
			}
		}
		return
	}
	t.Fatal("no optimal in the menus")
}
