package web

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The API under each answer rule (docs/web-api.md "Answer rules"): every
// endpoint reads and writes answers in the rule's keys, checked here
// against testkit's reference scorers and a brute force over the codes
// listed by counting (refGame.codes), never against the engine.

// ruleGames are the games the rule tests play: with repeats, with
// distinct colours, and classic by its preset's name.
var ruleGames = []refGame{
	{`{"positions":3,"colors":3,"feedback":%q}`, 3, 3, false},
	{`{"positions":3,"colors":4,"distinct":true,"feedback":%q}`, 3, 4, true},
	{`{"preset":"classic","feedback":%q}`, 4, 6, false},
}

// game returns g's JSON under rule.
func (g refGame) game(rule string) string { return fmt.Sprintf(g.name, rule) }

// refAnswer returns the answer secret gives guess under rule, as the API
// writes it: {"black","white"}, {"black"} or {"marks"}.
func refAnswer(rule string, secret, guess []int) map[string]any {
	f := testkit.Answer[mastermind.Feedback](rule, secret, guess)
	switch rule {
	case "black":
		return map[string]any{"black": float64(f.Black)}
	case "slots":
		return map[string]any{"marks": f.Marks}
	}
	return map[string]any{"black": float64(f.Black), "white": float64(f.White)}
}

// refHistory returns the history of guesses against secret under rule,
// as the API reads it.
func refHistory(rule string, secret []int, guesses [][]int) string {
	var turns []string
	for _, g := range guesses {
		k := refAnswer(rule, secret, g)
		k["guess"] = g
		turns = append(turns, js(k))
	}
	return "[" + strings.Join(turns, ",") + "]"
}

// refFits returns the codes of g that give every answer of guesses
// against secret under rule (the brute force of the codes left).
func refFits(g refGame, rule string, secret []int, guesses [][]int) [][]int {
	var out [][]int
	for _, c := range g.codes() {
		ok := true
		for _, q := range guesses {
			ok = ok && testkit.Answer[mastermind.Feedback](rule, c, q) == testkit.Answer[mastermind.Feedback](rule, secret, q)
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// ruleDo posts body to path and decodes the answer, failing on a status
// other than 200 or on a key of an answer that the rule does not write
// (checkKeys).
func ruleDo(t *testing.T, a *API, rule, path, body string) map[string]any {
	t.Helper()
	var v map[string]any
	do(t, a, path, body, &v)
	checkKeys(t, rule, path, v)
	return v
}

// checkKeys fails when v, the answer of path under rule, holds anywhere a
// key of another rule's answers: "white" under black, "black" or "white"
// under slots.
func checkKeys(t *testing.T, rule, path string, v any) {
	t.Helper()
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if rule == "black" && k == "white" || rule == "slots" && (k == "black" || k == "white") {
				t.Errorf("%s under %s: key %q in %v", path, rule, k, v)
			}
			checkKeys(t, rule, path, x)
		}
	case []any:
		for _, x := range v {
			checkKeys(t, rule, path, x)
		}
	}
}

// The answer of /api/score is the reference's, in the rule's keys, for
// every pair of codes of the small games.
func TestRulesScore(t *testing.T) {
	a := NewAPI(Options{})
	for _, rule := range mastermind.RuleNames() {
		for _, g := range ruleGames[:2] {
			for _, s := range g.codes() {
				for _, q := range g.codes() {
					v := ruleDo(t, a, rule, "/api/score", fmt.Sprintf(`{"game":%s,"secret":%s,"guess":%s}`, g.game(rule), js(s), js(q)))
					if want := refAnswer(rule, s, q); !maps.Equal(v, want) {
						t.Fatalf("%s %v %v under %s: %v, want %v", g.game(rule), s, q, rule, v, want)
					}
				}
			}
		}
	}
}

// /api/candidates lists exactly the codes the brute force keeps and
// /api/next counts them, after random guesses against random secrets;
// /api/next then plays each secret to the end, scored by the reference.
func TestRulesCandidatesNext(t *testing.T) {
	a := NewAPI(Options{})
	r := rand.New(rand.NewPCG(7, 70))
	for _, rule := range mastermind.RuleNames() {
		for _, g := range ruleGames {
			all := g.codes()
			for range 6 {
				secret := all[r.IntN(len(all))]
				var guesses [][]int
				for range 1 + r.IntN(2) {
					guesses = append(guesses, all[r.IntN(len(all))])
				}
				want := refFits(g, rule, secret, guesses)
				h := refHistory(rule, secret, guesses)
				c := ruleDo(t, a, rule, "/api/candidates", fmt.Sprintf(`{"game":%s,"history":%s,"limit":10000}`, g.game(rule), h))
				if js(c["codes"]) != js(want) || c["remaining"] != float64(len(want)) {
					t.Errorf("%s %s: candidates %v, want %d: %v", g.game(rule), h, c, len(want), want)
				}
				// Play on with /api/next until the secret is found.
				for n := len(guesses); ; n++ {
					h = refHistory(rule, secret, guesses)
					v := ruleDo(t, a, rule, "/api/next", fmt.Sprintf(`{"game":%s,"history":%s}`, g.game(rule), h))
					if v["solved"] == true {
						if !slices.Equal(guesses[n-1], secret) || v["guesses"] != float64(n) {
							t.Errorf("%s %s: %v, but the secret is %v", g.game(rule), h, v, secret)
						}
						break
					}
					left := refFits(g, rule, secret, guesses)
					if v["remaining"] != float64(len(left)) || n > 12 {
						t.Fatalf("%s %s: %v, want %d codes left", g.game(rule), h, v, len(left))
					}
					var next []int
					json.Unmarshal([]byte(js(v["guess"])), &next)
					guesses = append(guesses, next)
				}
			}
		}
	}
}

// Answers no code gives together are a conflict, not an error: the set
// named has no code in common (brute force), and each of its answers is
// needed (leaving one out, a code fits).
func TestRulesConflict(t *testing.T) {
	a := NewAPI(Options{})
	type turn struct {
		guess []int
		keys  map[string]any
	}
	g := ruleGames[2] // classic
	for _, c := range []struct {
		rule  string
		turns []turn
	}{
		{"black", []turn{{[]int{0, 0, 1, 1}, map[string]any{"black": 4}}, {[]int{2, 2, 3, 3}, map[string]any{"black": 1}}}},
		{"black", []turn{{[]int{0, 0, 0, 0}, map[string]any{"black": 0}}, {[]int{1, 1, 2, 2}, map[string]any{"black": 0}}, {[]int{0, 1, 2, 3}, map[string]any{"black": 3}}}},
		{"slots", []turn{{[]int{0, 0, 1, 1}, map[string]any{"marks": "G..."}}, {[]int{0, 2, 2, 2}, map[string]any{"marks": "...."}}}},
		{"slots", []turn{{[]int{0, 1, 2, 3}, map[string]any{"marks": "yyyy"}}, {[]int{4, 5, 4, 5}, map[string]any{"marks": "2.0."}}, {[]int{1, 0, 3, 2}, map[string]any{"marks": "GGGG"}}}},
	} {
		var turns []string
		for _, tu := range c.turns {
			k := maps.Clone(tu.keys)
			k["guess"] = tu.guess
			turns = append(turns, js(k))
		}
		h := "[" + strings.Join(turns, ",") + "]"
		fits := func(set []int) bool { // whether a code gives the answers of set (1-based)
			for _, code := range g.codes() {
				ok := true
				for _, i := range set {
					tu := c.turns[i-1]
					f := testkit.Answer[mastermind.Feedback](c.rule, code, tu.guess)
					if b, has := tu.keys["black"]; has && f.Black != b {
						ok = false
					}
					if m, has := tu.keys["marks"]; has && f.Marks != strings.NewReplacer("y", "Y", "2", "G", "0", ".").Replace(m.(string)) {
						ok = false
					}
				}
				if ok {
					return true
				}
			}
			return false
		}
		for _, path := range []string{"/api/next", "/api/candidates", "/api/explain"} {
			v := ruleDo(t, a, c.rule, path, fmt.Sprintf(`{"game":%s,"history":%s}`, g.game(c.rule), h))
			var set []int
			json.Unmarshal([]byte(js(v["conflict"])), &set)
			if v["remaining"] != 0.0 || len(set) == 0 || fits(set) || v["message"] == "" {
				t.Errorf("%s %s: %v: no conflict, or one that a code fits", path, h, v)
			}
			for i := range set {
				if !fits(slices.Delete(slices.Clone(set), i, i+1)) {
					t.Errorf("%s %s: conflict %v holds without answer %d", path, h, set, set[i])
				}
			}
		}
	}
}

// /api/explain splits the codes left as the brute force does, each part
// in the rule's keys; /api/review's steps answer as the reference and
// count the codes left as the brute force.
func TestRulesExplainReview(t *testing.T) {
	a := NewAPI(Options{})
	for _, rule := range mastermind.RuleNames() {
		for _, g := range ruleGames {
			all := g.codes()
			secret, guesses := all[len(all)/3], [][]int{all[1], all[len(all)/2]}
			h := refHistory(rule, secret, guesses[:1])
			v := ruleDo(t, a, rule, "/api/explain", fmt.Sprintf(`{"game":%s,"history":%s,"guess":%s}`, g.game(rule), h, js(guesses[1])))
			left := refFits(g, rule, secret, guesses[:1])
			parts := map[string]int{}
			for _, c := range left {
				parts[js(refAnswer(rule, c, guesses[1]))]++
			}
			got := map[string]int{}
			for _, p := range v["answers"].([]any) {
				p := maps.Clone(p.(map[string]any))
				n := int(p["codes"].(float64))
				delete(p, "codes")
				got[js(p)] += n
			}
			if !maps.Equal(got, parts) || v["remaining"] != float64(len(left)) || v["parts"] != float64(len(parts)) {
				t.Errorf("explain %s %s %v: %v, want parts %v of %d codes", g.game(rule), h, guesses[1], v, parts, len(left))
			}
			review := fmt.Sprintf(`{"game":%s,"secret":%s,"guesses":%s}`, g.game(rule), js(secret), js(append(guesses, secret)))
			steps := ruleDo(t, a, rule, "/api/review", review)["steps"].([]any)
			for i, q := range append(guesses, secret) {
				st := steps[i].(map[string]any)
				for k, want := range refAnswer(rule, secret, q) {
					if st[k] != want {
						t.Errorf("review %s step %d: %s %v, want %v", review, i, k, st[k], want)
					}
				}
				if after := refFits(g, rule, secret, append(slices.Clone(guesses[:min(i, 2)]), q)); st["after"] != float64(len(after)) {
					t.Errorf("review %s step %d: after %v, want %d", review, i, st["after"], len(after))
				}
			}
		}
	}
}

// /api/eval's tree, keyed by the answers' written forms ("2", "GY."),
// plays every secret to the end, scored by the reference, in the number
// of guesses the figures say.
func TestRulesEval(t *testing.T) {
	a := NewAPI(Options{})
	type node struct {
		Guess string           `json:"guess"`
		Next  map[string]*node `json:"next"`
	}
	for _, rule := range mastermind.RuleNames() {
		for _, g := range ruleGames[:2] {
			body := fmt.Sprintf(`{"game":%s,"strategy":"minimax","tree":"json"}`, g.game(rule))
			v := ruleDo(t, a, rule, "/api/eval", body)
			var tr struct {
				Feedback string `json:"feedback"`
				Root     *node  `json:"root"`
			}
			if err := json.Unmarshal([]byte(v["tree"].(string)), &tr); err != nil || cmp.Or(tr.Feedback, "black-white") != rule {
				t.Fatalf("%s: tree %v of rule %q (%v)", body, v["tree"], tr.Feedback, err)
			}
			total, most := 0, 0
			for _, secret := range g.codes() {
				n, at := 1, tr.Root
				for ; at != nil && at.Guess != strings.Trim(fmt.Sprint(secret), "[]"); n++ {
					var guess []int
					json.Unmarshal([]byte("["+strings.ReplaceAll(at.Guess, " ", ",")+"]"), &guess)
					f := testkit.Answer[mastermind.Feedback](rule, secret, guess)
					key := map[string]string{"black-white": fmt.Sprintf("%d %d", f.Black, f.White), "black": fmt.Sprint(f.Black), "slots": f.Marks}[rule]
					at = at.Next[key]
				}
				if at == nil {
					t.Fatalf("%s: the tree loses secret %v", body, secret)
				}
				total, most = total+n, max(most, n)
			}
			if v["secrets"] != float64(len(g.codes())) || v["total"] != float64(total) || v["most"] != float64(most) {
				t.Errorf("%s: %v, want total %d, most %d", body, v, total, most)
			}
		}
	}
}

// /api/answer for a secret answers as the reference and counts the codes
// left; the evil codemaker gives the answer the most codes left give.
func TestRulesAnswer(t *testing.T) {
	a := NewAPI(Options{})
	for _, rule := range mastermind.RuleNames() {
		for _, g := range ruleGames {
			all := g.codes()
			secret, guesses := all[len(all)-2], [][]int{all[0], all[len(all)/2]}
			h := refHistory(rule, secret, guesses[:1])
			v := ruleDo(t, a, rule, "/api/answer", fmt.Sprintf(`{"game":%s,"history":%s,"guess":%s,"mode":"secret","secret":%s}`, g.game(rule), h, js(guesses[1]), js(secret)))
			want := refAnswer(rule, secret, guesses[1])
			want["remaining"] = float64(len(refFits(g, rule, secret, guesses)))
			if !maps.Equal(v, want) {
				t.Errorf("secret %s %s: %v, want %v", g.game(rule), h, v, want)
			}
			v = ruleDo(t, a, rule, "/api/answer", fmt.Sprintf(`{"game":%s,"history":%s,"guess":%s,"mode":"adversary"}`, g.game(rule), h, js(guesses[1])))
			parts := map[string]int{}
			for _, c := range refFits(g, rule, secret, guesses[:1]) {
				parts[js(refAnswer(rule, c, guesses[1]))]++
			}
			rem := v["remaining"]
			delete(v, "remaining")
			if n, ok := parts[js(v)]; !ok || rem != float64(n) || n != slices.Max(slices.Collect(maps.Values(parts))) {
				t.Errorf("adversary %s %s: %v (%v left), want one of the largest parts of %v", g.game(rule), h, v, rem, parts)
			}
		}
	}
}

// The last answer all right ends the game under each rule, however the
// earlier answers read under black-white's scoring (the engine asked
// black-white's Score before: under slots no history was ever solved).
func TestRulesSolved(t *testing.T) {
	a := NewAPI(Options{})
	for _, c := range []struct{ rule, history string }{
		{"black", `[{"guess":[0,1,2,3],"black":0},{"guess":[1,2,3,4],"black":4}]`},
		{"slots", `[{"guess":[0,1,2,3],"marks":".YYY"},{"guess":[1,2,3,4],"marks":"GGGG"}]`},
		{"slots", `[{"guess":[5,5,5,5],"marks":"gggg"}]`},
	} {
		v := ruleDo(t, a, c.rule, "/api/next", fmt.Sprintf(`{"game":{"preset":"classic","feedback":%q},"history":%s}`, c.rule, c.history))
		if v["solved"] != true {
			t.Errorf("%s %s: %v, want solved", c.rule, c.history, v)
		}
	}
}

// Histories that differ only in where the marks stand get their own
// guesses: the kept guesses (cache) tell them apart (they were keyed by
// the counts of G and Y).
func TestRulesKept(t *testing.T) {
	a := NewAPI(Options{})
	g := ruleGames[2]
	for _, marks := range []string{"G.Y.", ".GY.", "Y.G.", "G.Y."} {
		h := fmt.Sprintf(`[{"guess":[0,0,1,2],"marks":%q}]`, marks)
		v := ruleDo(t, a, "slots", "/api/next", fmt.Sprintf(`{"game":%s,"history":%s}`, g.game("slots"), h))
		fits := 0
		for _, c := range g.codes() {
			if testkit.Marks(c, []int{0, 0, 1, 2}) == marks {
				fits++
			}
		}
		if v["remaining"] != float64(fits) {
			t.Errorf("%s: %v, want %d codes left", h, v, fits)
		}
	}
	// The same history under black-white and black: their own counts.
	for _, c := range []struct{ rule, turn string }{{"black-white", `"black":1,"white":0`}, {"black", `"black":1`}, {"black-white", `"black":1,"white":0`}} {
		v := ruleDo(t, a, c.rule, "/api/next", fmt.Sprintf(`{"game":%s,"history":[{"guess":[0,0,1,1],%s}]}`, g.game(c.rule), c.turn))
		want := len(refFits(g, c.rule, []int{0, 2, 2, 2}, [][]int{{0, 0, 1, 1}}))
		if v["remaining"] != float64(want) {
			t.Errorf("%s: %v, want %d codes left", c.rule, v, want)
		}
	}
}

// GET /api/games lists the rules of mastermind.Rules, in order, each with
// the keys /api/score answers in.
func TestRulesGames(t *testing.T) {
	a := NewAPI(Options{})
	var v gamesAnswer
	do(t, a, "/api/games", "", &v)
	var names []string
	for _, r := range v.Rules {
		names = append(names, r.Name)
		score := ruleDo(t, a, r.Name, "/api/score", fmt.Sprintf(`{"game":{"preset":"classic","feedback":%q},"secret":[0,1,2,3],"guess":[0,1,3,2]}`, r.Name))
		if keys := slices.Sorted(maps.Keys(score)); !slices.Equal(keys, slices.Sorted(slices.Values(r.Keys))) {
			t.Errorf("rule %s: keys %v, but /api/score answers %v", r.Name, r.Keys, score)
		}
	}
	if !slices.Equal(names, mastermind.RuleNames()) {
		t.Errorf("rules %v, want %v", names, mastermind.RuleNames())
	}
}

// Every strategy under every rule is played or refused (400 naming the
// strategy), never a failure; optimal is played on 3x3 (computed) and on
// classic (its shipped tree) under every rule, and refused where no tree
// is shipped for a large game, naming what works. What the API does not
// serve under a rule (a tree not shipped, the daily) says so.
func TestRulesRefusals(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	for _, rule := range mastermind.RuleNames() {
		for _, s := range choose.Names() {
			for _, game := range []string{ruleGames[0].game(rule), ruleGames[2].game(rule)} {
				status, answer := a.Do(context.Background(), "/api/next", []byte(fmt.Sprintf(`{"game":%s,"strategy":%q}`, game, s)))
				refused := status == 400 && strings.Contains(string(answer), "strategy") && s != "optimal"
				if status != 200 && !refused {
					t.Errorf("%s under %s on %s: %d %s", s, rule, game, status, answer)
				}
			}
		}
	}
	for _, c := range []struct{ path, body, want string }{
		{"/api/next", `{"game":{"preset":"bulls","feedback":"black"},"strategy":"optimal"}`, `strategy: optimal is played on games of up to 500 codes and on those with a shipped tree (bulls, bulls-slots, classic, classic-black, classic-slots, digits, digits-slots and the games of docs/optima.md), and this one has 5040: use auto`},
		{"/api/tree", `{"game":{"positions":2,"colors":3,"feedback":"black"},"path":[1]}`, `game: no optimal tree is shipped for this game (trees: 8x2-black, `},
		{"/api/daily", `{"date":"2026-11-27","game":{"preset":"classic","feedback":"black"}}`, `game: the daily code is played black-white only, not under the rule black`},
	} {
		status, answer := a.Do(context.Background(), c.path, []byte(c.body))
		if status != 400 || !strings.Contains(string(answer), c.want) {
			t.Errorf("%s %s: %d %s, want 400 %q", c.path, c.body, status, answer, c.want)
		}
	}
}

// Bad input under each rule: 400 with a message naming the place.
func TestRulesBadInput(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	slots := `{"preset":"classic","feedback":"slots"}`
	black := `{"positions":4,"colors":6,"feedback":"black"}`
	for _, c := range []struct{ path, body, want string }{
		{"/api/next", `{"game":` + slots + `,"history":[{"guess":[0,0,1,1],"marks":"G..."},{"guess":[0,0,1,1],"marks":"G..."},{"guess":[0,0,1,1],"marks":"GY.G."}]}`, `history[2].marks: 5 marks, not 4`},
		{"/api/next", `{"game":` + slots + `,"history":[{"guess":[0,0,1,1],"marks":"GGGY"}]}`, `history[0].marks: answer GGGY is impossible`},
		{"/api/next", `{"game":` + slots + `,"history":[{"guess":[0,0,1,1],"marks":"GXGY"}]}`, `history[0].marks: X is no mark`},
		{"/api/next", `{"game":` + slots + `,"history":[{"guess":[0,0,1,1],"marks":2210}]}`, `history[0].marks: want 4 marks in a string`},
		{"/api/next", `{"game":` + slots + `,"history":[{"guess":[0,0,1,1]}]}`, `history[0].marks: missing`},
		{"/api/next", `{"game":` + slots + `,"history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`, `history[0].black: the rule slots answers {\"guess\":[...],\"marks\":\"GY.G\"}`},
		{"/api/candidates", `{"game":{"positions":3,"colors":2,"feedback":"slots"},"history":[{"guess":[0,0,1],"marks":"Y.."}]}`, `history[0].marks: answer Y.. is impossible: with two colours the Y marks come in pairs`},
		{"/api/candidates", `{"game":{"positions":3,"colors":3,"distinct":true,"feedback":"slots"},"history":[{"guess":[0,1,2],"marks":"G.."}]}`, `history[0].marks: answer G.. is impossible: with 3 distinct of 3 colours at most 0 marks can be \".\"`},
		{"/api/next", `{"game":` + black + `,"history":[{"guess":[0,0,1,1],"black":5}]}`, `history[0].black: answer 5 is out of range 0..4`},
		{"/api/next", `{"game":` + black + `,"history":[{"guess":[0,0,1,1],"black":-1}]}`, `history[0].black: answer -1 is out of range`},
		{"/api/next", `{"game":` + black + `,"history":[{"guess":[0,0,1,1],"black":"2"}]}`, `history[0].black: want the number of right places`},
		{"/api/next", `{"game":` + black + `,"history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`, `history[0].white: the rule black answers {\"guess\":[...],\"black\":B}`},
		{"/api/next", `{"game":` + black + `,"history":[{"guess":[0,0,1,1],"marks":"G..."}]}`, `history[0].marks: the rule black answers`},
		{"/api/next", `{"game":` + black + `,"history":[{"guess":[0,0,1,7],"black":1}]}`, `history[0].guess[3]: colour 7 is out of range`},
		{"/api/candidates", `{"game":{"positions":4,"colors":4,"distinct":true,"feedback":"black"},"history":[{"guess":[0,1,2,3],"black":3}]}`, `history[0].black: answer 3 is impossible`},
		{"/api/tree", `{"game":` + black + `,"path":[[1,0]]}`, `path[0]: want the number of right places`},
		{"/api/tree", `{"game":` + black + `,"path":["x"]}`, `path[0]: want an integer`},
		{"/api/tree", `{"game":` + slots + `,"path":["GGG"]}`, `path[0]: 3 marks, not 4`},
		{"/api/score", `{"game":{"positions":4,"colors":6,"feedback":"white"},"secret":[0,0,0,0],"guess":[0,0,0,0]}`, `game.feedback: unknown answer rule \"white\" (known: black-white, black, slots)`},
		{"/api/score", `{"game":{"preset":"classic","colors":6,"feedback":"black"},"secret":[0,0,0,0],"guess":[0,0,0,0]}`, `game: give a preset or the game's size`},
		{"/api/score", `{"game":{"preset":"nope","feedback":"black"},"secret":[0,0,0,0],"guess":[0,0,0,0]}`, `game.preset: unknown game \"nope\"`},
		{"/api/score", `{"game":{"feedback":"black"},"secret":[0,0,0,0],"guess":[0,0,0,0]}`, `game.positions: missing`},
		{"/api/score", `{"game":{"positions":4,"colors":6,"feedback":2},"secret":[0,0,0,0],"guess":[0,0,0,0]}`, `game: want a preset name`},
		{"/api/candidates", `{"game":{"positions":11,"colors":2,"feedback":"slots"}}`, `game: the game (11 positions, 2 colours, repeats allowed, a mark per position) has 3^11 answers`},
		{"/api/answer", `{"game":` + black + `,"history":[{"guess":[0,0,1,1],"black":2}],"guess":[0,0,1,2],"mode":"secret","secret":[0,5,5,2]}`, `history[0]: the secret answers 1 to this guess, not 2`},
		{"/api/answer", `{"game":` + slots + `,"history":[{"guess":[0,0,1,1],"marks":"G.Y."}],"guess":[0,0,1,2],"mode":"secret","secret":[0,5,5,2]}`, `history[0]: the secret answers G... to this guess, not G.Y.`},
	} {
		status, answer := a.Do(context.Background(), c.path, []byte(c.body))
		if status != 400 || !strings.Contains(string(answer), c.want) {
			t.Errorf("%s %s: %d %s, want 400 %q", c.path, c.body, status, answer, c.want)
		}
	}
}

// A preset given as {"preset":P} is the preset: the same daily code as
// its name gives, and the same answers elsewhere.
func TestRulesPresetObject(t *testing.T) {
	a := NewAPI(Options{})
	for _, c := range []struct{ path, body string }{
		{"/api/daily", `{"date":"2026-11-27","game":%s}`},
		{"/api/next", `{"game":%s,"history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`},
	} {
		s1, a1 := a.Do(context.Background(), c.path, []byte(fmt.Sprintf(c.body, `"classic"`)))
		s2, a2 := a.Do(context.Background(), c.path, []byte(fmt.Sprintf(c.body, `{"preset":"classic"}`)))
		if s1 != 200 || s1 != s2 || string(a1) != string(a2) {
			t.Errorf("%s: %d %s by its name, %d %s as an object", c.path, s1, a1, s2, a2)
		}
	}
}
