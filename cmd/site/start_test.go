package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

// held serves the site with the files named held back until the test lets
// each go (let(name)); every file is let go at the test's end.
func held(t *testing.T, names ...string) (url string, let func(name string)) {
	files := http.FileServer(http.Dir(site(t)))
	gates := map[string]chan struct{}{}
	for _, n := range names {
		gates["/"+n] = make(chan struct{})
	}
	var once sync.Map
	let = func(name string) {
		if _, done := once.LoadOrStore(name, true); !done {
			close(gates["/"+name])
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if gate, ok := gates[r.URL.Path]; ok {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		for _, n := range names {
			let(n)
		}
	})
	return srv.URL, let
}

// While the engine starts, the page shows that it is starting: with the
// worker held back, the Game and Strategy menus say so, the tab of the link
// (#explore=classic) is selected at once and says the engine is starting;
// once the worker comes, the engine still held back, the menus are filled
// and the explorer shows the tree of the link (answers of the build); once
// the engine comes, it answers what the build did not (a node below).
func TestStartShows(t *testing.T) {
	url, let := held(t, "worker.js", "mastermind.wasm")
	p := browsertest.Open(t, 390, 844, browsertest.Timeout)
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.mastermindDeadline = 600000;
			if (location.protocol === "http:" && !localStorage.getItem("mastermind.settings")) localStorage.setItem("mastermind.settings", '{"version":1,"welcomed":true}');`,
	}); err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.Navigate(url+"/#explore=classic"), chromedp.WaitReady("#settings"))
	wait(p, `document.querySelector("#explore .msg").textContent !== ""`)
	state := browsertest.Eval[[]string](p, `[
		document.querySelector('[role="tab"][aria-selected="true"]').getAttribute("aria-controls"),
		document.querySelector("#explore").hidden ? "hidden" : "shown",
		document.querySelector("#game").selectedOptions[0]?.textContent ?? "",
		document.querySelector("#strategy").selectedOptions[0]?.textContent ?? "",
		document.querySelector("#explore .treegame").selectedOptions[0]?.textContent ?? "",
		document.querySelector("#explore .msg").textContent]`)
	want := []string{"explore", "shown", "Starting…", "Starting…", "Starting…", "Starting the engine…"}
	if strings.Join(state, "|") != strings.Join(want, "|") {
		t.Errorf("while the engine starts: tab, panel, Game, Strategy, Tree, message %q; want %q", state, want)
	}
	screenshot(p, "site-starting-390")
	let("worker.js")
	wait(p, `document.querySelector("#explore .node h2") !== null`)
	if g := str(p, `document.querySelector("#game").selectedOptions[0].textContent`); !strings.HasPrefix(g, "Classic") {
		t.Errorf("once started, the Game menu shows %q", g)
	}
	if n := browsertest.Eval[int](p, `document.querySelectorAll("option.starting").length`); n != 0 {
		t.Errorf("once started, %d menu options still say Starting…", n)
	}
	let("mastermind.wasm")
	p.Click("#explore .branches button.branch")
	wait(p, `document.querySelectorAll("#explore .crumbs li").length === 2 && document.querySelector("#explore .node h2") !== null`)
}

// On a first visit (a fresh profile, the default game and strategy), each
// tab shows what it starts with while the engine is still held back: the
// worker answers the page's first requests (firstRequests) with the
// answers of the build, and no request waits for the engine.
func TestFirstVisit(t *testing.T) {
	url, _ := held(t, "mastermind.wasm")
	for _, c := range []struct{ fragment, shown string }{
		{"", `document.querySelector("#breaker .entryline") !== null && document.querySelector("#breaker .gametitle").textContent.startsWith("Daily #")`}, // today's daily
		{"#maker", `!document.querySelector("#maker .turn").hidden`},
		{"#breaker", `document.querySelector("#game").selectedOptions[0]?.textContent.startsWith("Classic")`},
		{"#solver", `document.querySelector("#solver .tally").textContent.includes("1,296 codes")`},
		{"#explore", `document.querySelector("#explore .node h2") !== null`},
	} {
		p := browsertest.Open(t, 1280, 800, browsertest.Timeout, chromedp.WithNewBrowserContext())
		if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.mastermindDeadline = 600000; window.asked = new Map();
				window.Worker = class extends Worker {
					constructor(...a) { super(...a); this.addEventListener("message", (e) => { if (e.data.id) asked.set(e.data.id, e.data.built ? "built" : "engine"); }); }
					postMessage(m, ...r) { if (m.id) asked.set(m.id, m.path + " " + m.body); return super.postMessage(m, ...r); }
				};`,
		}); err != nil {
			t.Fatal(err)
		}
		p.Run(chromedp.Navigate(url + "/" + c.fragment))
		wait(p, c.shown+` && document.querySelectorAll("option.starting").length === 0`)
		if c.fragment != "" {
			screenshot(p, "site-first-visit-"+c.fragment[1:]+"-1280")
		}
		if waiting := browsertest.Eval[[]string](p, `[...asked.values()].filter((v) => v !== "built")`); len(waiting) > 0 {
			t.Errorf("a first visit of %q: the page waits for the engine to answer %q", c.fragment, waiting)
		}
		p.Close()
	}
}
