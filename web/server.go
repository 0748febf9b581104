// Package web serves the page of "mastermind serve" and its JSON API: the
// computer guesses a person's code, a person guesses the computer's, or the
// engine assists with a game played elsewhere.
//
// The API is stateless: every request carries the game and the whole history
// (see docs/web-api.md, or PROTOCOLS.md "mastermind serve").
//
//	POST /api/score       {"game":G,"secret":[...],"guess":[...]}
//	POST /api/next        {"game":G,"strategy":"auto","history":H}
//	POST /api/candidates  {"game":G,"history":H,"limit":L}
//	GET  /api/games       the presets and strategies, for the page's menus
//
// Bad input is 400 with {"error":"..."} naming the field, a body over MaxBody
// 413, a wrong method 405; a request answers within its deadline (Timeout)
// or says (400) that the game is too large. Computations run on a bounded
// number of slots, so that a burst of requests cannot exhaust memory.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/mastermind-go/mastermind"
)

//go:embed static
var static embed.FS

// Options configure the handler. The zero value is the default.
type Options struct {
	// Timeout is the deadline of each API request: 10 s when zero.
	Timeout time.Duration
	// Slots is how many computations on small games (up to 10,000 codes,
	// such as classic, bulls and digits) run at once: 4 per processor when
	// zero. Games of up to 100,000 codes (super) run on half as many slots
	// as there are processors, so that they leave room for the small ones,
	// and one larger game runs at a time, so that their spaces (tens of MB
	// each) cannot exhaust memory.
	Slots int
	// Log receives panics and unexpected errors: log.Default() when nil.
	Log *log.Logger
}

// handler serves the page and the API.
type handler struct {
	timeout              time.Duration
	small, medium, large chan struct{} // computing slots
	log                  *log.Logger
	mux                  *http.ServeMux
}

// New returns the handler of the page and the API.
func New(o Options) http.Handler {
	h := &handler{timeout: o.Timeout, log: o.Log, mux: http.NewServeMux()}
	if h.timeout <= 0 {
		h.timeout = 10 * time.Second
	}
	if o.Slots <= 0 {
		o.Slots = 4 * runtime.GOMAXPROCS(0)
	}
	if h.log == nil {
		h.log = log.Default()
	}
	h.small = make(chan struct{}, o.Slots)
	h.medium = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2))
	h.large = make(chan struct{}, 1)
	h.mux.Handle("/api/score", h.api(fields{secret: true, guess: true}, nil, nil))
	h.mux.Handle("/api/next", h.api(fields{strategy: true, history: true}, next, newCache()))
	h.mux.Handle("/api/candidates", h.api(fields{history: true, limit: true}, candidates, nil))
	h.mux.Handle("/api/games", h.games())
	h.mux.Handle("/api/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.URL.Path)
	}))
	h.mux.Handle("/", assets())
	return h
}

// ServeHTTP sets the security headers of every answer and turns a panic
// into a 400 answer: the last line of defence, never a 500.
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
			h.log.Printf("panic serving %s %s: %v\n%s", r.Method, r.URL.Path, p, debug.Stack())
			writeError(w, http.StatusBadRequest, "the server cannot handle this request")
		}
	}()
	h.mux.ServeHTTP(w, r)
}

// compute computes the answer to a request within ctx.
type compute func(context.Context, *request) (any, error)

// api returns the handler of an endpoint: POST only, a body of at most
// MaxBody bytes with the fields f, and its answer computed by c (scored when
// c is nil) or recalled from answers (when not nil: answers must be small).
func (h *handler) api(f fields, c compute, answers *cache) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes POST with a JSON body, not %s", r.URL.Path, r.Method))
			return
		}
		v, err := h.answer(w, r, f, c, answers)
		if err != nil {
			h.fail(w, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	})
}

// games returns the handler of GET /api/games: its answer is made once.
func (h *handler) games() http.Handler {
	answer := sync.OnceValue(games)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes GET, not %s", r.URL.Path, r.Method))
			return
		}
		writeJSON(w, http.StatusOK, answer())
	})
}

// answer decodes the request r (to w) and computes its answer with c, or recalls
// it from answers. Scoring (c nil) takes any game and no time; the other
// computations run only on the games the API serves, on a computing slot
// within the deadline.
func (h *handler) answer(w http.ResponseWriter, r *http.Request, f fields, c compute, answers *cache) (any, error) {
	req, err := decode(http.MaxBytesReader(w, r.Body, MaxBody), f)
	switch {
	case err != nil:
		return nil, err
	case c == nil:
		return score(req)
	}
	k := key(req)
	if v, ok := answers.get(k); ok {
		return v, nil
	}
	if err := serveable(req); err != nil {
		return nil, err
	}
	v, err := h.run(r.Context(), req, c)
	if err == nil {
		answers.put(k, v)
	}
	return v, err
}

// run computes the answer to req on a computing slot within the deadline.
// The computation stops at the deadline where the engine checks its context;
// the slot stays taken until it has stopped.
func (h *handler) run(ctx context.Context, req *request, c compute) (any, error) {
	ctx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	var slots chan struct{}
	switch n := req.Game.Count(); {
	case n <= smallCodes:
		slots = h.small
	case n <= mediumCodes:
		slots = h.medium
	default:
		slots = h.large
	}
	select {
	case slots <- struct{}{}:
	case <-ctx.Done():
		return nil, errBusy
	}
	type result struct {
		v   any
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() { <-slots }()
		defer func() {
			if p := recover(); p != nil {
				h.log.Printf("panic computing %+v: %v\n%s", req, p, debug.Stack())
				done <- result{err: &mastermind.InputError{Err: errors.New("the server cannot handle this request")}}
			}
		}()
		v, err := c(ctx, req)
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// fail writes err's answer.
func (h *handler) fail(w http.ResponseWriter, err error) {
	status, msg, unexpected := errorStatus(err)
	if unexpected {
		h.log.Printf("unexpected error: %v", err)
	}
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeError(w, status, msg)
}

// writeJSON writes v as the JSON answer.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError writes {"error":msg}.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, struct {
		Error string `json:"error"`
	}{msg})
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

// NewServer returns an HTTP server for handler on addr with timeouts that
// suit the API: a slow client cannot hold a connection for long.
func NewServer(addr string, handler http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}
