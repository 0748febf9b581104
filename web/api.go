// Package web serves the page of "mastermind serve" and its JSON API: the
// computer guesses a person's code, a person guesses the computer's, or the
// engine assists with a game played elsewhere. [API] answers the requests
// whatever carries them; [New] is its HTTP handler, with the page.
//
// The API is stateless: every request carries the game and the whole history
// (see docs/web-api.md, and docs/protocols.md "mastermind serve"). A game
// may carry an answer rule ("feedback"): answers are then read (package
// decode) and written (package encode) in its keys.
//
//	POST /api/score       {"game":G,"secret":[...],"guess":[...]}
//	POST /api/next        {"game":G,"strategy":"auto","history":H}
//	POST /api/candidates  {"game":G,"history":H,"limit":L}
//	POST /api/explain     {"game":G,"history":H,"guess":[...],"strategy":S}
//	POST /api/review      {"game":G,"secret":[...],"guesses":[[...],...],"strategy":S}
//	POST /api/tree        {"game":G,"path":[[B,W],...]}
//	POST /api/eval        {"game":G,"strategy":S,"tree":"json"|"dot"}
//	POST /api/answer      {"game":G,"history":H,"guess":[...],"mode":"adversary"|"secret","secret":[...]}
//	POST /api/daily       {"date":"YYYY-MM-DD","game":P}
//	GET  /api/games       the presets, strategies and trees, for the page's menus
//
// Each POST endpoint's keys are listed in its row of the table of
// endpoints (NewAPI), all read by one decoder, strictly (exact keys, none
// twice, nothing after); a test checks this list and docs/web-api.md's
// against them.
//
// Bad input is 400 with {"error":"..."} naming the field, a body over 1 MiB
// 413, a wrong method 405; a request answers within its deadline (Timeout)
// or says (400) that the game is too large. Computations run on a bounded
// number of slots, cheap and expensive apart, so that a burst of requests
// cannot exhaust memory and a cheap request never waits behind expensive
// ones.
package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/web/encode"
)

// Options configure the API and its handler. The zero value is the default.
type Options struct {
	// Timeout is the deadline of each API request: 10 s when zero.
	Timeout time.Duration
	// Slots is how many cheap computations run at once: 4 per processor
	// when zero. A computation is cheap when it scores at most 1,000,000
	// pairs of codes: its game has at most 10,000 codes (classic, bulls,
	// digits), its history's answers times the game's codes are at most
	// 1,000,000 (a classic history of up to 770 answers), and so are the
	// guesses its strategy considers times the codes still possible
	// (entropy on 13 positions of 2 colours, 4096 guesses against 8192
	// codes, is not). Expensive ones run on slots of their own, so that a
	// cheap request never waits behind them: half as many as there are
	// processors for games of up to 100,000 codes (super) and the
	// expensive computations of small games, and one at a time for larger
	// games, whose spaces (tens of MB each) could exhaust memory.
	Slots int
	// Log receives panics and unexpected errors: log.Default() when nil.
	Log *log.Logger
	// Trees reads the optimal trees beyond choose's own (classic and
	// bulls), which /api/tree walks and optimal and auto play: the files
	// embedded in the server when nil (the static site's engine, which
	// carries none, fetches them).
	Trees TreeLoader
}

// A TreeLoader returns the file NAME.json.gz of the tree NAME (one of
// choose.TreeFiles), for the engine of the static site, which fetches it.
type TreeLoader = choose.TreeLoader

// An API answers the JSON API's requests, whatever carries them: the HTTP
// handler of New, or the engine of the static site in the browser. It is
// safe for concurrent use.
type API struct {
	timeout              time.Duration
	cheap, costly, large chan struct{}     // computing slots
	moving               atomic.Int64      // computations waiting to move from a cheap slot to a costly one (spend)
	reading              chan struct{}     // slots to read long bodies
	guesses              *cache            // /api/next's answers: the strategies' guesses
	trees                *choose.TreeStore // the optimal trees, each read once
	log                  *log.Logger
	now                  func() time.Time // the clock of notice (a test stops it)
	endpoints            map[string]endpoint
	logged               struct { // what notice logged
		sync.Mutex
		last time.Time // the time of the last line
		left int       // lines left out since
	}
}

// An endpoint is one path of the API.
type endpoint struct {
	// get is set for an endpoint that takes no body (GET in HTTP); the
	// others take a JSON object (POST) whose keys are those of keys, split
	// at spaces, read by the one decoder (decode); a key marked "?" may be
	// left out.
	get  bool
	keys string
	// compute answers a request.
	compute compute
	// slot is set for a computation that runs only on the games the API
	// serves, on a computing slot within the deadline.
	slot bool
	// answers keeps the latest answers, when not nil (see key).
	answers *cache
	// check refuses, before it runs, a request the API does not compute
	// (serveable when nil).
	check func(*request) error
	// heavy is set for a computation that takes the processors whatever
	// the game's size: it runs on the slot of the large games.
	heavy bool
}

// compute computes the answer to a request within ctx.
type compute func(context.Context, *request) (any, error)

// HTTP statuses of the API's answers (the API itself needs no net/http).
const (
	statusOK                  = 200
	statusBadRequest          = 400
	statusNotFound            = 404
	statusRequestTooLarge     = 413
	statusInternalServerError = 500
	statusServiceUnavailable  = 503
)

// NewAPI returns the API with the options' limits.
func NewAPI(o Options) *API {
	a := &API{timeout: o.Timeout, log: o.Log, now: time.Now, guesses: newCache()}
	if a.timeout <= 0 {
		a.timeout = 10 * time.Second
	}
	if o.Slots <= 0 {
		o.Slots = 4 * runtime.GOMAXPROCS(0)
	}
	if a.log == nil {
		a.log = log.Default()
	}
	a.cheap = make(chan struct{}, o.Slots)
	a.costly = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2))
	a.large = make(chan struct{}, 1)
	a.reading = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2))
	catalogue := sync.OnceValue(games)
	if o.Trees == nil {
		o.Trees = embeddedTrees
	}
	a.trees = choose.NewTreeStore(o.Trees)
	a.endpoints = map[string]endpoint{
		"/api/explain":    {keys: "game history guess? strategy", compute: a.explain, slot: true, check: explainable, answers: newCache()},
		"/api/review":     {keys: "game secret guesses strategy", compute: a.review, slot: true},
		"/api/tree":       {keys: "game path", compute: a.walk},
		"/api/eval":       {keys: "game strategy tree", compute: a.evaluate, slot: true, check: evaluable, heavy: true},
		"/api/score":      {keys: "game secret guess", compute: score},
		"/api/next":       {keys: "game strategy history", compute: a.next, slot: true, answers: a.guesses},
		"/api/candidates": {keys: "game history limit", compute: candidates, slot: true},
		"/api/answer":     {keys: "game history guess mode secret?", compute: answer, slot: true},
		"/api/daily":      {keys: "date game", compute: dailyCode},
		"/api/games":      {get: true, compute: func(context.Context, *request) (any, error) { return catalogue(), nil }},
	}
	return a
}

// Do answers one request to path ("/api/next", ...) with the JSON body; it
// returns the HTTP status and the JSON answer (an {"error": "..."} object
// when the status is not 200). It stops at ctx's deadline and within the
// API's own per-request deadline. GET /api/games takes no body (nil).
func (a *API) Do(ctx context.Context, path string, body []byte) (status int, answer []byte) {
	defer func() {
		if p := recover(); p != nil {
			a.panicked(p, debug.Stack())
			status, answer = a.failure(errInternal)
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, a.timeout) // reading the body counts
	defer cancel()
	v, err := a.answer(ctx, path, body)
	if err != nil {
		return a.failure(err)
	}
	return statusOK, line(v)
}

// answer decodes the request to path and computes its answer, or recalls it.
func (a *API) answer(ctx context.Context, path string, body []byte) (any, error) {
	e, ok := a.endpoints[path]
	switch {
	case !ok:
		return nil, notFound(path)
	case e.get && len(body) > 0:
		return nil, mastermind.Invalid("body", "%s takes no body", path)
	case e.get:
		return e.compute(ctx, nil)
	case len(body) > maxBody:
		return nil, errTooLong
	}
	req, err := a.read(ctx, body, strings.Fields(e.keys))
	if err != nil {
		return nil, err
	}
	v, err := a.compute(ctx, e, req)
	return encode.Of(req.Game.Rule, v), err // the answers in the keys of the game's rule
}

// compute computes the answer to req of endpoint e, or recalls it.
func (a *API) compute(ctx context.Context, e endpoint, req *request) (any, error) {
	if !e.slot {
		return e.compute(ctx, req)
	}
	k, keep := "", false
	if e.answers != nil {
		k, keep = key(req)
	}
	if v, ok := e.answers.get(k); keep && ok {
		return v, nil
	}
	check := e.check
	if check == nil {
		check = serveable
	}
	if err := check(req); err != nil {
		return nil, err
	}
	v, err := a.run(ctx, req, e.compute, e.heavy)
	if err == nil && keep {
		e.answers.put(k, v)
	}
	return v, err
}

// read decodes a request body. A body of more than bigBody bytes (a long
// history, a tenth of a second to read at most) waits for one of the
// reading slots, so that many of them cannot take the processors from
// cheap requests.
func (a *API) read(ctx context.Context, data []byte, keys []string) (*request, error) {
	if len(data) > bigBody {
		select {
		case a.reading <- struct{}{}:
			defer func() { <-a.reading }()
		case <-ctx.Done():
			return nil, errBusy
		}
	}
	return readRequest(ctx, data, keys)
}

// takes returns whether the API answers path, and whether with no body
// (GET in HTTP).
func (a *API) takes(path string) (known, get bool) {
	e, ok := a.endpoints[path]
	return ok, e.get
}

// run computes the answer to req on a computing slot within the deadline
// (its own, when ctx has none): a cheap slot, a costly one or the one for
// large games (see Options.Slots), which a heavy one takes whatever its
// game. A computation starts on a cheap slot when its game is small and
// its history short (the answers times the codes), and moves to a costly
// one when it tells more work (spend). The computation stops at the
// deadline, where the engine checks its context; the slot stays taken until
// it has stopped.
func (a *API) run(ctx context.Context, req *request, c compute, heavy bool) (any, error) {
	ctx, cancel := context.WithTimeout(ctx, a.timeout)
	defer cancel()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	slots := a.costly
	switch n := req.Game.Count(); {
	case n > mediumCodes || heavy:
		slots = a.large
	case n <= smallCodes && n*float64(len(req.History)+len(req.Guesses)+1) <= cheapWork:
		slots = a.cheap
	}
	select {
	case slots <- struct{}{}:
	case <-ctx.Done():
		return nil, errBusy
	}
	st := &seat{api: a, slots: slots}
	ctx = context.WithValue(ctx, seatKey{}, st)
	type result struct {
		v   any
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if st.slots != nil {
				<-st.slots
			}
		}()
		defer func() {
			if p := recover(); p != nil {
				a.panicked(p, debug.Stack())
				done <- result{err: errInternal}
			}
		}()
		v, err := c(ctx, req)
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		if st.waiting.Load() {
			return nil, errBusy
		}
		return nil, ctx.Err()
	}
}

// failure returns the status and answer of err, logging an unexpected one.
func (a *API) failure(err error) (int, []byte) {
	status, msg, unexpected := errorStatus(err)
	if unexpected {
		a.notice("unexpected error: %s", cut(err.Error()))
	}
	return status, errorAnswer(msg)
}

// panicked logs a recovered panic with its stack: a bug.
func (a *API) panicked(p any, stack []byte) {
	a.notice("internal error: panic: %v\n%s", p, stack)
}

// notice logs a line, at most one a second: a client that finds a way to
// make the server log cannot fill the log. The lines left out are counted
// in the next.
func (a *API) notice(format string, args ...any) {
	a.logged.Lock()
	defer a.logged.Unlock()
	if now := a.now(); now.Sub(a.logged.last) < time.Second {
		a.logged.left++
		return
	} else {
		a.logged.last = now
	}
	if a.logged.left > 0 {
		format += fmt.Sprintf(" (and %d more left out)", a.logged.left)
		a.logged.left = 0
	}
	a.log.Printf(format, args...)
}

// Errors of the API beyond bad input.
var (
	// errBusy reports a request that waited for a computing slot until its
	// deadline.
	errBusy = errors.New("the server is busy: try again in a moment")
	// errTooLong reports a body of more than maxBody bytes.
	errTooLong = fmt.Errorf("body: longer than %d bytes", maxBody)
	// errUnread reports a body that could not be read whole: the client
	// closed the connection, or sent it too slowly.
	errUnread = errors.New("body: not read whole: the connection closed or was too slow")
	// errInternal reports a bug: a panic, logged with its stack.
	errInternal = errors.New("internal error")
)

// notFound is the error of a path that is no endpoint.
type notFound string

func (p notFound) Error() string { return "no such endpoint: " + cut(string(p)) }

// errorStatus maps an error to its HTTP status and message: the one place
// where errors become statuses. Bad input is 400, a body too long 413, a
// server too busy or a tree its loader could not read 503 (on the static
// site, a tree never opened, offline: the loader's own words, "TypeError:
// Failed to fetch", say nothing more), a bug (a recovered panic) 500. An error of no known kind is a bug too: 500 "internal error", and
// unexpected reports it (to be logged with its own message).
func errorStatus(err error) (status int, msg string, unexpected bool) {
	var input *mastermind.InputError
	var path notFound
	var unread *choose.UnreadTreeError
	switch {
	case errors.Is(err, errTooLong):
		return statusRequestTooLarge, err.Error(), false
	case errors.Is(err, errUnread):
		return statusBadRequest, err.Error(), false
	case errors.Is(err, errInternal):
		return statusInternalServerError, err.Error(), false
	case errors.As(err, &path):
		return statusNotFound, err.Error(), false
	case errors.As(err, &input):
		return statusBadRequest, err.Error(), false
	case errors.Is(err, errBusy):
		return statusServiceUnavailable, err.Error(), false
	case errors.Is(err, context.DeadlineExceeded):
		return statusBadRequest, "game: too large for the API: no answer within the deadline", false
	case errors.Is(err, context.Canceled):
		return statusServiceUnavailable, "request cancelled", false
	case errors.As(err, &unread):
		return statusServiceUnavailable, "the tree of " + unread.Name + " needs a connection the first time it is opened; then it is kept for offline use", false
	}
	return statusInternalServerError, errInternal.Error(), true
}

// cut returns a value of the input for a message: cut short, control
// characters shown as text (the one rule for quoting input).
func cut(s string) string { return quote.Cut(s, quote.Max) }

// line returns v as a line of JSON.
func line(v any) []byte {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		panic(fmt.Sprintf("encoding an answer: %v", err)) // a bug: answers are plain values
	}
	return b.Bytes()
}

// errorAnswer returns {"error":msg}.
func errorAnswer(msg string) []byte {
	return line(struct {
		Error string `json:"error"`
	}{msg})
}
