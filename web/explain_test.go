package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math"
	"slices"
	"strings"
	"testing"
)

// The figures of /api/explain and /api/review are package explain's, tested
// there against a brute force; here, the API's wiring: the strategy's guess
// set beside is /api/next's. The tests of /api/tree and /api/eval compare
// the API's figures with a brute force written here: every code of the game
// listed by counting, scored by refScore (the definition), partitioned by
// hand.

// refGame is a game as the tests know it.
type refGame struct {
	name           string // as the API takes it
	positions, col int
	distinct       bool
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

// /api/explain's best guess and /api/review's are /api/next's at the same
// point, and review's engine the guesses /api/next takes for the secret.
func TestExplainReviewNext(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	secret := []int{3, 1, 5, 2}
	var history []refTurn
	for _, g := range [][]int{{0, 0, 1, 1}, {0, 2, 3, 4}} {
		b, w := refScore(secret, g)
		history = append(history, refTurn{g, b, w})
	}
	var review struct {
		Steps  []struct{ Best struct{ Guess []int } }
		Engine int
	}
	do(t, a, "/api/review", fmt.Sprintf(`{"game":"classic","strategy":"expected","secret":%s,"guesses":[[0,0,1,1],[0,2,3,4]]}`, js(secret)), &review)
	for i := range history {
		var next, explained struct {
			Guess []int
			Best  struct{ Guess []int }
		}
		body := fmt.Sprintf(`{"game":"classic","strategy":"expected","history":%s}`, js(history[:i]))
		do(t, a, "/api/next", body, &next)
		do(t, a, "/api/explain", body, &explained)
		if !slices.Equal(explained.Best.Guess, next.Guess) || !slices.Equal(explained.Guess, next.Guess) || !slices.Equal(review.Steps[i].Best.Guess, next.Guess) {
			t.Errorf("after %v: /api/next %v, /api/explain %v (best %v), /api/review %v", history[:i], next.Guess, explained.Guess, explained.Best.Guess, review.Steps[i].Best.Guess)
		}
	}
	var played []refTurn
	for n := 1; n <= 20; n++ {
		var next struct{ Guess []int }
		do(t, a, "/api/next", fmt.Sprintf(`{"game":"classic","strategy":"expected","history":%s}`, js(played)), &next)
		if slices.Equal(next.Guess, secret) {
			if review.Engine != n {
				t.Errorf("/api/review's engine %d, /api/next takes %d", review.Engine, n)
			}
			return
		}
		b, w := refScore(secret, next.Guess)
		played = append(played, refTurn{next.Guess, b, w})
	}
	t.Errorf("/api/next takes more than 20 guesses for %v", secret)
}
