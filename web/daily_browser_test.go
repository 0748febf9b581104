package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

// The browser tests of the daily first (issue 61): the page opens on
// today's daily, plays it honest, and asks before a game is given up.

// shown reports, in JavaScript, whether the element sel is laid out.
func shown(sel string) string {
	return fmt.Sprintf(`((e) => e !== null && e.getClientRects().length > 0)(document.querySelector(%q))`, sel)
}

// A first visit opens You guess on today's daily, named, under the rules;
// Play leaves the daily on; it has no Hint and no Why? (nor h and y); Give
// up asks first; the result shows, and a reload lands on it, with no
// rules again. In both sizes and themes.
func TestBrowserLanding(t *testing.T) {
	for _, sz := range sizes {
		for _, theme := range []string{"light", "dark"} {
			t.Run(sz.name+"-"+theme, func(t *testing.T) {
				p := onDayAs(t, "", sz.w, sz.h, "2026-11-20", "", false)
				p.scheme(theme)
				p.wait(`document.querySelector("dialog.welcome")?.open && document.querySelector("#breaker .entryline") !== null`)
				if tab := browsertest.Eval[string](p.Page, `document.querySelector('[role="tab"][aria-selected="true"]').id`); tab != "tab-breaker" {
					t.Errorf("a first visit opens %s, want You guess", tab)
				}
				if title := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .gametitle").textContent`); title != "Daily #20" {
					t.Errorf("the game is named %q, want Daily #20", title)
				}
				p.Click("dialog.welcome button.primary")
				p.wait(`!document.querySelector("dialog.welcome").open && document.querySelector("#breaker .msg").textContent.startsWith("Daily #20")`)
				if browsertest.Eval[bool](p.Page, shown("#breaker .hint")+" || "+shown("#breaker .whybtn")) {
					t.Error("Hint or Why? is offered during the daily")
				}
				p.enter(p.missing())
				p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
				p.Blur()
				p.Keys("hy")
				if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); strings.Contains(msg, "engine would") || browsertest.Eval[bool](p.Page, shown("#breaker .why .bars")) {
					t.Errorf("h or y helps during the daily: %q", msg)
				}
				p.Run(chromedp.Evaluate[chromedp.Void](`window.answer = false`))
				p.Click("#breaker .giveup")
				p.wait(`asked.length === 1`)
				if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`) {
					t.Fatal("Give up, the player saying no, ended the daily")
				}
				p.Run(chromedp.Evaluate[chromedp.Void](`window.answer = true`))
				p.Click("#breaker .giveup")
				p.wait(`document.querySelector("#breaker .turn").hidden && document.querySelector("#breaker .share") !== null`)
				p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
				p.wait(`document.querySelector("#breaker .msg").textContent.includes("already") && document.querySelector("#breaker .share") !== null`)
				if browsertest.Eval[bool](p.Page, `Boolean(document.querySelector("dialog.welcome")?.open)`) {
					t.Error("the rules open again on the second visit")
				}
			})
		}
	}
}

// A link on a first visit opens where it points, with no rules over it.
func TestBrowserDeepLinks(t *testing.T) {
	for _, c := range []struct{ fragment, tab, ready string }{
		{"#seed=5&game=classic", "tab-breaker", `document.querySelector("#breaker .seed").textContent === "5"`},
		{"#daily=2026-11-05&game=classic", "tab-breaker", `document.querySelector("#breaker .msg").textContent.startsWith("Daily #5")`},
		{"#explore=super/11", "tab-explore", `document.querySelectorAll("#explore .crumbs li").length === 2`},
		{"#solver", "tab-solver", `document.querySelector("#solver .tally").textContent !== ""`},
	} {
		t.Run(c.fragment, func(t *testing.T) {
			p := onDayAs(t, "", 390, 844, "2026-11-20", c.fragment, false)
			p.wait(c.ready)
			if browsertest.Eval[bool](p.Page, `Boolean(document.querySelector("dialog.welcome")?.open)`) {
				t.Errorf("%s on a first visit opens under the rules", c.fragment)
			}
			if tab := browsertest.Eval[string](p.Page, `document.querySelector('[role="tab"][aria-selected="true"]').id`); tab != c.tab {
				t.Errorf("%s opens %s", c.fragment, tab)
			}
		})
	}
}

// A daily won and a daily lost end with a moment: the result, the share
// text with Copy, the time to the next daily and the daily's statistics
// at the top of the summary, in view; the secret revealed on the board
// when not found; the long review below.
func TestBrowserDailyMoment(t *testing.T) {
	for _, sz := range sizes {
		for _, won := range []bool{true, false} {
			name := sz.name + "-lost"
			if won {
				name = sz.name + "-won"
			}
			t.Run(name, func(t *testing.T) {
				p := onDay(t, "", sz.w, sz.h, "2026-11-20", "")
				p.scheme("dark")
				p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #20") && document.querySelector("#breaker .entryline") !== null`)
				for i := 1; !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`); i++ {
					if i > 10 {
						t.Fatal("the daily goes on after 10 guesses")
					}
					code := p.missing()
					if won && i > 1 {
						code = leftAfter(classicCodes(), p.rows())[0]
					}
					p.enter(code)
					p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
				}
				p.wait(`document.querySelector("#breaker .summary .review-table") !== null || document.querySelector("#breaker .summary .review") !== null`)
				order := browsertest.Eval[[]string](p.Page, `[...document.querySelector("#breaker .summary").children].map((e) => e.className || e.tagName)`)
				want := []string{"result", "share", "P", "countdown", "daystats"}
				if len(order) < len(want) || fmt.Sprint(order[:len(want)]) != fmt.Sprint(want) {
					t.Errorf("the summary begins %q, want the result, the share text, Copy, the countdown, the statistics (%q)", order, want)
				}
				result := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .summary .result").textContent`)
				if won != strings.Contains(result, "found in") || !strings.HasPrefix(result, "Daily #20: ") {
					t.Errorf("the result says %q (won %v)", result, won)
				}
				if !browsertest.Eval[bool](p.Page, `(() => { const r = document.querySelector("#breaker .summary .result").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`) {
					t.Error("the result is not in view as the daily ends")
				}
				reveal := browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .board .reveal .code") !== null`)
				if reveal == won {
					t.Errorf("won %v, and the secret revealed on the board: %v", won, reveal)
				}
				if !won {
					secret := p.code("#breaker .board .reveal")
					if again := p.code("#breaker .summary .code[aria-label^=\"secret\"]"); digits(secret) != digits(again) {
						t.Errorf("the board reveals %v, the summary says %v", secret, again)
					}
				}
				p.screenshot("daily-" + name + "-dark")
			})
		}
	}
}

// The keyboard everywhere: digits and Backspace act on the code with the
// focus on a tab or a button; a whole code takes the focus to Check, from
// the keys or the palette; Enter in the seed field of the game on view
// checks the code and starts no game; the "add N more" note goes once the
// code is whole.
func TestBrowserKeysEverywhere(t *testing.T) {
	p := onDay(t, "", 1280, 800, "2026-11-20", "#seed=31&game=classic")
	p.wait(`document.querySelector("#breaker .seed").textContent === "31" && document.querySelector("#breaker .entryline") !== null`)
	entry := func() string {
		return browsertest.Eval[string](p.Page, `[...document.querySelectorAll("#breaker .entryline .slots .peg:not(.hole)")].map(e => e.textContent).join("")`)
	}
	onCheck := `document.activeElement === document.querySelector("#breaker .entryline button.primary")`
	p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#tab-breaker").focus()`))
	p.Keys("0012" + "\b")
	if c := entry(); c != "001" {
		t.Errorf("typed 0012 and Backspace on the tab: the entry is %q, want 001", c)
	}
	p.Keys("1")
	if !browsertest.Eval[bool](p.Page, onCheck) {
		t.Errorf("the code whole, the focus is on %s, not Check", browsertest.Eval[string](p.Page, `document.activeElement.outerHTML.slice(0, 60)`))
	}
	p.Keys("\r")
	p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
	// The palette, then Check with too few, then the code whole.
	p.Click(`#breaker .palette button[aria-label="colour 2"]`)
	p.Click(`#breaker .entryline button.primary`)
	p.wait(`document.querySelector("#breaker .msg").textContent.includes("add 3 more")`)
	for _, c := range []string{"2", "3", "3"} {
		p.Click(fmt.Sprintf(`#breaker .palette button[aria-label="colour %s"]`, c))
	}
	if !browsertest.Eval[bool](p.Page, onCheck) {
		t.Errorf("the code whole by the palette, the focus is on %s, not Check", browsertest.Eval[string](p.Page, `document.activeElement.outerHTML.slice(0, 60)`))
	}
	if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); strings.Contains(msg, "more") {
		t.Errorf("the code whole, the note stays: %q", msg)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .seedin").focus()`))
	p.Keys("\r")
	p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 2`)
	if seed, asked := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .seed").textContent`), browsertest.Eval[int](p.Page, `asked.length`); seed != "31" || asked != 0 {
		t.Errorf("Enter in the seed field: seed %s, asked %d times; want the guess checked in the game of seed 31", seed, asked)
	}
}
