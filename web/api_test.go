package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// newTestServer starts the handler on loopback.
func newTestServer(t testing.TB, o Options) *httptest.Server {
	t.Helper()
	if o.Log == nil {
		o.Log = log.New(io.Discard, "", 0)
	}
	h := New(o)
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// wrap, when set, stands between newTestServer's server and its handler.
var wrap func(http.Handler) http.Handler

// post sends body to path and returns the status and the decoded answer.
func post(t testing.TB, srv *httptest.Server, path, body string) (int, map[string]any) {
	t.Helper()
	resp, err := srv.Client().Post(srv.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("POST %s %s: answer %q is not a JSON object: %v", path, body, data, err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("POST %s: Content-Type %q", path, ct)
	}
	return resp.StatusCode, v
}

// refScore scores guess against secret by the definition, apart from the
// engine (internal/testkit).
var refScore = testkit.Score[[]int]

func TestScore(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, c := range []struct {
		game          string
		secret, guess string
		black, white  float64
	}{
		// The protocol's examples.
		{`"digits"`, "[2,1,1,3]", "[1,2,3,4]", 0, 3},
		{`"digits"`, "[2,1,1,3]", "[1,1,1,1]", 2, 0},
		{`"digits"`, "[2,1,1,3]", "[1,2,1,2]", 1, 2},
		// TopCoder's table, R=0 G=1 B=2, secret RRGR.
		{`"classic"`, "[0,0,1,0]", "[0,0,0,1]", 2, 2},
		{`"classic"`, "[0,0,1,0]", "[0,0,0,2]", 2, 1},
		{`"classic"`, "[0,0,1,0]", "[0,2,0,2]", 1, 1},
		{`"classic"`, "[0,0,1,0]", "[1,1,0,1]", 0, 2},
		{`"classic"`, "[0,0,1,0]", "[0,2,1,2]", 2, 0},
		{`"bulls"`, "[1,2,3,4]", "[4,3,2,1]", 0, 4},
		{`{"positions":1,"colors":2}`, "[1]", "[1]", 1, 0},
	} {
		body := fmt.Sprintf(`{"game":%s,"secret":%s,"guess":%s}`, c.game, c.secret, c.guess)
		status, v := post(t, srv, "/api/score", body)
		if status != 200 || v["black"] != c.black || v["white"] != c.white {
			t.Errorf("score %s = %d %v, want %v %v", body, status, v, c.black, c.white)
		}
	}
	// Any size scores, even one far too large to enumerate.
	secret, guess := make([]int, 100), make([]int, 100)
	for i := range secret {
		secret[i], guess[i] = i, 99-i
	}
	body, _ := json.Marshal(map[string]any{"game": map[string]any{"positions": 100, "colors": 100, "distinct": true}, "secret": secret, "guess": guess})
	if status, v := post(t, srv, "/api/score", string(body)); status != 200 || v["black"] != 0.0 || v["white"] != 100.0 {
		t.Errorf("score 100x100 = %d %v, want 0 100", status, v)
	}
}

type turn struct {
	Guess []int `json:"guess"`
	Black int   `json:"black"`
	White int   `json:"white"`
}

// playAPI plays a whole game against secret through /api/next, scoring
// with refScore, and returns the number of guesses.
func playAPI(t testing.TB, srv *httptest.Server, game any, strategy string, secret []int) int {
	t.Helper()
	history := []turn{}
	for range 30 {
		body, _ := json.Marshal(map[string]any{"game": game, "strategy": strategy, "history": history})
		status, v := post(t, srv, "/api/next", string(body))
		if status != 200 {
			t.Fatalf("next %s: %d %v", body, status, v)
		}
		if v["solved"] == true {
			if int(v["guesses"].(float64)) != len(history) {
				t.Fatalf("solved after %d guesses, answer %v", len(history), v)
			}
			return len(history)
		}
		if v["remaining"].(float64) < 1 {
			t.Fatalf("next %s: no code remains: %v", body, v)
		}
		var guess []int
		for _, x := range v["guess"].([]any) {
			guess = append(guess, int(x.(float64)))
		}
		b, w := refScore(secret, guess)
		history = append(history, turn{guess, b, w})
	}
	t.Fatalf("%v %s: not solved in 30 guesses of %v", game, strategy, secret)
	return 0
}

func TestFullGames(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, c := range []struct {
		game     any
		strategy string
		secret   []int
		max      int
	}{
		{"classic", "auto", []int{5, 1, 2, 3}, 5},
		{"classic", "minimax", []int{0, 0, 1, 1}, 5},
		{"bulls", "auto", []int{9, 8, 1, 0}, 7},
		{"super", "auto", []int{7, 0, 7, 1, 3}, 8},
		{"digits", "auto", []int{2, 1, 1, 3}, 8},
		{"digits", "random", []int{0, 0, 0, 0}, 12},
		{map[string]any{"positions": 3, "colors": 5, "distinct": true}, "optimal", []int{4, 0, 2}, 6},
		{map[string]any{"positions": 6, "colors": 10}, "auto", []int{9, 9, 0, 1, 2, 3}, 12},
	} {
		if n := playAPI(t, srv, c.game, c.strategy, c.secret); n > c.max {
			t.Errorf("%v %s found %v in %d guesses, want at most %d", c.game, c.strategy, c.secret, n, c.max)
		}
	}
}

func TestNext(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, c := range []struct{ body, want string }{
		{`{"game":"classic","strategy":"minimax","history":[]}`, `{"guess":[0,0,1,1],"remaining":1296}`},
		{`{"game":"classic","strategy":"first"}`, `{"guess":[0,0,0,0],"remaining":1296}`},
		{`{"game":"classic","history":[{"guess":[0,0,1,1],"black":4,"white":0}]}`, `{"solved":true,"guesses":1}`},
		// The README's game: answers 1, 2 and 3 contradict each other.
		{`{"game":"classic","strategy":"minimax","history":[{"guess":[0,0,1,1],"black":1,"white":0},{"guess":[0,2,3,3],"black":0,"white":0},{"guess":[4,4,1,4],"black":0,"white":0}]}`,
			`{"remaining":0,"conflict":[1,2,3],"message":"answers 1, 2 and 3 contradict each other"}`},
		{`{"game":"classic","history":[{"guess":[0,0,0,0],"black":2,"white":0},{"guess":[1,1,1,1],"black":2,"white":0},{"guess":[2,2,2,2],"black":1,"white":0}]}`,
			`{"remaining":0,"conflict":[1,2,3],"message":"answers 1, 2 and 3 contradict each other"}`},
		{`{"game":"classic","history":[{"guess":[0,0,0,0],"black":3,"white":0},{"guess":[0,0,0,0],"black":2,"white":0}]}`,
			`{"remaining":0,"conflict":[1,2],"message":"answers 1 and 2 contradict each other"}`},
		// All black, but the earlier answers say otherwise.
		{`{"game":"classic","history":[{"guess":[0,0,0,0],"black":0,"white":0},{"guess":[0,1,2,3],"black":4,"white":0}]}`,
			`{"remaining":0,"conflict":[1,2],"message":"answers 1 and 2 contradict each other"}`},
		{`{"game":"classic","strategy":"first","history":[{"guess":[0,0,0,0],"black":0,"white":0},{"guess":[1,1,1,1],"black":0,"white":0},{"guess":[2,2,2,2],"black":0,"white":0},{"guess":[3,3,3,3],"black":0,"white":0}]}`,
			`{"guess":[4,4,4,4],"remaining":16}`},
	} {
		resp, err := srv.Client().Post(srv.URL+"/api/next", "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || strings.TrimSpace(string(data)) != c.want {
			t.Errorf("next %s = %d %s, want 200 %s", c.body, resp.StatusCode, data, c.want)
		}
	}
}

func TestCandidates(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, c := range []struct{ body, want string }{
		{`{"game":"classic","history":[{"guess":[0,0,1,1],"black":3,"white":0}],"limit":3}`, `{"remaining":20,"codes":[[0,0,0,1],[0,0,1,0],[0,0,1,2]]}`},
		{`{"game":"classic","history":[{"guess":[0,0,1,1],"black":3,"white":0}],"limit":0}`, `{"remaining":20,"codes":[]}`},
		{`{"game":"bulls","history":[{"guess":[0,1,2,3],"black":4,"white":0}]}`, `{"remaining":1,"codes":[[0,1,2,3]]}`},
		{`{"game":"classic"}`, `{"remaining":1296,"codes":[[0,0,0,0]`},
		{`{"game":"classic","history":[{"guess":[0,0,0,0],"black":3,"white":0},{"guess":[0,0,0,0],"black":2,"white":0}]}`,
			`{"remaining":0,"codes":[],"conflict":[1,2],"message":"answers 1 and 2 contradict each other"}`},
	} {
		resp, err := srv.Client().Post(srv.URL+"/api/candidates", "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(strings.TrimSpace(string(data)), c.want) {
			t.Errorf("candidates %s = %d %s, want 200 %s", c.body, resp.StatusCode, data, c.want)
		}
	}
	// The default limit.
	if _, v := post(t, srv, "/api/candidates", `{"game":"classic"}`); len(v["codes"].([]any)) != defaultLimit {
		t.Errorf("candidates classic: %d codes, want %d", len(v["codes"].([]any)), defaultLimit)
	}
}

// badRequests are requests with the status and a part of the message they
// must get.
var badRequests = []struct {
	method, path, body string
	status             int
	msg                string
}{
	{"POST", "/api/next", `{"game":"classic",`, 400, "body: malformed JSON"},
	{"POST", "/api/next", `{"game":"classic"} {}`, 400, "after the JSON value"},
	{"POST", "/api/next", ``, 400, "empty body"},
	{"POST", "/api/next", `[1,2]`, 400, "body: want an object"},
	{"POST", "/api/next", `{"game":"classic","histroy":[]}`, 400, `unknown field "histroy"`},
	{"POST", "/api/next", `{"history":[]}`, 400, "game: missing"},
	{"POST", "/api/next", `{"game":"chess"}`, 400, `game: unknown game "chess"`},
	{"POST", "/api/next", `{"game":{"positions":4}}`, 400, "game.colors: missing"},
	{"POST", "/api/next", `{"game":{"positions":4,"colors":6,"extra":1}}`, 400, `game: want a preset name`},
	{"POST", "/api/next", `{"game":"classic","strategy":"knuth"}`, 400, `strategy: unknown strategy "knuth"`},
	{"POST", "/api/next", `{"game":"classic","strategy":7}`, 400, "strategy: want a name"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1],"black":0,"white":0}]}`, 400, "history[0].guess: a code has 4 colours, not 3"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":0,"white":0},{"guess":[0,0,1,6],"black":0,"white":0}]}`, 400, "history[1].guess[3]: colour 6 is out of range 0..5"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1,-1],"black":0,"white":0}]}`, 400, "history[0].guess[3]: colour -1 is out of range"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1.5],"black":0,"white":0}]}`, 400, "history[0].guess: want an array"},
	{"POST", "/api/next", `{"game":"bulls","history":[{"guess":[0,1,2,2],"black":0,"white":0}]}`, 400, "history[0].guess: colour 2 repeats"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":3,"white":1}]}`, 400, "history[0]: feedback 3 1 is impossible"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":3,"white":5}]}`, 400, "history[0].white: must be between 0 and 4, not 5"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":-1,"white":0}]}`, 400, "history[0].black: must be between 0 and 4, not -1"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":2}]}`, 400, "history[0].white: missing"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":2,"white":1},{"guess":[0,0,1,1],"black":"2","white":1}]}`, 400, "history[1]: want"},
	{"POST", "/api/next", `{"game":"bulls","history":[{"guess":[0,1,2,3],"black":0,"white":0}]}`, 200, ""},
	{"POST", "/api/next", `{"game":{"positions":4,"colors":5,"distinct":true},"history":[{"guess":[0,1,2,3],"black":0,"white":0}]}`, 400, "history[0]: feedback 0 0 is impossible"},
	{"POST", "/api/next", `{"game":{"positions":1000000,"colors":6}}`, 400, "game: positions must be between 1 and 100"},
	{"POST", "/api/next", `{"game":{"positions":4,"colors":100000000000000000000}}`, 400, "game: want a preset name"},
	{"POST", "/api/next", `{"game":{"positions":4,"colors":1}}`, 400, "game: colours must be between 2 and 100"},
	{"POST", "/api/next", `{"game":{"positions":5,"colors":4,"distinct":true}}`, 400, "game: a game with distinct colours needs"},
	{"POST", "/api/next", `{"game":{"positions":100,"colors":100}}`, 400, "game: too large for the API"},
	{"POST", "/api/candidates", `{"game":{"positions":8,"colors":10,"distinct":true}}`, 400, "game: too large for the API"},
	{"POST", "/api/next", `{"game":{"positions":6,"colors":8},"strategy":"minimax"}`, 400, "strategy: minimax is too slow for the API"},
	{"POST", "/api/next", `{"game":{"positions":6,"colors":5},"strategy":"optimal"}`, 400, "strategy: optimal is played on games of up to 500 codes and on those with a shipped tree (bulls, bulls-slots, classic, classic-black, classic-slots, digits, digits-slots and the games of docs/optima.md), and this one has 15625: use auto"},
	{"POST", "/api/next", `{"game":"classic","limit":3}`, 400, "limit: this endpoint takes no limit"},
	{"POST", "/api/candidates", `{"game":"classic","limit":-1}`, 400, "limit: must be between 0 and 10000"},
	{"POST", "/api/candidates", `{"game":"classic","limit":"5"}`, 400, "limit: want a whole number, not string"},
	{"POST", "/api/candidates", `{"game":"classic","strategy":"auto"}`, 400, "strategy: this endpoint takes no strategy"},
	{"POST", "/api/score", `{"game":"classic","secret":[0,0,0,0]}`, 400, "guess: missing"},
	{"POST", "/api/score", `{"game":"classic","secret":[0,0,0,9],"guess":[0,0,0,0]}`, 400, "secret[3]: colour 9 is out of range 0..5"},
	{"POST", "/api/score", `{"game":"classic","secret":[0,0,1,null],"guess":[1,1,0,0]}`, 400, "secret[3]: want a colour number, not null"},
	{"POST", "/api/next", `{"game":"classic","history":[{"guess":[null,0,1,1],"black":1,"white":0}]}`, 400, "history[0].guess[0]: want a colour number, not null"},
	{"POST", "/api/score", `{"game":"classic","secret":[0,0,0,0],"guess":[0,0,0,0],"history":[]}`, 400, "history: this endpoint takes no history"},
	{"POST", "/api/answer", `{"game":"classic","guess":[0,0,1,1]}`, 400, `mode: missing: "adversary"`},
	{"POST", "/api/answer", `{"game":"classic","guess":[0,0,1,1],"mode":"evil"}`, 400, `mode: want "adversary" (the evil codemaker) or "secret", not "evil"`},
	{"POST", "/api/answer", `{"game":"classic","guess":[0,0,1,1],"mode":"secret"}`, 400, "secret: missing"},
	{"POST", "/api/answer", `{"game":"classic","guess":[0,0,1,1],"mode":"adversary","secret":[0,1,2,3]}`, 400, "secret: the evil codemaker holds no secret"},
	{"POST", "/api/answer", `{"game":"classic","guess":[0,0,1,9],"mode":"adversary"}`, 400, "guess[3]: colour 9 is out of range 0..5"},
	{"POST", "/api/answer", `{"game":"classic","mode":"adversary"}`, 400, "guess: missing"},
	{"POST", "/api/answer", `{"game":"classic","guess":[0,0,1,1],"mode":"secret","secret":[0,1,2,3],"history":[{"guess":[0,0,1,1],"black":2,"white":0}]}`, 400, "history[0]: the secret gives 1 black, 1 white to this guess, not 2 black, 0 white"},
	{"POST", "/api/answer", `{"game":"classic","guess":[0,0,1,1],"mode":"adversary","history":[{"guess":[0,0,1,1],"black":4,"white":0},{"guess":[2,2,3,3],"black":1,"white":0}]}`, 400, "history: answers 1 and 2 contradict each other"},
	{"POST", "/api/answer", `{"game":{"positions":10,"colors":10},"guess":[0,0,1,1,0,0,0,0,0,0],"mode":"adversary"}`, 400, "game: too large for the API"},
	{"POST", "/api/answer", `{"game":"classic","guess":[0,0,1,1],"mode":"adversary","strategy":"auto"}`, 400, "strategy: this endpoint takes no strategy"},
	{"POST", "/api/daily", `{"game":"classic"}`, 400, "date: missing"},
	{"POST", "/api/daily", `{"date":"2026-11-01"}`, 400, "game: missing"},
	{"POST", "/api/daily", `{"date":"2026-11-1","game":"classic"}`, 400, `date: "2026-11-1" is not a date written YYYY-MM-DD (9 characters, not 10)`},
	{"POST", "/api/daily", `{"date":"２026-11-01","game":"classic"}`, 400, `date: "２026-11-01" is not a date written YYYY-MM-DD (character 1 is not a digit: '２')`},
	{"POST", "/api/daily", `{"date":"2026-02-29","game":"classic"}`, 400, "date: \"2026-02-29\" is not a date written YYYY-MM-DD (no such day in the calendar)"},
	{"POST", "/api/daily", `{"date":"2026-10-31","game":"classic"}`, 400, "date: 2026-10-31 is before the first daily code (#1 is 2026-11-01)"},
	{"POST", "/api/daily", `{"date":20261101,"game":"classic"}`, 400, "date: want a day written YYYY-MM-DD: want a string, not number"},
	{"POST", "/api/daily", `{"date":"2026-11-01","game":"chess"}`, 400, `game: unknown game "chess"`},
	{"POST", "/api/daily", `{"date":"2026-11-01","game":{"positions":4,"colors":6}}`, 400, "game: the daily code is drawn for a preset"},
	{"POST", "/api/daily", `{"date":"2026-11-01","game":"classic","guess":[0,0,1,1]}`, 400, "guess: this endpoint takes no guess"},
	{"POST", "/api/daily", `{"date":"2026-11-01","game":"classic","Date":"2026-11-02"}`, 400, `unknown field "Date"`},
	{"POST", "/api/score", `{"game":"classic","secret":[0,0,0,0],"guess":[0,0,0,0],"mode":"secret"}`, 400, "mode: this endpoint takes no mode"},
	{"GET", "/api/daily", ``, 405, "takes POST"},
	{"GET", "/api/next", ``, 405, "takes POST"},
	{"PUT", "/api/score", `{}`, 405, "takes POST"},
	{"GET", "/api/nope", ``, 404, "no such endpoint"},
	{"POST", "/api/next", `{"game":"classic","history":[` + strings.Repeat(`{"guess":[0,0,1,1],"black":1,"white":0},`, 30000) + `{}]}`, 413, "body: longer than 1048576 bytes"},
}

func TestBadRequests(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, c := range badRequests {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var v struct{ Error string }
		json.Unmarshal(data, &v)
		if resp.StatusCode != c.status || !strings.Contains(v.Error, c.msg) {
			t.Errorf("%s %s %.80s = %d %s, want %d %q", c.method, c.path, c.body, resp.StatusCode, data, c.status, c.msg)
		}
		if c.status == 405 && resp.Header.Get("Allow") != "POST" {
			t.Errorf("%s %s: Allow %q, want POST", c.method, c.path, resp.Header.Get("Allow"))
		}
	}
}

func TestHugeBody(t *testing.T) {
	srv := newTestServer(t, Options{})
	body := bytes.Repeat([]byte(" "), 2<<20)
	resp, err := srv.Client().Post(srv.URL+"/api/next", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 413 {
		t.Errorf("2 MiB body: status %d, want 413", resp.StatusCode)
	}
}

// A request that takes longer than its deadline answers 400 at the
// deadline.
func TestDeadline(t *testing.T) {
	srv := newTestServer(t, Options{Timeout: time.Millisecond})
	status, v := post(t, srv, "/api/next", `{"game":{"positions":6,"colors":10},"strategy":"first"}`)
	if status != 400 || !strings.Contains(v["error"].(string), "too large for the API") {
		t.Errorf("next past the deadline: %d %v", status, v)
	}
}

func TestPage(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, c := range []struct {
		method, path string
		status       int
		want         string
	}{
		{"GET", "/", 200, "<!doctype html>"},
		{"HEAD", "/", 200, ""},
		{"GET", "/app.js", 200, "import"},
		{"GET", "/app.css", 200, ""},
		{"GET", "/nope.js", 404, ""},
		{"GET", "/js/", 404, ""},
		{"POST", "/", 405, ""},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !strings.Contains(string(data), c.want) {
			t.Errorf("%s %s = %d %.60q, want %d %q", c.method, c.path, resp.StatusCode, data, c.status, c.want)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("%s %s: Content-Security-Policy %q", c.method, c.path, csp)
		}
	}
}

// The computing slots: a request that waits for one until its deadline is
// 503; a computation still running at the deadline is told so by its
// context and gives its slot back when it stops; a panic in a computation
// is a 500 "internal error", not a crash.
func TestSlots(t *testing.T) {
	h := New(Options{Timeout: 50 * time.Millisecond, Slots: 1, Log: log.New(io.Discard, "", 0)}).(*handler)
	req := &request{Game: mastermind.Classic()}
	stopped := make(chan bool, 1)
	started, release, ended := make(chan bool), make(chan bool), make(chan bool)
	go func() {
		defer close(ended)
		_, err := h.run(context.Background(), req, func(ctx context.Context, _ *request) (any, error) {
			close(started)
			<-ctx.Done()
			stopped <- true
			<-release // stops late: keeps its slot until then
			return nil, ctx.Err()
		}, false)
		if status, _, _ := errorStatus(err); status != 400 {
			t.Errorf("a computation past its deadline: %v, status %d, want 400", err, status)
		}
	}()
	<-started
	_, err := h.run(context.Background(), req, func(context.Context, *request) (any, error) { return 1, nil }, false)
	if status, _, _ := errorStatus(err); !errors.Is(err, errBusy) || status != 503 {
		t.Errorf("waiting for a slot: %v (status %d), want busy (503)", err, status)
	}
	<-stopped // told by its context (the test's timeout bounds the wait)
	close(release)
	<-ended
	for len(h.cheap) > 0 { // the slot is given back once the computation returns
		time.Sleep(time.Millisecond)
	}
	v, err := h.run(context.Background(), req, func(context.Context, *request) (any, error) { return 1, nil }, false)
	if err != nil || v != 1 {
		t.Errorf("after the deadline, the slot is free again: %v %v", v, err)
	}
	_, err = h.run(context.Background(), req, func(context.Context, *request) (any, error) { panic("boom") }, false)
	if status, msg, _ := errorStatus(err); status != 500 || msg != "internal error" {
		t.Errorf("a panic: %d %q, want 500 internal error", status, msg)
	}
}
