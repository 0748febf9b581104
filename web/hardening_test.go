package web

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// A value of the input quoted in a message is cut to a few dozen bytes,
// whatever its length (issue 30 item 3).
func TestNoEcho(t *testing.T) {
	srv := newTestServer(t, Options{})
	long := strings.Repeat("x", 1<<20-100)
	digits := strings.Repeat("9", 1<<20-100)
	for _, c := range []struct{ path, body string }{
		{"/api/next", `{"game":"classic","strategy":"` + long + `"}`},
		{"/api/next", `{"game":"` + long + `"}`},
		{"/api/next", `{"game":"classic","` + long + `":1}`},
		{"/api/next", `{"game":{"positions":4,"colors":6,"` + long + `":1}}`},
		{"/api/candidates", `{"game":"classic","limit":` + digits + `}`},
		{"/api/candidates", `{"game":"classic","limit":"` + long + `"}`},
		{"/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":` + digits + `.5,"white":0}]}`},
		{"/api/next", `{"game":"classic","history":[{"guess":[0,0,1,` + digits + `],"black":0,"white":0}]}`},
		{"/api/daily", `{"game":"classic","date":"` + long + `"}`},
		{"/api/" + strings.Repeat("y", 60000), `{}`},
	} {
		resp, err := srv.Client().Post(srv.URL+c.path, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode/100 != 4 || len(data) > 300 {
			t.Errorf("POST %.40s %.60s...: %d, %d bytes: %.400s", c.path, c.body, resp.StatusCode, len(data), data)
		}
	}
}

// Keys are matched exactly, and a key given twice is refused, naming the
// key (issue 30 item 7).
func TestExactKeys(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, c := range []struct{ path, body, msg string }{
		{"/api/next", `{"game":"classic","Game":"bulls"}`, `body: unknown field "Game"`},
		{"/api/next", `{"GAME":"bulls"}`, `body: unknown field "GAME"`},
		{"/api/next", `{"game":"classic","game":"bulls"}`, `body: field "game" given twice`},
		{"/api/next", `{"game":"classic","History":[]}`, `body: unknown field "History"`},
		{"/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":1,"white":0,"black":2}]}`, `history[0]: want {"guess":[...],"black":B,"white":W}: field "black" given twice`},
		{"/api/next", `{"game":"classic","history":[{"guess":[0,0,1,1],"Black":1,"white":0}]}`, `history[0]: want {"guess":[...],"black":B,"white":W}: unknown field "Black"`},
		{"/api/next", `{"game":{"positions":4,"colors":6,"Colors":8}}`, `unknown field "Colors"`},
		{"/api/next", `{"game":{"positions":4,"colors":6,"positions":5}}`, `field "positions" given twice`},
		{"/api/score", `{"game":"classic","secret":[0,0,0,0],"guess":[0,0,0,0],"guess":[1,1,1,1]}`, `body: field "guess" given twice`},
		{"/api/candidates", `{"game":"classic","limit":1,"LIMIT":2}`, `body: unknown field "LIMIT"`},
	} {
		status, v := post(t, srv, c.path, c.body)
		if msg, _ := v["error"].(string); status != 400 || !strings.Contains(msg, c.msg) {
			t.Errorf("POST %s %s = %d %v, want 400 %q", c.path, c.body, status, v, c.msg)
		}
	}
}

// syncBuffer is a log's buffer that the server and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A body that is not read whole (the client stops sending, or sends too
// slowly) is answered in the API's words, without socket details, and not
// logged; a bug (a panic) is answered 500 "internal error" and logged with
// its stack, at most once a second (issue 30 item 8).
func TestBodyUnread(t *testing.T) {
	var logged syncBuffer
	h := New(Options{Log: log.New(&logged, "", 0)}).(*handler)
	stopped := time.Now()
	h.now = func() time.Time { return stopped } // the panics come within a second, however slowly
	h.endpoints["/api/panic"] = endpoint{keys: "game", compute: func(context.Context, *request) (any, error) { panic("boom") }, slot: true}
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()
	// send writes a request whose body is 1000 bytes long but of which
	// only the start comes, then closes its side (or waits), and returns
	// the answer.
	send := func(closeWrite bool) (int, string) {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST /api/next HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"game\":\"classic\",")
		if closeWrite {
			conn.(*net.TCPConn).CloseWrite()
		}
		conn.SetReadDeadline(time.Now().Add(time.Minute)) // generous: the server answers at its 300 ms read timeout
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("reading the answer: %v", err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}
	for _, closeWrite := range []bool{true, false} {
		status, answer := send(closeWrite)
		if status != 400 || !strings.Contains(answer, `"body: not read whole`) || strings.Contains(answer, "127.0.0.1") || strings.Contains(answer, "EOF") || strings.Contains(answer, "timeout") {
			t.Errorf("a body cut short (closed %v): %d %s", closeWrite, status, answer)
		}
	}
	if s := logged.String(); s != "" {
		t.Errorf("a client's fault was logged: %q", s)
	}
	for range 3 {
		status, v := post(t, srv, "/api/panic", `{"game":"classic"}`)
		if status != 500 || v["error"] != "internal error" {
			t.Errorf("a panic: %d %v, want 500 internal error", status, v)
		}
	}
	if s := logged.String(); strings.Count(s, "panic: boom") != 1 || !strings.Contains(s, "goroutine") || !strings.Contains(s, "hardening_test.go") {
		t.Errorf("three panics in a second logged as %q, want one line with its stack", s)
	}
}

// A request within the API's limits that the engine cannot serve (a
// strategy that needs more guesses than the engine plays) is a 400 naming
// the field, and nothing is logged; an error of no known kind is a bug: 500
// "internal error", its own words in the log only (issue 51 item 5, issue
// 53 item 8).
func TestEngineLimits(t *testing.T) {
	var logged syncBuffer
	h := New(Options{Log: log.New(&logged, "", 0)}).(*handler)
	h.endpoints["/api/unexpected"] = endpoint{keys: "game", compute: func(context.Context, *request) (any, error) {
		return nil, fmt.Errorf("a fault with a path /home/x")
	}, slot: true}
	srv := httptest.NewServer(h)
	defer srv.Close()
	// First guesses 00, 11, 22, ...: secret 99 98 needs more than 100.
	for _, c := range []struct{ path, body, msg string }{
		{"/api/eval", `{"game":{"positions":2,"colors":100},"strategy":"first"}`, "strategy: first needs more than 100 guesses for some secret of this game"},
		{"/api/eval", `{"game":{"positions":2,"colors":100},"strategy":"first","tree":"dot"}`, "strategy: first needs more than 100 guesses"},
		{"/api/review", `{"game":{"positions":2,"colors":100},"strategy":"first","secret":[99,98],"guesses":[[0,0]]}`, "strategy: first needs more than 100 guesses for this secret"},
	} {
		status, v := post(t, srv, c.path, c.body)
		if msg, _ := v["error"].(string); status != 400 || !strings.HasPrefix(msg, c.msg) {
			t.Errorf("POST %s %s = %d %v, want 400 %q", c.path, c.body, status, v, c.msg)
		}
	}
	if s := logged.String(); s != "" {
		t.Errorf("the engine's limits were logged: %q", s)
	}
	status, v := post(t, srv, "/api/unexpected", `{"game":"classic"}`)
	if status != 500 || v["error"] != "internal error" {
		t.Errorf("an unexpected error: %d %v, want 500 internal error", status, v)
	}
	if s := logged.String(); !strings.Contains(s, "unexpected error: a fault with a path /home/x") {
		t.Errorf("an unexpected error logged as %q", s)
	}
}
