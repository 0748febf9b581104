//go:build js && wasm

package main

// TEMPORARY: until web.NewAPI lands on main, the API is web's HTTP handler
// called in memory, with the same answers. Removed at the merge of main.

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"

	"github.com/mastermind-go/mastermind/web"
)

type api struct{ h http.Handler }

func newAPI() api { return api{web.New(web.Options{})} }

func (a api) Do(ctx context.Context, path string, body []byte) (int, []byte) {
	method := http.MethodPost
	if body == nil {
		method = http.MethodGet
	}
	r := (&http.Request{Method: method, URL: &url.URL{Path: path}, Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(body))}).WithContext(ctx)
	w := &recorder{header: http.Header{}, status: http.StatusOK}
	a.h.ServeHTTP(w, r)
	return w.status, bytes.TrimSpace(w.body.Bytes())
}

type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header         { return w.header }
func (w *recorder) Write(b []byte) (int, error) { return w.body.Write(b) }
func (w *recorder) WriteHeader(s int)           { w.status = s }
