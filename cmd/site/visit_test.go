package main

import (
	"flag"
	"fmt"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

var builtSite = flag.String("site", "", "measure this built site `folder` (default: build one)")

// BenchmarkVisit measures the static site's start as a visitor meets it: a
// fresh browser profile, the files served by Python's http.server (as any
// static host would), #maker. Its metrics are the medians, in ms after
// DOMContentLoaded, of when the menus are filled (menus-ms: the worker has
// answered GET /api/games, from the answers of the build), when classic's
// first guess showed (first-guess-ms; issue 52's bar is 600 ms) and when
// the engine was compiled (engine-ms: the worker sent the page the module),
// which answers what the build did not.
//
//	go test -run '^$' -bench Visit -benchtime 3x ./cmd/site [-site DIR]
func BenchmarkVisit(b *testing.B) {
	dir := *builtSite
	if dir == "" {
		dir = site(b)
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		b.Skip("no python3: its http.server serves the site")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	srv := exec.Command(python, "-m", "http.server", "--bind", "127.0.0.1", "--directory", dir, fmt.Sprint(port))
	if err := srv.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	url := fmt.Sprintf("http://127.0.0.1:%d/#maker", port)
	for {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	var menus, guess, engine []float64
	for b.Loop() {
		p := browsertest.Open(b, 1280, 800, browsertest.Timeout, chromedp.WithNewBrowserContext())
		if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `const W = Worker;
				window.Worker = class extends W { constructor(...a) { super(...a); this.addEventListener("message", (e) => { if (e.data.module) window.engineAt ??= performance.now(); }); } };
				new MutationObserver(() => {
					if (document.querySelector("#game option:not(.starting):not([value=custom])")) window.menusAt ??= performance.now();
					const t = document.querySelector("#maker .turn");
					if (t && !t.hidden) window.guessAt ??= performance.now();
				}).observe(document, { subtree: true, childList: true, attributes: true });`,
		}); err != nil {
			b.Fatal(err)
		}
		p.Run(chromedp.Navigate(url))
		p.Wait(`window.guessAt !== undefined && window.engineAt !== undefined`, ".msg")
		t := browsertest.Eval[[]float64](p, `(() => { const d = performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd;
			return [window.menusAt - d, window.guessAt - d, window.engineAt - d]; })()`)
		menus, guess, engine = append(menus, t[0]), append(guess, t[1]), append(engine, t[2])
		p.Close()
	}
	b.ReportMetric(median(menus), "menus-ms")
	b.ReportMetric(median(guess), "first-guess-ms")
	b.ReportMetric(median(engine), "engine-ms")
	b.Logf("first guess (ms after DOMContentLoaded) per visit: %s", strings.Trim(fmt.Sprint(guess), "[]"))
}
