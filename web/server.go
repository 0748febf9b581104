//go:build !js

// The HTTP transport of the API, and the page: not in the WebAssembly
// build, which answers through API.Do alone (net/http would add 0.5 MB
// gzipped to it).

package web

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"runtime/debug"
	"strings"
)

//go:embed static
var static embed.FS

// handler serves the page and the API.
type handler struct {
	*API
	mux *http.ServeMux
}

// New returns the handler of the page and the API: the API's answers over
// HTTP. (cmd/internal/server runs it as "mastermind serve" does, with the
// health endpoints.)
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
