package web

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The browser tests of issue 47: the daily code and its share text, the
// statistics, dark mode, hard mode, the evil codemaker, at 1280 and 390 px.

// sizes are the widths (and heights) the tests run at: desktop and phone.
var sizes = []struct {
	name string
	w, h int
}{{"1280", 1280, 800}, {"390", 390, 844}}

// scheme emulates the system's prefers-color-scheme: "light" or "dark".
func (p *page) scheme(v string) {
	p.t.Helper()
	if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}},
	}); err != nil {
		p.t.Fatal(err)
	}
}

// offline takes the browser off the network, or back.
func (p *page) offline(off bool) {
	p.t.Helper()
	if _, err := chromedp.Call(p.Ctx, network.Enable, network.EnableParams{}); err != nil {
		p.t.Fatal(err)
	}
	if _, err := chromedp.Call(p.Ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		p.t.Fatal(err)
	}
}

// rows reads the board of You guess: each row's guess and answer.
func (p *page) rows() [][3][]int {
	p.t.Helper()
	type row struct {
		Guess []int `json:"guess"`
		B     int   `json:"b"`
		W     int   `json:"w"`
	}
	rs := browsertest.Eval[[]row](p.Page, `[...document.querySelectorAll("#breaker .board:not(.small) .row")].map(r => {
		const [b, w] = r.querySelector(".fb").getAttribute("aria-label").match(/\d+/g).map(Number);
		return {guess: [...r.querySelectorAll(".code .peg")].map(x => Number(x.textContent)), b, w};
	})`)
	out := make([][3][]int, len(rs))
	for i, r := range rs {
		out[i] = [3][]int{r.Guess, {r.B}, {r.W}}
	}
	return out
}

// playByHints plays You guess with the engine's hints until the game ends
// or max guesses are made, and returns the number of guesses; a daily,
// which has no hints, of classic by browsertest.Play.
func (p *page) playByHints(max int) int {
	p.t.Helper()
	if !browsertest.Eval[bool](p.Page, shown("#breaker .hint")) { // a daily: no hints (classic's)
		return browsertest.Play(p.Page, 4, 6, max)
	}
	for i := 1; i <= max; i++ {
		if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`) {
			return i - 1
		}
		p.Click("#breaker .hint")
		p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
		p.Click(`#breaker .entryline button.primary`)
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
	}
	return max
}

// checkShare checks the share text of the daily on view against the board.
func (p *page) checkShare(game string, number int) {
	p.t.Helper()
	p.wait(`document.querySelector("#breaker .share") !== null`)
	text := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .share").textContent`)
	lines := strings.Split(text, "\n")
	rows := p.rows()
	won := len(rows) > 0 && rows[len(rows)-1][1][0] == len(rows[0][0])
	used := "X"
	if won {
		used = strconv.Itoa(len(rows))
	}
	if want := fmt.Sprintf("Mastermind %s #%d %s/10", game, number, used); lines[0] != want {
		p.t.Errorf("share text starts %q, want %q", lines[0], want)
	}
	if len(lines) != len(rows)+1 {
		p.t.Fatalf("share text %q has %d rows, the board %d", text, len(lines)-1, len(rows))
	}
	for i, r := range rows {
		n, b, w := len(r[0]), r[1][0], r[2][0]
		want := strings.Repeat("●", b) + strings.Repeat("○", w) + strings.Repeat("·", n-b-w)
		if lines[i+1] != want {
			p.t.Errorf("share row %d is %q; the board's answer %d black %d white gives %q", i+1, lines[i+1], b, w, want)
		}
	}
}

// A daily opened by its link is won with the engine's hints; its share
// text matches the answers; a reload shows the daily played, not a new
// game. Screenshots light and dark.
func TestBrowserDaily(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := newPage(t, sz.w, sz.h, "#daily=2026-11-03&game=classic")
			p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #3 (2026-11-03)")`)
			if seed := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .seedin").value + document.querySelector("#breaker .seedline").hidden`); seed != "true" {
				t.Errorf("a daily shows its seed (the seed box and whether the seed line is hidden: %q)", seed)
			}
			n := p.playByHints(10)
			p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .share") !== null`)
			if last := p.rows()[n-1]; last[1][0] != 4 {
				t.Fatalf("the daily is not won in %d guesses: last answer %v", n, last)
			}
			p.checkShare("classic", 3)
			p.screenshot("daily-" + sz.name)
			p.wait(`document.querySelector("#breaker .review-table") !== null`)
			p.checkContrast("light, a daily won and its review")
			p.scheme("dark")
			p.checkContrast("dark, a daily won and its review")
			p.screenshot("daily-won-dark-" + sz.name)
			p.scheme("light")
			p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
			p.wait(`document.querySelector("#breaker .msg").textContent.includes("already")`)
			if got := len(p.rows()); got != n {
				t.Errorf("after a reload the daily shows %d rows, want %d", got, n)
			}
			p.checkShare("classic", 3)
			p.checkContrast("light, a daily played")
			p.scheme("dark")
			p.checkContrast("dark, a daily played")
			p.screenshot("daily-dark-" + sz.name)
		})
	}
}

// The same date gives the same code in two fresh browser profiles, and
// another date another code.
func TestBrowserDailySame(t *testing.T) {
	testkit.Long(t)
	code := func(fragment string) string {
		t.Helper()
		p := newPage(t, 1280, 800, fragment)
		p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #")`)
		p.Click("#breaker .giveup")
		sel := `#breaker .summary .code[aria-label^="secret"]`
		p.wait(fmt.Sprintf(`document.querySelector(%q) !== null`, sel))
		return digits(p.code(sel))
	}
	a := code("#daily=2026-11-05&game=bulls")
	b := code("#daily=2026-11-05&game=bulls")
	c := code("#daily=2026-11-06&game=bulls")
	if a != b || a == c {
		t.Errorf("daily bulls codes: 2026-11-05 %s and %s in two profiles, 2026-11-06 %s", a, b, c)
	}
}

// statsText reads the statistics dialog, opened from the header.
func (p *page) statsText() string {
	p.t.Helper()
	p.Tap(".tools .stats-open")
	p.wait(`document.querySelector("dialog.stats").open && document.querySelector("dialog.stats .statsbody").textContent !== ""`)
	text := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .statsbody").textContent`)
	p.Click("dialog.stats form button")
	p.wait(`!document.querySelector("dialog.stats").open`)
	return text
}

// Statistics after two games (one won, one given up), kept over a reload
// and shown offline; Export gives the JSON kept.
func TestBrowserStats(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := newPage(t, sz.w, sz.h, "#seed=4242&game=classic")
			p.wait(`document.querySelector("#breaker .seed").textContent === "4242"`)
			n := p.playByHints(10)
			p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary").textContent.includes("seed 4242.") && /needs \d+ guess/.test(document.querySelector("#breaker .summary").textContent)`)
			engine := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .summary").textContent.match(/needs (\d+) guess/)[1]`)
			p.Run(chromedp.Navigate(browsertest.Eval[string](p.Page, `location.href.replace(/#.*/, "#seed=17&game=classic")`)))
			p.wait(`document.querySelector("#breaker .seed").textContent === "17"`)
			p.Click("#breaker .giveup")
			p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary").textContent.includes("seed 17.")`)
			want := fmt.Sprintf("[played=2 win %%=50 guesses on average=%d.0]", n)
			paired := fmt.Sprintf("On 1 secret the engine played too: you %d.0 guesses, the engine %s.0.", n, engine)
			check := func(when string) {
				t.Helper()
				f := p.figures()
				if got := fmt.Sprint(f["Classic (4 of 6)/Practice"]); got != want || f["Classic (4 of 6)/Daily"] != nil {
					t.Errorf("%s: statistics %q, want practice %s and no daily", when, f, want)
				}
				if text := p.statsText(); !strings.Contains(text, paired) {
					t.Errorf("%s: statistics %q, want %q", when, text, paired)
				}
				bars := f["Classic (4 of 6)/Practice/bars"]
				if len(bars) != n || bars[n-1] != fmt.Sprintf("%d guesses: 1 game", n) {
					t.Errorf("%s: bars %q, want %d with the last \"%d guesses: 1 game\"", when, bars, n, n)
				}
			}
			check("after two games")
			p.Tap(".tools .stats-open")
			p.screenshot("stats-" + sz.name)
			// Export gives the JSON kept (version 1, two classic games).
			p.Run(chromedp.Evaluate[chromedp.Void](`URL.createObjectURL = (b) => { window.exported = b; return "data:,"; }`))
			p.Click("dialog.stats .actions button")
			exported := browsertest.Eval[string](p.Page, `window.exported.text()`)
			var kept struct {
				Version int
				Games   map[string]struct{ Played, Won int }
			}
			if err := json.Unmarshal([]byte(exported), &kept); err != nil || kept.Version != 1 || kept.Games["classic"].Played != 2 || kept.Games["classic"].Won != 1 {
				t.Errorf("Export gave %q (%v)", exported, err)
			}
			if stored := browsertest.Eval[string](p.Page, `JSON.stringify(JSON.parse(localStorage.getItem("mastermind.stats")))`); stored != browsertest.Eval[string](p.Page, `window.exported.text().then(t => JSON.stringify(JSON.parse(t)))`) {
				t.Errorf("Export differs from what is kept: %s", stored)
			}
			p.Click("dialog.stats form button")
			p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
			check("after a reload")
			p.offline(true)
			p.srv.Close()
			check("offline")
			// Reset asks first: refused, nothing changes; accepted, all is gone.
			p.Run(chromedp.Evaluate[chromedp.Void](`window.confirm = () => false`))
			p.Tap(".tools .stats-open")
			p.Click("dialog.stats .reset")
			if f := p.statFigures()["Classic (4 of 6)/Practice"]; len(f) == 0 || f[0] != "played=2" {
				t.Error("a Reset refused cleared the statistics")
			}
			p.Run(chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
			p.Click("dialog.stats .reset")
			if text := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .statsbody").textContent`); !strings.HasPrefix(text, "No game finished yet") {
				t.Errorf("after Reset: %q", text)
			}
		})
	}
}

// rgb reads a CSS colour "rgb(r, g, b)" (or rgba, opaque) as 0..1 values.
func rgb(t *testing.T, css string) [3]float64 {
	t.Helper()
	m := regexp.MustCompile(`^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$`).FindStringSubmatch(css)
	if m == nil || m[4] != "" && m[4] != "1" {
		t.Fatalf("colour %q is not an opaque rgb()", css)
	}
	var c [3]float64
	for i := range c {
		v, _ := strconv.Atoi(m[i+1])
		c[i] = float64(v) / 255
	}
	return c
}

// contrast is the WCAG 2 contrast ratio of two colours.
func contrast(a, b [3]float64) float64 {
	lum := func(c [3]float64) float64 {
		var l [3]float64
		for i, x := range c {
			if x <= 0.04045 {
				l[i] = x / 12.92
			} else {
				l[i] = math.Pow((x+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	}
	x, y := lum(a)+0.05, lum(b)+0.05
	return max(x, y) / min(x, y)
}

// pairsJS lists the page's colour pairs that must keep 4.5:1: each text
// seen on the surface under it, each peg's number on its colour, and each peg's
// edge on the surface under it.
const pairsJS = `(() => {
	// bg is the colour under e's text: the backgrounds of e and its
	// ancestors, composited down to the first opaque one.
	const bg = (e) => {
		const layers = [];
		for (; e; e = e.parentElement) {
			const [r, g, b, a = 1] = getComputedStyle(e).backgroundColor.match(/[\d.]+/g).map(Number);
			if (a > 0) layers.push([r, g, b, a]);
			if (a === 1) break;
		}
		let c = [255, 255, 255];
		for (const [r, g, b, a] of layers.reverse()) c = [r, g, b].map((x, i) => Math.round(a * x + (1 - a) * c[i]));
		return "rgb(" + c.join(", ") + ")";
	};
	const out = [];
	const visible = (e) => e.getClientRects().length > 0;
	// Every element with text of its own, seen (not the screen readers' .sr).
	for (const e of document.querySelectorAll("body *")) {
		const own = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
		if (own && visible(e) && !e.closest(".sr, [hidden]") && e.getBoundingClientRect().width > 1) {
			out.push([e.tagName + "." + e.className, getComputedStyle(e).color, bg(e)]);
		}
	}
	for (const e of document.querySelectorAll(".peg:not(.hole)")) {
		if (!visible(e)) continue;
		out.push(["peg " + e.textContent, getComputedStyle(e).color, getComputedStyle(e).backgroundColor]);
		out.push(["peg edge " + e.textContent, getComputedStyle(e).borderTopColor, bg(e.parentElement)]);
	}
	return out;
})()`

// checkContrast computes the contrast of every pair of the page.
func (p *page) checkContrast(theme string) {
	p.t.Helper()
	pairs := browsertest.Eval[[][3]string](p.Page, pairsJS)
	if len(pairs) < 20 {
		p.t.Fatalf("%s: %d colour pairs found", theme, len(pairs))
	}
	low, lowest, which := 0, math.Inf(1), ""
	for _, x := range pairs {
		r := contrast(rgb(p.t, x[1]), rgb(p.t, x[2]))
		if r < lowest {
			lowest, which = r, x[0]
		}
		if r < 4.5 {
			low++
			if low <= 10 {
				p.t.Errorf("%s: %s: %s on %s has contrast %.2f, below 4.5", theme, x[0], x[1], x[2], r)
			}
		}
	}
	p.t.Logf("%s: %d colour pairs, the lowest contrast %.2f (%s)", theme, len(pairs), lowest, which)
}

// Dark mode follows prefers-color-scheme (emulated), the toggle overrides
// it and is remembered; every text and peg keeps a contrast of 4.5:1 in
// both themes.
func TestBrowserDark(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := newPage(t, sz.w, sz.h, "#seed=99&game=classic")
			p.wait(`document.querySelector("#breaker .seed").textContent === "99"`)
			p.playByHints(2)
			paper := func() string {
				return browsertest.Eval[string](p.Page, `getComputedStyle(document.querySelector("main")).color`)
			}
			p.scheme("light")
			p.checkContrast("light")
			p.screenshot("light-" + sz.name)
			light := paper()
			p.scheme("dark")
			p.checkContrast("dark")
			p.screenshot("dark-" + sz.name)
			if paper() == light {
				t.Fatalf("prefers-color-scheme dark: the text is still %s", light)
			}
			p.Tap(".tools .theme")
			if paper() != light {
				t.Errorf("the toggle did not switch to the light theme")
			}
			p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
			if paper() != light {
				t.Errorf("the light theme chosen is not remembered over a reload")
			}
		})
	}
}

// classicCodes lists the codes of classic in lexicographic order.
func classicCodes() [][]int {
	codes := make([][]int, 1296)
	for x := range codes {
		codes[x] = []int{x / 216, x / 36 % 6, x / 6 % 6, x % 6}
	}
	return codes
}

// leftAfter returns the codes that give every answer of rows.
func leftAfter(codes [][]int, rows [][3][]int) [][]int {
	var left [][]int
	for _, c := range codes {
		ok := true
		for _, r := range rows {
			if b, w := refScore(c, r[0]); b != r[1][0] || w != r[2][0] {
				ok = false
				break
			}
		}
		if ok {
			left = append(left, c)
		}
	}
	return left
}

// enter types a code and Enter in You guess.
func (p *page) enter(code []int) {
	p.t.Helper()
	p.Blur()
	p.Keys(digits(code) + "\r")
}

// Hard mode refuses a guess that does not fit an answer, naming it; the
// rows say their guess, answer and codes left in one text.
func TestBrowserHard(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := newPage(t, sz.w, sz.h, "#seed=2024&game=classic")
			p.wait(`document.querySelector("#breaker .seed").textContent === "2024"`)
			p.Click("#breaker .hardmode")
			first := []int{0, 0, 1, 1}
			p.enter(first)
			p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
			rows := p.rows()
			b, w := rows[0][1][0], rows[0][2][0]
			left := leftAfter(classicCodes(), rows)
			if text := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .board .row .sr").textContent`); text != fmt.Sprintf("guess 1: 0 0 1 1, %d black %d white, %d codes left", b, w, len(left)) {
				t.Errorf("row text %q; brute force: %d black %d white, %d codes left", text, b, w, len(left))
			}
			var bad []int
			for _, c := range classicCodes() {
				if cb, cw := refScore(c, first); cb != b || cw != w {
					bad = c
					break
				}
			}
			bb, bw := refScore(bad, first)
			p.enter(bad)
			want := fmt.Sprintf("Hard mode: guess 1 gave %d black, %d white; %s would give %d black, %d white.", b, w, strings.Trim(fmt.Sprint(bad), "[]"), bb, bw)
			p.wait(`document.querySelector("#breaker .msg").classList.contains("alert")`)
			if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); msg != want {
				t.Errorf("refused with %q, want %q", msg, want)
			}
			p.screenshot("hard-" + sz.name)
			if n := len(p.rows()); n != 1 {
				t.Errorf("%d rows after a refused guess", n)
			}
			for range 4 {
				p.Keys(kb.Backspace)
			}
			p.enter(left[0])
			p.wait(`document.querySelectorAll("#breaker .board .row").length === 2`)
		})
	}
}

// An evil game is won by guessing the first code still possible; each
// answer is the largest part of the codes left (of equal parts the fewest
// black, then white), checked by brute force, with the codes it leaves.
func TestBrowserEvil(t *testing.T) {
	testkit.Long(t)
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			p := newPage(t, sz.w, sz.h, "#breaker")
			p.wait(`document.querySelector("#breaker .entryline") !== null`)
			p.Run(chromedp.SetValue("#breaker .kind", "evil"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .kind").dispatchEvent(new Event("change"))`))
			p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker")`)
			codes := classicCodes()
			for i := 1; ; i++ {
				rows := p.rows()
				left := leftAfter(codes, rows)
				guess := left[0]
				best, most := refAdversary(left, guess)
				p.enter(guess)
				p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
				got := p.rows()[i-1]
				if got[1][0] != best[0] || got[2][0] != best[1] {
					t.Fatalf("guess %d %v: answer %d black %d white; brute force: the largest part is %v (%d codes of %d)", i, guess, got[1][0], got[2][0], best, most, len(left))
				}
				text := browsertest.Eval[string](p.Page, fmt.Sprintf(`document.querySelectorAll("#breaker .board .row .sr")[%d].textContent`, i-1))
				if !strings.HasSuffix(text, fmt.Sprintf(", %d codes left", most)) && !(most == 1 && strings.HasSuffix(text, ", 1 code left")) {
					t.Errorf("guess %d: row text %q, want %d codes left", i, text, most)
				}
				if i == 3 {
					p.screenshot("evil-" + sz.name)
				}
				if best[0] == 4 {
					if len(left) != 1 {
						t.Fatalf("all black with %d codes left", len(left))
					}
					break
				}
				if i > 12 {
					t.Fatal("not cornered in 12 guesses")
				}
			}
			p.wait(`!document.querySelector("#breaker .summary").hidden`)
			if text := p.statsText(); !strings.Contains(text, "Against the evil codemaker: 1 game, 1 won") {
				t.Errorf("statistics %q do not count the evil game apart", text)
			}
		})
	}
}

// A first visit opens "how to play", a second does not; the single-key
// shortcuts can be turned off (digits typed then do nothing), and the
// choice is kept; every peg carries its pattern's number.
func TestBrowserWelcome(t *testing.T) {
	testkit.Long(t)
	p := openPage(t, 390, 844, false)
	p.Run(chromedp.Navigate(p.srv.URL+"/#breaker"), chromedp.WaitReady("#settings"))
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	if !browsertest.Eval[bool](p.Page, `document.querySelector("dialog.welcome").open`) {
		t.Error("a first visit does not show how to play")
	}
	p.screenshot("welcome-390")
	if pats := browsertest.Eval[string](p.Page, `[...document.querySelectorAll("#breaker .palette .peg")].map(e => e.dataset.c).join("")`); pats != "012345" {
		t.Errorf("the palette's pegs have patterns %q, want 012345", pats)
	}
	p.Click("dialog.welcome button.primary")
	p.Blur()
	p.Keys("01")
	entry := func() string {
		return browsertest.Eval[string](p.Page, `[...document.querySelectorAll("#breaker .entryline .slots .peg:not(.hole)")].map(e => e.textContent).join("")`)
	}
	if c := entry(); c != "01" {
		t.Fatalf("typed 01 with shortcuts on: entry %q", c)
	}
	p.Tap("#help summary")
	p.Tap("#shortcuts")
	p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	if browsertest.Eval[bool](p.Page, `document.querySelector("dialog.welcome") !== null || document.querySelector("#shortcuts").checked`) {
		t.Error("after a reload: how to play is open again, or the shortcuts are on again")
	}
	p.Blur()
	p.Keys("01")
	if c := entry(); c != "" {
		t.Errorf("typed 01 with shortcuts off: entry %q", c)
	}
}

// Today's daily won makes a streak of 1; yesterday's, won today from the
// archive, does not add to it.
func TestBrowserStreak(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 800, "#breaker")
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	local := func(days int) string { // the player's date, days from today
		return browsertest.Eval[string](p.Page, fmt.Sprintf(`(() => { const d = new Date(); d.setDate(d.getDate() + %d); return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, "0"), String(d.getDate()).padStart(2, "0")].join("-"); })()`, days))
	}
	today, yesterday := local(0), local(-1)
	for _, date := range []string{yesterday, today} {
		p.Run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = "#daily=%s&game=classic"`, date)))
		p.wait(fmt.Sprintf(`document.querySelector("#breaker .msg").textContent.includes(%q)`, "("+date+")"))
		p.playByHints(10)
		p.wait(`document.querySelector("#breaker .share") !== null`)
	}
	if f := p.figures()["Classic (4 of 6)/Daily"]; len(f) < 4 || f[2] != "current streak=1" || f[3] != "best streak=1" {
		text := fmt.Sprint(f)
		t.Errorf("after yesterday's daily (from the archive) and today's: %q, want a streak of 1", text)
	}
}
