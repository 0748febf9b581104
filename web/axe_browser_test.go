package web

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The page under axe-core (deque's accessibility engine, the npm package
// axe-core): no violation of serious or critical impact on a first visit, a
// game with Why? open, the end of a daily, the statistics, the explorer and
// the Solver, light and dark, at 1280 and 390 px. axe-core is read from the
// file $AXE_CORE (.ci/run installs it with npm and sets it) and run through
// DevTools, so that the page's Content-Security-Policy stays as it is.
// Without it the test skips, except under CI, where it fails.

// axeSource returns axe-core's script, or skips (fails under CI) without it.
func axeSource(t *testing.T) string {
	t.Helper()
	path := os.Getenv("AXE_CORE")
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("AXE_CORE is not set: .ci/run installs axe-core with npm and sets it to its axe.min.js")
		}
		t.Skip("AXE_CORE is not set (the path of axe-core's axe.min.js; npm install axe-core)")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("AXE_CORE: %v", err)
	}
	return string(data)
}

// axeViolation is one rule broken, as axe-core reports it.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"` // the elements' selectors and axe's summary of each
}

// axe runs axe-core on the page as it is now and returns the violations of
// serious or critical impact.
func (p *page) axe(src string) []axeViolation {
	p.t.Helper()
	if !browsertest.Eval[bool](p.Page, `typeof window.axe === "object"`) {
		if _, err := chromedp.Run(p.Ctx, chromedp.Evaluate[bool](src+"\n;true")); err != nil {
			p.t.Fatalf("loading axe-core: %v", err)
		}
	}
	run := `axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => ({id: v.id, impact: v.impact, help: v.help,
			nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").split("\n").slice(1).join("; "))})))`
	return browsertest.Eval[[]axeViolation](p.Page, run)
}

// check reports the serious and critical violations of the page as state.
func (p *page) axeCheck(src, state string) {
	p.t.Helper()
	for _, v := range p.axe(src) {
		p.t.Errorf("%s: axe %s (%s): %s\n\t%s", state, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n\t"))
	}
}

func TestBrowserAccessible(t *testing.T) {
	src := axeSource(t)
	for _, sz := range sizes {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(sz.name+"-"+scheme, func(t *testing.T) {
				if sz.name == "1280" && scheme == "dark" || sz.name == "390" && scheme == "light" {
					testkit.Long(t) // the fast lane: a desktop in light, a phone in dark
				}
				// A first visit: How to play open over the daily.
				p := onDayAs(t, "", sz.w, sz.h, "2026-11-20", "", false)
				p.scheme(scheme)
				p.wait(`document.querySelector("dialog[open]") !== null`)
				p.axeCheck(src, "first visit")
				p.Keys("\x1b")
				p.wait(`document.querySelector("dialog[open]") === null`)

				// The daily played to its end.
				p.wait(`document.querySelector("#breaker .entryline") !== null`)
				for i := 1; !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`); i++ {
					if i > 10 {
						t.Fatal("the daily goes on after 10 guesses")
					}
					p.enter(p.missing())
					p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
				}
				p.wait(`document.querySelector("#breaker .summary .result") !== null`)
				p.axeCheck(src, "the end of a daily")

				// The statistics.
				p.openStats()
				p.axeCheck(src, "statistics")
				p.Keys("\x1b")
				p.wait(`document.querySelector("dialog[open]") === null`)

				// A game of Computer guesses with Why? open.
				base := strings.Split(browsertest.Eval[string](p.Page, `location.href`), "#")[0]
				p.Run(chromedp.Navigate(base + "#maker"))
				p.wait(`!document.querySelector("#maker .turn").hidden`)
				p.Click("#maker .whybtn")
				p.wait(`document.querySelector("#maker .why .bars") !== null`)
				p.axeCheck(src, "Computer guesses, Why? open")

				// The Solver with a guess typed.
				p.Run(chromedp.Navigate(base + "#solver"))
				p.wait(`document.querySelector("#solver .best .code") !== null`)
				p.axeCheck(src, "Solver")

				// The explorer, one answer down.
				p.Click("#tab-explore")
				p.wait(`document.querySelector("#explore .node h2") !== null && !document.querySelector("#explore").hidden`)
				p.Click("#explore .branches button.branch")
				p.wait(`document.querySelectorAll("#explore .crumbs li").length === 2`)
				p.axeCheck(src, "explorer")
			})
		}
	}
}
