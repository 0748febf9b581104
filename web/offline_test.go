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
	if logged.Len() > 0 {
		t.Errorf("offline: logged %q", logged.String())
	}
	offline = false
	if status, answer := a.Do(context.Background(), "/api/tree", body); status != 200 || !strings.Contains(string(answer), `"secrets":32768`) {
		t.Errorf("back online: %d %.200s", status, answer)
	}
}
