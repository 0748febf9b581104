package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The tests of /api/explain, /api/review and /api/tree compare the API's
// figures with a brute force written here: every code of the game listed
// by counting, scored by refScore (the definition), partitioned by hand.

// refGame is a game as the tests know it.
type refGame struct {
	name           string // as the API takes it
	positions, col int
	distinct       bool
}

var explained = []refGame{
	{`"classic"`, 4, 6, false},
	{`"bulls"`, 4, 10, true},
	{`{"positions":5,"colors":7,"distinct":true}`, 5, 7, true},
}

// codes lists every code of g, in lexicographic order.
func (g refGame) codes() [][]int {
	var out [][]int
	n := 1
	for range g.positions {
		n *= g.col
	}
	for x := range n {
		c := make([]int, g.positions)
		for i, y := g.positions-1, x; i >= 0; i, y = i-1, y/g.col {
			c[i] = y % g.col
		}
		seen := map[int]bool{}
		ok := true
		for _, v := range c {
			ok = ok && !(g.distinct && seen[v])
			seen[v] = true
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// refTurn is a turn of a history.
type refTurn struct {
	Guess []int `json:"guess"`
	Black int   `json:"black"`
	White int   `json:"white"`
}

// fitting returns the codes that give every answer of history.
func fitting(all [][]int, history []refTurn) [][]int {
	var out [][]int
	for _, c := range all {
		ok := true
		for _, t := range history {
			b, w := refScore(c, t.Guess)
			ok = ok && b == t.Black && w == t.White
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// refSplit is the brute force's partition of codes by guess.
type refSplit struct {
	answers           [][3]int // black, white, codes; black then white descending
	parts, largest    int
	expected, entropy float64
}

func refPartition(codes [][]int, guess []int) refSplit {
	counts := map[[2]int]int{}
	for _, c := range codes {
		b, w := refScore(c, guess)
		counts[[2]int{b, w}]++
	}
	var s refSplit
	for k, n := range counts {
		s.answers = append(s.answers, [3]int{k[0], k[1], n})
	}
	slices.SortFunc(s.answers, func(a, b [3]int) int {
		if a[0] != b[0] {
			return b[0] - a[0]
		}
		return b[1] - a[1]
	})
	r := float64(len(codes))
	s.parts = len(s.answers)
	for _, a := range s.answers {
		n := float64(a[2])
		s.largest = max(s.largest, a[2])
		s.expected += n * n / r
		s.entropy -= n / r * math.Log2(n/r)
	}
	return s
}

// near reports whether two figures agree to rounding.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// do posts body to path on a and decodes the answer into v (an error
// answer into a map), returning the status.
func do(t *testing.T, a *API, path, body string, v any) int {
	t.Helper()
	status, answer := a.Do(context.Background(), path, []byte(body))
	if status != 200 {
		var e map[string]any
		json.Unmarshal(answer, &e)
		t.Fatalf("POST %s %s: %d %s", path, body, status, answer)
	}
	if err := json.Unmarshal(answer, v); err != nil {
		t.Fatalf("POST %s %s: %s: %v", path, body, answer, err)
	}
	return status
}

func js(v any) string { b, _ := json.Marshal(v); return string(b) }

// The figures of /api/explain, on random histories of classic, bulls and
// 5 of 7 distinct (a guess of the game at random, with and without one
// of its own), are those of the brute force; best is /api/next's guess.
func TestExplainBruteForce(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	r := rand.New(rand.NewPCG(46, 1))
	histories := 12
	if !testkit.LongLane {
		histories = 4
	}
	for _, g := range explained {
		all := g.codes()
		for k := range histories {
			secret := all[r.IntN(len(all))]
			var history []refTurn
			for range k % 4 {
				guess := all[r.IntN(len(all))]
				b, w := refScore(secret, guess)
				history = append(history, refTurn{guess, b, w})
			}
			left := fitting(all, history)
			strategy := []string{"auto", "entropy", "minimax"}[k%3]
			var next struct {
				Guess []int `json:"guess"`
			}
			do(t, a, "/api/next", fmt.Sprintf(`{"game":%s,"strategy":%q,"history":%s}`, g.name, strategy, js(history)), &next)
			for _, guess := range [][]int{nil, all[r.IntN(len(all))]} {
				body := fmt.Sprintf(`{"game":%s,"strategy":%q,"history":%s`, g.name, strategy, js(history))
				if guess != nil {
					body += `,"guess":` + js(guess)
				}
				var got struct {
					Guess      []int `json:"guess"`
					Remaining  int   `json:"remaining"`
					Consistent bool  `json:"consistent"`
					Answers    []struct {
						Black, White, Codes int
					} `json:"answers"`
					Parts, Largest    int
					Expected, Entropy float64
					Best              struct {
						Guess             []int
						Parts, Largest    int
						Expected, Entropy float64
					}
				}
				do(t, a, "/api/explain", body+"}", &got)
				want := guess
				if want == nil {
					want = next.Guess
				}
				ref := refPartition(left, want)
				var answers [][3]int
				for _, x := range got.Answers {
					answers = append(answers, [3]int{x.Black, x.White, x.Codes})
				}
				isCand := slices.ContainsFunc(left, func(c []int) bool { return slices.Equal(c, want) })
				if !slices.Equal(got.Guess, want) || got.Remaining != len(left) || got.Consistent != isCand ||
					!slices.Equal(answers, ref.answers) || got.Parts != ref.parts || got.Largest != ref.largest ||
					!near(got.Expected, ref.expected) || !near(got.Entropy, ref.entropy) {
					t.Errorf("explain %s:\n got %+v\nwant guess %v, remaining %d, consistent %v, answers %v, %d parts, largest %d, expected %v, entropy %v",
						body, got, want, len(left), isCand, ref.answers, ref.parts, ref.largest, ref.expected, ref.entropy)
				}
				best := refPartition(left, next.Guess)
				if !slices.Equal(got.Best.Guess, next.Guess) || got.Best.Parts != best.parts || got.Best.Largest != best.largest ||
					!near(got.Best.Expected, best.expected) || !near(got.Best.Entropy, best.entropy) {
					t.Errorf("explain %s: best %+v, want /api/next's %v: %d parts, largest %d, expected %v, entropy %v",
						body, got.Best, next.Guess, best.parts, best.largest, best.expected, best.entropy)
				}
			}
		}
	}
}

// The steps of /api/review, on random games of classic, bulls and 5 of 7
// distinct (random guesses, the last the secret half the time), are those
// of the brute force; best is /api/next's guess at each point, and engine
// the guesses /api/next takes to find the secret.
func TestReviewBruteForce(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	r := rand.New(rand.NewPCG(46, 2))
	games := 6
	if !testkit.LongLane {
		games = 2
	}
	for _, g := range explained {
		all := g.codes()
		for k := range games {
			secret := all[r.IntN(len(all))]
			var guesses [][]int
			for range 1 + k%4 {
				guesses = append(guesses, all[r.IntN(len(all))])
			}
			if k%2 == 0 {
				guesses = append(guesses, secret)
			}
			for i, guess := range guesses[:len(guesses)-1] {
				if slices.Equal(guess, secret) {
					guesses = guesses[:i+1]
				}
			}
			strategy := []string{"auto", "entropy", "expected"}[k%3]
			body := fmt.Sprintf(`{"game":%s,"strategy":%q,"secret":%s,"guesses":%s}`, g.name, strategy, js(secret), js(guesses))
			var got struct {
				Steps []struct {
					Guess          []int
					Black, White   int
					Before, After  int
					Bits, Expected float64
					Best           struct {
						Guess    []int
						Expected float64
					}
					Skill int
					Luck  *int
				}
				Engine int
			}
			do(t, a, "/api/review", body, &got)
			if len(got.Steps) != len(guesses) {
				t.Fatalf("review %s: %d steps, want %d", body, len(got.Steps), len(guesses))
			}
			var history []refTurn
			for i, guess := range guesses {
				left := fitting(all, history)
				b, w := refScore(secret, guess)
				ref := refPartition(left, guess)
				after := 0
				for _, x := range ref.answers {
					if x[0] == b && x[1] == w {
						after = x[2]
					}
				}
				// Luck, secret by secret: each code still possible
				// leaves the codes that answer the guess as it does; the
				// share of them that would have left more (half of those
				// leaving as many), none where all leave as many.
				answering := map[[2]int]int{}
				for _, c := range left {
					cb, cw := refScore(c, guess)
					answering[[2]int{cb, cw}]++
				}
				leaves := func(c []int) int {
					cb, cw := refScore(c, guess)
					return answering[[2]int{cb, cw}]
				}
				larger, even := 0.0, true
				for _, c := range left {
					switch n := leaves(c); {
					case n > after:
						larger++
					case n == after:
						larger += 0.5
					}
					even = even && leaves(c) == leaves(left[0])
				}
				var luck *int
				if !even {
					l := int(math.Round(100 * larger / float64(len(left))))
					luck = &l
				}
				var next struct{ Guess []int }
				do(t, a, "/api/next", fmt.Sprintf(`{"game":%s,"strategy":%q,"history":%s}`, g.name, strategy, js(history)), &next)
				best := refPartition(left, next.Guess)
				st := got.Steps[i]
				if !slices.Equal(st.Guess, guess) || st.Black != b || st.White != w || st.Before != len(left) || st.After != after ||
					!near(st.Bits, math.Log2(float64(len(left))/float64(after))) || !near(st.Expected, ref.expected) ||
					!slices.Equal(st.Best.Guess, next.Guess) || !near(st.Best.Expected, best.expected) ||
					st.Skill != int(math.Round(100*best.expected/ref.expected)) || (st.Luck == nil) != (luck == nil) || luck != nil && *st.Luck != *luck {
					t.Errorf("review %s, step %d: %+v (luck %v); want %d %d, before %d, after %d, expected %v, best %v (expected %v), luck %v",
						body, i+1, st, show(st.Luck), b, w, len(left), after, ref.expected, next.Guess, best.expected, show(luck))
				}
				history = append(history, refTurn{guess, b, w})
			}
			var history2 []refTurn
			engine := 0
			for engine < 20 {
				var next struct {
					Guess  []int
					Solved bool
				}
				do(t, a, "/api/next", fmt.Sprintf(`{"game":%s,"strategy":%q,"history":%s}`, g.name, strategy, js(history2)), &next)
				if next.Solved {
					break
				}
				engine++
				b, w := refScore(secret, next.Guess)
				history2 = append(history2, refTurn{next.Guess, b, w})
			}
			if got.Engine != engine {
				t.Errorf("review %s: engine %d, want %d (/api/next's game)", body, got.Engine, engine)
			}
		}
	}
}

// Bad input to the new endpoints is 400 naming the field.
func TestExplainReviewTreeErrors(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	for _, c := range []struct{ path, body, want string }{
		{"/api/explain", `{"game":"classic","guess":[0,1,2]}`, "guess: "},
		{"/api/explain", `{"game":"classic","guess":[0,1,2,6]}`, "guess[3]: colour 6 is out of range"},
		{"/api/explain", `{"game":"classic","strategy":"knuth"}`, `strategy: unknown strategy "knuth"`},
		{"/api/explain", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":4,"white":1}]}`, "history[0]"},
		{"/api/explain", `{"game":{"positions":6,"colors":9},"strategy":"entropy"}`, "strategy: entropy is too slow"},
		{"/api/explain", `{"game":"classic","guesses":[[0,0,1,1]]}`, "guesses: this endpoint takes no guesses"},
		{"/api/review", `{"game":"classic","secret":[0,0,1,1]}`, "guesses: missing"},
		{"/api/review", `{"game":"classic","secret":[0,0,1,1],"guesses":[]}`, "guesses: missing"},
		{"/api/review", `{"game":"classic","guesses":[[0,0,1,1]]}`, "secret: missing"},
		{"/api/review", `{"game":"classic","secret":[0,0,1,1],"guesses":[[0,0,1]]}`, "guesses[0]: "},
		{"/api/review", `{"game":"bulls","secret":[0,1,2,3],"guesses":[[0,0,1,2]]}`, "guesses[0]: "},
		{"/api/review", `{"game":"classic","secret":[0,0,1,1],"guesses":[[0,0,1,1],[1,1,0,0]]}`, "guesses[1]: the game ended at guess 1"},
		{"/api/review", `{"game":"classic","secret":[0,0,1,1],"guesses":` + strings.Repeat("[[0,0,0,0],", 0) + js(make([][]int, 101)) + `}`, "guesses: 101 guesses, more than the 100"},
		{"/api/tree", `{"game":"chess"}`, `game: unknown game "chess"`},
		{"/api/tree", `{"game":{"positions":3,"colors":3}}`, "game: no optimal tree is shipped for this game (trees: "},
		{"/api/tree", `{"game":"classic","path":[[0,0],[0,1]]}`, "path[1]: leaves the tree"},
		{"/api/tree", `{"game":"classic","path":[[4,0]]}`, "path[0]: 4 black ends the game"},
		{"/api/tree", `{"game":"classic","path":[[3,1]]}`, "path[0]: feedback 3 1 is impossible"},
		{"/api/tree", `{"game":"classic","path":[[0]]}`, "path[0]: want an answer [black,white]"},
		{"/api/tree", `{"game":"classic","path":[[0,9]]}`, "path[0]: black and white must be between 0 and 4"},
		{"/api/tree", `{"game":"classic","path":[{"black":0}]}`, "path[0]: want an answer [black,white]"},
		{"/api/tree", `{"game":"classic","history":[]}`, "history: this endpoint takes no history"},
		{"/api/tree", `{"game":"classic","path":5}`, "path: want an array, not number"},
		{"/api/review", `{"game":"classic","secret":[0,0,1,1],"guesses":"x"}`, "guesses: want an array, not string"},
	} {
		status, answer := a.Do(context.Background(), c.path, []byte(c.body))
		var v struct{ Error string }
		json.Unmarshal(answer, &v)
		if status != 400 || !strings.HasPrefix(v.Error, c.want) {
			t.Errorf("POST %s %.80s: %d %s, want 400 %q...", c.path, c.body, status, answer, c.want)
		}
	}
}

// show writes a luck for a message: its number, or null.
func show(p *int) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

// In a review step, luck is null where every code still possible would
// have left as many codes (no luck to have, the winning guess included),
// and ties count half (PROTOCOLS.md). On 2 positions of 2 colours, 00
// splits 00 | 01 10 | 11; after its answer 1 0, 01 splits 01 | 10.
func TestReviewLuck(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	for _, c := range []struct {
		secret, guesses string
		luck            []string
	}{
		// 01 leaves 2: none leave more, 2 as many (half): 1 of 4.
		{"[0,1]", "[[0,0],[0,1]]", []string{"25", "null"}},
		// 11 leaves 1: 2 leave more, 2 as many: 3 of 4; then one code.
		{"[1,1]", "[[0,0],[1,1]]", []string{"75", "null"}},
		// 00 is the secret: it leaves 1, as 11 does; 01 and 10 leave 2.
		{"[0,0]", "[[0,0]]", []string{"75"}},
	} {
		status, body := a.Do(context.Background(), "/api/review", []byte(`{"game":{"positions":2,"colors":2},"secret":`+c.secret+`,"guesses":`+c.guesses+`}`))
		var got struct{ Steps []map[string]json.RawMessage }
		if err := json.Unmarshal(body, &got); status != 200 || err != nil || len(got.Steps) != len(c.luck) {
			t.Fatalf("review of %s by %s: %d %s", c.secret, c.guesses, status, body)
		}
		for i, want := range c.luck {
			if luck := string(got.Steps[i]["luck"]); luck != want {
				t.Errorf("review of %s by %s, step %d: luck %s, want %s", c.secret, c.guesses, i+1, luck, want)
			}
		}
	}
}
