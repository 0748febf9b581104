package web

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// siteURL is the address of a static site (cmd/site's output, served) to
// tour as well as the served page.
var siteURL = flag.String("site", "", "tour the static site served at this `URL` too (go run ./cmd/site DIR; python3 -m http.server in DIR)")

// A player's tour of every mode at 390x844 and 1280x800, each state in the
// light and the dark theme: the frame kept (one header row, nothing wider
// than the window, a phone's window never scrolled), every text 4.5:1 on
// what is under it, and a screenshot of what is on screen. The states: a
// first visit; You guess after 7 guesses; hard mode locked after a
// guess; Computer guesses with Why? open; the Solver with Why? open; a
// daily won (its summary, share text, then its review); the statistics;
// the evil codemaker's end; the explorer; the rules. With -site, the
// static site too (give go test a -timeout of 30m or more on a loaded
// machine).
func TestBrowserTour(t *testing.T) {
	testkit.Long(t)
	bases := []string{""}
	if *siteURL != "" {
		bases = append(bases, strings.TrimSuffix(*siteURL, "/"))
	}
	for _, base := range bases {
		where := "served"
		if base != "" {
			where = "static"
		}
		for _, sz := range sizes {
			t.Run(where+"-"+sz.name, func(t *testing.T) {
				tour(t, base, where+"-"+sz.name, sz.w, sz.h)
			})
		}
	}
}

// tour takes one tour of the page at base (the test's server when "").
func tour(t *testing.T, base, name string, w, h int) {
	phone := w < 500
	// One tab for the whole tour, which plays every mode: a budget of its
	// own, for a loaded machine.
	srv := newTestServer(t, Options{}) // first, to stop last (see openPage)
	bp := browsertest.Open(t, w, h, 4*browsertest.Timeout, chromedp.WithNewBrowserContext())
	p := &page{Page: bp, t: t, srv: srv}
	if base == "" {
		base = p.srv.URL
	}
	// A daily's Share (navigator.share) where a phone has it.
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `if (innerWidth < 500) navigator.share = () => Promise.resolve();`,
	}); err != nil {
		t.Fatal(err)
	}
	look := func(state string) {
		t.Helper()
		for _, theme := range []string{"light", "dark"} {
			p.scheme(theme)
			p.checkFrame(state+", "+theme, phone)
			p.checkContrast(theme + ", " + state)
			p.screenshot(fmt.Sprintf("tour-%s-%s-%s", name, state, theme))
		}
		p.scheme("light")
	}

	p.Run(chromedp.Navigate(base+"/"), chromedp.WaitReady("#settings"))
	p.wait(`document.querySelector("dialog.welcome")?.open && document.querySelector("#breaker .entryline") !== null`)
	look("first-visit")
	p.Click("dialog.welcome button.primary")
	p.wait(`!document.querySelector("dialog.welcome")?.open`)

	// You guess: seven guesses that miss seed 4242's secret.
	p.Run(chromedp.Navigate(base + "/#seed=4242&game=classic"))
	p.wait(`document.querySelector("#breaker .seed").textContent === "4242" && document.querySelector("#breaker .entryline") !== null`)
	for i, g := range []string{"0011", "2233", "4455", "0123", "1230", "2301", "3012"} {
		p.Blur()
		p.Keys(g + "\r")
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i+1))
	}
	p.Keys("01")
	look("you-guess-7")

	// Hard mode, locked after the first guess.
	p.Run(chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	p.Blur()
	p.Keys("n")
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 0 && document.querySelector("#breaker .entryline") !== null`)
	p.Click("#breaker .hardmode")
	p.enter([]int{0, 0, 1, 1})
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1 && document.querySelector("#breaker .hardmode").disabled`)
	look("hard-locked")

	// Computer guesses, Why? open.
	p.Click("#tab-maker")
	p.wait(`!document.querySelector("#maker .turn").hidden`)
	p.Blur()
	p.Keys("11\r")
	p.wait(`document.querySelectorAll("#maker .board .row").length === 1 && !document.querySelector("#maker .turn").hidden`)
	p.Click("#maker .whybtn")
	p.wait(`document.querySelector("#maker .why .bars") !== null`)
	look("computer-why")

	// The Solver, Why? open.
	p.Click("#tab-solver")
	p.wait(`document.querySelector("#solver .best .code") !== null`)
	p.Blur()
	p.Keys("001110\r")
	p.wait(`document.querySelectorAll("#solver .board .row").length === 1 && document.querySelector("#solver .best .code") !== null`)
	p.Keys("0123y")
	p.wait(`document.querySelectorAll("#solver .why .why-one").length === 2`)
	look("solver-why")

	// A daily won: the summary at the top, then its review.
	p.Run(chromedp.Navigate(base + "/#daily=2026-11-03&game=classic"))
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #3")`)
	p.playByHints(10)
	p.wait(`document.querySelector("#breaker .summary .share") !== null && document.querySelector("#breaker .summary .review-table") !== null`)
	look("daily-won")
	p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .summary .review").scrollIntoView()`))
	look("daily-review")

	// The statistics.
	p.Tap(".tools .stats-open")
	p.wait(`document.querySelector("dialog.stats").open && document.querySelector("dialog.stats .statsbody").textContent !== ""`)
	look("stats")
	p.Click("dialog.stats form button")
	p.wait(`!document.querySelector("dialog.stats").open`)

	// The evil codemaker, played to its end with the first code left.
	p.Run(chromedp.Navigate(base + "/#breaker"))
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	p.Run(chromedp.SetValue("#breaker .kind", "evil"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .kind").dispatchEvent(new Event("change"))`))
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker")`)
	for i := 1; i <= 12 && !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`); i++ {
		p.enter(leftAfter(classicCodes(), p.rows())[0])
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
	}
	p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary .share") !== null`)
	look("evil-end")

	// The explorer, one answer down.
	p.Click("#tab-explore")
	p.wait(`document.querySelector("#explore .node h2") !== null && !document.querySelector("#explore").hidden`)
	p.Click("#explore .branches button.branch")
	p.wait(`document.querySelectorAll("#explore .crumbs li").length === 2`)
	look("explorer")

	// The rules (in the menu on a phone).
	p.Click("#tab-breaker")
	p.Tap("#help summary")
	p.wait(`document.querySelector("#help").open`)
	look("rules")
}
