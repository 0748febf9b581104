package web

import (
	"fmt"
	"os"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

// axe runs axe-core (its axe.min.js at $AXE_CORE) on the page through
// DevTools, so that the page's Content-Security-Policy stays as it is, and
// returns its violations of serious or critical impact, one line each:
// "rule (impact): target, ...".
func (p *page) axe(src string) []string {
	p.t.Helper()
	p.Run(chromedp.Evaluate[chromedp.Void](src))
	return browsertest.Eval[[]string](p.Page, `(async () => {
		const r = await axe.run(document, { resultTypes: ["violations"] });
		return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
			.map((v) => v.id + " (" + v.impact + "): " + v.nodes.map((n) => n.target.join(" ")).slice(0, 6).join(", "));
	})()`)
}

// axe-core finds no violation of serious or critical impact on a first
// visit, a game, the end of a daily, Why?, the statistics, the explorer
// and the Solver, light and dark. It needs axe-core: $AXE_CORE names its
// axe.min.js (npm's axe-core; .ci/run installs it and sets it); without it
// the test skips, except under CI, where it fails.
func TestBrowserAxe(t *testing.T) {
	path := os.Getenv("AXE_CORE")
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("AXE_CORE is not set under CI: .ci/run installs axe-core with npm and sets it to its axe.min.js")
		}
		t.Skip("AXE_CORE (the path of axe-core's axe.min.js) not set")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, theme := range []string{"light", "dark"} {
		for _, w := range [][2]int{{390, 844}, {1280, 800}} {
			t.Run(fmt.Sprintf("%s-%d", theme, w[0]), func(t *testing.T) {
				axeLane(t, theme, w[0])
				check := func(p *page, where string) {
					for _, v := range p.axe(string(src)) {
						t.Errorf("%s: %s", where, v)
					}
				}
				p := onDayAs(t, "", w[0], w[1], "2026-11-20", "", false)
				p.scheme(theme)
				p.wait(`document.querySelector("dialog.welcome") && document.querySelector("dialog.welcome").open`)
				check(p, "first visit")
				p.Click("dialog.welcome .primary")
				p.wait(`document.querySelector("#breaker .entryline") !== null && document.querySelector("#breaker .msg").textContent.startsWith("Daily #20")`)
				p.enter(p.missing())
				p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
				check(p, "a daily")
				p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .giveup").click()`))
				p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .share") !== null && document.querySelector("#breaker .summary .board.small .row") !== null`)
				check(p, "the end of a daily")
				p.openStats()
				check(p, "the statistics")
				p.Click("dialog.stats form button")
				p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#seed=31&game=classic"`))
				p.wait(`document.querySelector("#breaker .seed").textContent === "31" && document.querySelector("#breaker .entryline") !== null`)
				p.enter([]int{0, 0, 1, 1})
				p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
				p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .whybtn").click()`))
				p.wait(`document.querySelector("#breaker .whybtn").getAttribute("aria-expanded") === "true" && document.querySelector("#breaker .why-one") !== null`)
				check(p, "Why?")
				p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#explore=classic/11"`))
				p.wait(`document.querySelectorAll("#explore .crumbs li").length === 2 && document.querySelector("#explore .node h2") !== null`)
				check(p, "the explorer")
				p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#solver"`))
				p.wait(`document.querySelector("#solver .tally").textContent.includes("1,296")`)
				check(p, "the Solver")
			})
		}
	}
}
