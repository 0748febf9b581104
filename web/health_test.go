package web

import (
	"context"
	"io"
	"log"
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
	srv := httptest.NewServer(New(Options{Log: log.New(io.Discard, "", 0)}))
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

// The health endpoints are never queued: while every computing and
// reading slot of the API is taken, so that an /api/next waits, both
// answer 200.
func TestHealthNotQueued(t *testing.T) {
	h := New(Options{Timeout: time.Hour, Log: log.New(io.Discard, "", 0)}).(*handler)
	for _, slots := range []chan struct{}{h.cheap, h.costly, h.large, h.reading} {
		for len(slots) < cap(slots) {
			slots <- struct{}{}
		}
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	waiting := make(chan int, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/next", strings.NewReader(`{"game":"classic","history":[]}`))
		resp, err := srv.Client().Do(req)
		if err != nil {
			waiting <- 0
			return
		}
		resp.Body.Close()
		waiting <- resp.StatusCode
	}()
	defer func() { <-waiting }()
	defer cancel()
	for _, path := range []string{"/healthz", "/readyz"} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("GET %s with every slot taken = %d, want 200", path, resp.StatusCode)
		}
	}
	select {
	case s := <-waiting:
		waiting <- s
		t.Fatalf("/api/next answered %d with every slot taken: the test shows nothing", s)
	default:
	}
}

// Once the server's Shutdown has started, /readyz answers 503 (a load
// balancer sends no more requests) and /healthz still 200 (the process
// answers: it is not to be killed).
func TestReadyzStops(t *testing.T) {
	h := New(Options{Log: log.New(io.Discard, "", 0)})
	srv := NewServer("127.0.0.1:0", h)
	get := func(path string) (int, string) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		return w.Code, strings.TrimSpace(w.Body.String())
	}
	if s, v := get("/readyz"); s != 200 || v != `{"status":"ready"}` {
		t.Fatalf("GET /readyz before Shutdown = %d %s, want 200", s, v)
	}
	if err := srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Shutdown tells the handler in a goroutine of its own: wait for it
	// (a minute is far more than it takes on any machine).
	for end := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
		s, v := get("/readyz")
		if s == 503 && v == `{"status":"stopping"}` {
			break
		}
		if s != 200 || time.Now().After(end) {
			t.Fatalf("GET /readyz after Shutdown = %d %s, want 503 {\"status\":\"stopping\"}", s, v)
		}
	}
	if s, v := get("/healthz"); s != 200 || v != `{"status":"ok"}` {
		t.Errorf("GET /healthz after Shutdown = %d %s, want 200", s, v)
	}
}
