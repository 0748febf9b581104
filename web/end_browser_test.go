package web

import (
	"fmt"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
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
