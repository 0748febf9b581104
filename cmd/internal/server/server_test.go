package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The health endpoints answer as docs/protocols.md says: GET (and HEAD)
// /healthz 200 {"status":"ok"}, /readyz 200 {"status":"ready"}, JSON, not
// kept in caches; another method 405 naming GET.
func TestHealth(t *testing.T) {
	srv := httptest.NewServer(New("", http.NotFoundHandler()).Handler)
	defer srv.Close()
	for _, tt := range []struct {
		method, path string
		status       int
		body         string
	}{
		{"GET", "/healthz", 200, `{"status":"ok"}`},
		{"GET", "/readyz", 200, `{"status":"ready"}`},
		{"GET", "/readyz?probe=1", 200, `{"status":"ready"}`},
		{"HEAD", "/healthz", 200, ``},
		{"HEAD", "/readyz", 200, ``},
		{"POST", "/healthz", 405, `{"error":"/healthz takes GET, not POST"}`},
		{"DELETE", "/readyz", 405, `{"error":"/readyz takes GET, not DELETE"}`},
		{"GET", "/healthz/", 404, "404 page not found"},
	} {
		req, _ := http.NewRequest(tt.method, srv.URL+tt.path, nil)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || strings.TrimSpace(string(body)) != tt.body {
			t.Errorf("%s %s = %d %q, want %d %q", tt.method, tt.path, resp.StatusCode, body, tt.status, tt.body)
		}
		if tt.status == 405 && resp.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s %s: Allow %q, want \"GET, HEAD\"", tt.method, tt.path, resp.Header.Get("Allow"))
		}
		if tt.status != 404 && (resp.Header.Get("Content-Type") != "application/json" || resp.Header.Get("Cache-Control") != "no-store") {
			t.Errorf("%s %s: Content-Type %q, Cache-Control %q", tt.method, tt.path, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"))
		}
	}
}

// The health endpoints are never queued: while the handler is busy with a
// request that waits, both answer 200.
func TestHealthNotQueued(t *testing.T) {
	h, release := waiting()
	srv := httptest.NewServer(New("", h).Handler)
	defer srv.Close()
	done := make(chan struct{})
	go func() {
		defer close(done)
		if resp, err := srv.Client().Get(srv.URL + "/wait"); err == nil {
			resp.Body.Close()
		}
	}()
	<-release.entered
	for _, path := range []string{"/healthz", "/readyz"} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s while the handler waits = %d, want 200", path, resp.StatusCode)
		}
	}
	close(release.go_)
	<-done
}

// gate is a request of a waiting handler: entered is told when it comes,
// and it is answered once go_ is closed.
type gate struct{ entered, go_ chan struct{} }

// waiting returns a handler that answers GET /wait once the gate opens,
// and any other request at once with its path.
func waiting() (http.Handler, gate) {
	g := gate{make(chan struct{}, 1), make(chan struct{})}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/wait" {
			g.entered <- struct{}{}
			<-g.go_
		}
		fmt.Fprint(w, r.URL.Path)
	}), g
}

// Drain: the listener accepts no more connections; while a request is in
// flight, a connection already open still has its requests answered,
// /readyz 503 (a load balancer holding it learns that the server stops),
// /healthz 200 (the process answers: it is not to be killed), the handler
// as ever; once no request is in flight, Drain returns and the connection
// is closed. (Before, http.Server's Shutdown alone answered nothing on
// it: the connection was closed at its next request.)
func TestDrain(t *testing.T) {
	h, release := waiting()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := New("", h)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	r := bufio.NewReader(conn)
	do := func(method, path, body string) (int, string) {
		t.Helper()
		fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: test\r\nContent-Length: %d\r\n\r\n%s", method, path, len(body), body)
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, strings.TrimSpace(string(data))
	}
	if s, v := do("GET", "/readyz", ""); s != 200 || v != `{"status":"ready"}` {
		t.Fatalf("GET /readyz before Drain = %d %s, want 200", s, v)
	}

	inFlight := make(chan error, 1)
	go func() { // a request in flight, on a connection of its own
		resp, err := http.Get("http://" + ln.Addr().String() + "/wait")
		if err == nil {
			resp.Body.Close()
		}
		inFlight <- err
	}()
	<-release.entered
	stopped := make(chan error, 1)
	go func() { stopped <- srv.Drain(context.Background(), ln) }()
	for end := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(end) {
			t.Fatal("the listener still accepts a minute after Drain")
		}
	}
	for _, tt := range []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"GET", "/readyz", "", 503, `{"status":"stopping"}`},
		{"GET", "/healthz", "", 200, `{"status":"ok"}`},
		{"POST", "/score", `{}`, 200, `/score`},
	} {
		if s, v := do(tt.method, tt.path, tt.body); s != tt.status || v != tt.want {
			t.Errorf("%s %s once Drain began = %d %s, want %d %s", tt.method, tt.path, s, v, tt.status, tt.want)
		}
	}
	select {
	case err := <-stopped:
		t.Fatalf("Drain returned %v with a request in flight", err)
	default:
	}
	close(release.go_)
	if err := <-inFlight; err != nil {
		t.Errorf("the request in flight: %v", err)
	}
	if err := <-stopped; err != nil {
		t.Errorf("Drain = %v, want nil", err)
	}
	if err := <-served; !errors.Is(err, net.ErrClosed) && !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve = %v", err)
	}
	if _, err := r.ReadByte(); err == nil {
		t.Error("the connection is still open after Drain")
	}
}

// A request that comes on a connection open once the server stopped with
// none in flight (Drain has not yet closed the connections): the
// server's state counts it, and the stop goes on. (end closed the idle
// channel a second time: a panic.)
func TestHealthStopThenRequest(t *testing.T) {
	var s health
	idle := s.stop()
	select {
	case <-idle:
	default:
		t.Fatal("stop with no request in flight: not idle")
	}
	s.begin()
	s.end()
	s.begin()
	if again := s.stop(); again != idle {
		t.Error("a second stop returned another channel")
	}
	s.end()
}
