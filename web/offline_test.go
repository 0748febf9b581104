package web

import (
	"bytes"
	"context"
	"errors"
	"log"
	"strings"
	"testing"
)

// A tree its loader cannot read (the static site offline, a tree never
// opened) is a 503 that says it needs a connection, without the loader's
// words ("TypeError: Failed to fetch") and without logging an unexpected
// error; once the loader can read it, the same API answers.
func TestTreeOffline(t *testing.T) {
	var logged bytes.Buffer
	offline := true
	a := NewAPI(Options{
		Log: log.New(&logged, "", 0),
		Trees: func(ctx context.Context, name string) ([]byte, error) {
			if offline {
				return nil, errors.New("TypeError: Failed to fetch")
			}
			return embeddedTrees(ctx, name)
		},
	})
	body := []byte(`{"game":"super","path":[]}`)
	status, answer := a.Do(context.Background(), "/api/tree", body)
	if status != 503 || !strings.Contains(string(answer), "the tree of super needs a connection the first time it is opened") || strings.Contains(string(answer), "TypeError") {
		t.Errorf("offline: %d %s", status, answer)
	}
	// optimal under slots, whose tree is read on its first guess: the same.
	next := []byte(`{"game":{"preset":"classic","feedback":"slots"},"strategy":"optimal"}`)
	if status, answer := a.Do(context.Background(), "/api/next", next); status != 503 || !strings.Contains(string(answer), "the tree of classic-slots needs a connection") {
		t.Errorf("offline, optimal under slots: %d %s", status, answer)
	}
	if logged.Len() > 0 {
		t.Errorf("offline: logged %q", logged.String())
	}
	offline = false
	if status, answer := a.Do(context.Background(), "/api/next", next); status != 200 || !strings.Contains(string(answer), `"guess":[0,1,2,3]`) {
		t.Errorf("back online, optimal under slots: %d %s", status, answer)
	}
	if status, answer := a.Do(context.Background(), "/api/tree", body); status != 200 || !strings.Contains(string(answer), `"secrets":32768`) {
		t.Errorf("back online: %d %.200s", status, answer)
	}
}

// While a tree is fetched (its loader waits here until the test lets it
// go), the API answers a request that needs the slot of the mid-sized games
// (super's entropy guess: one at a time on this machine's processors), and
// a second request for the tree waits for the same read: once it comes,
// both answer, the tree read once.
func TestTreeWhileFetched(t *testing.T) {
	release := make(chan struct{})
	fetching := make(chan struct{}, 2)
	loads := 0
	a := NewAPI(Options{
		Trees: func(ctx context.Context, name string) ([]byte, error) {
			loads++
			fetching <- struct{}{}
			<-release
			return embeddedTrees(ctx, name)
		},
	})
	type answer struct {
		status int
		body   string
	}
	trees := make(chan answer, 2)
	for _, body := range []string{`{"game":"super","path":[]}`, `{"game":"super","path":[[1,1]]}`} {
		go func() {
			status, a := a.Do(context.Background(), "/api/tree", []byte(body))
			trees <- answer{status, string(a)}
		}()
	}
	<-fetching
	status, next := a.Do(context.Background(), "/api/next", []byte(`{"game":"super","strategy":"entropy","history":[{"guess":[0,0,1,1,2],"black":1,"white":1}]}`))
	if status != 200 {
		t.Errorf("a super guess while super's tree is fetched: %d %s", status, next)
	}
	close(release)
	for range 2 {
		if r := <-trees; r.status != 200 || !strings.Contains(r.body, `"guess":`) {
			t.Errorf("a tree request: %d %.200s", r.status, r.body)
		}
	}
	if loads != 1 {
		t.Errorf("super's tree was fetched %d times", loads)
	}
}
