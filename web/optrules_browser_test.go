package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

// Computer guesses with optimal under slots on classic (issue 70): the
// menu offers optimal under slots and black on classic, not on bulls
// under black (bounds only, no tree); the game, answered by taps from
// testkit's scorer, is the shipped tree's game for the secret, guess for
// guess (the tree's file replayed by the test's own scorer, replayFile).
func TestBrowserRulesOptimal(t *testing.T) {
	_, all := replayFile(t, "4x6-slots")
	secret := []int{5, 2, 2, 0}
	i := slices.IndexFunc(all, func(s ruleSecret) bool { return slices.Equal(s.code, secret) })
	want := all[i].played
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			ruleLane(t, "slots", sz.name)
			p := newPage(t, sz.w, sz.h, "#maker")
			p.wait(`!document.querySelector("#maker .turn").hidden`)
			offered := func(game, rule string) bool {
				p.Run(chromedp.SetValue("#game", game), chromedp.SetValue("#feedback", rule),
					chromedp.Evaluate[chromedp.Void](`document.querySelector("#feedback").dispatchEvent(new Event("change"))`))
				return browsertest.Eval[bool](p.Page, `!document.querySelector('#strategy option[value="optimal"]').disabled`)
			}
			for _, c := range []struct {
				game, rule string
				want       bool
			}{{"bulls", "black", false}, {"bulls", "slots", true}, {"super", "slots", false}, {"classic", "black", true}, {"classic", "slots", true}} {
				if got := offered(c.game, c.rule); got != c.want {
					t.Errorf("%s under %s: optimal offered %v, want %v", c.game, c.rule, got, c.want)
				}
			}
			p.Run(chromedp.SetValue("#strategy", "optimal"))
			p.Tap("#new")
			var got [][]int
			for i := 1; ; i++ {
				p.wait(fmt.Sprintf(`document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, i-1))
				if browsertest.Eval[bool](p.Page, `document.querySelector("#maker .msg").textContent.startsWith("Found it in")`) {
					break
				}
				if i > len(want) {
					t.Fatalf("not found in the tree's %d guesses: %v", len(want), got)
				}
				g := p.code("#maker .turn .code")
				got = append(got, g)
				p.tapMarks("#maker .turn", ruleAnswer("slots", secret, g))
				if i == 2 {
					p.screenshot("rules-optimal-slots-" + sz.name)
				}
				p.Click(`#maker .turn button.primary`)
			}
			if fmt.Sprint(got) != fmt.Sprint(want[:len(want)-1]) && fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("optimal under slots guessed %v for %v; the tree's guesses are %v", got, secret, want)
			}
			if msg := browsertest.Eval[string](p.Page, `document.querySelector("#maker .msg").textContent`); !strings.Contains(msg, fmt.Sprintf("in %d", len(want))) {
				t.Errorf("the end says %q; the tree finds %v in %d guesses", msg, secret, len(want))
			}
		})
	}
}

// The explorer walks a tree under slots: the menu groups the trees by
// rule, classic's under slots named as the Game menu names classic, and
// its rule ("Classic (4 of 6), Marks (Wordle)"); the
// root's figures are docs/optima.md's (4211 guesses in all), a row tapped
// goes down to the node its marks reach, whose secrets and total are the
// tree's file replayed by the test's own scorer; the breadcrumb shows the
// marks, the link writes them (#explore=classic-slots/MARKS); the
// whole-game report of auto is the tree's total.
func TestBrowserExplorerSlots(t *testing.T) {
	_, all := replayFile(t, "4x6-slots")
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			if sz.name != "1280" {
				ruleLane(t, "black", sz.name) // the fast lane: one size
			}
			p := newPage(t, sz.w, sz.h, "#explore=classic-slots")
			p.wait(`document.querySelector("#explore .node h2") !== null && location.hash === "#explore=classic-slots"`)
			groups := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("#explore .treegame optgroup")].map(g => g.label + ":" + g.querySelectorAll("option").length)`)
			if len(groups) != 3 || !strings.HasPrefix(groups[0], "Black and white:") || !strings.HasPrefix(groups[1], "Blacks only:") || !strings.HasPrefix(groups[2], "Marks (Wordle):") {
				t.Errorf("the tree menu's groups %v, want black and white, blacks only, marks", groups)
			}
			if o := browsertest.Eval[string](p.Page, `document.querySelector('#explore .treegame optgroup:nth-of-type(3) option[value="classic-slots"]').textContent`); o != browsertest.Eval[string](p.Page, `document.querySelector('#game option[value="classic"]').textContent`)+", Marks (Wordle)" {
				t.Errorf("classic's tree under slots is named %q", o)
			}
			if f := browsertest.Eval[string](p.Page, `document.querySelector("#explore .figures").textContent`); !strings.Contains(f, "1,296 secrets") || !strings.Contains(f, "4,211 guesses in all") {
				t.Errorf("the root says %q, want 1,296 secrets and 4,211 guesses (docs/optima.md)", f)
			}
			// The second row of the root: its marks, then down.
			text := browsertest.Eval[string](p.Page, `document.querySelectorAll("#explore .branch")[1].textContent`)
			marks := strings.ReplaceAll(strings.Split(text, ":")[0], "·", ".")
			p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#explore .branch")[1].click()`))
			p.wait(fmt.Sprintf(`location.hash === %q && document.querySelectorAll("#explore .crumbs li").length === 2`, "#explore=classic-slots/"+marks))
			secrets, total := 0, 0
			for _, s := range all {
				if len(s.answers) > 0 && s.answers[0] == marks {
					secrets++
					total += s.guesses
				}
			}
			want := fmt.Sprintf("%s %s this guess; they need %s guesses", commas(secrets), map[bool]string{true: "secret reaches", false: "secrets reach"}[secrets == 1], commas(total))
			if f := browsertest.Eval[string](p.Page, `document.querySelector("#explore .figures").textContent`); secrets == 0 || !strings.Contains(f, want) {
				t.Errorf("the node of %s says %q; the tree replayed: %s", marks, f, want)
			}
			if a := browsertest.Eval[string](p.Page, `document.querySelector("#explore .crumbs .crumb-answer").textContent`); strings.ReplaceAll(a, "·", ".") != marks {
				t.Errorf("the crumb's answer %q, want %s", a, marks)
			}
			p.screenshot("explorer-slots-" + sz.name)

			// The whole-game report plays the tree's game, under its rule:
			// auto takes the tree's 4,211 guesses.
			p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#explore .report .pick input").forEach(i => { i.checked = i.value === "auto"; })`))
			p.Click("#explore .report button[type=submit]")
			p.wait(`document.querySelector("#explore .report-table") !== null`)
			if got := browsertest.Eval[string](p.Page, `document.querySelector("#explore .report-table tbody td").textContent`); got != "4,211" {
				t.Errorf("the report of auto on classic under slots: %q guesses in all, want 4,211", got)
			}
		})
	}
}
