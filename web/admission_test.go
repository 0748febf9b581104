package web

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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

// A cheap request is never queued behind expensive ones (issue 30 item
// 1): while more expensive requests run than there are computing slots
// (classic histories of 10,000 answers whose last contradicts the others,
// seconds each), a classic /api/next answers at once. (The load test,
// internal/webload -hostile, runs all kinds of expensive requests.)
func TestCheapNotQueued(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of CPU")
	}
	const slots = 2
	srv := newTestServer(t, Options{Timeout: 6 * time.Second, Slots: slots})
	var expensive []struct{ path, body string }
	for range 2 * slots {
		expensive = append(expensive, struct{ path, body string }{"/api/candidates", contradiction(10000)})
	}
	var running atomic.Int32
	var wg sync.WaitGroup
	for i, e := range expensive {
		running.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer running.Add(-1)
			resp, err := srv.Client().Post(srv.URL+e.path, "application/json", strings.NewReader(e.body))
			if err != nil {
				t.Errorf("expensive request %d: %v", i, err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}()
	}
	time.Sleep(2500 * time.Millisecond) // the expensive requests are read and take their slots
	for i := range 5 {
		start := time.Now()
		status, v := post(t, srv, "/api/next", fmt.Sprintf(`{"game":"classic","strategy":"entropy","history":[{"guess":[0,0,1,1],"black":%d,"white":0}]}`, i%3))
		took := time.Since(start)
		if status != 200 || took > 2*time.Second {
			t.Errorf("a classic /api/next among %d expensive requests: %d %v in %v", running.Load(), status, v, took)
		}
	}
	if running.Load() == 0 {
		t.Errorf("the expensive requests ended before the cheap ones: the test shows nothing")
	}
	wg.Wait()
}
