package main

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

// Offline (the server gone too), a tree never opened says once that it
// needs a connection (not the browser's "TypeError: Failed to fetch"), on
// a phone.
func TestTreeNeedsConnection(t *testing.T) {
	p, srv := open(t, 390, 844, "#explore")
	wait(p, `document.querySelector("#explore .figures") !== null && location.hash === "#explore=classic"`)
	offline := func(off bool) {
		t.Helper()
		if _, err := chromedp.Call(p.Ctx, network.Enable, network.EnableParams{}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(p.Ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
			t.Fatal(err)
		}
	}
	// The service worker registers once the engine answers; offline
	// before it is in control, the page could not be kept at all.
	wait(p, `navigator.serviceWorker.controller !== null`)
	srv.Close()
	offline(true)
	p.Run(chromedp.SetValue("#explore .treegame", "4of8"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#explore .treegame").dispatchEvent(new Event("change"))`))
	wait(p, `document.querySelector("#explore .msg").classList.contains("alert")`)
	msg := str(p, `document.querySelector("#explore .msg").textContent`)
	if !strings.Contains(msg, "needs a connection the first time it is opened") || strings.Contains(msg, "TypeError") || strings.Contains(msg, "fetch") {
		t.Errorf("offline, an unvisited tree says %q", msg)
	}
	if n := browsertest.Eval[int](p, `[...document.querySelectorAll("body *")].filter(e => e.getClientRects().length && [...e.childNodes].some(c => c.nodeType === 3 && c.textContent.includes("needs a connection"))).length`); n != 1 {
		t.Errorf("the page says %d times that the tree needs a connection", n)
	}
	if str(p, `document.querySelector("#explore .node").textContent`) != "" {
		t.Error("the node of another tree stays on view")
	}
	r := browsertest.Eval[[]float64](p, `(() => { const r = document.querySelector("#explore .msg").getBoundingClientRect(); return [r.top, r.bottom]; })()`)
	if r[0] < 0 || r[1] > 844 {
		t.Errorf("the message is off screen (%v)", r)
	}
	screenshot(p, "site-tree-offline-390")
}
