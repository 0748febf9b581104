package web

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The browser tests of the page's faults of issue 51 (links, storage,
// double clicks) and of the end of a game of issue 52.

// tracked opens the page at fragment with the page's requests counted
// (window.calls[path], window.inflight) and, for the paths listed in
// window.hang, never answered; before is run in the page first on every
// load (it may set localStorage).
func tracked(t *testing.T, width, height int, fragment, before string) *page {
	t.Helper()
	p := openPage(t, width, height, true)
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: before + `
			window.calls = {}; window.inflight = 0; window.hang = [];
			const realFetch = window.fetch;
			window.fetch = (u, o) => {
				const path = new URL(u, location.href).pathname;
				calls[path] = (calls[path] || 0) + 1;
				if (hang.includes(path)) return new Promise(() => {});
				inflight++;
				return realFetch(u, o).finally(() => { inflight--; });
			};`,
	}); err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.Navigate(p.srv.URL+"/"+fragment), chromedp.WaitReady("#settings"))
	return p
}

// settled waits until no request of the page is in flight.
func (p *page) settled() {
	p.t.Helper()
	p.wait(`window.inflight === 0`)
}

// stats reads the statistics kept.
func (p *page) stats() map[string]any {
	p.t.Helper()
	var v map[string]any
	text := browsertest.Eval[string](p.Page, `localStorage.getItem("mastermind.stats") || "null"`)
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		p.t.Fatalf("mastermind.stats is not JSON: %v: %.200s", err, text)
	}
	return v
}

// tallyOf reads group/preset of the statistics kept: played and won.
func tallyOf(v map[string]any, group, preset string) (played, won int) {
	g, _ := v[group].(map[string]any)
	t, _ := g[preset].(map[string]any)
	p, _ := t["played"].(float64)
	w, _ := t["won"].(float64)
	return int(p), int(w)
}

// A malformed link starts the default mode and says it is not understood;
// a link the page cannot follow says why, and plays no other game of its
// own; a daily after the player's today is refused.
func TestBrowserBadLinks(t *testing.T) {
	testkit.Long(t)
	for _, c := range []struct{ fragment, tab, says string }{
		{"#%", "breaker", "not understood"},
		{"#breaker&x=%", "breaker", "not understood"},
		{"#nowhere", "breaker", "not understood"},
		{"#seed=1&game=chess", "breaker", `"chess"`},
		{"#daily=2026-11-05&game=chess", "breaker", `"chess"`},
		{"#seed=1234567&game=classic", "breaker", `seed "1234567"`},
		{"#daily=2026-02-30&game=classic", "breaker", "not a date"},
		{"#daily=2026-10-31&game=classic", "breaker", "first daily"},
	} {
		t.Run(c.fragment, func(t *testing.T) {
			p := newPage(t, 1280, 800, c.fragment)
			if c.tab == "maker" {
				p.wait(`!document.querySelector("#maker .turn").hidden`)
			} else {
				p.wait(`document.querySelector("#breaker .entryline") !== null`)
			}
			tab := browsertest.Eval[string](p.Page, `document.querySelector('[role="tab"][aria-selected="true"]').getAttribute("aria-controls")`)
			note := browsertest.Eval[string](p.Page, `(document.querySelector(".linknote:not([hidden])") || {}).textContent || ""`)
			if tab != c.tab || !strings.Contains(note, c.says) {
				t.Errorf("%s: tab %q, note %q; want tab %q and a note saying %s", c.fragment, tab, note, c.tab, c.says)
			}
			if c.tab == "breaker" {
				if seed := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .seed").textContent`); seed == "1234567" || seed == "1" && strings.Contains(c.fragment, "seed=1&") {
					t.Errorf("%s plays seed %s", c.fragment, seed)
				}
			}
			if c.fragment == "#%" {
				p.screenshot("badlink-1280")
			}
		})
	}
	// The player's today, not UTC's: in a time zone 14 hours ahead the
	// local date is UTC's or the day after, 11 hours behind UTC's or the day
	// before; the local today is played, the local tomorrow refused.
	for _, zone := range []string{"Pacific/Kiritimati", "Pacific/Pago_Pago"} {
		t.Run(zone, func(t *testing.T) {
			p := openPage(t, 390, 844, true)
			if _, err := chromedp.Call(p.Ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: zone}); err != nil {
				t.Fatal(err)
			}
			p.Run(chromedp.Navigate(p.srv.URL+"/#breaker"), chromedp.WaitReady("#settings"))
			p.wait(`document.querySelector("#breaker .entryline") !== null`)
			local := func(days int) string {
				return browsertest.Eval[string](p.Page, fmt.Sprintf(`(() => { const d = new Date(); d.setDate(d.getDate() + %d); return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, "0"), String(d.getDate()).padStart(2, "0")].join("-"); })()`, days))
			}
			today, tomorrow := local(0), local(1)
			p.Run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = "#daily=%s&game=classic"`, tomorrow)))
			p.wait(`!document.querySelector(".linknote").hidden`)
			if note := browsertest.Eval[string](p.Page, `document.querySelector(".linknote").textContent`); !strings.Contains(note, "not out yet: today is "+today) {
				t.Errorf("the daily of %s (tomorrow here): note %q", tomorrow, note)
			}
			if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); strings.Contains(msg, tomorrow) {
				t.Errorf("the daily of %s (tomorrow here) is played: %q", tomorrow, msg)
			}
			p.screenshot("tomorrow-390")
			p.Run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = "#daily=%s&game=classic"`, today)))
			p.wait(fmt.Sprintf(`document.querySelector("#breaker .msg").textContent.includes(%q)`, "("+today+")"))
			if !browsertest.Eval[bool](p.Page, `document.querySelector(".linknote").hidden`) {
				t.Error("today's daily opened, and the note of the refused link stays")
			}
		})
	}
}

// Statistics of the right version but the wrong shape, or of a newer
// version, are set aside whole under another key, and the page goes on:
// the statistics open, a game is counted, a daily opens.
func TestBrowserBadStats(t *testing.T) {
	testkit.Long(t)
	big := `{"version":1,"games":{"classic":{"played":1,"won":1,"guesses":[` + strings.Repeat("0,", 1_000_000) + `1]}},"evil":{},"daily":{}}`
	for _, c := range []struct{ name, value string }{
		{"empty tally", `{"version":1,"games":{"classic":{}},"evil":{},"daily":{}}`},
		{"games a string", `{"version":1,"games":"x","evil":{},"daily":{}}`},
		{"daily turns", `{"version":1,"games":{},"evil":{},"daily":{"classic":{"2026-11-05":{"number":5,"won":true,"turns":"zz"}}}}`},
		{"a million guesses", big},
		{"a newer version", `{"version":2,"players":{"me":{"classic":[1,2,3]}}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			value, _ := json.Marshal(c.value)
			// Set once, before the page's first load.
			p := tracked(t, 1280, 800, "#daily=2026-11-05&game=classic",
				fmt.Sprintf(`if (!sessionStorage.getItem("set")) { sessionStorage.setItem("set", "1"); localStorage.setItem("mastermind.stats", %s); }`, value))
			p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #5 (2026-11-05)")`)
			text := p.statsText()
			if !strings.Contains(text, "kept aside") {
				t.Errorf("the statistics do not say that some were set aside: %.300q", text)
			}
			if kept := browsertest.Eval[string](p.Page, `localStorage.getItem("mastermind.stats.aside")`); kept != c.value {
				t.Errorf("mastermind.stats.aside holds %.100q, want the statistics found (%.100q)", kept, c.value)
			}
			p.Click("#breaker .giveup")
			p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .share") !== null`)
			if played, won := tallyOf(p.stats(), "games", "classic"); played != 1 || won != 0 {
				t.Errorf("after a daily given up: classic played %d, won %d; want 1, 0", played, won)
			}
			if f := p.figures()["Classic (4 of 6)/Daily"]; len(f) < 2 || f[0] != "played=1" || f[1] != "win %=0" {
				t.Errorf("statistics after a daily given up: %q", f)
			}
			// A second load sets nothing more aside.
			p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
			p.wait(`document.querySelector("#breaker .msg").textContent.includes("already")`)
			if n := browsertest.Eval[int](p.Page, `Object.keys(localStorage).filter((k) => k.startsWith("mastermind.stats.aside")).length`); n != 1 {
				t.Errorf("%d values set aside after a reload, want 1", n)
			}
		})
	}
}

// checkTwice clicks Check twice at once (as a double click does).
const checkTwice = `(() => { const b = document.querySelector("#breaker .entryline button.primary"); b.click(); b.click(); })()`

// One guess is in flight at a time: Check clicked three times fills one
// row; a game whose every guess is clicked twice (a daily, a seeded game)
// has a row per guess and is counted once.
func TestBrowserOneGuess(t *testing.T) {
	testkit.Long(t)
	p := tracked(t, 1280, 800, "#seed=31&game=classic", "")
	p.wait(`document.querySelector("#breaker .seed").textContent === "31"`)
	p.Blur()
	p.Keys("0011")
	p.Run(chromedp.Evaluate[chromedp.Void](`(() => { const b = document.querySelector("#breaker .entryline button.primary"); b.click(); b.click(); b.click(); })()`))
	p.wait(`document.querySelectorAll("#breaker .board .row").length >= 1`)
	p.settled()
	if n, calls := len(p.rows()), browsertest.Eval[int](p.Page, `calls["/api/answer"]`); n != 1 || calls != 1 {
		t.Errorf("Check clicked 3 times: %d rows, %d answers asked; want 1 and 1", n, calls)
	}
	for _, fragment := range []string{"#seed=4242&game=classic", "#daily=2026-11-04&game=classic"} {
		// The game on view is left (asked first: yes) and counted, then the
		// statistics are cleared.
		p.Run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.confirm = () => true; location.hash = %q`, fragment)))
		p.wait(fmt.Sprintf(`document.querySelector("#breaker .msg").textContent.startsWith(%q)`, map[bool]string{true: "Daily #4", false: "A secret"}[strings.HasPrefix(fragment, "#daily")]))
		p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.removeItem("mastermind.stats")`))
		p.wait(`document.querySelectorAll("#breaker .board .row").length === 0 && document.querySelector("#breaker .entryline") !== null && !document.querySelector("#breaker .msg").textContent.startsWith("You")`)
		for i := 1; ; i++ {
			if i > 10 {
				t.Fatalf("%s: not over after 10 guesses", fragment)
			}
			if strings.HasPrefix(fragment, "#daily") { // no hints: the first code that fits
				p.Blur()
				p.Keys(digits(leftAfter(classicCodes(), p.rows())[0]))
			} else {
				p.Click("#breaker .hint")
				p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
			}
			p.Run(chromedp.Evaluate[chromedp.Void](checkTwice))
			p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length >= %d`, i))
			p.settled()
			if n := len(p.rows()); n != i {
				t.Fatalf("%s: guess %d clicked twice: %d rows", fragment, i, n)
			}
			if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`) {
				break
			}
		}
		p.wait(`!document.querySelector("#breaker .summary").hidden`)
		p.settled()
		if played, won := tallyOf(p.stats(), "games", "classic"); played != 1 || won != 1 {
			t.Errorf("%s won, every guess clicked twice: played %d, won %d; want 1, 1", fragment, played, won)
		}
	}
}

// The result is kept as the game ends, before the engine's game and the
// review are fetched (which here never answer).
func TestBrowserRecordFirst(t *testing.T) {
	testkit.Long(t)
	p := tracked(t, 390, 844, "#seed=77&game=classic", "")
	p.wait(`document.querySelector("#breaker .seed").textContent === "77"`)
	for i := 1; i <= 10; i++ {
		p.Click("#breaker .hint")
		p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
		if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .msg").textContent.endsWith("; 1 code still possible.")`) {
			break
		}
		p.Click(`#breaker .entryline button.primary`)
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board .row").length === %d`, i))
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`hang.push("/api/next", "/api/review", "/api/score")`))
	p.Click(`#breaker .entryline button.primary`)
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("You found it")`)
	if played, won := tallyOf(p.stats(), "games", "classic"); played != 1 || won != 1 {
		t.Errorf("as the game is won (the engine's game still being fetched): played %d, won %d; want 1, 1", played, won)
	}
}

// Hard mode is locked from the first guess to the end of the game, marked
// in the share text with a *, and counted apart.
func TestBrowserHardLocked(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 800, "#breaker")
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#daily=2026-11-06&game=classic"`))
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #6")`)
	p.Click("#breaker .hardmode")
	p.enter([]int{0, 0, 1, 1}) // a daily has no hints
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .hardmode").click()`))
	if state := browsertest.Eval[string](p.Page, `(() => { const h = document.querySelector("#breaker .hardmode"); return h.disabled + " " + h.checked; })()`); state != "true true" {
		t.Errorf("after the first guess, hard mode (disabled, checked) is %q, want locked on", state)
	}
	p.screenshot("hard-locked-1280")
	// On to the end with the first code that fits every answer (hard mode
	// takes it), worked out here.
	for i := 2; i <= 10 && !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`); i++ {
		p.enter(leftAfter(classicCodes(), p.rows())[0])
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
	}
	p.wait(`document.querySelector("#breaker .share") !== null`)
	head := strings.Split(browsertest.Eval[string](p.Page, `document.querySelector("#breaker .share").textContent`), "\n")[0]
	if n := len(p.rows()); head != fmt.Sprintf("Mastermind classic #6 %d/10*", n) {
		t.Errorf("share text starts %q, want %q", head, fmt.Sprintf("Mastermind classic #6 %d/10*", n))
	}
	v := p.stats()
	games, _ := v["games"].(map[string]any)
	classic, _ := games["classic"].(map[string]any)
	hard, _ := classic["hard"].(map[string]any)
	if hard == nil || hard["played"] != 1.0 || hard["won"] != 1.0 {
		t.Errorf("the hard game is not counted apart: %v", classic)
	}
	if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .hardmode").disabled`) {
		t.Error("hard mode stays locked after the game")
	}
	if text := p.statsText(); !strings.Contains(text, "In hard mode: 1 game, 1 won.") {
		t.Errorf("statistics %.300q do not show the hard game apart", text)
	}
}

// Keys reach the game whatever was clicked last: Hard mode, the Code menu,
// Why? (Enter answers the computer's guess, not the button).
func TestBrowserKeysAfterClick(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 800, "#seed=99&game=classic")
	p.wait(`document.querySelector("#breaker .seed").textContent === "99"`)
	p.Click("#breaker .hardmode")
	p.Keys("0011\r")
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	p.Click("#breaker .kind")
	p.Keys(kb.Escape) // the menu's list closes; the menu keeps the focus
	p.Keys("1234\r")
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 2`)
	if kind := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .kind").value`); kind != "seed" {
		t.Errorf("typing after a click on the Code menu changed it to %q", kind)
	}
	// In a text field keys stay there.
	p.Click("#breaker .seedin")
	p.Keys("5")
	if n := len(p.rows()); n != 2 || browsertest.Eval[string](p.Page, `document.querySelector("#breaker .entryline .slots").getAttribute("aria-label")`) != "your code so far: empty" {
		t.Errorf("a digit typed in the seed box reached the game")
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#maker"`))
	p.wait(`!document.querySelector("#maker .turn").hidden`)
	p.Click("#maker .whybtn")
	p.wait(`!document.querySelector("#maker .why").hidden`)
	p.Keys("10\r")
	p.wait(`document.querySelectorAll("#maker .board .row").length === 1`)
	if b := browsertest.Eval[string](p.Page, `document.querySelector("#maker .board .row .fb").getAttribute("aria-label")`); b != "1 black, 0 white" {
		t.Errorf("typed 1 0 Enter after a click on Why?: the answer is %q", b)
	}
}

// The end of a game: Hint, Give up and Replay are gone; n during a game
// asks first (refused: the game goes on; accepted: it counts as given up);
// a daily or an evil game has no seed to replay.
func TestBrowserGameEnd(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 390, 844, "#seed=5&game=classic")
	p.wait(`document.querySelector("#breaker .seed").textContent === "5"`)
	visible := func(sel string) bool {
		return browsertest.Eval[bool](p.Page, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.getClientRects().length > 0; })()`, sel))
	}
	p.Blur()
	p.Keys("0011\r")
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	p.Run(chromedp.Evaluate[chromedp.Void](`window.asked = 0; window.confirm = () => { asked++; return false; }`))
	p.Blur()
	p.Keys("n")
	if asked, n := browsertest.Eval[int](p.Page, `asked`), len(p.rows()); asked != 1 || n != 1 {
		t.Errorf("n in a game: asked %d times, %d rows left; want asked once, the game kept", asked, n)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`window.confirm = () => { asked++; return true; }`))
	p.Keys("n")
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 0 && document.querySelector("#breaker .seed").textContent !== "5"`)
	if played, won := tallyOf(p.stats(), "games", "classic"); played != 1 || won != 0 {
		t.Errorf("a game left by n: played %d, won %d; want 1, 0", played, won)
	}
	for _, sel := range []string{"#breaker .hint", "#breaker .giveup", "#breaker .replay"} {
		if !visible(sel) {
			t.Errorf("%s is hidden during a game", sel)
		}
	}
	p.Click("#breaker .giveup")
	p.wait(`!document.querySelector("#breaker .summary").hidden`)
	for _, sel := range []string{"#breaker .hint", "#breaker .giveup", "#breaker .replay"} {
		if visible(sel) {
			t.Errorf("%s is shown after the game", sel)
		}
	}
	p.Keys("n") // a game over: no question
	p.wait(`document.querySelector("#breaker .summary").hidden`)
	if asked := browsertest.Eval[int](p.Page, `asked`); asked != 3 {
		t.Errorf("n after a game asked (%d questions in all, want 3: n twice, Give up once)", asked)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#daily=2026-11-07&game=classic"`))
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #7")`)
	if visible("#breaker .replay") {
		t.Error("a daily offers Replay")
	}
	p.screenshot("daily-playing-390")
}

// The evil game's summary: a share text (as Absurdle's) and the engine's
// worst case, as /api/eval gives it.
func TestBrowserEvilSummary(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 800, "#breaker")
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	p.Run(chromedp.SetValue("#breaker .kind", "evil"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .kind").dispatchEvent(new Event("change"))`))
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker")`)
	codes := classicCodes()
	for i := 1; i <= 12; i++ {
		p.enter(leftAfter(codes, p.rows())[0])
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
		if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`) {
			break
		}
	}
	p.wait(`document.querySelector("#breaker .share") !== null && !document.querySelector("#breaker .summary").textContent.includes("…")`)
	rows := p.rows()
	lines := strings.Split(browsertest.Eval[string](p.Page, `document.querySelector("#breaker .share").textContent`), "\n")
	if want := fmt.Sprintf("Mastermind classic evil %d/∞", len(rows)); lines[0] != want || len(lines) != len(rows)+1 {
		t.Errorf("share text %q, want %q and a row per guess", lines, want)
	}
	strategy := browsertest.Eval[string](p.Page, `document.querySelector("#strategy").value`)
	status, eval := post(t, p.srv, "/api/eval", fmt.Sprintf(`{"game":"classic","strategy":%q}`, strategy))
	if status != 200 {
		t.Fatalf("/api/eval of classic, %s: %d %v", strategy, status, eval)
	}
	summary := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .summary").textContent`)
	if want := fmt.Sprintf("needs at most %v guesses against any secret", eval["most"]); !strings.Contains(summary, want) {
		t.Errorf("summary %q does not say %q", summary, want)
	}
	p.screenshot("evil-summary-1280")
}

// lucklessPlan returns a seed of classic and guesses that find its secret
// where a guess leaves every code as many: the first code still possible,
// and where two are left the one that is not the secret, then the secret.
// The seeds and their secrets are testkit's vectors (secret-of-seed), as
// the page draws them.
func lucklessPlan(t *testing.T) (int, [][]int) {
	codes := classicCodes()
	for _, v := range testkit.Vectors("secret-of-seed") {
		if v.Fields[0] != "classic" {
			continue
		}
		seed, _ := strconv.Atoi(v.Fields[1])
		secret := make([]int, len(v.Fields[2]))
		for i, c := range v.Fields[2] {
			secret[i] = int(c - '0')
		}
		var rows [][3][]int
		var plan [][]int
		luckless := false
		for len(plan) < 12 {
			left := leftAfter(codes, rows)
			guess := left[0]
			if len(left) == 2 {
				guess = left[0]
				if slices.Equal(guess, secret) {
					guess = left[1]
				}
				luckless = true
			}
			plan = append(plan, guess)
			b, w := refScore(secret, guess)
			if b == 4 {
				break
			}
			rows = append(rows, [3][]int{guess, {b}, {w}})
		}
		if luckless {
			return seed, plan
		}
	}
	t.Fatal("no classic seed of testkit's secret-of-seed vectors comes to two codes left")
	return 0, nil
}

// The review's luck: "found" on the row that found the secret, "—" where
// every code then possible would have left as many codes (checked by brute
// force), a percentage elsewhere (lucklessPlan's game).
func TestBrowserLuck(t *testing.T) {
	testkit.Long(t)
	seed, plan := lucklessPlan(t)
	p := newPage(t, 1280, 800, fmt.Sprintf("#seed=%d&game=classic", seed))
	p.wait(fmt.Sprintf(`document.querySelector("#breaker .seed").textContent === "%d"`, seed))
	for i, guess := range plan {
		p.enter(guess)
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i+1))
	}
	p.wait(`document.querySelector("#breaker .review-table") !== null`)
	codes := classicCodes()
	rows := p.rows()
	luck := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("#breaker .review-table tbody tr")].map(r => r.querySelector('[data-label="Luck"]').textContent)`)
	if len(luck) != len(rows) {
		t.Fatalf("%d rows of review for %d guesses", len(luck), len(rows))
	}
	same := 0
	for i, r := range rows {
		before := leftAfter(codes, rows[:i])
		parts := map[[2]int]int{}
		for _, c := range before {
			b, w := refScore(c, r[0])
			parts[[2]int{b, w}]++
		}
		sizes := make([]int, 0, len(parts))
		for _, n := range parts {
			sizes = append(sizes, n)
		}
		want := "%"
		switch {
		case r[1][0] == 4:
			want = "found"
		case slices.Min(sizes) == slices.Max(sizes):
			want = "—"
			same++
		}
		if want == "%" && !strings.HasSuffix(luck[i], "%") || want != "%" && luck[i] != want {
			t.Errorf("guess %d %v (%d codes before, parts %v): luck %q, want %s", i+1, r[0], len(before), sizes, luck[i], want)
		}
	}
	if same == 0 || rows[len(rows)-1][1][0] != 4 {
		t.Errorf("seed %d played %v: no guess that leaves every code as many, or not found (the vectors' secret differs from the page's?)", seed, rows)
	}
	p.screenshot("luck-1280")
}

// Rapid keys and clicks as a player makes them: n twice starts one game,
// digits past the code's length are left out, Check clicked twice and
// Enter at once make one guess, an answer clicked twice in Computer
// guesses counts once.
func TestBrowserRapid(t *testing.T) {
	testkit.Long(t)
	p := tracked(t, 390, 844, "#breaker", "")
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	p.Blur()
	p.Keys("nn")
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	p.settled()
	p.Blur()
	p.Keys("012345")
	if c := p.code("#breaker .entryline .slots"); digits(c) != "0123" {
		t.Errorf("typed 012345 in a game of 4: entry %v", c)
	}
	p.Keys("\r")
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	p.settled()
	if rows := p.rows(); len(rows) != 1 || digits(rows[0][0]) != "0123" {
		t.Errorf("after Enter: rows %v, want one of 0 1 2 3", rows)
	}
	// Check clicked twice, then Enter at once: one guess.
	p.Keys("4455")
	p.Run(chromedp.Evaluate[chromedp.Void](`(() => { const b = document.querySelector("#breaker .entryline button.primary"); b.click(); b.click(); })()`))
	p.Keys("\r")
	p.wait(`document.querySelectorAll("#breaker .board .row").length >= 2 && document.querySelector("#breaker .entryline .slots .peg:not(.hole)") === null`)
	p.settled()
	if rows := p.rows(); len(rows) != 2 || digits(rows[1][0]) != "4455" {
		t.Errorf("Check clicked twice and Enter: rows %v, want 0 1 2 3 then 4 4 5 5", rows)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#maker"`))
	p.wait(`!document.querySelector("#maker .turn").hidden`)
	p.settled()
	p.Run(chromedp.Evaluate[chromedp.Void](`(() => { const b = document.querySelector("#maker .turn .answer button.primary"); b.click(); b.click(); })()`))
	p.wait(`!document.querySelector("#maker .turn").hidden && document.querySelectorAll("#maker .board .row").length >= 1`)
	p.settled()
	if n := browsertest.Eval[int](p.Page, `document.querySelectorAll("#maker .board .row").length`); n != 1 {
		t.Errorf("an answer clicked twice: %d rows", n)
	}
}
