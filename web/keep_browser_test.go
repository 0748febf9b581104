package web

import (
	"fmt"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The browser tests of the page's faults of issue 59: a daily in progress
// kept on the device, a game left only when the player says so, and bad
// explorer links said.

// onDay opens the page at base (the test's server when "") and fragment,
// its clock set to noon of day ("YYYY-MM-DD") or, once the page sets
// sessionStorage "test.day", to that day: the page's today is the player's
// date, so a test plays a known daily and can move to the next day. Its
// window.confirm answers window.answer (true unless set) and keeps each
// question in window.asked.
func onDay(t *testing.T, base string, width, height int, day, fragment string) *page {
	t.Helper()
	return onDayAs(t, base, width, height, day, fragment, true)
}

// onDayAs is onDay for a player who has seen "how to play" (welcomed), or
// not: a first visit.
func onDayAs(t *testing.T, base string, width, height int, day, fragment string, welcomed bool) *page {
	t.Helper()
	p := openPage(t, width, height, welcomed)
	if base == "" {
		base = p.srv.URL
	}
	p.onDay(day)
	p.Run(chromedp.Navigate(base+"/"+fragment), chromedp.WaitReady("#settings"))
	return p
}

// tab opens another tab beside p (sharing its storage, as two tabs of a
// browser do), on the same day as p, at fragment.
func (p *page) tab(width, height int, day, fragment string) *page {
	p.t.Helper()
	q := &page{Page: p.Tab(width, height), t: p.t, srv: p.srv}
	q.onDay(day)
	q.Run(chromedp.Navigate(p.srv.URL+"/"+fragment), chromedp.WaitReady("#settings"))
	return q
}

// onDay sets p's clock to noon of day on every load, and its confirm (see
// onDay).
func (p *page) onDay(day string) {
	p.t.Helper()
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: fmt.Sprintf(`(() => {
			const Real = Date;
			const off = new Real((sessionStorage.getItem("test.day") || %q) + "T12:00:00").getTime() - Real.now();
			class Clock extends Real {
				constructor(...a) { if (a.length) super(...a); else super(Real.now() + off); }
				static now() { return Real.now() + off; }
			}
			window.Date = Clock;
			window.asked = [];
			window.answer = true;
			window.confirm = (m) => { asked.push(m); return window.answer; };
		})();`, day),
	}); err != nil {
		p.t.Fatal(err)
	}
}

// bases returns the pages a test of the daily plays: the served page, and
// the static site with -site.
func bases() map[string]string {
	b := map[string]string{"served": ""}
	if *siteURL != "" {
		b["static"] = strings.TrimSuffix(*siteURL, "/")
	}
	return b
}

// missing returns a code of classic that no answer so far allows: never
// the secret, so a guess of it does not end the game (the first guess,
// 0 0 1 1, is not the secret of the days the tests play).
func (p *page) missing() []int {
	p.t.Helper()
	rows := p.rows()
	if len(rows) == 0 {
		return []int{0, 0, 1, 1}
	}
	left := map[string]bool{}
	for _, r := range rows {
		left[digits(r[0])] = true // guessed: not again
	}
	for _, c := range leftAfter(classicCodes(), rows) {
		left[digits(c)] = true
	}
	for _, c := range classicCodes() {
		if !left[digits(c)] {
			return c
		}
	}
	p.t.Fatal("every code is still possible")
	return nil
}

// A daily in progress comes back on reload as it was left, its guesses
// counted against the ten (the limit is not dodged); played to its tenth
// guess it ends there, lost. Served, and static with -site.
func TestBrowserDailyKept(t *testing.T) {
	testkit.Long(t)
	for where, base := range bases() {
		t.Run(where, func(t *testing.T) {
			p := onDay(t, base, 390, 844, "2026-11-20", "#daily=2026-11-20&game=classic")
			p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #20 (2026-11-20)") && document.querySelector("#breaker .entryline") !== null`)
			for i := 1; i <= 3; i++ {
				p.enter(p.missing())
				p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
			}
			before := p.rows()
			p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
			p.wait(`document.querySelector("#breaker .entryline") !== null && document.querySelector("#breaker .msg").textContent.startsWith("Daily #20")`)
			if after := p.rows(); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Fatalf("after a reload the board is %v, before it %v", after, before)
			}
			if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); !strings.Contains(msg, "3 guesses of 10") {
				t.Errorf("after a reload: %q, want the 3 guesses of 10 made said", msg)
			}
			if played, _ := tallyOf(p.stats(), "games", "classic"); played != 0 {
				t.Errorf("a daily in progress is counted played (%d)", played)
			}
			for i := 4; i <= 10; i++ {
				p.enter(p.missing())
				p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
			}
			p.wait(`document.querySelector("#breaker .turn").hidden && document.querySelector("#breaker .share") !== null`)
			if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); !strings.Contains(msg, "That was guess 10") {
				t.Errorf("after guess 10: %q", msg)
			}
			p.checkShare("classic", 20)
			if played, won := tallyOf(p.stats(), "games", "classic"); played != 1 || won != 0 {
				t.Errorf("the daily lost: classic played %d, won %d; want 1, 0", played, won)
			}
			if kept := browsertest.Eval[string](p.Page, `localStorage.getItem("mastermind.daily") || ""`); kept != "" {
				t.Errorf("the daily ended, and its progress is still kept: %.200s", kept)
			}
		})
	}
}

// The day's daily begun and left unfinished counts as lost the next day
// (as one given up: played, not won, the streak broken); its result is
// shown on its date's link.
func TestBrowserDailyAbandoned(t *testing.T) {
	testkit.Long(t)
	p := onDay(t, "", 1280, 800, "2026-11-20", "#daily=2026-11-20&game=classic")
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #20 (2026-11-20)") && document.querySelector("#breaker .entryline") !== null`)
	p.enter(p.missing())
	p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
	p.Run(chromedp.Evaluate[chromedp.Void](`sessionStorage.setItem("test.day", "2026-11-21"); history.replaceState(null, "", "#breaker")`), chromedp.Reload(), chromedp.WaitReady("#settings"))
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	if played, won := tallyOf(p.stats(), "games", "classic"); played != 1 || won != 0 {
		t.Errorf("yesterday's daily left after a guess: classic played %d, won %d; want 1, 0", played, won)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#daily=2026-11-20&game=classic"`))
	p.wait(`document.querySelector("#breaker .msg").textContent.includes("already")`)
	if n := len(p.rows()); n != 1 {
		t.Errorf("the daily left shows %d guesses, want its 1", n)
	}
}

// Every way of leaving a You guess game with a guess made asks first: the
// game stays when the player says no, and counts as given up when yes
// (Replay, a challenge link, a daily's link, another kind of code, New
// game, n).
func TestBrowserLeaveAsks(t *testing.T) {
	testkit.Long(t)
	p := onDay(t, "", 1280, 800, "2026-11-20", "#seed=31&game=classic")
	p.wait(`document.querySelector("#breaker .seed").textContent === "31" && document.querySelector("#breaker .entryline") !== null`)
	ways := []struct{ name, js, started string }{
		{"Replay", `document.querySelector("#breaker .seedin").value = "32"; document.querySelector("#breaker .replay button").click()`, `document.querySelector("#breaker .seed").textContent === "32"`},
		{"a challenge link", `location.hash = "#seed=33&game=classic"`, `document.querySelector("#breaker .seed").textContent === "33"`},
		{"a daily's link", `location.hash = "#daily=2026-11-19&game=classic"`, `document.querySelector("#breaker .msg").textContent.startsWith("Daily #19")`},
		{"the code menu", `const k = document.querySelector("#breaker .kind"); k.value = "seed"; k.dispatchEvent(new Event("change"))`, `document.querySelector("#breaker .seedline").hidden === false && document.querySelector("#breaker .msg").textContent.startsWith("A secret")`},
		{"New game", `document.querySelector("#new").click()`, `document.querySelector("#breaker .msg").textContent.startsWith("A secret")`},
		{"n", `document.activeElement.blur(); document.dispatchEvent(new KeyboardEvent("keydown", {key: "n", bubbles: true}))`, `document.querySelector("#breaker .msg").textContent.startsWith("A secret")`},
	}
	for i, w := range ways {
		p.enter(p.missing())
		p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
		before := p.rows()
		p.Run(chromedp.Evaluate[chromedp.Void](`window.answer = false; window.asked = []`))
		p.Run(chromedp.Evaluate[chromedp.Void]("(() => { " + w.js + " })()"))
		p.wait(`asked.length >= 1`)
		if n := browsertest.Eval[int](p.Page, `asked.length`); n != 1 {
			t.Errorf("%s during a game: asked %d times, want once", w.name, n)
		}
		if after := p.rows(); fmt.Sprint(after) != fmt.Sprint(before) || !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .entryline") !== null && !document.querySelector("#breaker .turn").hidden`) {
			t.Errorf("%s, the player saying no: the board %v became %v, or the game is not on", w.name, before, after)
		}
		if played, _ := tallyOf(p.stats(), "games", "classic"); played != i {
			t.Errorf("%s, the player saying no: %d games counted, want %d", w.name, played, i)
		}
		p.Run(chromedp.Evaluate[chromedp.Void](`window.answer = true; window.asked = []`))
		p.Run(chromedp.Evaluate[chromedp.Void]("(() => { " + w.js + " })()"))
		p.wait(w.started + ` && document.querySelectorAll("#breaker .board .row").length === 0 && document.querySelector("#breaker .entryline") !== null`)
		if played, won := tallyOf(p.stats(), "games", "classic"); played != i+1 || won != 0 {
			t.Errorf("%s, the player saying yes: classic played %d, won %d; want %d, 0 (given up)", w.name, played, won, i+1)
		}
	}
}

// An explorer link that names no tree, or a step that is not an answer,
// is said not understood, with why; the address keeps the link; the
// explorer opens a tree of its own. A good link opens its node, no note.
func TestBrowserExploreBadLinks(t *testing.T) {
	testkit.Long(t)
	for _, c := range []struct{ fragment, says string }{
		{"#explore=supr/01", `there is no tree "supr"`},
		{"#explore=super/1x", `step 1, "1x", is not an answer`},
		{"#explore=super/11/0", `step 2, "0", is not an answer`},
		{"#explore=super/11", ""},
		{"#explore=classic-slots/GQ..", `step 1, "GQ..", is not an answer (a mark per position`},
		{"#explore=classic-black/11", `step 1, "11", is not an answer (the number of right places`},
		{"#explore=classic-slots/G...", ""},
	} {
		t.Run(c.fragment, func(t *testing.T) {
			p := newPage(t, 1280, 800, c.fragment)
			p.wait(`!document.querySelector("#explore").hidden && document.querySelector("#explore .node h2") !== null`)
			note := browsertest.Eval[string](p.Page, `(document.querySelector(".linknote:not([hidden])") || {}).textContent || ""`)
			if c.says == "" {
				if note != "" || browsertest.Eval[int](p.Page, `document.querySelectorAll("#explore .crumbs li").length`) != 2 {
					t.Errorf("%s: note %q; want its node opened, no note", c.fragment, note)
				}
				return
			}
			if !strings.Contains(note, "not understood") || !strings.Contains(note, c.says) {
				t.Errorf("%s: note %q; want it not understood: %s", c.fragment, note, c.says)
			}
			if hash := browsertest.Eval[string](p.Page, `location.hash`); hash != c.fragment {
				t.Errorf("%s: the address became %s", c.fragment, hash)
			}
		})
	}
}

// The page works out a day's daily itself (so that the day's game starts
// before the static site's engine has): for the presets and days from the
// first to leap days years on, it is /api/daily's, the engine's rule.
func TestBrowserDailyOf(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 390, 844, "#solver")
	p.wait(`document.querySelector("#solver .tally").textContent !== ""`)
	diff := browsertest.Eval[[]string](p.Page, `(async () => {
		const { dailyOf } = await import("./daily.js");
		const games = (await (await fetch("/api/games")).json()).games.map((g) => g.name);
		const out = [];
		for (const date of ["2026-11-01", "2026-11-02", "2026-12-31", "2027-01-01", "2028-02-29", "2028-03-01", "2031-06-15"]) {
			for (const game of games) {
				const mine = await dailyOf(date, game);
				const api = await (await fetch("/api/daily", { method: "POST", body: JSON.stringify({ date, game }) })).json();
				if (!mine || mine.number !== api.number || mine.seed !== api.seed) out.push(date + " " + game + ": " + JSON.stringify(mine) + " vs " + JSON.stringify(api));
			}
		}
		return out.length ? out : ["ok " + games.length];
	})()`)
	if len(diff) != 1 || !strings.HasPrefix(diff[0], "ok ") || diff[0] == "ok 0" {
		t.Errorf("the page's dailies differ from /api/daily's: %q", diff)
	}
}
