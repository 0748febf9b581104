package web

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The browser tests drive the page in a real headless Chromium
// (internal/browsertest). Without one they skip, except under CI (the
// environment variable CI set), where a missing browser fails the run.

var shots = flag.String("screenshots", "", "write the browser tests' screenshots (PNG) to this `directory`")

// TestMain closes the browser after the tests.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	browsertest.Close()
	os.Exit(code)
}

// page is a browser tab on a fresh server.
type page struct {
	*browsertest.Page
	t   *testing.T
	srv *httptest.Server
}

// newPage starts a server and opens the page at fragment (#maker, #breaker
// or #solver) in a new tab of width x height, in a fresh profile (nothing
// kept from another test) that has seen "how to play" already.
func newPage(t *testing.T, width, height int, fragment string) *page {
	t.Helper()
	p := openPage(t, width, height, true)
	p.Run(chromedp.Navigate(p.srv.URL+"/"+fragment), chromedp.WaitReady("#settings"))
	return p
}

// openPage starts a server and opens a blank tab of width x height in a
// fresh profile, which has seen "how to play" already if welcomed.
func openPage(t *testing.T, width, height int, welcomed bool) *page {
	t.Helper()
	// The server first, so that it stops last: after the page's errors are
	// read and its tab closed (cleanups run last first), not while the page
	// may still ask it something.
	srv := newTestServer(t, Options{})
	bp := browsertest.Open(t, width, height, browsertest.Timeout, chromedp.WithNewBrowserContext())
	p := &page{Page: bp, t: t, srv: srv}
	if !welcomed {
		return p
	}
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `if (location.protocol === "http:" && !localStorage.getItem("mastermind.settings")) localStorage.setItem("mastermind.settings", '{"version":1,"welcomed":true}');`,
	}); err != nil {
		t.Fatal(err)
	}
	return p
}

// wait waits until the JavaScript condition holds, naming the page's
// messages if it does not.
func (p *page) wait(cond string) {
	p.t.Helper()
	p.Wait(cond, ".msg")
}

// screenshot writes the whole page as name.png to the -screenshots folder
// (or the test's temporary folder).
func (p *page) screenshot(name string) {
	p.t.Helper()
	p.Screenshot(*shots, name)
}

// code reads the pegs of the first code under sel.
func (p *page) code(sel string) []int {
	p.t.Helper()
	return browsertest.Eval[[]int](p.Page, fmt.Sprintf(`[...document.querySelector(%q).querySelectorAll(".peg")].map(x => Number(x.textContent))`, sel))
}

// setGame picks a preset and strategy and starts a new game in the mode on
// view.
func (p *page) setGame(game, strategy string) {
	p.t.Helper()
	p.Run(chromedp.SetValue("#game", game), chromedp.SetValue("#strategy", strategy))
	p.Tap("#new")
}

func digits(c []int) string {
	var b strings.Builder
	for _, x := range c {
		fmt.Fprint(&b, x)
	}
	return b.String()
}

// Mode 1 by keyboard: the computer finds 3 4 5 5 in classic; the answers
// are typed as two digits and Enter.
func TestBrowserMakerKeyboard(t *testing.T) {
	p := newPage(t, 1280, 800, "#maker")
	secret := []int{3, 4, 5, 5}
	for i := 1; ; i++ {
		p.wait(fmt.Sprintf(`document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, i-1))
		found := browsertest.Eval[bool](p.Page, `document.querySelector("#maker .msg").textContent.startsWith("Found it in")`)
		if found {
			break
		}
		if i > 8 {
			t.Fatal("not found in 8 guesses")
		}
		guess := p.code("#maker .turn .code")
		b, w := refScore(secret, guess)
		if i == 2 {
			p.screenshot("maker-1280")
		}
		p.Keys(fmt.Sprintf("%d%d\r", b, w))
	}
	msg := browsertest.Eval[string](p.Page, `document.querySelector("#maker .msg").textContent`)
	if !strings.Contains(msg, "3 4 5 5") {
		t.Errorf("message %q does not name the code", msg)
	}
}

// Mode 1 by clicks, with a contradiction: answer 2 is wrong, the rows are
// marked, answer 2 is corrected in place, and the game goes on.
func TestBrowserMakerConflict(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 800, "#maker")
	secret := []int{3, 4, 5, 5}
	answer := func(b, w int) {
		for range b {
			p.Click(`#maker .turn button[aria-label="more black"]`)
		}
		for range w {
			p.Click(`#maker .turn button[aria-label="more white"]`)
		}
		p.Click(`#maker .turn button.primary`)
	}
	p.wait(`!document.querySelector("#maker .turn").hidden`)
	g1 := p.code("#maker .turn .code")
	b, w := refScore(secret, g1)
	answer(b, w)
	p.wait(`document.querySelectorAll("#maker .board .row").length === 1 && !document.querySelector("#maker .turn").hidden`)
	g2 := p.code("#maker .turn .code")
	b2, w2 := refScore(secret, g2)
	// A wrong answer to guess 2 that no code fits with answer 1.
	lb, lw := lie(g1, b, w, g2)
	answer(lb, lw)
	p.wait(`document.querySelectorAll("#maker .board .row").length === 2 && document.querySelector("#maker .msg").classList.contains("alert")`)
	marked := browsertest.Eval[int](p.Page, `document.querySelectorAll("#maker .board .row.conflict").length`)
	msg := browsertest.Eval[string](p.Page, `document.querySelector("#maker .msg").textContent`)
	if marked == 0 || !strings.Contains(msg, "contradict") && !strings.Contains(msg, "no secret gives") {
		t.Logf("guesses %v %v", g1, g2)
		t.Fatalf("after a wrong answer: %d rows marked, message %q", marked, msg)
	}
	p.screenshot("maker-conflict-1280")
	// Correct answer 2 in place.
	p.Click(`#maker button[aria-label="edit answer 2"]`)
	p.wait(`document.querySelector("#maker .editing") !== null`)
	p.Keys(fmt.Sprintf("%d%d\r", b2, w2))
	p.wait(`document.querySelectorAll("#maker .board .row.conflict").length === 0 && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`)
	for i := 3; i < 10; i++ {
		found := browsertest.Eval[bool](p.Page, `document.querySelector("#maker .msg").textContent.startsWith("Found it in")`)
		if found {
			return
		}
		guess := p.code("#maker .turn .code")
		b, w := refScore(secret, guess)
		answer(b, w)
		p.wait(fmt.Sprintf(`document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, i))
	}
	t.Fatal("not found in 9 guesses")
}

// Mode 2 by keyboard: a guess typed, Backspace, hints, Enter, then the
// summary; the same seed replays the same secret. Enter on a code too
// short says so, and a hint then replaces the note (it used to erase the
// hint's own words).
func TestBrowserBreakerKeyboard(t *testing.T) {
	p := newPage(t, 1280, 800, "#breaker")
	p.Run(chromedp.SetValue("#breaker .seedin", "4242"), chromedp.Click("#breaker .replay button"))
	p.wait(`document.querySelector("#breaker .seed").textContent === "4242"`)
	p.Blur()
	p.Keys("\r")
	p.wait(`document.querySelector("#breaker .msg").textContent === "A code has 4 colours: add 4 more."`)
	p.Keys("h")
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
	p.Keys(strings.Repeat(kb.Backspace, 4) + "0012" + kb.Backspace + "3")
	if c := p.code("#breaker .entryline .slots"); digits(c) != "0013" {
		t.Fatalf("typed 0012, Backspace, 3: entry %v", c)
	}
	// The whole code took the focus to Check (after a click on Replay):
	// Enter there is the button's, which the browser presses; the page's
	// own key handler leaves it, or one Enter would check twice.
	if got := browsertest.Eval[string](p.Page, `(() => {
		const e = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
		document.activeElement.dispatchEvent(e);
		return document.activeElement.textContent + (e.defaultPrevented ? ", taken by the page" : "");
	})()`); got != "Check" {
		t.Errorf("Enter on the Check a whole code focused, after a click elsewhere: %s", got)
	}
	p.Keys("\r")
	p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
	for i := 2; i < 12; i++ {
		over := browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`)
		if over {
			break
		}
		p.Keys("h")
		p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
		if i == 3 {
			p.screenshot("breaker-1280")
		}
		p.Keys("\r")
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
	}
	p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary").textContent.includes("The engine")`)
	summary := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .summary").textContent`)
	if !strings.Contains(summary, "You: ") || !strings.Contains(summary, "seed 4242") {
		t.Errorf("summary %q", summary)
	}
	p.screenshot("breaker-summary-1280")
	secret := p.code("#breaker .summary .code[aria-label^=\"secret\"]")
	// The same seed, the same secret: give up and compare (Replay goes
	// with the game's end: the challenge link replays it).
	if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .replay").getClientRects().length > 0`) {
		t.Error("Replay is shown after the game")
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#seed=4242&game=classic"`))
	p.wait(`document.querySelector("#breaker .summary").hidden`)
	p.Run(chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`)) // Give up asks
	p.Click("#breaker .giveup")
	p.wait(`!document.querySelector("#breaker .summary").hidden`)
	if again := p.code("#breaker .summary .code[aria-label^=\"secret\"]"); digits(again) != digits(secret) {
		t.Errorf("seed 4242 drew %v, then %v", secret, again)
	}
}

// Mode 3 by keyboard, with a contradiction fixed in place: 0000 2 0, 1111
// 2 0, 2222 1 0 cannot all hold; answer 3 becomes 0 0, and the solver's
// best guesses find 1 0 1 0.
func TestBrowserSolverKeyboard(t *testing.T) {
	p := newPage(t, 1280, 800, "#solver")
	p.wait(`document.querySelector("#solver .tally").textContent.includes("1,296 codes")`)
	p.Blur()
	p.Keys("000020\r111120\r222210\r")
	p.wait(`document.querySelectorAll("#solver .board .row.conflict").length === 3`)
	msg := browsertest.Eval[string](p.Page, `document.querySelector("#solver .msg").textContent`)
	if !strings.Contains(msg, "answers 1, 2 and 3 contradict each other") {
		t.Errorf("message %q", msg)
	}
	p.screenshot("solver-conflict-1280")
	p.Click(`#solver button[aria-label="edit answer 3"]`)
	p.Keys("00\r")
	p.wait(`document.querySelectorAll("#solver .board .row.conflict").length === 0 && document.querySelector("#solver .tally").textContent.startsWith("6 codes")`)
	n := browsertest.Eval[int](p.Page, `document.querySelectorAll("#solver .cands li").length`)
	if n != 6 {
		t.Errorf("%d codes listed, want 6", n)
	}
	secret := []int{1, 0, 1, 0}
	for i := 4; i < 10; i++ {
		solved := browsertest.Eval[bool](p.Page, `document.querySelector("#solver .msg").textContent.startsWith("Solved")`)
		if solved {
			p.screenshot("solver-1280")
			return
		}
		p.wait(`document.querySelector("#solver .best .code") !== null`)
		guess := p.code("#solver .best .code")
		b, w := refScore(secret, guess)
		p.Keys(fmt.Sprintf("%s%d%d\r", digits(guess), b, w))
		p.wait(fmt.Sprintf(`document.querySelectorAll("#solver .board .row").length === %d && !document.querySelector("#solver .tally").textContent.startsWith("Thinking")`, i))
	}
	t.Fatal("not solved")
}

// At phone width: no horizontal scroll, touch targets of at least 40 px,
// and mode 2 played by taps (palette and buttons) in Bulls and Cows, mode 3
// by taps.
func TestBrowserPhone(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 390, 844, "#maker")
	checkLayout := func(where string) {
		t.Helper()
		overflow := browsertest.Eval[int](p.Page, `document.documentElement.scrollWidth - window.innerWidth`)
		if overflow > 0 {
			t.Errorf("%s: the page is %d px wider than the 390 px screen", where, overflow)
		}
		small := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("button, a, select, input, summary, [role=spinbutton]")].filter(e => {
			const r = e.getBoundingClientRect();
			return r.width > 0 && (r.width < 40 || r.height < 40);
		}).map(e => e.outerHTML.slice(0, 80))`)
		for _, s := range small {
			t.Errorf("%s: touch target smaller than 40 px: %s", where, s)
		}
		unnamed := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("button, a, select, input, [role=spinbutton], [role=img]")].filter(e => {
			const r = e.getBoundingClientRect();
			const named = e.getAttribute("aria-label") || e.textContent.trim() || (e.labels && e.labels.length);
			return r.width > 0 && !named;
		}).map(e => e.outerHTML.slice(0, 80))`)
		for _, s := range unnamed {
			t.Errorf("%s: a control without an accessible name: %s", where, s)
		}
	}
	p.wait(`!document.querySelector("#maker .turn").hidden`)
	checkLayout("computer guesses")
	p.screenshot("maker-390")
	p.setGame("super", "auto")
	p.wait(`document.querySelectorAll("#maker .turn .peg").length === 5`)
	p.Click(`#maker .turn button[aria-label="more white"]`)
	p.Click(`#maker .turn button.primary`)
	p.wait(`document.querySelectorAll("#maker .board .row").length === 1 && !document.querySelector("#maker .turn").hidden`)
	checkLayout("computer guesses, super")
	p.screenshot("maker-super-390")

	p.Click(`#tab-breaker`)
	p.wait(`!document.querySelector("#breaker").hidden`)
	p.setGame("bulls", "auto")
	p.wait(`document.querySelectorAll("#breaker .palette .pick").length === 10`)
	for _, c := range []int{0, 1, 2, 2, 3} { // the second 2 is refused: distinct colours
		p.Click(fmt.Sprintf(`#breaker .palette button[aria-label="colour %d"]`, c))
	}
	if c := p.code("#breaker .entryline .slots"); digits(c) != "0123" {
		t.Errorf("tapped 0 1 2 2 3 in bulls: entry %v", c)
	}
	p.Click(`#breaker .entryline button.primary`)
	p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
	for i := 2; i < 12; i++ {
		over := browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`)
		if over {
			break
		}
		p.Click("#breaker .hint")
		p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
		p.Click(`#breaker .entryline button.primary`)
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
		if i == 3 {
			checkLayout("you guess")
			p.screenshot("breaker-390")
		}
	}
	p.wait(`!document.querySelector("#breaker .summary").hidden`)
	checkLayout("summary")

	p.Click(`#tab-solver`)
	p.wait(`document.querySelector("#solver .tally").textContent.includes("5,040 codes")`)
	for _, c := range []int{9, 8, 7, 6} {
		p.Click(fmt.Sprintf(`#solver .palette button[aria-label="colour %d"]`, c))
	}
	p.Click(`#solver .turn button[aria-label="more white"]`)
	p.Click(`#solver .turn button.primary`)
	p.wait(`document.querySelectorAll("#solver .board .row").length === 1 && document.querySelector("#solver .best .code") !== null`)
	checkLayout("solver")
	p.screenshot("solver-390")
	p.Tap(`#help summary`)
	checkLayout("help")
	p.screenshot("help-390")
}

// lie returns an answer to guess g2 of classic that no code gives together
// with answer b w to g1.
func lie(g1 []int, b, w int, g2 []int) (int, int) {
	for lb := 0; lb <= 4; lb++ {
		for lw := 0; lb+lw <= 4; lw++ {
			if lb == 3 && lw == 1 {
				continue
			}
			fits := false
			for x := 0; x < 1296 && !fits; x++ {
				c := []int{x / 216, x / 36 % 6, x / 6 % 6, x % 6}
				b1, w1 := refScore(c, g1)
				b2, w2 := refScore(c, g2)
				fits = b1 == b && w1 == w && b2 == lb && w2 == lw
			}
			if !fits {
				return lb, lw
			}
		}
	}
	panic("every answer fits")
}

// The tabs follow the ARIA pattern (arrows move between them, the panel
// follows), a link opens a mode, and a custom game starts without a reload.
func TestBrowserTabsAndCustom(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 800, "#solver")
	p.wait(`!document.querySelector("#solver").hidden && document.querySelector("#maker").hidden`)
	p.Run(chromedp.Evaluate[chromedp.Void](`window.marker = 1`)) // gone on a reload
	p.Run(chromedp.Focus("#tab-explore"))
	p.Keys(kb.ArrowRight) // wraps to the first tab
	p.wait(`!document.querySelector("#maker").hidden && document.activeElement.id === "tab-maker" && document.querySelector("#tab-maker").getAttribute("aria-selected") === "true"`)
	p.Keys(kb.ArrowRight)
	p.wait(`!document.querySelector("#breaker").hidden && document.activeElement.id === "tab-breaker"`)
	p.Keys(kb.ArrowLeft)
	p.wait(`!document.querySelector("#maker").hidden`)

	p.Run(chromedp.SetValue("#game", "custom"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#game").dispatchEvent(new Event("change"))`))
	p.wait(`!document.querySelector("#custom").hidden`)
	p.Run(chromedp.SetValue("#positions", "3"), chromedp.SetValue("#colors", "5"), chromedp.Click("#distinct"), chromedp.Click("#new"))
	p.wait(`!document.querySelector("#maker .turn").hidden && document.querySelectorAll("#maker .turn .peg").length === 3 && document.querySelector("#maker .msg").textContent.startsWith("60 codes")`)
	secret := []int{4, 0, 2}
	for i := 1; i < 8; i++ {
		if browsertest.Eval[bool](p.Page, `document.querySelector("#maker .msg").textContent.startsWith("Found it in")`) {
			break
		}
		guess := p.code("#maker .turn .code")
		b, w := refScore(secret, guess)
		p.Keys(fmt.Sprintf("%d%d\r", b, w))
		p.wait(fmt.Sprintf(`document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, i))
	}
	if !browsertest.Eval[bool](p.Page, `document.querySelector("#maker .msg").textContent.startsWith("Found it in")`) {
		t.Fatal("not found in 7 guesses")
	}

	// More than ten colours: colours from 10 up are typed as two digits.
	p.Click("#tab-breaker")
	p.Run(chromedp.SetValue("#colors", "12"), chromedp.Click("#distinct"), chromedp.Click("#new"))
	p.wait(`document.querySelectorAll("#breaker .palette .pick").length === 12`)
	p.Keys("113")
	p.Keys("10")
	if c := p.code("#breaker .entryline .slots"); fmt.Sprint(c) != "[11 3 10]" {
		t.Errorf("typed 11, 3, 10 with 12 colours: entry %v", c)
	}
	if !browsertest.Eval[bool](p.Page, `window.marker === 1`) {
		t.Error("the page was reloaded")
	}
}

// addTiny is a server with one more preset, "tiny" (3 of 4): its menus
// (GET /api/games) offer it, and the bodies that name it are given its size.
func addTiny(h http.Handler) http.Handler {
	tiny := mastermind.PresetInfo{Name: "tiny", Title: "Tiny", Game: mastermind.Game{Positions: 3, Colors: 4}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/games" {
			json.NewEncoder(w).Encode(choose.NewMenus(append(mastermind.Presets(), tiny), playable))
			return
		}
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			body = bytes.ReplaceAll(body, []byte(`"game":"tiny"`), []byte(`"game":{"positions":3,"colors":4}`))
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		}
		h.ServeHTTP(w, r)
	})
}

// The menus come from GET /api/games: a preset added on the server is
// offered (and played), and the strategies the API does not play on the
// chosen game are not.
func TestBrowserMenus(t *testing.T) {
	testkit.Long(t)
	wrap = addTiny
	t.Cleanup(func() { wrap = nil })
	p := newPage(t, 1280, 800, "#maker")
	p.wait(`!document.querySelector("#maker .turn").hidden`)
	games := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("#game option")].map(o => o.value + " " + o.textContent)`)
	want := "[tiny Tiny (3 of 4) classic Classic (4 of 6) bulls Bulls and Cows (4 of 10, distinct) digits Digits (4 of 10) super Super (5 of 8) custom Custom…]"
	if fmt.Sprint(games) != want {
		t.Errorf("game menu %q, want %q", games, want)
	}
	strategies := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("#strategy option")].map(o => o.textContent)`)
	if want := "[auto (best) consistent optimal entropy minimax (Knuth) expected parts first random]"; fmt.Sprint(strategies) != want {
		t.Errorf("strategy menu %q, want %q", strategies, want)
	}
	p.setGame("tiny", "optimal")
	p.wait(`document.querySelectorAll("#maker .turn .peg").length === 3 && document.querySelector("#maker .msg").textContent.startsWith("64 codes")`)
	p.Run(chromedp.SetValue("#game", "super"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#game").dispatchEvent(new Event("change"))`))
	if off := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("#strategy option:disabled")].map(o => o.value)`); fmt.Sprint(off) != "[optimal]" {
		t.Errorf("super: strategies offered but not played %v, want [optimal]", off)
	}
	if s := browsertest.Eval[string](p.Page, `document.querySelector("#strategy").value`); s != "auto" {
		t.Errorf("super after optimal: strategy %q, want auto", s)
	}
}

// The page's rule for the answers a secret can give (ui.js feedbackError,
// which refuses an answer before it is sent) is the engine's
// (mastermind.Game.ValidFeedback), on every game the page's custom fields
// allow: 1 to 10 positions, 2 to 20 colours, with and without distinct
// colours, and every answer of up to the positions in black and in white.
func TestBrowserFeedbackRule(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 800, "#solver")
	type game struct {
		Positions int  `json:"positions"`
		Colors    int  `json:"colors"`
		Distinct  bool `json:"distinct"`
	}
	var games []game
	for n := 1; n <= 10; n++ {
		for k := 2; k <= 20; k++ {
			games = append(games, game{n, k, false})
			if k >= n {
				games = append(games, game{n, k, true})
			}
		}
	}
	list, _ := json.Marshal(games)
	got := browsertest.Eval[[][]bool](p.Page, `import("./ui.js").then(({feedbackError}) => `+string(list)+`.map((g) => {
		const ok = [];
		for (let b = 0; b <= g.positions; b++) for (let w = 0; w <= g.positions; w++) ok.push(feedbackError(g, b, w) === "");
		return ok;
	}))`)
	if len(got) != len(games) {
		t.Fatalf("the page judged %d games, want %d", len(got), len(games))
	}
	differ := 0
	for i, g := range games {
		mg := mastermind.Game{Positions: g.Positions, Colors: g.Colors, Distinct: g.Distinct}
		j := 0
		for b := 0; b <= g.Positions; b++ {
			for w := 0; w <= g.Positions; w++ {
				want := mg.ValidFeedback(mastermind.Feedback{Black: b, White: w}) == nil
				if got[i][j] != want && differ < 10 {
					t.Errorf("%+v: answer %d %d: the page says valid = %v, the engine %v", g, b, w, got[i][j], want)
				}
				if got[i][j] != want {
					differ++
				}
				j++
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d answers judged otherwise by the page and the engine", differ)
	}
}

// The page explains (issue 46), at 1280 and 390 px: Why? after the
// computer's guess shows the chart of its parts and the figures in words
// (checked against /api/explain); the review table after a won game has a
// row per guess (a line on a phone, nothing wider than the screen); the
// explorer goes three answers down super's tree and back by the
// breadcrumb, and its link reopens the node.
func TestBrowserExplains(t *testing.T) {
	testkit.Long(t)
	for _, width := range []int{1280, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			p := newPage(t, width, 900, "#maker")
			p.wait(`!document.querySelector("#maker .turn").hidden`)
			p.Click("#maker .whybtn")
			p.wait(`document.querySelector("#maker .why .bars") !== null`)
			words := browsertest.Eval[string](p.Page, `document.querySelector("#maker .why .why-words").textContent`)
			bars := browsertest.Eval[int](p.Page, `document.querySelectorAll("#maker .why .bars li").length`)
			if !strings.Contains(words, "splits the 1,296 codes into 14 parts; at most 276 remain") || bars != 14 {
				t.Errorf("Why? on classic's first guess: %q, %d bars (want 14 parts, at most 276)", words, bars)
			}
			p.screenshot(fmt.Sprintf("served-why-%d", width))

			// The Solver: the guess being built, beside the engine's.
			p.Run(chromedp.Navigate(strings.Split(browsertest.Eval[string](p.Page, `location.href`), "#")[0] + "#solver"))
			p.wait(`document.querySelector("#solver .best .code") !== null`)
			p.Blur()
			p.Keys("0123y")
			p.wait(`document.querySelectorAll("#solver .why .why-one").length === 2`)
			both := browsertest.Eval[string](p.Page, `document.querySelector("#solver .why").textContent`)
			if !strings.Contains(both, "splits the 1,296 codes into 14 parts; at most 312 remain") || !strings.Contains(both, "The engine (auto) would guess") {
				t.Errorf("Why? on the Solver's 0123: %q", both)
			}
			p.screenshot(fmt.Sprintf("served-why-solver-%d", width))

			p.Run(chromedp.Navigate(strings.Split(browsertest.Eval[string](p.Page, `location.href`), "#")[0] + "#breaker"))
			p.wait(`document.querySelector("#breaker .seed").textContent !== ""`)
			p.Run(chromedp.SetValue("#breaker .seedin", "4242"), chromedp.Click("#breaker .replay button"))
			p.wait(`document.querySelector("#breaker .seed").textContent === "4242"`)
			p.Blur()
			p.Keys("0011\r")
			p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
			rows := 1
			for !browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`) {
				if rows++; rows > 10 {
					t.Fatal("not found in 10 guesses")
				}
				p.Keys("h")
				p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
				p.Keys("\r")
				p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, rows))
			}
			p.wait(`document.querySelector("#breaker .review-table") !== null`)
			if n := browsertest.Eval[int](p.Page, `document.querySelectorAll("#breaker .review-table tbody tr").length`); n != rows {
				t.Errorf("the review has %d rows for %d guesses", n, rows)
			}
			if browsertest.Eval[bool](p.Page, `!document.querySelector("#breaker .whybtn").hidden`) {
				t.Error("Why? is offered after the game")
			}
			if width == 390 {
				if d := browsertest.Eval[string](p.Page, `getComputedStyle(document.querySelector("#breaker .review-table tbody tr")).display`); d != "flex" {
					t.Errorf("on a phone a review row is %q, not a line (flex)", d)
				}
			}
			if overflow := browsertest.Eval[int](p.Page, `document.documentElement.scrollWidth - window.innerWidth`); overflow > 0 {
				t.Errorf("the page with the review is %d px wider than the screen", overflow)
			}
			p.screenshot(fmt.Sprintf("served-review-%d", width))

			browsertest.Explore(p.Page, width)
			browsertest.Report(p.Page)
			p.screenshot(fmt.Sprintf("served-explore-%d", width))
		})
	}
}
