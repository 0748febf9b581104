package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

// While the engine starts (here its file is held back until the test lets
// it go), the page shows that it is starting: the Game and Strategy menus
// say so, the tab of the link (#explore=classic) is selected at once and
// says the engine is starting; once the engine comes, the explorer shows
// the tree of the link and the menus are filled.
func TestStartShows(t *testing.T) {
	files := http.FileServer(http.Dir(site(t)))
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/mastermind.wasm") {
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	released := false
	let := func() {
		if !released {
			released = true
			close(release)
		}
	}
	t.Cleanup(let)
	p := browsertest.Open(t, 390, 844, browsertest.Timeout)
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.mastermindDeadline = 600000;
			if (location.protocol === "http:" && !localStorage.getItem("mastermind.settings")) localStorage.setItem("mastermind.settings", '{"version":1,"welcomed":true}');`,
	}); err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.Navigate(srv.URL+"/#explore=classic"), chromedp.WaitReady("#settings"))
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
	let()
	wait(p, `document.querySelector("#explore .node h2") !== null`)
	if g := str(p, `document.querySelector("#game").selectedOptions[0].textContent`); !strings.HasPrefix(g, "Classic") {
		t.Errorf("once started, the Game menu shows %q", g)
	}
	if n := browsertest.Eval[int](p, `document.querySelectorAll("option.starting").length`); n != 0 {
		t.Errorf("once started, %d menu options still say Starting…", n)
	}
}
