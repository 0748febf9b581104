package browsertest

import (
	"fmt"
	"strings"

	"github.com/chromedp/chromedp"
)

// Explore drives the page's Strategies tab, at p's width: it opens super's
// tree, goes three answers down (the answer of the most secrets each time), checks
// the breadcrumb and the link, comes back to the start by the breadcrumb,
// and reopens the node three answers down by its link. It fails the test
// on anything unexpected.
func Explore(p *Page, width int) {
	p.T.Helper()
	url := strings.Split(Eval[string](p, `location.href`), "#")[0]
	p.Run(chromedp.Navigate(url + "#explore"))
	p.Wait(`document.querySelector("#explore .node h2") !== null && !document.querySelector("#explore").hidden`, "#explore .msg")
	p.Run(chromedp.SetValue("#explore .treegame", "super"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#explore .treegame").dispatchEvent(new Event("change"))`))
	p.Wait(`location.hash === "#explore=super" && document.querySelector("#explore .figures").textContent.includes("32,768 secrets")`, "#explore .msg, #explore h2")
	if f := Eval[string](p, `document.querySelector("#explore .figures").textContent`); !strings.Contains(f, "178,483 guesses in all") {
		p.T.Errorf("super's root: %q, want 178,483 guesses in all", f)
	}
	var hash string
	for level := 1; level <= 3; level++ {
		p.Run(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("#explore .branches button.branch")].sort((a, b) => b.dataset.secrets - a.dataset.secrets)[0].click()`))
		p.Wait(fmt.Sprintf(`document.querySelectorAll("#explore .crumbs li").length === %d && document.activeElement === document.querySelector("#explore .node h2")`, level+1), "#explore .msg")
		hash = Eval[string](p, `location.hash`)
		if strings.Count(hash, "/") != level || Eval[string](p, `document.querySelector("#explore .link").getAttribute("href")`) != hash {
			p.T.Errorf("level %d: the hash %q and the link do not name the node", level, hash)
		}
	}
	guess := Eval[string](p, `document.querySelector("#explore .node h2").textContent`)
	if text := Eval[string](p, `document.querySelector("#explore .node").textContent`); strings.Contains(text, "null") || strings.Contains(text, "undefined") {
		p.T.Errorf("the node shows %q", text)
	}
	if width < 500 {
		if overflow := Eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); overflow > 0 {
			p.T.Errorf("the explorer is %d px wider than the %d px screen", overflow, width)
		}
	}
	p.Click("#explore .crumbs li:first-child button")
	p.Wait(`document.querySelectorAll("#explore .crumbs li").length === 1 && location.hash === "#explore=super"`, "#explore .msg")
	p.Run(chromedp.Navigate("about:blank"), chromedp.Navigate(url+hash))
	p.Wait(fmt.Sprintf(`document.querySelectorAll("#explore .crumbs li").length === 4 && document.querySelector("#explore .node h2").textContent === %q`, guess), "#explore .msg")
}

// Report asks the Strategies tab for the whole-game report of its
// default strategies (the API's default, auto, and those it notes:
// minimax) on classic (the report
// plays the game of the tree shown: classic's is opened first), and checks
// auto's total, 5625 guesses (the shipped optimal tree).
func Report(p *Page) {
	p.T.Helper()
	p.Run(chromedp.SetValue("#explore .treegame", "classic"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#explore .treegame").dispatchEvent(new Event("change"))`))
	p.Wait(`location.hash === "#explore=classic" && document.querySelector("#explore .figures").textContent.includes("1,296 secrets")`, "#explore .msg")
	p.Click("#explore .report button[type=submit]")
	p.Wait(`document.querySelector("#explore .report-table") !== null`, "#explore .report .results")
	cols := Eval[[]string](p, `[...document.querySelectorAll("#explore .report-table thead th")].map((th) => th.textContent)`)
	total := Eval[string](p, `document.querySelector("#explore .report-table tbody tr td").textContent`)
	if strings.Join(cols, ",") != ",auto,minimax" || total != "5,625" {
		p.T.Errorf("the whole-game report: columns %q, auto's total %q (want 5,625)", cols, total)
	}
}
