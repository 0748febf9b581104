package web

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The browser tests of the daily and the end of a game of issue 69.

// Give up before any guess asks, as after one: saying no keeps the daily
// on, uncounted; yes ends it, counted once.
func TestBrowserGiveUpAsks(t *testing.T) {
	p := onDay(t, "", 390, 844, "2026-11-20", "#daily=2026-11-20&game=classic")
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #20 (2026-11-20)") && document.querySelector("#breaker .entryline") !== null`)
	p.Run(chromedp.Evaluate[chromedp.Void](`window.answer = false`))
	p.Click("#breaker .giveup")
	if n := browsertest.Eval[int](p.Page, `asked.length`); n != 1 {
		t.Errorf("Give up before a guess: asked %d times, want once", n)
	}
	if over := browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`); over {
		t.Error("Give up before a guess, the player saying no: the daily ended")
	}
	if played, _ := tallyOf(p.stats(), "games", "classic"); played != 0 {
		t.Errorf("Give up before a guess, the player saying no: %d games counted", played)
	}
	if t.Failed() {
		return
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`window.answer = true`))
	p.Click("#breaker .giveup")
	p.wait(`!document.querySelector("#breaker .summary").hidden`)
	if played, won := tallyOf(p.stats(), "games", "classic"); played != 1 || won != 0 {
		t.Errorf("Give up before a guess, the player saying yes: played %d won %d, want 1 0", played, won)
	}
}

// Today's daily in two tabs is one game: tab A makes a guess, tab B
// resumes it; A gives up; B, typing the code A showed, does not win it
// again: the statistics count one daily, lost, and B shows A's end.
func TestBrowserDailyTwoTabs(t *testing.T) {
	const link = "#daily=2026-11-20&game=classic"
	a := onDay(t, "", 1280, 800, "2026-11-20", link)
	a.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #20 (2026-11-20)") && document.querySelector("#breaker .entryline") !== null`)
	a.enter(a.missing())
	a.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	b := a.tab(1280, 800, "2026-11-20", link)
	b.wait(`document.querySelectorAll("#breaker .board .row").length === 1 && document.querySelector("#breaker .entryline") !== null`)
	a.Click("#breaker .giveup")
	a.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .reveal") !== null`)
	secret := a.code("#breaker .reveal .code")
	b.Blur()
	b.Keys(digits(secret) + "\r")
	b.wait(`!document.querySelector("#breaker .summary").hidden`)
	if played, won := tallyOf(b.stats(), "games", "classic"); played != 1 || won != 0 {
		t.Errorf("one daily in two tabs, given up in one: played %d, won %d; want 1, 0", played, won)
	}
	if msg := browsertest.Eval[string](b.Page, `document.querySelector("#breaker .msg").textContent`); !strings.Contains(msg, "already") || !strings.Contains(msg, "not found") {
		t.Errorf("tab B after tab A gave up: %q, want the daily's end said (played already, not found)", msg)
	}
	if t.Failed() {
		return
	}
	// A guess made in one tab shows in the other.
	a.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#daily=2026-11-19&game=classic"`))
	a.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #19") && document.querySelector("#breaker .entryline") !== null`)
	b.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#daily=2026-11-19&game=classic"`))
	b.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #19") && document.querySelector("#breaker .entryline") !== null`)
	a.enter(a.missing())
	a.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	b.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
}

// The guesses a daily has left are always in view, on a phone and a
// desktop: 10 left of 10 before a guess, one fewer after each.
func TestBrowserDailyLeft(t *testing.T) {
	testkit.Long(t)
	for _, size := range [][2]int{{390, 844}, {1280, 800}} {
		p := onDay(t, "", size[0], size[1], "2026-11-20", "#daily=2026-11-20&game=classic")
		p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #20 (2026-11-20)") && document.querySelector("#breaker .entryline") !== null`)
		for i := 0; i < 8; i++ {
			want := fmt.Sprintf("%d guess", 10-i)
			if !browsertest.Eval[bool](p.Page, inView("#breaker .guessesleft")) || !strings.Contains(browsertest.Eval[string](p.Page, `(document.querySelector("#breaker .guessesleft") || {}).textContent || ""`), want) {
				t.Fatalf("%dx%d after %d guesses: the guesses left are not in view, or do not say %q", size[0], size[1], i, want)
			}
			p.enter(p.missing())
			p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board .row").length === %d`, i+1))
		}
		p.screenshot(fmt.Sprintf("daily-left-%d", size[0]))
	}
}

// Keys go only to an open dialog: on a first visit to Computer guesses or
// the Solver, digits and Enter typed with "How to play" up reach no game
// behind it (they are handled as they come: a row would show at once).
func TestBrowserKeysDialog(t *testing.T) {
	testkit.Long(t)
	for _, tab := range []string{"maker", "solver"} {
		p := onDayAs(t, "", 390, 844, "2026-11-20", "#"+tab, false)
		p.wait(`document.querySelector("dialog.welcome") && document.querySelector("dialog.welcome").open && document.querySelector("#` + tab + ` .msg").textContent !== "Starting the engine…"`)
		if tab == "maker" {
			p.wait(`!document.querySelector("#maker .turn").hidden`)
		}
		for _, blur := range []bool{false, true} {
			if blur {
				p.Blur()
			}
			p.Keys("0011")
			p.Keys("02\r")
			if n := browsertest.Eval[int](p.Page, `document.querySelectorAll("#`+tab+` .board .row").length`); n != 0 {
				t.Errorf("%s, keys typed with How to play open (focus moved away: %v): %d rows answered behind it", tab, blur, n)
			}
			if slots := browsertest.Eval[string](p.Page, `(document.querySelector("#`+tab+` .slots") || {}).ariaLabel || ""`); strings.Contains(slots, "0 0 1 1") {
				t.Errorf("%s, keys typed with How to play open: the code entry behind it took them (%q)", tab, slots)
			}
		}
	}
}

// A key of the game typed while the engine starts is answered, not
// dropped without a word.
func TestBrowserKeysStarting(t *testing.T) {
	p := openPage(t, 390, 844, true)
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `const realFetch = window.fetch;
			window.fetch = (u, o) => new URL(u, location.href).pathname === "/api/games" ? new Promise(() => {}) : realFetch(u, o);`,
	}); err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.Navigate(p.srv.URL+"/#breaker"), chromedp.WaitReady("#settings"))
	p.wait(`document.querySelector("#breaker .msg").textContent === "Starting the engine…"`)
	p.Blur()
	p.Keys("0")
	if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); !strings.Contains(msg, "0 not taken") {
		t.Errorf("a digit typed while the engine starts: the message says %q", msg)
	}
}

// A practice game (and an evil one) with a guess made, left by a reload:
// the browser asks first, and the game counts as given up, as the docs
// say of a game left. A game with no guess is left without a word.
func TestBrowserReloadCounts(t *testing.T) {
	testkit.Long(t)
	for _, c := range []struct{ name, link, group string }{
		{"practice", "#seed=31&game=classic", "games"},
		{"evil", "#breaker", "evil"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := onDay(t, "", 1280, 800, "2026-11-20", c.link)
			if c.name == "evil" {
				p.wait(`document.querySelector("#breaker .entryline") !== null`)
				p.Run(chromedp.Evaluate[chromedp.Void](`(() => { const k = document.querySelector("#breaker .kind"); k.value = "evil"; k.dispatchEvent(new Event("change")); })()`))
				p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker")`)
			}
			p.wait(`document.querySelector("#breaker .entryline") !== null && document.querySelector("#breaker .msg").textContent !== "Starting the engine…"`)
			p.Run(chromedp.Reload(), chromedp.WaitReady("#settings")) // no guess: nothing counted
			p.wait(`document.querySelector("#breaker .entryline") !== null`)
			if played, _ := tallyOf(p.stats(), c.group, "classic"); played != 0 {
				t.Errorf("%s with no guess, reloaded: %d counted", c.name, played)
			}
			if c.name == "evil" {
				p.Run(chromedp.Evaluate[chromedp.Void](`(() => { const k = document.querySelector("#breaker .kind"); k.value = "evil"; k.dispatchEvent(new Event("change")); })()`))
				p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker")`)
			}
			p.enter([]int{0, 0, 1, 1})
			p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
			p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
			p.wait(`document.querySelector("#breaker .entryline") !== null`)
			if played, won := tallyOf(p.stats(), c.group, "classic"); played != 1 || won != 0 {
				t.Errorf("%s with a guess made, reloaded: played %d won %d, want 1 0 (given up)", c.name, played, won)
			}
			asked := 0
			for _, d := range p.Dialogs() {
				if strings.HasPrefix(d, "beforeunload:") {
					asked++
				}
			}
			if asked != 1 {
				t.Errorf("%s: the browser asked %d times before leaving, want once (with a guess made): %q", c.name, asked, p.Dialogs())
			}
		})
	}
}

// Strategies does not offer to evaluate a game larger than /api/eval
// evaluates (super: 32,768 codes), and says why before; classic's is
// offered.
func TestBrowserEvalTooLarge(t *testing.T) {
	p := newPage(t, 1280, 800, "#explore=super")
	p.wait(`document.querySelector("#explore .node h2") !== null`)
	if browsertest.Eval[bool](p.Page, `!document.querySelector("#explore .report button[type=submit]").hidden`) {
		t.Error("super: Evaluate is offered, and always fails")
	}
	if why := browsertest.Eval[string](p.Page, `(document.querySelector("#explore .report .toolarge") || {}).textContent || ""`); !strings.Contains(why, "32,768 codes") || !strings.Contains(why, "mastermind eval") {
		t.Errorf("super: the report says %q, want why it is not offered", why)
	}
	p.screenshot("eval-super-1280")
	p.Run(chromedp.SetValue("#explore .treegame", "classic"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#explore .treegame").dispatchEvent(new Event("change"))`))
	p.wait(`location.hash === "#explore=classic"`)
	if !browsertest.Eval[bool](p.Page, `!document.querySelector("#explore .report button[type=submit]").hidden && document.querySelector("#explore .report .toolarge").hidden`) {
		t.Error("classic: Evaluate is not offered")
	}
}

// The page's limit of /api/eval is the API's.
func TestEvalCodesSame(t *testing.T) {
	js, err := os.ReadFile("static/explore.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const evalCodes = ([0-9_]+);`).FindSubmatch(js)
	if m == nil {
		t.Fatal("explore.js has no const evalCodes")
	}
	if n, _ := strconv.Atoi(strings.ReplaceAll(string(m[1]), "_", "")); n != evalCodes {
		t.Errorf("explore.js's evalCodes is %d, the API's %d", n, evalCodes)
	}
}

// Answers are images named by what they say (a span with an aria-label
// and no role is refused by assistive technology: axe-core's
// aria-prohibited-attr), and the explorer's breadcrumb is named by what
// it shows, not by a label that leaves its text out (axe-core's
// label-content-name-mismatch). TestBrowserAxe runs axe-core itself.
func TestBrowserAriaNames(t *testing.T) {
	p := onDayAs(t, "", 1280, 800, "2026-11-20", "#explore", false)
	p.wait(`document.querySelector("dialog.welcome") && document.querySelector("dialog.welcome").open`)
	if n := browsertest.Eval[int](p.Page, `document.querySelectorAll(".fb").length`); n == 0 {
		t.Fatal("no answer on the page to check")
	}
	if bad := browsertest.Eval[int](p.Page, `[...document.querySelectorAll(".fb")].filter((e) => e.getAttribute("role") !== "img").length`); bad != 0 {
		t.Errorf("%d answers (span.fb) have an aria-label and no role", bad)
	}
	p.Click("dialog.welcome .primary")
	p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#explore=classic/11"`))
	p.wait(`document.querySelectorAll("#explore .crumbs li").length === 2 && document.querySelector("#explore .node h2") !== null`)
	crumb := browsertest.Eval[[]string](p.Page, `(() => { const b = document.querySelectorAll("#explore .crumb")[1]; return [b.getAttribute("aria-label") || "", b.querySelector(".code").getAttribute("aria-label"), b.querySelector(".sr").textContent]; })()`)
	if crumb[0] != "" || !regexp.MustCompile(`^guess 1( [0-5]){4}$`).MatchString(crumb[1]) || crumb[2] != ", answered 1 black 1 white" {
		t.Errorf("the breadcrumb's step: aria-label %q, code %q, words %q; want no label of its own, its code and answer said", crumb[0], crumb[1], crumb[2])
	}
}

// The end of a game has its moment: the secret's pegs turn over (not where
// motion is reduced), and New game is one tap away in the dock, on a phone
// too (where the menu's is behind ☰).
func TestBrowserEndMoment(t *testing.T) {
	testkit.Long(t)
	for _, c := range []struct {
		name, link string
		w, h       int
	}{
		{"daily-390", "#daily=2026-11-20&game=classic", 390, 844},
		{"practice-390", "#seed=31&game=classic", 390, 844},
		{"daily-1280", "#daily=2026-11-20&game=classic", 1280, 800},
	} {
		for _, theme := range []string{"light", "dark"} {
			t.Run(c.name+"-"+theme, func(t *testing.T) {
				p := onDay(t, "", c.w, c.h, "2026-11-20", c.link)
				p.scheme(theme)
				p.wait(`document.querySelector("#breaker .entryline") !== null && document.querySelector("#breaker .msg").textContent !== "Starting the engine…"`)
				p.enter(p.missing())
				p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
				p.Click("#breaker .giveup")
				p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .reveal") !== null && document.querySelector("#breaker .summary .board.small .row") !== null`)
				if anim := browsertest.Eval[string](p.Page, `getComputedStyle(document.querySelector("#breaker .reveal .code .peg")).animationName`); anim != "turnover" {
					t.Errorf("the secret revealed: animation %q, want it turned over", anim)
				}
				p.screenshot("end-" + c.name + "-" + theme)
				// A New game in view: the dock's (a phone), or the summary's.
				newGame := `[...document.querySelectorAll("#breaker button")].filter((b) => b.textContent === "New game" && (() => {
					const r = b.getBoundingClientRect();
					return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
				})())`
				if !browsertest.Eval[bool](p.Page, newGame+`.length > 0`) {
					t.Fatal("the end: no New game in view")
				}
				// On a phone, in the dock: in view however the summary is
				// scrolled.
				if c.w < 600 && !browsertest.Eval[bool](p.Page, inView("#breaker .dock .newgame")) {
					t.Error("the end on a phone: no New game in the dock")
				}
				if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
				}); err != nil {
					t.Fatal(err)
				}
				if anim := browsertest.Eval[string](p.Page, `getComputedStyle(document.querySelector("#breaker .reveal .code .peg")).animationName`); anim != "none" {
					t.Errorf("the secret revealed, motion reduced: animation %q, want none", anim)
				}
				p.Run(chromedp.Evaluate[chromedp.Void](newGame + `[0].click()`))
				p.wait(`document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .entryline") !== null && document.querySelectorAll("#breaker .board .row").length === 0`)
				if browsertest.Eval[bool](p.Page, `!document.querySelector("#breaker .newgame").hidden`) {
					t.Error("New game stays in a game on")
				}
			})
		}
	}
}

// On a desktop nothing moves after the first paint: the menu's
// Statistics and theme row has its place from the start (cumulative
// layout shift under 0.01, as the page loads to a game).
func TestBrowserNoShift(t *testing.T) {
	for _, link := range []string{"", "#maker"} {
		p := openPage(t, 1280, 800, true)
		if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.shift = 0; window.shifts = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) { window.shift += e.value; shifts.push(e.value.toFixed(3) + " " + Math.round(e.startTime) + "ms " + e.sources.map((s) => (s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?") + " " + s.previousRect.y + "->" + s.currentRect.y + " h" + s.previousRect.height + "->" + s.currentRect.height).join("; ")); } }).observe({ type: "layout-shift", buffered: true });`,
		}); err != nil {
			t.Fatal(err)
		}
		p.Run(chromedp.Navigate(p.srv.URL+"/"+link), chromedp.WaitReady("#settings"))
		p.wait(`document.querySelector(".tools .stats-open") !== null && (document.querySelector("#breaker .entryline") !== null && document.querySelector("#breaker .msg").textContent.startsWith("Daily") || !document.querySelector("#maker .turn").hidden)`)
		// The observer's last entries come with a frame.
		browsertest.Eval[bool](p.Page, `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`)
		cls := browsertest.Eval[float64](p.Page, `window.shift`)
		t.Logf("%q at 1280x800: cumulative layout shift %.4f: %s", link, cls, browsertest.Eval[string](p.Page, `shifts.join(" | ")`))
		if cls >= 0.01 {
			t.Errorf("%q at 1280x800: cumulative layout shift %.3f, want under 0.01: %s", link, cls, browsertest.Eval[string](p.Page, `shifts.join(" | ")`))
		}
	}
}

// The end opens on the result and what to share: a practice game's
// challenge link before the engine's game and the review; against the
// evil codemaker, the result and the share text before the engine's
// figure.
func TestBrowserEndTop(t *testing.T) {
	testkit.Long(t)
	before := func(p *page, a, b string) bool {
		return browsertest.Eval[bool](p.Page, fmt.Sprintf(`(() => { const a = document.querySelector(%q), b = document.querySelector(%q); return !!a && !!b && Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING); })()`, a, b))
	}
	p := onDay(t, "", 390, 844, "2026-11-20", "#seed=31&game=classic")
	p.wait(`document.querySelector("#breaker .seed").textContent === "31" && document.querySelector("#breaker .entryline") !== null`)
	p.enter([]int{0, 0, 1, 1})
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	p.Click("#breaker .giveup")
	p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary .board.small .row") !== null`)
	if !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .summary").firstElementChild.matches("h2.result")`) || !before(p, "#breaker .summary .challenge", "#breaker .summary .board.small") {
		t.Error("a practice game's end: the result, then the challenge link, do not come first")
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`(() => { const k = document.querySelector("#breaker .kind"); k.value = "evil"; k.dispatchEvent(new Event("change")); })()`))
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker")`)
	p.enter([]int{0, 0, 1, 1})
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	p.Click("#breaker .giveup")
	p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .share") !== null`)
	if !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .summary").firstElementChild.matches("h2.result")`) || !before(p, "#breaker .summary .share", "#breaker .summary p:last-child") {
		t.Error("an evil game's end: the result, then the share text, do not come first")
	}
	p.screenshot("end-evil-390")
}

// A returning visitor sees the day's daily as it ended: the result, the
// share text, and again the engine's game and the review.
func TestBrowserDailyReturn(t *testing.T) {
	testkit.Long(t)
	p := onDay(t, "", 390, 844, "2026-11-20", "#daily=2026-11-20&game=classic")
	p.wait(`document.querySelector("#breaker .entryline") !== null && document.querySelector("#breaker .msg").textContent.startsWith("Daily #20")`)
	p.enter(p.missing())
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	p.Click("#breaker .giveup")
	p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary .board.small .row") !== null`)
	engine := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .summary .board.small").textContent`)
	p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
	p.wait(`document.querySelector("#breaker .msg").textContent.includes("already") && document.querySelector("#breaker .summary .board.small .row") !== null && document.querySelector("#breaker .summary .review") !== null`)
	if again := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .summary .board.small").textContent`); again != engine {
		t.Errorf("the engine's game on return: %q, at the end %q", again, engine)
	}
	if !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .summary .share") !== null && document.querySelector("#breaker .summary").firstElementChild.matches("h2.result")`) {
		t.Error("on return, the daily does not open on its result and share text")
	}
}
