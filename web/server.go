//go:build !js

// The HTTP transport of the API, and the page: not in the WebAssembly
// build, which answers through API.Do alone (net/http would add 0.5 MB
// gzipped to it).

package web

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"
)

//go:embed static
var static embed.FS

// handler serves the page, the API and the health endpoints.
type handler struct {
	*API
	mux    *http.ServeMux
	health health
}

// New returns the handler of the page and the API: the API's answers over
// HTTP, and the health endpoints GET /healthz and /readyz, answered ahead
// of the API's queue. Its /readyz answers 503 once Shutdown has started.
func New(o Options) http.Handler {
	h := &handler{API: NewAPI(o), mux: http.NewServeMux()}
	h.mux.HandleFunc("/api/", h.serveAPI)
	h.mux.Handle("/", assets())
	return h
}

// ServeHTTP sets the security headers of every answer and turns a panic
// into a 500 "internal error", logged with its stack.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	h.health.begin()
	defer h.health.end()
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			h.panicked(p, debug.Stack())
			status, answer := h.failure(errInternal)
			write(w, status, answer)
		}
	}()
	if h.health.serve(w, r) {
		return
	}
	h.mux.ServeHTTP(w, r)
}

// serveAPI answers a request under /api/: its body, of at most maxBody
// bytes, goes to the API. The endpoints take POST with a JSON body, and
// /api/games GET.
func (h *handler) serveAPI(w http.ResponseWriter, r *http.Request) {
	known, get := h.takes(r.URL.Path)
	switch {
	case known && get && r.Method != http.MethodGet && r.Method != http.MethodHead:
		w.Header().Set("Allow", "GET, HEAD")
		write(w, http.StatusMethodNotAllowed, errorAnswer(fmt.Sprintf("%s takes GET, not %s", r.URL.Path, r.Method)))
		return
	case known && !get && r.Method != http.MethodPost:
		w.Header().Set("Allow", http.MethodPost)
		write(w, http.StatusMethodNotAllowed, errorAnswer(fmt.Sprintf("%s takes POST with a JSON body, not %s", r.URL.Path, r.Method)))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooLong *http.MaxBytesError
	var status int
	var answer []byte
	switch {
	case errors.As(err, &tooLong):
		status, answer = h.failure(errTooLong)
	case err != nil:
		status, answer = h.failure(errUnread)
	default:
		status, answer = h.Do(r.Context(), r.URL.Path, body)
	}
	write(w, status, answer)
}

// write writes an answer of the API.
func write(w http.ResponseWriter, status int, answer []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	w.WriteHeader(status)
	w.Write(answer)
}

// assets serves the page and its files from the embedded static folder:
// GET and HEAD only, no directory listings.
func assets() http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err)
	}
	files := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if r.URL.Path != "/" && strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// NewServer returns an HTTP server for h on addr with timeouts that
// suit the API: a slow client cannot hold a connection for long. Stop it
// with Shutdown.
func NewServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}

// Shutdown stops srv, serving on ln, gracefully: ln accepts no more
// connections, and once no request is in flight srv's Shutdown closes
// the connections as they go idle. Until then the connections open still
// have their requests answered, and when srv serves New's handler, its
// /readyz answers 503: a load balancer holding a connection open learns
// that the server stops. (http.Server's Shutdown alone reads no request
// on them, and runs its hooks after it closed the listeners.) When ctx
// ends first, Shutdown returns ctx's error, and the connections still
// open are for the caller to close (srv.Close).
func Shutdown(ctx context.Context, srv *http.Server, ln net.Listener) error {
	if h, ok := srv.Handler.(*handler); ok {
		idle := h.health.stop()
		ln.Close()
		select {
		case <-idle:
		case <-ctx.Done():
		}
	}
	err := srv.Shutdown(ctx)
	if errors.Is(err, net.ErrClosed) { // ln, closed above
		err = nil
	}
	return err
}
