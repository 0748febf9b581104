package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

// ruleSeeds are requests under the rules black and slots, good and bad,
// for the fuzz targets.
var ruleSeeds = []string{
	`{"game":{"preset":"classic","feedback":"black"},"history":[{"guess":[0,0,1,1],"black":1}],"limit":3}`,
	`{"game":{"positions":3,"colors":4,"distinct":true,"feedback":"slots"},"history":[{"guess":[0,1,2],"marks":"gy."}],"guess":[1,2,3]}`,
	`{"game":{"positions":4,"colors":6,"feedback":"slots"},"secret":[0,1,1,2],"guess":[1,1,1,1],"strategy":"entropy"}`,
	`{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"2 1 0 0"}],"guess":[0,1,2,3],"mode":"adversary"}`,
	`{"game":{"preset":"classic","feedback":"black"},"secret":[1,2,3,4],"guesses":[[0,0,1,1],[1,2,3,4]]}`,
	`{"game":{"positions":2,"colors":3,"feedback":"slots"},"strategy":"minimax","tree":"json"}`,
	`{"game":{"positions":2,"colors":3,"feedback":"black"},"path":[1,"0"]}`,
	`{"game":{"positions":2,"colors":3,"feedback":"slots"},"path":["GY",".."]}`,
	`{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"GGGY"}]}`,
	`{"game":{"preset":"classic","feedback":"black"},"history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`,
	`{"game":{"preset":"bulls","feedback":"nope"},"date":"2026-11-27"}`,
	`{"game":{"positions":11,"colors":2,"feedback":"slots"},"history":[]}`,
}

// FuzzDecode checks that the request decoder never panics, and that what it
// accepts is a valid request of a valid game: every error is an input error.
// Its seed corpus (the bad requests of the tests and a few good ones) runs
// with go test.
func FuzzDecode(f *testing.F) {
	for _, c := range badRequests {
		if len(c.body) < 4096 {
			f.Add(c.body)
		}
	}
	f.Add(`{"game":"classic","strategy":"auto","history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`)
	f.Add(`{"game":{"positions":3,"colors":5,"distinct":true},"history":[{"guess":[0,1,2],"black":0,"white":3}],"limit":5}`)
	f.Add(`{"game":"bulls","secret":[1,2,3,4],"guess":[4,3,2,1]}`)
	f.Add(`{"game":"classic","secret":[1,2,3,4],"guesses":[[0,0,1,1],[1,2,3,4]]}`)
	f.Add(`{"game":"super","path":[[0,1],[1,1]]}`)
	f.Add(`{"game":"bulls","secret":[1,2,3,4],"guess":[4,3,2,1],"mode":"secret"}`)
	f.Add(`{"game":"classic","guess":[0,0,1,1],"mode":"adversary","date":"2026-11-27"}`)
	f.Add(`{"game":"classic","strategy":"minimax","tree":"json"}`)
	f.Add(`{"game":{"positions":2,"colors":3},"tree":"dot"}`)
	for _, seed := range ruleSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		a := NewAPI(Options{})
		paths := slices.Sorted(maps.Keys(a.endpoints))
		path := paths[len(body)%len(paths)]
		if a.endpoints[path].get {
			path = "/api/score"
		}
		modes := path == "/api/answer"
		r, err := readRequest(context.Background(), []byte(body), strings.Fields(a.endpoints[path].keys))
		if err != nil {
			var input *mastermind.InputError
			if !errors.As(err, &input) {
				t.Fatalf("readRequest(%q): %v is not an input error", body, err)
			}
			return
		}
		g := r.Game
		if err := g.Validate(); err != nil {
			t.Fatalf("readRequest(%q) accepted game %v: %v", body, g, err)
		}
		for i, turn := range r.History {
			if g.ValidCode(turn.Guess) != nil || g.ValidFeedback(turn.Feedback) != nil {
				t.Fatalf("readRequest(%q) accepted turn %d: %v", body, i, turn)
			}
		}
		if r.Tree != "" && r.Tree != "json" && r.Tree != "dot" {
			t.Fatalf("readRequest(%q) accepted tree %q", body, r.Tree)
		}
		for i, f := range r.Path {
			if g.ValidFeedback(f) != nil {
				t.Fatalf("readRequest(%q) accepted path[%d] %v", body, i, f)
			}
		}
		if len(r.Guesses) > maxGuesses || len(r.Path) > maxPath {
			t.Fatalf("readRequest(%q) accepted %d guesses, a path of %d", body, len(r.Guesses), len(r.Path))
		}
		for _, c := range append([]mastermind.Code{r.Secret, r.Guess}, r.Guesses...) {
			if c != nil && g.ValidCode(c) != nil {
				t.Fatalf("readRequest(%q) accepted code %v", body, c)
			}
		}
		if r.Limit < 0 || r.Limit > maxLimit {
			t.Fatalf("readRequest(%q) accepted limit %d", body, r.Limit)
		}
		if modes && r.Mode != "adversary" && r.Mode != "secret" {
			t.Fatalf("readRequest(%q) accepted mode %q", body, r.Mode)
		}
		if err := refKeys(body); err != nil {
			t.Fatalf("readRequest(%q) accepted %v", body, err)
		}
		_ = serveable(r)
	})
}

// refKeys checks, as a reference for the decoder's own reading of keys,
// that every object of the JSON text names each key at most once, exactly
// as the contract spells it, by encoding/json's tokens.
func refKeys(text string) error {
	names := []string{"game", "strategy", "secret", "guess", "history", "limit", "guesses", "path", "mode", "date", "tree", "positions", "colors", "distinct", "preset", "feedback", "black", "white", "marks"}
	d := json.NewDecoder(strings.NewReader(text))
	var objects []map[string]bool // the keys of each open object
	var inObject []bool           // for each open bracket: an object (keys and values) or an array
	expectKey := false
	for {
		tok, err := d.Token()
		if err != nil {
			return nil
		}
		switch tok {
		case json.Delim('{'):
			objects = append(objects, map[string]bool{})
			inObject = append(inObject, true)
			expectKey = true
			continue
		case json.Delim('['):
			inObject = append(inObject, false)
			expectKey = false
			continue
		case json.Delim('}'), json.Delim(']'):
			if tok == json.Delim('}') {
				objects = objects[:len(objects)-1]
			}
			inObject = inObject[:len(inObject)-1]
		default:
			if k, ok := tok.(string); ok && expectKey {
				if !slices.Contains(names, k) {
					return fmt.Errorf("the key %q", k)
				}
				if objects[len(objects)-1][k] {
					return fmt.Errorf("the key %q twice", k)
				}
				objects[len(objects)-1][k] = true
				expectKey = false
				continue
			}
		}
		// A value ended: a key comes next in an object.
		expectKey = len(inObject) > 0 && inObject[len(inObject)-1]
	}
}

// FuzzAPI posts any body to every endpoint: the answer is always JSON with
// status 200, 400, 413 or 503, never a 500 or a crash.
func FuzzAPI(f *testing.F) {
	for _, c := range badRequests {
		if c.method == "POST" && len(c.body) < 4096 {
			f.Add(c.body)
		}
	}
	f.Add(`{"game":"classic","history":[{"guess":[0,0,1,1],"black":1,"white":0}],"limit":2}`)
	f.Add(`{"game":{"positions":2,"colors":3},"secret":[0,1],"guess":[1,0]}`)
	f.Add(`{"game":"classic","history":[{"guess":[0,0,1,1],"black":1,"white":0}],"guess":[0,1,2,3]}`)
	f.Add(`{"game":"bulls","secret":[1,2,3,4],"guesses":[[0,1,2,3],[1,2,3,4]],"strategy":"entropy"}`)
	f.Add(`{"game":"classic","path":[[0,0],[1,0]]}`)
	f.Add(`{"game":{"positions":4,"colors":7},"path":[]}`)
	f.Add(`{"game":"classic","history":[{"guess":[0,0,1,1],"black":1,"white":0}],"guess":[0,1,2,3],"mode":"adversary"}`)
	f.Add(`{"game":"bulls","guess":[0,1,2,3],"mode":"secret","secret":[3,2,1,0]}`)
	f.Add(`{"date":"2028-02-29","game":"super"}`)
	f.Add(`{"game":{"positions":2,"colors":3},"strategy":"minimax","tree":"dot"}`)
	for _, seed := range ruleSeeds {
		f.Add(seed)
	}
	h := New(Options{Timeout: 200 * time.Millisecond, Log: log.New(io.Discard, "", 0)})
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/api/score", "/api/next", "/api/candidates", "/api/explain", "/api/review", "/api/tree", "/api/answer", "/api/daily", "/api/eval"} {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, path, strings.NewReader(body)))
			var v map[string]any
			if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
				t.Fatalf("POST %s %q: answer %q is not a JSON object", path, body, w.Body)
			}
			switch w.Code {
			case 200:
			case 400, 413, 503:
				if msg, _ := v["error"].(string); msg == "" {
					t.Fatalf("POST %s %q: %d without a message: %s", path, body, w.Code, w.Body)
				}
			default:
				t.Fatalf("POST %s %q: status %d: %s", path, body, w.Code, w.Body)
			}
		}
	})
}
