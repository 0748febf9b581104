package web

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
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
// nothing wider than the window, and on a phone the window itself never
// scrolled (the board scrolls in its own area).
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
	wide := browsertest.Eval[[]string](p.Page, `[document.documentElement, ...document.querySelectorAll("main, .panel, .scroll, .dock")].filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1).map(e => e.tagName + "." + e.className + " " + e.scrollWidth + ">" + e.clientWidth)`)
	for _, w := range wide {
		p.t.Errorf("%s: scrolls sideways: %s", where, w)
	}
	if y := browsertest.Eval[float64](p.Page, `scrollY`); phone && y != 0 {
		p.t.Errorf("%s: the window is scrolled %.0f px on a phone", where, y)
	}
}

// One screen per mode: after seven guesses in You guess, the Check button
// and the palette are on screen (the window not scrolled on a phone, the
// board in its own area with its last row in view); Computer guesses and
// the Solver keep their answer buttons on screen the same way; the
// settings sit behind the menu on a phone, and a new game from it closes
// it.
func TestBrowserOneScreen(t *testing.T) {
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
		})
	}
}

// A first visit starts at the top, with a short dialog that teaches the
// game by one example row (its answer checked by brute force), readable
// in both themes; dismissed, it stays dismissed over a reload, and no
// control took the focus behind it; its "All the rules" opens the full
// rules on screen (in the menu on a phone).
func TestBrowserFirstVisit(t *testing.T) {
	for _, sz := range sizes {
		for _, theme := range []string{"light", "dark"} {
			t.Run(sz.name+"-"+theme, func(t *testing.T) {
				p := openPage(t, sz.w, sz.h, false)
				p.scheme(theme)
				p.Run(chromedp.Navigate(p.srv.URL+"/"), chromedp.WaitReady("#settings"))
				p.wait(`document.querySelector("dialog.welcome")?.open && document.querySelector("#maker .turn .code") !== null`)
				top := browsertest.Eval[[]float64](p.Page, `[scrollY, document.querySelector("#tab-maker").getBoundingClientRect().top, document.querySelector("#maker").getBoundingClientRect().top]`)
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
					p.Click("dialog.welcome button.primary")
					p.wait(`!document.querySelector("dialog.welcome").open`)
					if y := browsertest.Eval[float64](p.Page, `scrollY`); y != 0 {
						t.Errorf("after the dialog the page is scrolled %.0f px", y)
					}
				}
				p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
				p.wait(`document.querySelector("#maker .turn .code") !== null`)
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
				if m, ok := menu[o.Value]; ok && o.Text != m || !ok && !regexp.MustCompile(`^\d+ of \d+(, distinct)?$`).MatchString(o.Text) {
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
