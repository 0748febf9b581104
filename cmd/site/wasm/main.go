//go:build js && wasm

// Command wasm is the engine of the static site: the JSON API of package web
// answered in the browser. "go run ./cmd/site DIR" builds it with GOOS=js
// GOARCH=wasm into DIR/mastermind.wasm; the site's worker (worker.js) runs it
// in a Web Worker, where it defines one function,
//
//	mastermindDo(path, body, done)
//
// which answers the request body (a JSON string) to path ("/api/next", ...)
// as the HTTP API does, then calls done(status, answer) with the HTTP status
// and the JSON answer. It is only wiring: every answer comes from web's API.
//
// WebAssembly Go runs one goroutine at a time and is never preempted, so a
// computation's context deadline cannot fire until it ends: the page stops a
// computation that runs past the API's deadline by terminating the worker.
package main

import (
	"context"
	"errors"
	"syscall/js"

	"github.com/mastermind-go/mastermind/web"
)

func main() {
	api := web.NewAPI(web.Options{Trees: fetchTree})
	js.Global().Set("mastermindDo", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 3 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString || args[2].Type() != js.TypeFunction {
			return js.Global().Get("Error").New("mastermindDo(path, body, done): want two strings and a function")
		}
		path, body, done := args[0].String(), args[1].String(), args[2]
		go func() { // a js.Func must not block
			status, answer := api.Do(context.Background(), path, []byte(body))
			done.Invoke(status, string(answer))
		}()
		return nil
	}))
	select {} // answer calls until the worker is terminated
}

// fetchTree reads an optimal tree by the worker's mastermindTree(name), a
// promise of its bytes; it waits for the promise (the calling goroutine is
// not a js.Func's, so it may).
func fetchTree(ctx context.Context, name string) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1) // the callbacks never block, even after a return on ctx
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		b := make([]byte, args[0].Get("length").Int())
		js.CopyBytesToGo(b, args[0])
		done <- result{data: b}
		ok.Release()
		fail.Release()
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{err: errors.New(js.Global().Get("String").Invoke(args[0]).String())}
		ok.Release()
		fail.Release()
		return nil
	})
	// The callbacks release themselves when the promise settles, which may
	// be after ctx ends: a released one called would stop the engine.
	js.Global().Call("mastermindTree", name).Call("then", ok, fail)
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
