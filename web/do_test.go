package web

import (
	"bytes"
	"context"
	"io"
	"log"
	"net/http"
	"strings"
	"testing"
	"time"
)

// API.Do answers as the HTTP handler does, byte for byte: the handler
// only carries its requests (issue 32 item 1).
func TestDo(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	srv := newTestServer(t, Options{})
	cases := []struct{ path, body string }{
		{"/api/games", ""},
		{"/api/score", `{"game":"classic","secret":[0,0,1,1],"guess":[1,1,0,2]}`},
		{"/api/next", `{"game":"classic","strategy":"minimax","history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`},
		{"/api/next", `{"game":"super","history":[{"guess":[0,0,1,1,2],"black":5,"white":0}]}`},
		{"/api/candidates", `{"game":"classic","history":[{"guess":[0,0,0,0],"black":2,"white":0},{"guess":[1,1,1,1],"black":2,"white":0},{"guess":[2,2,2,2],"black":1,"white":0}]}`},
		{"/api/candidates", `{"game":"bulls","history":[{"guess":[0,1,2,3],"black":0,"white":4}],"limit":3}`},
		{"/api/nope", `{}`},
		{"/api/next", `{"game":"chess"}`},
		{"/api/explain", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":1,"white":0}],"guess":[0,1,2,3]}`},
		{"/api/review", `{"game":"bulls","secret":[1,2,3,4],"guesses":[[0,1,2,3],[1,2,3,4]]}`},
		{"/api/tree", `{"game":"super","path":[[1,1]]}`},
		{"/api/tree", `{"game":"classic","path":[[0,0],[0,1]]}`},
	}
	for _, c := range badRequests {
		if c.method == "POST" && c.status != 413 {
			cases = append(cases, struct{ path, body string }{c.path, c.body})
		}
	}
	for _, c := range cases {
		status, answer := a.Do(context.Background(), c.path, []byte(c.body))
		method := http.MethodPost
		if c.path == "/api/games" {
			method = http.MethodGet
		}
		req, _ := http.NewRequest(method, srv.URL+c.path, strings.NewReader(c.body))
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if status != resp.StatusCode || !bytes.Equal(answer, data) {
			t.Errorf("Do(%s, %.60s) = %d %s, but over HTTP %d %s", c.path, c.body, status, answer, resp.StatusCode, data)
		}
	}
}

// Do's own limits: a body over maxBody is 413, a body to /api/games 400,
// and a request whose context has ended is not computed.
func TestDoLimits(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	ended, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ended.Done()
	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	for _, c := range []struct {
		ctx    context.Context
		path   string
		body   string
		status int
		want   string
	}{
		{context.Background(), "/api/next", `{"game":"classic"}` + strings.Repeat(" ", maxBody), 413, `{"error":"body: longer than 1048576 bytes"}`},
		{context.Background(), "/api/games", `{}`, 400, `{"error":"body: /api/games takes no body"}`},
		{context.Background(), "/api/" + strings.Repeat("x", 1000), ``, 404, `{"error":"no such endpoint: /api/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."}`},
		{ended, "/api/next", `{"game":"classic"}`, 400, `{"error":"game: too large for the API: no answer within the deadline"}`},
		{cancelled, "/api/candidates", `{"game":"classic"}`, 503, `{"error":"request cancelled"}`},
	} {
		status, answer := a.Do(c.ctx, c.path, []byte(c.body))
		if status != c.status || strings.TrimSpace(string(answer)) != c.want {
			t.Errorf("Do(%.40s, %.40s) = %d %s, want %d %s", c.path, c.body, status, answer, c.status, c.want)
		}
	}
}
