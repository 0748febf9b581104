package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// A flood of explains that take seconds of CPU each although their game
// is small (13 positions of 2 colours, 8192 codes: entropy scores 4096
// guesses against every code) leaves the cheap slots to cheap requests
// (issue 51 item 4): while ten clients loop on it, five classic /api/next
// answer before any of the flood is answered (they did not wait behind
// it). No clock is read: the order of the events shows it. (Before, the
// explains held every cheap slot, and a classic request waited for one to
// end: 7.7-10.3 s on a quiet machine.)
func TestExplainFlood(t *testing.T) {
	testkit.Long(t) // seconds of CPU
	h := New(Options{Timeout: time.Hour, Slots: 2, Log: log.New(io.Discard, "", 0)}).(*handler)
	srv := httptest.NewServer(h)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel() // the flood ends: its computations stop
	var answered atomic.Int32
	for range 10 {
		wg.Go(func() {
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/explain", strings.NewReader(`{"game":{"positions":13,"colors":2},"strategy":"entropy"}`))
				resp, err := srv.Client().Do(req)
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if ctx.Err() == nil {
					answered.Add(1)
				}
			}
		})
	}
	// The flood holds its slots: the costly ones, or (before) the cheap.
	for len(h.costly) < cap(h.costly) && len(h.cheap) < cap(h.cheap) {
		time.Sleep(5 * time.Millisecond)
	}
	for i := range 5 {
		status, v := post(t, srv, "/api/next", fmt.Sprintf(`{"game":"classic","strategy":"entropy","history":[{"guess":[0,0,1,1],"black":%d,"white":%d}]}`, i%3, i/3))
		if status != 200 {
			t.Errorf("a classic /api/next during the flood: %d %v", status, v)
		}
		if n := answered.Load(); n > 0 {
			t.Fatalf("classic /api/next %d answered after %d explains of the flood: it waited behind them", i+1, n)
		}
	}
}

// /api/explain's answers are kept as /api/next's are, and the strategy's
// guess it computes is /api/next's answer (issue 51 item 4): asked again
// while every computing slot is taken, both answer at once (before, explain
// computed again: 503 when no slot freed).
func TestExplainKept(t *testing.T) {
	a := NewAPI(Options{Timeout: 200 * time.Millisecond, Log: log.New(io.Discard, "", 0)})
	const history = `[{"guess":[0,0,1,1],"black":1,"white":0}]`
	explain := `{"game":"classic","strategy":"minimax","history":` + history + `}`
	status, first := a.Do(context.Background(), "/api/explain", []byte(explain))
	if status != 200 {
		t.Fatalf("explain: %d %s", status, first)
	}
	for _, slots := range []chan struct{}{a.cheap, a.costly, a.large} {
		for range cap(slots) {
			slots <- struct{}{}
		}
	}
	if status, again := a.Do(context.Background(), "/api/explain", []byte(explain)); status != 200 || string(again) != string(first) {
		t.Errorf("the same explain, every slot taken: %d %s, want 200 %s", status, again, first)
	}
	status, next := a.Do(context.Background(), "/api/next", []byte(`{"game":"classic","strategy":"minimax","history":`+history+`}`))
	if want := `{"guess":[0,2,3,3],"remaining":256}` + "\n"; status != 200 || string(next) != want { // Knuth's second guess
		t.Errorf("/api/next after the explain, every slot taken: %d %s, want 200 %s", status, next, want)
	}
	if status, other := a.Do(context.Background(), "/api/next", []byte(`{"game":"classic","strategy":"entropy","history":`+history+`}`)); status != 503 {
		t.Errorf("an /api/next not kept, every slot taken: %d %s, want 503 (the test shows nothing)", status, other)
	}
}

// A computation that tells more work than a cheap slot's leaves it for a
// costly one, and one that waits for it until its deadline is busy (503),
// not too large; a cheap one stays on its slot.
func TestSpend(t *testing.T) {
	a := NewAPI(Options{Timeout: time.Hour, Log: log.New(io.Discard, "", 0)})
	for range cap(a.costly) {
		a.costly <- struct{}{}
	}
	// The request ends while it waits for a costly slot: cancelled once it
	// waits (so that no machine's speed matters). Before, it could end as
	// "too large" when it stopped waiting just as it ended.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for a.moving.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	status, v := a.Do(ctx, "/api/explain", []byte(`{"game":{"positions":13,"colors":2},"strategy":"entropy"}`))
	if want := `{"error":"the server is busy: try again in a moment"}` + "\n"; status != 503 || string(v) != want {
		t.Errorf("an expensive explain, the costly slots taken: %d %s, want 503 %s", status, v, want)
	}
	if n := len(a.cheap); n != 0 {
		t.Errorf("%d cheap slots still taken", n)
	}
	status, v = a.Do(context.Background(), "/api/explain", []byte(`{"game":{"positions":8,"colors":2},"strategy":"entropy"}`))
	if status != 200 {
		t.Errorf("a cheap explain (8 positions of 2 colours), the costly slots taken: %d %s", status, v)
	}
}

// An unknown strategy is refused by the table of strategies' one message
// (choose.Check), and "" is auto, as choose has it.
func TestStrategyNames(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	const history = `"history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`
	_, auto := a.Do(context.Background(), "/api/next", []byte(`{"game":"classic","strategy":"auto",`+history))
	if status, empty := a.Do(context.Background(), "/api/next", []byte(`{"game":"classic","strategy":"",`+history)); status != 200 || string(empty) != string(auto) {
		t.Errorf(`strategy "": %d %s, want auto's %s`, status, empty, auto)
	}
	status, v := a.Do(context.Background(), "/api/next", []byte(`{"game":"classic","strategy":"Knuth",`+history))
	want, _ := json.Marshal(map[string]string{"error": choose.Check("Knuth").Error()})
	if status != 400 || strings.TrimSpace(string(v)) != string(want) {
		t.Errorf("strategy Knuth: %d %s, want 400 %s", status, v, want)
	}
}
