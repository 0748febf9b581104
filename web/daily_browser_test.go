package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
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
	testkit.Long(t)
	for _, c := range []struct {
		w, h  int
		theme string
	}{{390, 844, "dark"}, {1280, 800, "light"}} { // the daily's tour takes the other two
		sz, theme := struct{ w, h int }{c.w, c.h}, c.theme
		{
			t.Run(fmt.Sprintf("%d-%s", sz.w, theme), func(t *testing.T) {
				p := onDayAs(t, "", sz.w, sz.h, "2026-11-20", "", false)
				p.scheme(theme)
				p.wait(`document.querySelector("dialog.welcome")?.open && document.querySelector("#breaker .entryline") !== null`)
				if tab := browsertest.Eval[string](p.Page, `document.querySelector('[role="tab"][aria-selected="true"]').id`); tab != "tab-breaker" {
					t.Errorf("a first visit opens %s, want You guess", tab)
				}
				if title := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .gametitle").textContent`); title != "Daily #20" {
					t.Errorf("the game is named %q, want Daily #20", title)
				}
				if play := browsertest.Eval[string](p.Page, `document.querySelector("dialog.welcome button.primary").textContent + " | " + (document.querySelector("dialog.welcome .welcome-daily")?.textContent ?? "")`); !strings.Contains(play, "daily") || !strings.HasSuffix(play, "a new one tomorrow.") {
					t.Errorf("the rules do not name the daily their Play starts: %q", play)
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

// A deep link (NAME=...) on a first visit opens where it points, with no
// rules over it (a tab's link, #solver, has them, as the landing).
func TestBrowserDeepLinks(t *testing.T) {
	testkit.Long(t)
	for _, c := range []struct{ fragment, tab, ready string }{
		{"#seed=5&game=classic", "tab-breaker", `document.querySelector("#breaker .seed").textContent === "5"`},
		{"#daily=2026-11-05&game=classic", "tab-breaker", `document.querySelector("#breaker .msg").textContent.startsWith("Daily #5")`},
		{"#explore=super/11", "tab-explore", `document.querySelectorAll("#explore .crumbs li").length === 2`},
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
	testkit.Long(t)
	for _, sz := range sizes {
		for _, won := range []bool{true, false} {
			name := sz.name + "-lost"
			if won {
				name = sz.name + "-won"
			}
			t.Run(name, func(t *testing.T) {
				if sz.w > 500 && won {
					testkit.Long(t) // the fast lane: a phone's two, a desktop's loss
				}
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

// covered returns, in JavaScript, how many px of the last element of sel
// the dock of panel covers (0 when none; a fraction of a pixel where the
// two meet, rounded).
func covered(panel, sel string) string {
	return fmt.Sprintf(`(() => { const d = document.querySelector("#%s .dock").getBoundingClientRect(); const all = document.querySelectorAll(%q); const r = all[all.length - 1].getBoundingClientRect(); return Math.max(0, Math.min(r.bottom, d.bottom) - Math.max(r.top, d.top)); })()`, panel, sel)
}

// The dock never covers the board: at both sizes, with a code typed and
// Why? open, the newest guess is above the dock; the Solver's codes still
// possible scroll into view above it.
func TestBrowserDockClear(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := onDay(t, "", sz.w, sz.h, "2026-11-20", "#seed=4242&game=classic")
			p.wait(`document.querySelector("#breaker .seed").textContent === "4242" && document.querySelector("#breaker .entryline") !== null`)
			for i, g := range []string{"0011", "2233"} {
				p.Blur()
				p.Keys(g + "\r")
				p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board .row").length === %d`, i+1))
			}
			p.Blur()
			p.Keys("0123y")
			p.wait(`document.querySelectorAll("#breaker .why .why-one").length === 2`)
			p.wait(covered("breaker", "#breaker .board .row") + ` < 1`) // less than a pixel: rounding
			p.screenshot("dock-why-" + sz.name)

			// The Solver's codes still possible, none under the dock (on a
			// phone they scroll in their own area above it).
			if sz.w < 500 {
				return
			}
			p.Click("#tab-solver")
			p.wait(`document.querySelector("#solver .best .code") !== null`)
			p.Blur()
			p.Keys("001110\r012320\r")
			p.wait(`document.querySelectorAll("#solver .board .row").length === 2 && document.querySelectorAll("#solver .cands li").length > 0`)
			under := `[...document.querySelectorAll("#solver .cands li")].filter((li) => { const d = document.querySelector("#solver .dock").getBoundingClientRect(), r = li.getBoundingClientRect(); return Math.min(r.bottom, d.bottom) - Math.max(r.top, d.top) >= 1; }).length`
			for _, where := range []string{"as they come", "scrolled to"} {
				if n := browsertest.Eval[int](p.Page, under); n > 0 {
					p.screenshot("dock-solver-" + sz.name)
					t.Errorf("%s: the dock covers %d of the Solver's codes still possible", where, n)
				}
				p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#solver .cands li:last-child").scrollIntoView({block: "end"})`))
			}

		})
	}
}

// On a phone, Computer guesses ends with New game in reach (the menu's is
// hidden), and every row keeps its "N codes left" after an answer is
// corrected; the Solver, solved, offers New game too.
func TestBrowserMakerEnd(t *testing.T) {
	testkit.Long(t)
	p := onDay(t, "", 390, 844, "2026-11-20", "#maker")
	secret := []int{3, 4, 5, 5}
	answered := func(n int) {
		p.wait(fmt.Sprintf(`document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, n))
	}
	p.wait(`!document.querySelector("#maker .turn").hidden`)
	for i := 1; ; i++ {
		if i > 8 {
			t.Fatal("not found in 8 guesses")
		}
		b, w := refScore(secret, p.code("#maker .turn .code"))
		p.Blur()
		p.Keys(fmt.Sprintf("%d%d\r", b, w))
		answered(i)
		if i == 2 { // answer 1 corrected to itself: the captions are worked out again
			p.Click(`#maker button[aria-label="edit answer 1"]`)
			p.wait(`document.querySelector("#maker .editing") !== null`)
			p.Click(`#maker .editing button.primary`)
			answered(2)
		}
		if strings.HasPrefix(browsertest.Eval[string](p.Page, `document.querySelector("#maker .msg").textContent`), "Found") {
			break
		}
	}
	p.wait(`[...document.querySelectorAll("#maker .board .row")].every((r) => r.querySelector(".left") !== null)`)
	if !browsertest.Eval[bool](p.Page, shown("#maker .newgame")+` && `+inView("#maker .newgame")) {
		t.Error("Computer guesses ended: New game is not in view")
	}
	p.Click("#maker .newgame")
	p.wait(`document.querySelectorAll("#maker .board .row").length === 0 && !document.querySelector("#maker .turn").hidden`)

	p.Click("#tab-solver")
	p.wait(`document.querySelector("#solver .best .code") !== null`)
	p.Blur()
	p.Keys("012340\r")
	p.wait(`document.querySelector("#solver .newgame") !== null`)
	p.Click("#solver .newgame")
	p.wait(`document.querySelectorAll("#solver .board .row").length === 0`)
}

// The daily's tour, as a new player meets it, at 390x844 and 1280x800,
// each state light and dark (the frame kept, every text 4.5:1, a
// screenshot): a first visit lands on today's daily under the rules; Play;
// the daily played to its end with no hints; its result at the top, the
// share text matching the board, Copy; a reload lands on the result. On the
// static site too with -site.
func TestBrowserDailyTour(t *testing.T) {
	testkit.Long(t)
	for where, base := range bases() {
		for _, sz := range sizes {
			t.Run(where+"-"+sz.name, func(t *testing.T) {
				p := onDayAs(t, base, sz.w, sz.h, "2026-11-20", "", false)
				look := func(state string) {
					t.Helper()
					for _, theme := range []string{"light", "dark"} {
						p.scheme(theme)
						p.checkFrame(state+", "+theme, sz.w < 500)
						p.checkContrast(theme + ", " + state)
						p.screenshot(fmt.Sprintf("daily-tour-%s-%s-%s-%s", where, sz.name, state, theme))
					}
					p.scheme("light")
				}
				p.wait(`document.querySelector("dialog.welcome")?.open && document.querySelector("#breaker .entryline") !== null && document.querySelector("#breaker .gametitle").textContent === "Daily #20"`)
				look("first-visit")
				p.Click("dialog.welcome button.primary")
				p.wait(`!document.querySelector("dialog.welcome").open`)
				browsertest.Play(p.Page, 4, 6, 10)
				p.wait(`document.querySelector("#breaker .summary .result") !== null && document.querySelector("#breaker .summary .review") !== null`)
				p.checkShare("classic", 20)
				p.Run(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); document.querySelector("#breaker .summary").scrollIntoView({block: "start"})`))
				look("result")
				p.Click("#breaker .summary .share + p button")
				p.wait(`["Copied.", "Copying is refused here: the text is selected, copy it yourself."].includes(document.querySelector("#breaker .summary [role=status]").textContent)`)
				rows := p.rows()
				found := 0
				if rows[len(rows)-1][1][0] == 4 {
					found = 1
				}
				if played, won := tallyOf(p.stats(), "games", "classic"); played != 1 || won != found {
					t.Errorf("after the daily (%d guesses, found %d): classic played %d, won %d", len(rows), found, played, won)
				}
				p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
				p.wait(`document.querySelector("#breaker .msg").textContent.includes("already") && document.querySelector("#breaker .summary .result") !== null`)
				p.checkShare("classic", 20)
				look("returning")
			})
		}
	}
}

// In the dark theme an answer's black peg reads as black, not as a ring:
// its fill stands out from what is under it (3:1, as WCAG asks of a
// control's parts; a white peg, as in the light theme, reads by its edge).
func TestBrowserAnswerPegsDark(t *testing.T) {
	testkit.Long(t)
	p := onDay(t, "", 390, 844, "2026-11-20", "#seed=31&game=classic")
	p.scheme("dark")
	p.wait(`document.querySelector("#breaker .seed").textContent === "31" && document.querySelector("#breaker .entryline") !== null`)
	p.enter([]int{0, 0, 1, 1})
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	for _, peg := range []string{"fb-b"} {
		colors := browsertest.Eval[[]string](p.Page, fmt.Sprintf(`(() => {
			const e = document.querySelector("#breaker .board .row .%s");
			let under = e, bg = "";
			while (under && ((bg = getComputedStyle(under).backgroundColor) === "rgba(0, 0, 0, 0)" || bg === "transparent")) under = under.parentElement;
			return [getComputedStyle(e, "::before").backgroundColor, bg];
		})()`, peg))
		if c := contrast(rgb(t, colors[0]), rgb(t, colors[1])); c < 3 {
			t.Errorf("dark theme: the %s peg's fill %s on %s: contrast %.2f, want 3 or more", peg, colors[0], colors[1], c)
		}
	}
}
