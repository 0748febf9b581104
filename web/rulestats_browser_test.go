package web

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/play/stats"
)

// The statistics of the games under another answer rule (issue 70): the
// page counts You guess under slots or black apart, under the name the
// terminal counts them by (mastermind.Game.Name: "classic-slots"), shows
// them in the dialog under their preset, a group per rule, and keeps them
// through Export and Import both ways with the terminal's stats.json.

// ruleStatsHere are the statistics kept before each test: two practice
// games of classic under black and white, one won in 3 guesses.
const ruleStatsHere = `{"version":1,"games":{"classic":{"played":2,"won":1,"guesses":[0,0,1]}},"evil":{},"daily":{}}`

// statHeads reads the statistics dialog's headings, in order: each
// section's h3, then its h4s indented by "/".
func (p *page) statHeads() []string {
	p.t.Helper()
	return browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("dialog.stats .stat h3, dialog.stats .stat h4")].map(h => (h.tagName === "H4" ? "/" : "") + h.textContent)`)
}

// A game of You guess played to its end under slots, the rule chosen in
// the Answers menu, counts under classic-slots (with the engine's guesses
// for the same secret), and black and white's counts stay as they were;
// the dialog shows it in its own group under Classic, its bar marked.
// Export saves a file that the terminal's statistics (play/stats) read
// with the same counts under the same names. The evil codemaker, who
// answers in black and white, counts under classic still.
func TestBrowserRuleStatsPlayed(t *testing.T) {
	p := onDay(t, "", 1280, 800, "2026-11-20", "#seed=4242&game=classic")
	p.wait(`document.querySelector("#breaker .seed").textContent === "4242" && document.querySelector("#breaker .entryline") !== null`)
	p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", ` + jsString(ruleStatsHere) + `)`))
	p.pickRule("slots")
	p.wait(`document.querySelector("#breaker .msg").textContent.includes("a mark per position") && document.querySelector("#breaker .entryline") !== null`)
	p.hintsToEnd(0, 10)
	p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary .review") !== null`)
	got := p.boardAnswers("#breaker .board:not(.small) .row")
	n := len(got)
	if n == 0 || got[n-1] != "GGGG" {
		t.Fatalf("the game under slots ended on %v", got)
	}
	engine := browsertest.Eval[int](p.Page, `document.querySelectorAll("#breaker .board.small .row").length`)

	// Kept: classic-slots, won in n guesses; classic as it was.
	v := p.stats()
	games, _ := v["games"].(map[string]any)
	if before := js(map[string]any{"played": 2, "won": 1, "guesses": []int{0, 0, 1}}); js(games["classic"]) != before {
		t.Errorf("black and white's counts changed: %s, were %s", js(games["classic"]), before)
	}
	want := make([]int, n)
	want[n-1] = 1
	if got, w := js(games["classic-slots"]), js(map[string]any{"played": 1, "won": 1, "guesses": want, "paired": map[string]int{"games": 1, "you": n, "engine": engine}}); got != w {
		t.Errorf("classic-slots counts %s, want %s", got, w)
	}
	if len(games) != 2 {
		t.Errorf("the statistics count games under %v, want classic and classic-slots", slices.Sorted(maps.Keys(games)))
	}

	// Shown: one section, Classic, black and white's group and slots'.
	p.openStats()
	if heads, w := p.statHeads(), []string{"Classic (4 of 6)", "/Practice, black and white", "/Practice, marks (Wordle)"}; !slices.Equal(heads, w) {
		t.Errorf("the dialog's headings %q, want %q", heads, w)
	}
	f := p.statFigures()
	if got, w := f["Classic (4 of 6)/Practice, black and white"], []string{"played=2", "win %=50", "guesses on average=3.0"}; !slices.Equal(got, w) {
		t.Errorf("black and white's figures %q, want %q", got, w)
	}
	if got, w := f["Classic (4 of 6)/Practice, marks (Wordle)"], []string{"played=1", "win %=100", fmt.Sprintf("guesses on average=%d.0", n)}; !slices.Equal(got, w) {
		t.Errorf("slots' figures %q, want %q", got, w)
	}
	bars := f["Classic (4 of 6)/Practice, marks (Wordle)/bars"]
	if len(bars) != n || !strings.HasSuffix(bars[n-1], "1 game (this game)") {
		t.Errorf("slots' bars %q, want %d, the last this game's", bars, n)
	}
	if marked := browsertest.Eval[int](p.Page, `document.querySelectorAll("dialog.stats .bar.this").length`); marked != 1 {
		t.Errorf("%d bars marked this game's, want 1", marked)
	}
	if note := browsertest.Eval[string](p.Page, `[...document.querySelectorAll("dialog.stats .stat .note")].map(e => e.textContent).join(" | ")`); note != fmt.Sprintf("On 1 secret the engine played too: you %d.0 guesses, the engine %d.0.", n, engine) {
		t.Errorf("the dialog's notes: %q", note)
	}

	// Export, read by the terminal's statistics.
	dir := t.TempDir()
	if _, err := chromedp.Call(p.Ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, BrowserContextID: chromedp.FromContext(p.Ctx).BrowserContextID,
	}); err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("dialog.stats .actions button")].find(b => b.textContent === "Export").click()`))
	var file []byte
	for range 600 { // the browser writes the file on its own
		if b, err := os.ReadFile(filepath.Join(dir, "mastermind-stats.json")); err == nil && json.Valid(b) {
			file = b
			break
		}
		browsertest.Eval[bool](p.Page, `new Promise((ok) => setTimeout(() => ok(true), 100))`)
	}
	if file == nil {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("Export saved no mastermind-stats.json: %v", entries)
	}
	state := filepath.Join(t.TempDir(), "mastermind")
	if err := os.MkdirAll(state, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, stats.File), file, 0o644); err != nil {
		t.Fatal(err)
	}
	s, note := stats.Load(state)
	if note != "" {
		t.Fatalf("the terminal reads the page's export saying %q:\n%s", note, file)
	}
	if got := s.Tally("classic-slots"); got.Played != 1 || got.Won != 1 || !slices.Equal(got.Guesses, want) {
		t.Errorf("the terminal reads classic-slots as %+v, want played 1, won 1, guesses %v", got, want)
	}
	if got := s.Tally("classic"); got.Played != 2 || got.Won != 1 || !slices.Equal(got.Guesses, []int{0, 0, 1}) {
		t.Errorf("the terminal reads classic as %+v", got)
	}

	// The evil codemaker, slots chosen, answers in black and white: its
	// game is classic's.
	p.Click("dialog.stats form button")
	p.wait(`!document.querySelector("dialog.stats").open`)
	p.Run(chromedp.SetValue("#breaker .kind", "evil"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .kind").dispatchEvent(new Event("change"))`))
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker") && document.querySelector("#breaker .entryline") !== null`)
	p.Click("#breaker .giveup")
	p.wait(`!document.querySelector("#breaker .summary").hidden`)
	v = p.stats()
	if played, _ := tallyOf(v, "evil", "classic"); played != 1 || len(v["evil"].(map[string]any)) != 1 {
		t.Errorf("the evil codemaker's game given up under slots is counted as %v, want evil classic's", v["evil"])
	}
}

// The terminal's stats.json with games under slots and black (counted
// under "classic-slots", "classic-black") imports on the page: merged,
// each rule's counts added to the same name's, black and white's to
// classic's, and the dialog shows them under Classic, a group per rule in
// the menu's order. A file whose counts under a rule no player can have
// (more won than played) is refused, as black and white's are.
func TestBrowserRuleStatsImport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mastermind")
	if _, note := stats.Update(dir, func(s *stats.Stats) {
		s.Record("classic-slots", true, 4)
		s.Record("classic-slots", false, 10)
		s.Record("classic-black", true, 6)
		s.Record("classic", true, 5)
		s.RecordComputer("classic-slots", true, 5)
	}); note != "" {
		t.Fatal(note)
	}
	file := filepath.Join(dir, stats.File)
	damaged := filepath.Join(t.TempDir(), "damaged.json")
	if err := os.WriteFile(damaged, []byte(`{"version":1,"games":{"classic-slots":{"played":1,"won":2,"guesses":[0,2]}},"evil":{},"daily":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	p := onDay(t, "", 1280, 800, "2026-11-20", "#solver")
	p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", ` + jsString(ruleStatsHere) + `)`))
	p.openStats()

	p.Run(chromedp.SetUploadFiles("dialog.stats input[type=file]", []string{damaged}))
	p.wait(`document.querySelector("dialog.stats .importnote").textContent !== ""`)
	if note := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .importnote").textContent`); !strings.Contains(note, "is not imported: some of its values are not statistics") {
		t.Errorf("a file of classic-slots with more won than played: %q", note)
	}

	p.Run(chromedp.SetUploadFiles("dialog.stats input[type=file]", []string{file}))
	p.wait(`document.querySelector("dialog.stats .importnote button.merge") !== null`)
	p.Click("dialog.stats .importnote button.merge")
	p.wait(`document.querySelector("dialog.stats .importnote").textContent.includes("is merged")`)
	v := p.stats()
	for _, c := range []struct {
		name        string
		played, won int
	}{{"classic", 3, 2}, {"classic-slots", 2, 1}, {"classic-black", 1, 1}} {
		if played, won := tallyOf(v, "games", c.name); played != c.played || won != c.won {
			t.Errorf("merged: %s played %d, won %d; want %d, %d", c.name, played, won, c.played, c.won)
		}
	}
	if heads, w := p.statHeads(), []string{"Classic (4 of 6)", "/Practice, black and white", "/Practice, blacks only", "/Practice, marks (Wordle)"}; !slices.Equal(heads, w) {
		t.Errorf("the dialog's headings %q, want %q", heads, w)
	}
	f := p.statFigures()
	for head, w := range map[string][]string{
		"Practice, black and white": {"played=3", "win %=67", "guesses on average=4.0"},
		"Practice, blacks only":     {"played=1", "win %=100", "guesses on average=6.0"},
		"Practice, marks (Wordle)":  {"played=2", "win %=50", "guesses on average=4.0"},
	} {
		if got := f["Classic (4 of 6)/"+head]; !slices.Equal(got, w) {
			t.Errorf("%s: %q, want %q", head, got, w)
		}
	}
}

// ruleStatsShown are statistics of every kind the dialog draws, with the
// games of two other rules beside classic's and a preset (bulls) played
// under slots alone.
const ruleStatsShown = `{"version":1,
 "games":{
  "classic":{"played":5,"won":4,"guesses":[0,0,1,2,1],"paired":{"games":2,"you":9,"engine":9},"streak":1,"best":2,"last":19,"hard":{"played":1,"won":1,"guesses":[0,0,0,1]}},
  "classic-slots":{"played":4,"won":3,"guesses":[0,0,1,1,1],"paired":{"games":3,"you":12,"engine":13},"hard":{"played":1,"won":1,"guesses":[0,0,0,1]}},
  "classic-black":{"played":2,"won":1,"guesses":[0,0,0,0,0,1]},
  "bulls-slots":{"played":1,"won":1,"guesses":[0,0,0,0,1]}},
 "evil":{"classic":{"played":1,"won":0,"guesses":[]}},
 "daily":{"classic":{
  "2026-11-18":{"number":18,"won":true,"turns":[{"guess":[0,0,1,1],"black":1,"white":0},{"guess":[0,1,2,3],"black":1,"white":1},{"guess":[1,2,4,4],"black":2,"white":0},{"guess":[1,3,4,5],"black":4,"white":0}]},
  "2026-11-19":{"number":19,"won":true,"turns":[{"guess":[0,0,1,1],"black":0,"white":1},{"guess":[1,2,2,3],"black":1,"white":0},{"guess":[3,4,5,1],"black":1,"white":2},{"guess":[5,3,4,4],"black":2,"white":0},{"guess":[5,5,4,3],"black":4,"white":0}]}}}}`

// The dialog with the statistics of other rules, light and dark, at 390
// and 1280 px: a section per preset, the rules' groups in it, nothing
// wider than the dialog, and axe-core finds no violation of serious or
// critical impact in it (with $AXE_CORE, as TestBrowserAxe). Screenshots:
// rulestats-dialog-THEME-SIZE, and -rules scrolled to the rules' groups.
func TestBrowserRuleStatsDialog(t *testing.T) {
	path := os.Getenv("AXE_CORE")
	if path == "" && os.Getenv("CI") != "" {
		t.Fatal("AXE_CORE is not set under CI")
	}
	var src []byte
	if path != "" {
		var err error
		if src, err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	for _, theme := range []string{"light", "dark"} {
		for _, sz := range sizes {
			t.Run(theme+"-"+sz.name, func(t *testing.T) {
				axeLane(t, theme, sz.w)
				p := onDay(t, "", sz.w, sz.h, "2026-11-20", "#solver")
				p.scheme(theme)
				p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", ` + jsString(ruleStatsShown) + `)`))
				p.openStats()
				want := []string{"Bulls and Cows (4 of 10, distinct)", "/Practice, marks (Wordle)",
					"Classic (4 of 6)", "/Daily", "/Practice, black and white", "/Practice, blacks only", "/Practice, marks (Wordle)"}
				if heads := p.statHeads(); !slices.Equal(heads, want) {
					t.Errorf("the dialog's headings %q, want %q", heads, want)
				}
				f := p.statFigures()
				for head, w := range map[string][]string{
					"Classic (4 of 6)/Practice, black and white":                  {"played=3", "win %=67", "guesses on average=3.5"},
					"Classic (4 of 6)/Practice, marks (Wordle)":                   {"played=4", "win %=75", "guesses on average=4.0"},
					"Bulls and Cows (4 of 10, distinct)/Practice, marks (Wordle)": {"played=1", "win %=100", "guesses on average=5.0"},
				} {
					if got := f[head]; !slices.Equal(got, w) {
						t.Errorf("%s: %q, want %q", head, got, w)
					}
				}
				notes := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("dialog.stats .stat .note")].map(e => e.textContent)`)
				for _, w := range []string{"On 2 secrets the engine played too: you 4.5 guesses, the engine 4.5.", "In hard mode: 1 game, 1 won.", "Against the evil codemaker: 1 game, 0 won.",
					"On 3 secrets the engine played too: you 4.0 guesses, the engine 4.3.", "In hard mode: 1 game, 1 won."} {
					if i := slices.Index(notes, w); i < 0 {
						t.Errorf("no note %q in %q", w, notes)
					} else {
						notes = notes[i+1:] // in this order
					}
				}
				if wide := browsertest.Eval[string](p.Page, `(() => {
					const d = document.querySelector("dialog.stats");
					const r = d.getBoundingClientRect();
					const out = [...d.querySelectorAll("*")].filter(e => { const b = e.getBoundingClientRect(); return b.width > 0 && (b.left < r.left - 0.5 || b.right > r.right + 0.5); });
					return out.slice(0, 3).map(e => e.tagName + "." + e.className).join(", ") + (d.scrollWidth > d.clientWidth ? " (the dialog scrolls sideways)" : "");
				})()`); wide != "" {
					t.Errorf("wider than the dialog: %s", wide)
				}
				if src != nil {
					for _, v := range p.axe(string(src)) {
						t.Errorf("the statistics with other rules: %s", v)
					}
				}
				p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("dialog.stats").scrollTop = 0`))
				p.screenshot("rulestats-dialog-" + theme + "-" + sz.name)
				p.Run(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("dialog.stats h4")].find(h => h.textContent === "Practice, blacks only").scrollIntoView({block: "start"})`))
				p.screenshot("rulestats-dialog-" + theme + "-" + sz.name + "-rules")
			})
		}
	}
}

// The page names each preset under each rule as mastermind.Game.Name
// does (rules.js gameName; splitName reads it back), and reads the
// tallies of internal/testkit/vectors/tally-kept.txt (its Import takes a
// file of each) and refuses those of tally-damaged.txt, under black and
// white's names and under other rules' ("classic-slots"): the names and
// the rule the terminal's statistics are held to (play/stats,
// TestTallyVectors).
func TestBrowserRuleStatsVectors(t *testing.T) {
	p := newPage(t, 1280, 800, "#solver")
	p.wait(`document.querySelector("#solver .best .code") !== null`)
	var games [][2]string // preset, rule
	var want []string
	for _, pr := range mastermind.Presets() {
		for _, r := range mastermind.Rules() {
			g := pr.Game
			g.Rule = r
			games = append(games, [2]string{pr.Name, r.String()})
			want = append(want, g.Name()+" "+pr.Name+" "+r.String())
		}
	}
	list, _ := json.Marshal(games)
	got := browsertest.Eval[[]string](p.Page, `import("./rules.js").then(({gameName, splitName}) => `+string(list)+`.map(([preset, rule]) => {
		const name = gameName(preset, rule), back = splitName(name);
		return [name, back.preset, back.rule].join(" ");
	}))`)
	if !slices.Equal(got, want) {
		t.Errorf("the page names the games and reads the names back as\n%q, want (mastermind.Game.Name)\n%q", got, want)
	}
	for file, damaged := range map[string]bool{"tally-kept": false, "tally-damaged": true} {
		vs := testkit.Vectors(file)
		var files []string
		for _, v := range vs {
			files = append(files, `{"version":1,"games":{"`+v.Fields[0]+`":`+v.Fields[1]+`},"evil":{},"daily":{}}`)
		}
		list, _ := json.Marshal(files)
		got = browsertest.Eval[[]string](p.Page, `import("./stats.js").then(({readImport}) => `+string(list)+`.map((text) => readImport(text).refused ?? ""))`)
		if len(got) != len(vs) {
			t.Fatalf("%s: %d answers for %d vectors", file, len(got), len(vs))
		}
		for i, v := range vs {
			if refused := got[i] != ""; refused != damaged {
				t.Errorf("%s: the page's Import of %s | %s: refused %v (%q)", v.Where, v.Fields[0], v.Fields[1], refused, got[i])
			}
		}
	}
}
