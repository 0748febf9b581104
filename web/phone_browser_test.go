package web

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the time zone the statistics test emulates

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The browser tests of issue 52: the page as a game on a phone (390x844)
// and on a desktop (1280x800), light and dark.

// inView reports, as JavaScript, whether the first element under sel is
// on screen whole and not covered: its box inside the window, and the
// element at its centre it or inside it.
func inView(sel string) string {
	return fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return false;
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
		return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
	})()`, sel)
}

// checkFrame checks the page's frame: the header one row (every tab and
// the menu button side by side, the header at most 64 px high on a phone),
// nothing wider than the window (the menu and a dialog open included), and
// on a phone the window itself never scrolled and nothing below it (the
// board scrolls in its own area).
func (p *page) checkFrame(where string, phone bool) {
	p.t.Helper()
	// One row: the boxes of the tabs and the menu button overlap in height.
	if !browsertest.Eval[bool](p.Page, `(() => {
		const rs = [...document.querySelectorAll(".top [role=tab], .top .menubtn")].filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect());
		return rs.length >= 4 && Math.max(...rs.map(r => r.top)) < Math.min(...rs.map(r => r.bottom));
	})()`) {
		p.t.Errorf("%s: the header's tabs and menu are not on one row", where)
	}
	if h := browsertest.Eval[float64](p.Page, `document.querySelector(".top").getBoundingClientRect().height`); phone && h > 64 {
		p.t.Errorf("%s: the header is %.0f px high on a phone", where, h)
	}
	wide := browsertest.Eval[[]string](p.Page, `[document.documentElement, ...document.querySelectorAll("main, .panel, .scroll, .dock, #menu, dialog[open]")].filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1).map(e => e.tagName + "." + e.className + " " + e.scrollWidth + ">" + e.clientWidth)`)
	for _, w := range wide {
		p.t.Errorf("%s: scrolls sideways: %s", where, w)
	}
	if y := browsertest.Eval[float64](p.Page, `scrollY`); phone && y != 0 {
		p.t.Errorf("%s: the window is scrolled %.0f px on a phone", where, y)
	}
	// Nothing reaches below the window on a phone: what does is out of a
	// player's reach, and a script's scroll into view scrolls the window.
	if h := browsertest.Eval[[]float64](p.Page, `[document.documentElement.scrollHeight, innerHeight]`); phone && h[0] > h[1] {
		p.t.Errorf("%s: the page is %.0f px high in a %.0f px window on a phone", where, h[0], h[1])
	}
}

// One screen per mode: after seven guesses in You guess, the Check button
// and the palette are on screen (the window not scrolled on a phone, the
// board in its own area with its last row in view), and stay so with Why?
// open; Computer guesses and the Solver keep their answer buttons on
// screen the same way; the settings sit behind the menu on a phone, and a
// new game from it closes it.
func TestBrowserOneScreen(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			phone := sz.w < 500
			p := newPage(t, sz.w, sz.h, "#seed=4242&game=classic")
			p.wait(`document.querySelector("#breaker .seed").textContent === "4242"`)
			p.checkFrame("you guess, a new game", phone)
			if phone && browsertest.Eval[bool](p.Page, `document.querySelector("#settings").getClientRects().length > 0`) {
				t.Error("the settings are on view on a phone, not behind the menu")
			}
			guesses := []string{"0011", "2233", "4455", "0123", "1230", "2301", "3012"}
			for i, g := range guesses {
				p.Blur()
				p.Keys(g + "\r")
				p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i+1))
				if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`) {
					t.Fatalf("seed 4242's secret is %s: choose guesses that miss it", g)
				}
			}
			for _, sel := range []string{`#breaker .entryline button.primary`, `#breaker .palette button[aria-label="colour 5"]`, `#breaker .board .row:last-child`} {
				if !browsertest.Eval[bool](p.Page, inView(sel)) {
					t.Errorf("after 7 guesses %s is not on screen", sel)
				}
			}
			p.checkFrame("you guess, 7 guesses", phone)
			p.screenshot("one-screen-breaker-" + sz.name)
			// Why? opened in the dock keeps the newest row in view (not
			// under the dock that grew).
			p.Keys("y")
			p.wait(`document.querySelector("#breaker .why .bars") !== null`)
			// The page brings the row back into view once the dock has grown
			// (a resize observer, after the panel is drawn): wait for it.
			for _, sel := range []string{`#breaker .entryline button.primary`, `#breaker .board .row:last-child`} {
				p.wait(inView(sel))
			}
			p.checkFrame("you guess, 7 guesses, Why? open", phone)
			p.screenshot("one-screen-breaker-why-" + sz.name)
			p.Keys("y")
			p.wait(`document.querySelector("#breaker .why").hidden`)

			// The menu: a new game of super from it, in Computer guesses.
			p.Click("#tab-maker")
			p.wait(`!document.querySelector("#maker .turn").hidden`)
			if phone {
				p.Click(".menubtn")
				p.wait(`document.querySelector("#menu").matches(":popover-open")`)
				p.checkFrame("the menu open", phone)
				p.screenshot("one-screen-menu-" + sz.name)
			}
			p.setGame("super", "auto")
			p.wait(`document.querySelectorAll("#maker .turn .peg").length === 5 && !document.querySelector("#maker .turn").hidden`)
			if browsertest.Eval[bool](p.Page, `document.querySelector("#menu").matches(":popover-open")`) {
				t.Error("the menu stays open after New game")
			}
			secret := []int{7, 6, 5, 4, 3}
			for i := 1; ; i++ {
				if !browsertest.Eval[bool](p.Page, inView(`#maker .turn button.primary`)) {
					t.Errorf("computer guesses, turn %d: the Answer button is not on screen", i)
				}
				b, w := refScore(secret, p.code("#maker .turn .code"))
				p.Blur()
				p.Keys(fmt.Sprintf("%d%d\r", b, w))
				p.wait(fmt.Sprintf(`document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, i))
				if b == 5 {
					break
				}
				if i > 10 {
					t.Fatal("super not found in 10 guesses")
				}
			}
			if !browsertest.Eval[bool](p.Page, inView(`#maker .msg`)) {
				t.Error("computer guesses: the message that it found the code is not on screen")
			}
			p.checkFrame("computer guesses, found", phone)
			p.screenshot("one-screen-maker-" + sz.name)

			// The Solver: seven rows of a game played elsewhere.
			p.Click("#tab-solver")
			p.wait(`document.querySelector("#solver .tally").textContent.includes("32,768 codes")`)
			for i, g := range [][]int{{0, 0, 1, 1, 2}, {2, 2, 3, 3, 4}, {4, 5, 5, 6, 6}, {7, 7, 0, 1, 2}, {1, 2, 3, 4, 5}, {5, 4, 3, 2, 1}, {6, 7, 0, 1, 2}} {
				b, w := refScore(secret, g)
				p.Blur()
				p.Keys(fmt.Sprintf("%s%d%d\r", digits(g), b, w))
				p.wait(fmt.Sprintf(`document.querySelectorAll("#solver .board .row").length === %d && !document.querySelector("#solver .tally").textContent.startsWith("Thinking")`, i+1))
			}
			for _, sel := range []string{`#solver .turn button.primary`, `#solver .palette button[aria-label="colour 7"]`, `#solver .board .row:last-child`} {
				if !browsertest.Eval[bool](p.Page, inView(sel)) {
					t.Errorf("the solver after 7 rows: %s is not on screen", sel)
				}
			}
			p.checkFrame("the solver, 7 rows", phone)
			p.screenshot("one-screen-solver-" + sz.name)
			// Why? opened shows its parts on screen, not under the dock.
			p.Keys("y")
			p.wait(`document.querySelector("#solver .why .bars") !== null`)
			if !browsertest.Eval[bool](p.Page, inView(`#solver .why .bar-n`)) {
				t.Error("the solver's Why? opened: its first part is not on screen")
			}
			p.checkFrame("the solver, Why? open", phone)
			p.screenshot("one-screen-solver-why-" + sz.name)
		})
	}
}

// A first visit starts at the top, with a short dialog that teaches the
// game by one example row (its answer checked by brute force), readable
// in both themes; dismissed, it stays dismissed over a reload, and no
// control took the focus behind it; its "All the rules" opens the full
// rules on screen (in the menu on a phone).
func TestBrowserFirstVisit(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		for _, theme := range []string{"light", "dark"} {
			t.Run(sz.name+"-"+theme, func(t *testing.T) {
				p := openPage(t, sz.w, sz.h, false)
				p.scheme(theme)
				p.Run(chromedp.Navigate(p.srv.URL+"/"), chromedp.WaitReady("#settings"))
				p.wait(`document.querySelector("dialog.welcome")?.open && document.querySelector("#breaker .entryline") !== null`)
				top := browsertest.Eval[[]float64](p.Page, `[scrollY, document.querySelector("#tab-breaker").getBoundingClientRect().top, document.querySelector("#breaker").getBoundingClientRect().top]`)
				if top[0] != 0 || top[1] < 0 || top[2] > float64(sz.h)/2 {
					t.Errorf("a first visit is scrolled %.0f px (the tabs at %.0f px, the game at %.0f px)", top[0], top[1], top[2])
				}
				if !browsertest.Eval[bool](p.Page, `document.activeElement.closest("dialog.welcome") !== null`) {
					t.Errorf("the focus is on %s, not in the dialog", browsertest.Eval[string](p.Page, `document.activeElement.outerHTML.slice(0, 80)`))
				}
				box := browsertest.Eval[[]float64](p.Page, `(() => { const r = document.querySelector("dialog.welcome").getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })()`)
				if box[0] < 0 || box[1] > float64(sz.h) || box[2] < 0 || box[3] > float64(sz.w) {
					t.Errorf("the dialog %v is not within the %dx%d screen", box, sz.w, sz.h)
				}
				secret := p.code("dialog.welcome .example-head .code")
				guess := p.code("dialog.welcome .example .row .code")
				answer := browsertest.Eval[string](p.Page, `document.querySelector("dialog.welcome .example .fb").getAttribute("aria-label")`)
				if b, w := refScore(secret, guess); len(guess) != 4 || answer != fmt.Sprintf("%d black, %d white", b, w) {
					t.Errorf("the example: secret %v, guess %v answered %q; brute force: %d black, %d white", secret, guess, answer, b, w)
				}
				p.checkContrast(theme + ", the first visit's dialog")
				p.screenshot(fmt.Sprintf("first-visit-%s-%s", sz.name, theme))
				if theme == "dark" {
					p.Click("dialog.welcome .rules")
					p.wait(`!document.querySelector("dialog.welcome").open`)
					if !browsertest.Eval[bool](p.Page, `document.querySelector("#help").open`) || !browsertest.Eval[bool](p.Page, inView("#help summary")) {
						t.Error("All the rules does not show the full rules")
					}
					p.screenshot(fmt.Sprintf("first-visit-rules-%s", sz.name))
					p.checkContrast("dark, the full rules")
				} else {
					// Recorded as Play is pressed, not later: a reload or a
					// closed tab at once must not bring the dialog back.
					if !browsertest.Eval[bool](p.Page, `(() => { document.querySelector("dialog.welcome button.primary").click(); return JSON.parse(localStorage.getItem("mastermind.settings") || "{}").welcomed === true; })()`) {
						t.Error("Play did not record at once that the dialog was dismissed")
					}
					p.wait(`!document.querySelector("dialog.welcome").open`)
					if y := browsertest.Eval[float64](p.Page, `scrollY`); y != 0 {
						t.Errorf("after the dialog the page is scrolled %.0f px", y)
					}
				}
				p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
				p.wait(`document.querySelector("#breaker .entryline") !== null`)
				if browsertest.Eval[bool](p.Page, `document.querySelector("dialog.welcome") !== null`) {
					t.Error("the dialog comes back after it was dismissed")
				}
			})
		}
	}
}

// bothThemes checks the contrast of every text of the page in the light
// and the dark theme, with a screenshot of each.
func (p *page) bothThemes(what, shot string) {
	p.t.Helper()
	for _, theme := range []string{"light", "dark"} {
		p.scheme(theme)
		p.checkContrast(theme + ", " + what)
		p.screenshot(shot + "-" + theme)
	}
	p.scheme("light")
}

// Every surface follows the theme: every text keeps 4.5:1 on what is
// under it, in both themes, with Why? open (Computer guesses and the
// Solver), the summary and its review, the statistics, the menu and the
// explorer open.
func TestBrowserContrastOpen(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := newPage(t, sz.w, sz.h, "#maker")
			p.wait(`!document.querySelector("#maker .turn").hidden`)
			p.Click("#maker .whybtn")
			p.wait(`document.querySelector("#maker .why .bars") !== null`)
			p.bothThemes("Why? in Computer guesses", "open-why-"+sz.name)

			p.Click("#tab-solver")
			p.wait(`document.querySelector("#solver .best .code") !== null`)
			p.Blur()
			p.Keys("0123y")
			p.wait(`document.querySelectorAll("#solver .why .why-one").length === 2`)
			p.bothThemes("Why? in the Solver", "open-why-solver-"+sz.name)

			p.Run(chromedp.Navigate(p.srv.URL + "/#seed=4242&game=classic"))
			p.wait(`document.querySelector("#breaker .seed").textContent === "4242"`)
			p.playByHints(10)
			p.wait(`document.querySelector("#breaker .review-table") !== null`)
			p.bothThemes("the summary and its review", "open-review-"+sz.name)

			p.Tap(".tools .stats-open")
			p.wait(`document.querySelector("dialog.stats").open && document.querySelector("dialog.stats .statsbody").textContent !== ""`)
			p.bothThemes("the statistics", "open-stats-"+sz.name)
			p.Click("dialog.stats form button")
			p.wait(`!document.querySelector("dialog.stats").open`)

			if sz.w < 500 {
				p.Click(".menubtn")
				p.wait(`document.querySelector("#menu").matches(":popover-open")`)
				p.Click("#help summary")
				p.bothThemes("the menu and the rules", "open-menu-"+sz.name)
				p.Click(".menubtn")
				p.wait(`!document.querySelector("#menu").matches(":popover-open")`)
			}

			p.Click("#tab-explore")
			p.wait(`document.querySelector("#explore .node h2") !== null && !document.querySelector("#explore").hidden`)
			p.Click("#explore .branches button.branch")
			p.wait(`document.querySelectorAll("#explore .crumbs li").length === 2`)
			p.bothThemes("the explorer", "open-explore-"+sz.name)
		})
	}
}

// lab returns the CIELAB lightness, chroma and hue angle (degrees) of an
// sRGB colour of 0..1 components (D65 white).
func lab(c [3]float64) (l, chroma, hue float64) {
	var v [3]float64
	for i, x := range c {
		if x <= 0.04045 {
			v[i] = x / 12.92
		} else {
			v[i] = math.Pow((x+0.055)/1.055, 2.4)
		}
	}
	x := (0.4124*v[0] + 0.3576*v[1] + 0.1805*v[2]) / 0.95047
	y := 0.2126*v[0] + 0.7152*v[1] + 0.0722*v[2]
	z := (0.0193*v[0] + 0.1192*v[1] + 0.9505*v[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	a, b := 500*(f(x)-f(y)), 200*(f(y)-f(z))
	return 116*f(y) - 16, math.Hypot(a, b), math.Mod(math.Atan2(b, a)*180/math.Pi+360, 360)
}

// The six colours of a classic game are told apart by hue alone: each
// vivid (CIELAB chroma 40 or more) and at least 25 degrees of hue from
// every other; each keeps its own pattern and its number.
func TestBrowserHues(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 390, 844, "#breaker")
	p.wait(`document.querySelectorAll("#breaker .palette .pick").length === 6`)
	type peg struct {
		BG, Pattern, Text string
	}
	pegs := browsertest.Eval[[]peg](p.Page, `[...document.querySelectorAll("#breaker .palette .peg")].map(e => ({bg: getComputedStyle(e).backgroundColor, pattern: e.dataset.c, text: e.textContent}))`)
	hues := make([]float64, len(pegs))
	patterns := map[string]bool{}
	for i, x := range pegs {
		_, chroma, hue := lab(rgb(t, x.BG))
		hues[i] = hue
		if chroma < 40 {
			t.Errorf("colour %d (%s) is dull: chroma %.0f", i, x.BG, chroma)
		}
		if x.Text != fmt.Sprint(i) || patterns[x.Pattern] {
			t.Errorf("colour %d shows %q with pattern %q (patterns so far %v)", i, x.Text, x.Pattern, patterns)
		}
		patterns[x.Pattern] = true
	}
	for i := range hues {
		for j := i + 1; j < len(hues); j++ {
			d := math.Abs(hues[i] - hues[j])
			d = math.Min(d, 360-d)
			if d < 25 {
				t.Errorf("colours %d (%s) and %d (%s) are %.0f degrees of hue apart, too close to tell at a glance", i, pegs[i].BG, j, pegs[j].BG, d)
			}
		}
	}
	p.screenshot("hues-390")
}

// treeGuess asks the server for the guess of super's node at path.
func (p *page) treeGuess(path string) []int {
	p.t.Helper()
	var v struct{ Guess []int }
	resp, err := http.Post(p.srv.URL+"/api/tree", "application/json", strings.NewReader(`{"game":"super","path":`+path+`}`))
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil || len(v.Guess) != 5 {
		p.t.Fatalf("/api/tree %s: %v %v", path, v, err)
	}
	return v.Guess
}

// The explorer: its breadcrumb shows the guesses with their answers (as
// the API's tree has them), even for a node opened by its link; its one
// game picker names games as the Game menu does; the menu's game and
// strategy are not on view in that tab; the whole-game report plays the
// game of the tree shown (its secrets add up to that game's).
func TestBrowserExplorer(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := newPage(t, sz.w, sz.h, "#explore=super/11/02")
			p.wait(`document.querySelectorAll("#explore .crumbs li").length === 3 && document.querySelector("#explore .node h2") !== null`)
			want := [][]int{p.treeGuess(`[]`), p.treeGuess(`[[1,1]]`)}
			for i, w := range want {
				sel := fmt.Sprintf("#explore .crumbs li:nth-child(%d) .code", i+2)
				if got := p.code(sel); fmt.Sprint(got) != fmt.Sprint(w) {
					t.Errorf("crumb %d shows guess %v, the tree's is %v", i+1, got, w)
				}
			}
			if a := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("#explore .crumbs .crumb-answer")].map(e => e.textContent)`); strings.Join(a, ",") != "1b 1w,0b 2w" {
				t.Errorf("the crumbs' answers %q, want 1b 1w, 0b 2w", a)
			}
			if browsertest.Eval[bool](p.Page, `document.querySelector("#settings").getClientRects().length > 0`) {
				t.Error("the menu's game and strategy are on view in the Strategies tab")
			}
			type option struct{ Value, Text string }
			menu := map[string]string{}
			for _, o := range browsertest.Eval[[]option](p.Page, `[...document.querySelectorAll("#game option")].map(o => ({value: o.value, text: o.textContent}))`) {
				menu[o.Value] = o.Text
			}
			for _, o := range browsertest.Eval[[]option](p.Page, `[...document.querySelectorAll("#explore .treegame option")].map(o => ({value: o.value, text: o.textContent}))`) {
				// A preset under any rule ("classic-slots"), the rule's title after.
				m, ok := menu[strings.Split(o.Value, "-")[0]]
				text := regexp.MustCompile(`, (Blacks only|Marks \(Wordle\))$`).ReplaceAllString(o.Text, "")
				if ok && text != m || !ok && !regexp.MustCompile(`^\d+ of \d+(, distinct)?$`).MatchString(text) {
					t.Errorf("the tree %s is named %q (the Game menu: %q)", o.Value, o.Text, m)
				}
			}
			p.checkFrame("the explorer", sz.w < 500)
			p.screenshot("explorer-" + sz.name)

			// The report plays the game of the tree shown: 4 of 8, distinct.
			p.Run(chromedp.SetValue("#explore .treegame", "4of8"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#explore .treegame").dispatchEvent(new Event("change"))`))
			p.wait(`location.hash === "#explore=4of8" && document.querySelector("#explore .figures").textContent.includes("1,680 secrets")`)
			p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#explore .report .pick input").forEach(i => { i.checked = i.value === "auto"; })`))
			p.Click("#explore .report button[type=submit]")
			p.wait(`document.querySelector("#explore .report-table") !== null`)
			played := browsertest.Eval[int](p.Page, `[...document.querySelectorAll("#explore .report-table tr.hist td .bar-n")].reduce((a, e) => a + Number(e.textContent.replace(/,/g, "")), 0)`)
			if played != 1680 {
				t.Errorf("the whole-game report of the 4 of 8 tree played %d secrets, want 1,680", played)
			}
		})
	}
}

// statFigures reads the statistics dialog's figures: per section (the
// preset's name, then Daily or Practice), "label=figure" pairs and the
// bars' labels.
func (p *page) statFigures() map[string][]string {
	p.t.Helper()
	return browsertest.Eval[map[string][]string](p.Page, `(() => {
		const out = {};
		for (const sec of document.querySelectorAll("dialog.stats .stat")) {
			let head = sec.querySelector("h3").textContent;
			for (const e of sec.children) {
				if (e.tagName === "H4") head = sec.querySelector("h3").textContent + "/" + e.textContent;
				if (e.classList.contains("figs")) out[head] = [...e.querySelectorAll(".fig")].map(f => f.querySelector(".fig-label").textContent + "=" + f.querySelector(".fig-n").textContent);
				if (e.classList.contains("bars")) out[head + "/bars"] = [...e.querySelectorAll("li")].map(li => li.getAttribute("aria-label"));
			}
		}
		return out;
	})()`)
}

// figures opens the statistics from the menu, reads their figures
// (statFigures) and closes them.
func (p *page) figures() map[string][]string {
	p.t.Helper()
	p.Tap(".tools .stats-open")
	p.wait(`document.querySelector("dialog.stats").open && document.querySelector("dialog.stats .statsbody").textContent !== ""`)
	f := p.statFigures()
	p.Click("dialog.stats form button")
	p.wait(`!document.querySelector("dialog.stats").open`)
	return f
}

// The statistics are figures: the dailies apart from the practice games
// (played, win %, current and best streak; played, win %, the average),
// each with its distribution, the bar of the game just finished marked,
// and a countdown to the next daily at the player's local midnight (a
// time zone 14 hours ahead of UTC here). The figures are worked out here
// from the statistics given.
func TestBrowserStatsFigures(t *testing.T) {
	testkit.Long(t)
	const zone = "Pacific/Kiritimati"
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := newPage(t, sz.w, sz.h, "#maker")
			if _, err := chromedp.Call(p.Ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: zone}); err != nil {
				t.Fatal(err)
			}
			turn := `{"guess":[0,0,1,1],"black":0,"white":0}`
			win := `{"guess":[1,2,3,4],"black":4,"white":0}`
			turns := func(n int, won bool) string {
				ts := strings.Repeat(turn+",", n-1)
				if won {
					return "[" + ts + win + "]"
				}
				return "[" + ts + turn + "]"
			}
			// classic: 9 games (3 of them dailies), 7 won; a streak of 2, the best 4.
			stats := `{"version":1,
				"games":{"classic":{"played":9,"won":7,"guesses":[0,1,2,3,1],"paired":{"games":2,"you":9,"engine":9},"streak":2,"best":4,"last":100000}},
				"evil":{"classic":{"played":1,"won":1,"guesses":[0,0,0,0,0,1]}},
				"daily":{"classic":{"2026-11-01":{"number":1,"won":true,"turns":` + turns(4, true) + `},
					"2026-11-02":{"number":2,"won":true,"turns":` + turns(5, true) + `},
					"2026-11-03":{"number":3,"won":false,"turns":` + turns(10, false) + `}}}}`
			p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", `+strconv.Quote(stats)+`)`),
				chromedp.Navigate(p.srv.URL+"/#seed=4242&game=classic"), chromedp.WaitReady("#settings"))
			p.wait(`document.querySelector("#breaker .seed").textContent === "4242"`)
			n := p.playByHints(10)
			p.wait(`!document.querySelector("#breaker .summary").hidden`)

			// By hand: the dailies are 3 played, 2 won (in 4 and 5); the
			// practice games the rest of the tally, and the game just won.
			practice := []int{0, 1, 2, 2, 0, 0, 0}
			practice[n-1]++
			for len(practice) > 0 && practice[len(practice)-1] == 0 {
				practice = practice[:len(practice)-1]
			}
			sum := 0
			for i, k := range practice {
				sum += k * (i + 1)
			}
			bars := func(counts []int, mark int) []string {
				var out []string
				for i, k := range counts {
					s := fmt.Sprintf("%d guess%s: %d game%s", i+1, map[bool]string{true: "", false: "es"}[i == 0], k, map[bool]string{true: "", false: "s"}[k == 1])
					if i+1 == mark {
						s += " (this game)"
					}
					out = append(out, s)
				}
				return out
			}
			want := map[string][]string{
				"Classic (4 of 6)/Daily":         {"played=3", "win %=67", "current streak=2", "best streak=4"},
				"Classic (4 of 6)/Daily/bars":    bars([]int{0, 0, 0, 1, 1, 0, 0, 0, 0, 0}, 0), // every row of the 10, as Wordle shows its 6
				"Classic (4 of 6)/Practice":      {"played=7", "win %=86", fmt.Sprintf("guesses on average=%.1f", float64(sum)/6)},
				"Classic (4 of 6)/Practice/bars": bars(practice, n),
			}
			p.Tap(".tools .stats-open")
			p.wait(`document.querySelector("dialog.stats").open && document.querySelector("dialog.stats .figs") !== null`)
			before := time.Now()
			text := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .countdown time").textContent`)
			after := time.Now()
			got := p.statFigures()
			for k, w := range want {
				if fmt.Sprint(got[k]) != fmt.Sprint(w) {
					t.Errorf("%s: %q, want %q", k, got[k], w)
				}
			}
			var h, m, s int
			if _, err := fmt.Sscanf(text, "%d:%d:%d", &h, &m, &s); err != nil {
				t.Fatalf("the countdown %q: %v", text, err)
			}
			left := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second
			midnight := func(at time.Time) time.Duration {
				l := at.In(loc)
				return time.Date(l.Year(), l.Month(), l.Day()+1, 0, 0, 0, 0, loc).Sub(at)
			}
			if left < midnight(after)-2*time.Second || left > midnight(before)+2*time.Second {
				t.Errorf("the countdown says %s; midnight in %s is %s away", text, zone, midnight(before).Round(time.Second))
			}
			p.checkFrame("the statistics", sz.w < 500)
			p.bothThemes("the statistics as figures", "stats-figures-"+sz.name)
		})
	}
}

// A daily won on a phone shows at once, at the top of the summary and on
// screen, the result, the share text and Copy and Share (Share where the
// browser shares: navigator.share, given here, gets the share text).
func TestBrowserDailyTop(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := openPage(t, sz.w, sz.h, true)
			if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
				Source: `navigator.share = (data) => { window.shared = data; return Promise.resolve(); };`,
			}); err != nil {
				t.Fatal(err)
			}
			p.Run(chromedp.Navigate(p.srv.URL+"/#daily=2026-11-03&game=classic"), chromedp.WaitReady("#settings"))
			p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #3")`)
			p.playByHints(10)
			p.wait(`document.querySelector("#breaker .summary .share") !== null && document.querySelector("#breaker .summary .review-table") !== null`)
			for _, sel := range []string{"#breaker .summary h2", "#breaker .summary .share", "#breaker .summary .share + p button"} {
				if !browsertest.Eval[bool](p.Page, inView(sel)) {
					t.Errorf("after the daily, %s is not on screen", sel)
				}
			}
			if !browsertest.Eval[bool](p.Page, `Boolean(document.querySelector("#breaker .summary .share").compareDocumentPosition(document.querySelector("#breaker .summary .board.small")) & Node.DOCUMENT_POSITION_FOLLOWING)`) {
				t.Error("the share text comes after the engine's game")
			}
			share := browsertest.Eval[string](p.Page, `[...document.querySelectorAll("#breaker .summary .share + p button")].map(b => b.textContent).join(",")`)
			if share != "Copy,Share" {
				t.Fatalf("the share text's buttons: %q, want Copy,Share", share)
			}
			p.Click("#breaker .summary .share + p button:nth-of-type(2)")
			if got, want := browsertest.Eval[string](p.Page, `window.shared?.text ?? ""`), browsertest.Eval[string](p.Page, `document.querySelector("#breaker .summary .share").textContent`); got != want {
				t.Errorf("Share gave %q, want the share text %q", got, want)
			}
			p.checkFrame("the daily's summary", sz.w < 500)
			p.screenshot("daily-top-" + sz.name)
		})
	}
}
