package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

// On the static site, at 1280 and 390 px: a daily won with its share text
// (rows as the board's answers), a challenge link given up, the
// statistics of both; then with no network, a reload still shows them,
// the daily played, and an evil game answers.
func TestPlayers(t *testing.T) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"1280", 1280, 800}, {"390", 390, 844}} {
		t.Run(sz.name, func(t *testing.T) {
			p, srv := open(t, sz.w, sz.h, "#daily=2026-11-03&game=classic")
			wait(p, `document.querySelector("#breaker .msg").textContent.startsWith("Daily #3 (2026-11-03)")`)
			browsertest.Play(p, 4, 6, 10) // a daily has no hints
			wait(p, `document.querySelector("#breaker .share") !== null`)
			share := shareRows(t, p)
			screenshot(p, "site-daily-"+sz.name)

			p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#seed=17&game=classic"`))
			wait(p, `document.querySelector("#breaker .seed").textContent === "17" && document.querySelector("#breaker .entryline") !== null`)
			p.Click("#breaker .giveup")
			wait(p, `!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary").textContent.includes("seed 17.")`)
			stats := func(when string) {
				t.Helper()
				p.Tap(".tools .stats-open")
				wait(p, `document.querySelector("dialog.stats").open`)
				// The daily won and the practice game given up, apart.
				text := str(p, `[...document.querySelectorAll("dialog.stats .figs")].map(f => [...f.querySelectorAll(".fig")].map(e => e.querySelector(".fig-label").textContent + "=" + e.querySelector(".fig-n").textContent).join(" ")).join(" | ")`)
				if want := "played=1 win %=100 current streak=0 best streak=0 | played=1 win %=0 guesses on average=—"; text != want {
					t.Errorf("%s: statistics %q, want %q", when, text, want)
				}
				p.Click("dialog.stats form button")
			}
			stats("after two games")

			wait(p, `navigator.serviceWorker.controller !== null`)
			srv.Close()
			if _, err := chromedp.Call(p.Ctx, network.Enable, network.EnableParams{}); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Call(p.Ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
				t.Fatalf("going offline: %v", err)
			}
			p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#daily=2026-11-03&game=classic"`), chromedp.Reload(), chromedp.WaitReady("#settings"))
			wait(p, `document.querySelector("#breaker .msg").textContent.includes("already")`)
			if again := shareRows(t, p); strings.Join(again, "\n") != strings.Join(share, "\n") {
				t.Errorf("offline, the daily shows %q, played %q", again, share)
			}
			stats("offline, after a reload")
			p.Run(chromedp.SetValue("#breaker .kind", "evil"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .kind").dispatchEvent(new Event("change"))`))
			wait(p, `document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker")`)
			p.Blur()
			p.Keys("0011\r")
			wait(p, `document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
			if row := str(p, `document.querySelector("#breaker .board .row .sr").textContent`); row != "guess 1: 0 0 1 1, 0 black 0 white, 256 codes left" {
				t.Errorf("offline, the evil codemaker answers 0011 with %q, want 0 black 0 white, 256 codes left (Knuth's largest part)", row)
			}
			screenshot(p, "site-offline-evil-"+sz.name)
		})
	}
}

// shareRows reads the share text of the daily on view, checking its rows
// against the board's answers.
func shareRows(t *testing.T, p *browsertest.Page) []string {
	t.Helper()
	lines := strings.Split(str(p, `document.querySelector("#breaker .share").textContent`), "\n")
	answers := browsertest.Eval[[][]int](p, `[...document.querySelectorAll("#breaker .board:not(.small) .row .fb")].map(f => f.getAttribute("aria-label").match(/\d+/g).map(Number))`)
	want := fmt.Sprintf("Mastermind classic #3 %d/10", len(answers))
	if len(answers) == 0 || answers[len(answers)-1][0] != 4 {
		want = "Mastermind classic #3 X/10"
	}
	if lines[0] != want || len(lines) != len(answers)+1 {
		t.Fatalf("share text %q for %d answers, want it to start %q", lines, len(answers), want)
	}
	for i, a := range answers {
		if m := strings.Repeat("●", a[0]) + strings.Repeat("○", a[1]) + strings.Repeat("·", 4-a[0]-a[1]); lines[i+1] != m {
			t.Errorf("share row %d is %q, the answer %d black %d white: %q", i+1, lines[i+1], a[0], a[1], m)
		}
	}
	return lines
}
