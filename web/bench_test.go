package web

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkNext measures one /api/next request through the handler (no
// network): a classic game after two answers, and the first and a later
// guess of super.
func BenchmarkNext(b *testing.B) {
	h := New(Options{Log: log.New(io.Discard, "", 0)})
	for _, c := range []struct{ name, body string }{
		{"classic", `{"game":"classic","history":[{"guess":[0,0,1,2],"black":1,"white":1},{"guess":[0,3,4,4],"black":0,"white":1}]}`},
		{"super-first", `{"game":"super"}`},
		{"super-third", `{"game":"super","history":[{"guess":[0,0,1,2,3],"black":1,"white":1},{"guess":[1,4,5,0,0],"black":0,"white":2}]}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/api/next", strings.NewReader(c.body)))
				if w.Code != 200 {
					b.Fatalf("%d %s", w.Code, w.Body)
				}
			}
		})
	}
}
