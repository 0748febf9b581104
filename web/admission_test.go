package web

import (
	"context"
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

	"github.com/mastermind-go/mastermind/internal/cputime"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// contradiction returns a classic history of n answers whose last
// contradicts the others: the search for the smallest conflicting set
// looks at all of them.
func contradiction(n int) string {
	var b strings.Builder
	b.WriteString(`{"game":"classic","history":[`)
	for i := range n - 1 {
		fmt.Fprintf(&b, `{"guess":[%d,%d,%d,%d],"black":0,"white":0},`, i%5+1, (i+1)%5+1, (i+2)%5+1, (i+3)%5+1)
	}
	b.WriteString(`{"guess":[0,0,0,0],"black":0,"white":0}]}`)
	return b.String()
}

// hostile returns expensive requests: a classic history of 23,000 answers
// whose last contradicts the others (920 KB), heuristics on super and 6x6
// after one answer (drawn from seed, so that no two are alike and none is
// recalled), and a game of 10^6 codes.
func hostile(seed int) []struct{ path, body string } {
	one := func(game string, g, s []int, strategy string) string {
		b, w := refScore(s, g)
		return fmt.Sprintf(`{"game":%s,"strategy":%q,"history":[{"guess":%s,"black":%d,"white":%d}]}`, game, strategy, strings.Join(strings.Fields(fmt.Sprint(g)), ","), b, w)
	}
	digits := func(n, k, x int) []int {
		c := make([]int, n)
		for i := range c {
			c[i] = x % k
			x /= k
		}
		return c
	}
	return []struct{ path, body string }{
		{"/api/next", contradiction(23000)},
		{"/api/next", one(`{"positions":6,"colors":6}`, digits(6, 6, 7*seed+11), digits(6, 6, 31*seed+5), "entropy")},
		{"/api/next", one(`"super"`, digits(5, 8, 13*seed+3), digits(5, 8, 17*seed+1000), "minimax")},
		{"/api/next", one(`"super"`, digits(5, 8, 19*seed+7), digits(5, 8, 23*seed+2000), "entropy")},
		{"/api/next", one(`{"positions":6,"colors":10}`, digits(6, 10, 29*seed), digits(6, 10, 37*seed+12345), "auto")},
	}
}

// A cheap request is never queued behind expensive ones (issue 30 item
// 1): while more expensive requests wait and run than there are computing
// slots, and every slot for them is taken, a classic /api/next answers
// before the expensive ones are: it did not wait behind them (the slots
// are taken in turn, first come first served). (Before the conflict search became near-linear, histories
// of 10,000 contradictory answers held every small game's slot: a classic
// /api/next among 4 of them on 2 slots was 503 after 6 s.) No clock is
// read: the order of the events shows it, on a loaded machine too.
func TestCheapNotQueued(t *testing.T) {
	testkit.Long(t) // seconds of CPU
	h := New(Options{Timeout: time.Hour, Slots: 2, Log: log.New(io.Discard, "", 0)}).(*handler)
	srv := httptest.NewServer(h)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var expensive []struct{ path, body string }
	for i := range 6 {
		expensive = append(expensive, hostile(i)...)
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()          // the expensive requests end: their computations stop
	var costly atomic.Int32 // expensive requests for the costly slots not yet answered
	for i, e := range expensive {
		onCostly := i%5 != 4 // hostile's last is a large game
		if onCostly {
			costly.Add(1)
		}
		wg.Go(func() {
			if onCostly {
				defer costly.Add(-1)
			}
			req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+e.path, strings.NewReader(e.body))
			if resp, err := srv.Client().Do(req); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	}
	full := func() bool { return len(h.costly) == cap(h.costly) && len(h.large) == cap(h.large) }
	for !full() { // the expensive requests are read and take their slots
		time.Sleep(5 * time.Millisecond)
	}
	for i := range 5 {
		status, v := post(t, srv, "/api/next", fmt.Sprintf(`{"game":"classic","strategy":"entropy","history":[{"guess":[0,0,1,1],"black":%d,"white":0}]}`, i%3))
		if status != 200 {
			t.Errorf("a classic /api/next among the expensive requests: %d %v", status, v)
		}
		if costly.Load() == 0 {
			t.Fatalf("the expensive requests were all answered before cheap request %d: the test shows nothing", i+1)
		}
	}
}

// Every computation stops at its request's deadline (issue 30 item 1):
// expensive requests answer at their deadline (within a generous bound,
// for a loaded machine), and once the last has answered their
// computations stop: the slots are free again after little CPU time (the
// old conflict search went on for 40 s of CPU; internal/webload measures
// the second the issue asks).
func TestDeadlineFreesSlots(t *testing.T) {
	testkit.Long(t) // seconds of CPU
	const timeout, bound, cpu = 500 * time.Millisecond, time.Minute, 5 * time.Second
	h := New(Options{Timeout: timeout, Log: log.New(io.Discard, "", 0)}).(*handler)
	srv := httptest.NewServer(h)
	defer srv.Close()
	var wg sync.WaitGroup
	for i, e := range append(hostile(1), hostile(2)...) {
		wg.Go(func() {
			start := time.Now()
			resp, err := srv.Client().Post(srv.URL+e.path, "application/json", strings.NewReader(e.body))
			if err != nil {
				t.Errorf("expensive request %d: %v", i, err)
				return
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if took := time.Since(start); took > timeout+bound {
				t.Errorf("expensive request %d (%.40s...): %d %s after %v, long after its deadline of %v", i, e.body, resp.StatusCode, data, took, timeout)
			}
		})
	}
	wg.Wait()
	for start := cputime.Process(); len(h.cheap)+len(h.costly)+len(h.large) > 0; time.Sleep(10 * time.Millisecond) {
		if used := cputime.Process() - start; used > cpu {
			t.Fatalf("%v of CPU after the last answer, %d cheap, %d costly and %d large slots are still taken", used, len(h.cheap), len(h.costly), len(h.large))
		}
	}
}
