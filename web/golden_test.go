package web

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt from the API's answers")

// goldenGood are requests the API answers, one or more per endpoint; the
// golden file's other requests are made from them by breaking one key at a
// time (goldenRequests).
var goldenGood = []struct{ path, body string }{
	{"/api/games", ""},
	{"/api/score", `{"game":"classic","secret":[0,0,1,1],"guess":[1,1,0,2]}`},
	{"/api/score", `{"game":{"positions":3,"colors":5,"distinct":true},"secret":[0,1,2],"guess":[2,1,4]}`},
	{"/api/next", `{"game":"classic","strategy":"minimax","history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`},
	{"/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":4,"white":0}]}`},
	{"/api/next", `{"game":"classic","history":[{"guess":[0,0,0,0],"black":0,"white":0},{"guess":[0,0,0,0],"black":1,"white":0}]}`},
	{"/api/next", `{"game":{"positions":3,"colors":4},"strategy":"optimal","history":[]}`},
	{"/api/candidates", `{"game":"classic","history":[{"guess":[0,0,0,0],"black":2,"white":0},{"guess":[1,1,1,1],"black":2,"white":0},{"guess":[2,2,2,2],"black":1,"white":0}]}`},
	{"/api/candidates", `{"game":"bulls","history":[{"guess":[0,1,2,3],"black":0,"white":4}],"limit":3}`},
	{"/api/candidates", `{"game":"classic","history":[{"guess":[0,0,0,0],"black":0,"white":0},{"guess":[0,1,1,1],"black":1,"white":0}]}`},
	{"/api/explain", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":1,"white":0}],"guess":[0,1,2,3],"strategy":"entropy"}`},
	{"/api/explain", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":1,"white":0}],"strategy":"expected"}`},
	{"/api/explain", `{"game":{"positions":3,"colors":3},"history":[{"guess":[0,1,2],"black":0,"white":0}],"guess":[0,0,0]}`},
	{"/api/explain", `{"game":"super","history":[],"guess":[0,1,2,3,4],"strategy":"minimax"}`},
	{"/api/review", `{"game":"bulls","secret":[1,2,3,4],"guesses":[[0,1,2,3],[1,2,3,4]],"strategy":"minimax"}`},
	{"/api/review", `{"game":"classic","secret":[5,4,3,2],"guesses":[[0,0,1,1],[2,2,3,3],[0,0,0,0]]}`},
	{"/api/review", `{"game":{"positions":2,"colors":3},"secret":[1,1],"guesses":[[1,1],[1,1]]}`},
	{"/api/tree", `{"game":"classic","path":[[0,0],[0,1]]}`},
	{"/api/tree", `{"game":"bulls","path":[]}`},
	{"/api/tree", `{"game":"classic","path":[[4,0]]}`},
	{"/api/tree", `{"game":"classic","path":[[0,0],[3,1]]}`},
	{"/api/tree", `{"game":{"positions":3,"colors":3},"path":[]}`},
	{"/api/eval", `{"game":{"positions":3,"colors":3},"strategy":"minimax","tree":"json"}`},
	{"/api/eval", `{"game":{"positions":2,"colors":3},"strategy":"first","tree":"dot"}`},
	{"/api/eval", `{"game":"bulls","strategy":"entropy"}`},
	{"/api/eval", `{"game":"super","strategy":"first"}`},
	{"/api/answer", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":0,"white":0}],"guess":[2,2,3,3],"mode":"adversary"}`},
	{"/api/answer", `{"game":"bulls","history":[],"guess":[0,1,2,3],"mode":"secret","secret":[3,2,1,0]}`},
	{"/api/answer", `{"game":"classic","history":[],"guess":[0,1,2,3],"mode":"secret"}`},
	{"/api/daily", `{"date":"2026-11-27","game":"classic"}`},
	{"/api/daily", `{"date":"2026-02-30","game":"classic"}`},
	{"/api/daily", `{"date":"2026-11-27","game":{"positions":4,"colors":6}}`},
	{"/api/nope", `{}`},
	// Under the rules black and slots (after the others: their requests
	// are not broken key by key).
	{"/api/score", `{"game":{"preset":"classic","feedback":"slots"},"secret":[0,1,1,2],"guess":[1,1,1,1]}`},
	{"/api/score", `{"game":{"positions":4,"colors":6,"feedback":"black"},"secret":[0,1,1,2],"guess":[1,1,1,1]}`},
	{"/api/next", `{"game":{"preset":"classic","feedback":"slots"},"strategy":"minimax","history":[{"guess":[0,0,1,1],"marks":"G.Y."}]}`},
	{"/api/next", `{"game":{"preset":"classic","feedback":"black"},"history":[{"guess":[0,0,1,1],"black":1},{"guess":[0,2,3,3],"black":4}]}`},
	{"/api/candidates", `{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"GGG."},{"guess":[0,0,1,2],"marks":"GGG."}]}`},
	{"/api/candidates", `{"game":{"preset":"classic","feedback":"black"},"history":[{"guess":[0,0,1,1],"black":4},{"guess":[2,2,3,3],"black":1}]}`},
	{"/api/explain", `{"game":{"positions":3,"colors":3,"feedback":"slots"},"history":[{"guess":[0,1,2],"marks":"Y.Y"}],"guess":[1,0,0]}`},
	{"/api/explain", `{"game":{"preset":"classic","feedback":"black"},"history":[{"guess":[0,0,1,1],"black":1}],"strategy":"entropy"}`},
	{"/api/review", `{"game":{"preset":"classic","feedback":"slots"},"secret":[5,4,3,2],"guesses":[[0,0,1,1],[2,3,4,5],[5,4,3,2]]}`},
	{"/api/eval", `{"game":{"positions":2,"colors":3,"feedback":"slots"},"strategy":"minimax","tree":"json"}`},
	{"/api/eval", `{"game":{"positions":2,"colors":3,"feedback":"black"},"strategy":"entropy","tree":"dot"}`},
	{"/api/answer", `{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"...."}],"guess":[2,2,3,3],"mode":"adversary"}`},
	{"/api/answer", `{"game":{"preset":"bulls","feedback":"black"},"history":[],"guess":[0,1,2,3],"mode":"secret","secret":[3,1,2,0]}`},
	{"/api/tree", `{"game":{"preset":"classic","feedback":"slots"},"path":["G..."]}`},
	{"/api/daily", `{"date":"2026-11-27","game":{"preset":"classic","feedback":"black"}}`},
	{"/api/next", `{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"GY.G."}]}`},
	{"/api/next", `{"game":{"preset":"classic","feedback":"black"},"history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`},
}

// goldenBad are the values that replace each key of a good request in turn.
var goldenBad = []string{`null`, `"x"`, `1.5`, `-1`, `[]`, `{}`, `[[9,9]]`, `true`, `[0,0,1]`, `{"positions":99,"colors":2}`, `"optimal"`, `[0`}

// goldenRequests returns the golden file's requests: the good ones, and from
// each, each key left out, replaced by each bad value or given twice, a key
// of another endpoint or none added, data after the body, and bodies that
// are no object.
func goldenRequests() []struct{ path, body string } {
	var out []struct{ path, body string }
	add := func(path, body string) { out = append(out, struct{ path, body string }{path, body}) }
	seen := map[string]bool{}
	for _, g := range goldenGood {
		add(g.path, g.body)
		if g.body == "" || seen[g.path] {
			continue
		}
		seen[g.path] = true
		keys := topKeys(g.body)
		for _, k := range keys {
			add(g.path, strings.Replace(g.body, `"`+k+`":`+keyValue(g.body, k), "", 1))
			for _, bad := range goldenBad {
				add(g.path, strings.Replace(g.body, `"`+k+`":`+keyValue(g.body, k), `"`+k+`":`+bad, 1))
			}
			add(g.path, strings.TrimSuffix(g.body, "}")+`,"`+k+`":`+keyValue(g.body, k)+`}`)
		}
		for _, extra := range []string{`"limit":5`, `"path":[]`, `"mode":"secret"`, `"nope":1`, `"tree":"json"`, `"date":"2026-01-01"`} {
			add(g.path, strings.TrimSuffix(g.body, "}")+`,`+extra+`}`)
		}
		add(g.path, g.body+` {}`)
		add(g.path, g.body+`x`)
		for _, b := range []string{``, ` `, `[]`, `"x"`, `1`, `null`, `{`, `{"game"`, `{"game":}`, "{\"game\":\"\x01\"}"} {
			add(g.path, b)
		}
	}
	return out
}

// topKeys returns the keys of a flat request body, in order.
func topKeys(body string) []string {
	var keys []string
	depth := 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			j := strings.IndexByte(body[i+1:], '"') + i + 1
			if depth == 1 && body[j+1] == ':' {
				keys = append(keys, body[i+1:j])
			}
			i = j
		}
	}
	return keys
}

// keyValue returns the JSON value of key k in body.
func keyValue(body, k string) string {
	start := strings.Index(body, `"`+k+`":`) + len(k) + 3
	depth := 0
	for i := start; i < len(body); i++ {
		switch body[i] {
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return body[start:i]
			}
			depth--
		case ',':
			if depth == 0 {
				return body[start:i]
			}
		case '"':
			i += strings.IndexByte(body[i+1:], '"') + 1
		}
	}
	return body[start:]
}

// TestGolden checks the API's answers, status and bytes, to a broad set of
// requests (every endpoint, good and bad input) against testdata/golden.txt,
// recorded before web/ was thinned (issue 60 item 4): moving the engine's
// features out of web/ changed no answer; nor did the answer rules (issue
// 70), which added the requests under black and slots at its end and the
// rules to /api/games. go test -run Golden -update
// rewrites the file.
func TestGolden(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0), Timeout: time.Hour})
	var got strings.Builder
	for _, r := range goldenRequests() {
		status, answer := a.Do(context.Background(), r.path, []byte(r.body))
		fmt.Fprintf(&got, "> %s %q\n< %d %s", r.path, r.body, status, answer)
	}
	const file = "testdata/golden.txt"
	if *update {
		if err := os.WriteFile(file, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := bufio.NewScanner(strings.NewReader(string(data)))
	want.Buffer(nil, 1<<24)
	have := bufio.NewScanner(strings.NewReader(got.String()))
	have.Buffer(nil, 1<<24)
	for n := 1; ; n++ {
		w, h := want.Scan(), have.Scan()
		if !w && !h {
			break
		}
		if w != h || want.Text() != have.Text() {
			t.Fatalf("line %d:\n got %.300s\nwant %.300s", n, have.Text(), want.Text())
		}
	}
}
