package web

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The browser tests of what the page keeps in the browser (issue 68):
// a write the browser refuses says so, and what was kept stays; no key
// kept or imported reaches Object.prototype; impossible counts are
// damaged.

// bigStats returns statistics of n dailies of classic (each won in one
// guess), as Export writes them: n = 60,000 makes about 5.3 MB.
func bigStats(n int) string {
	var b strings.Builder
	b.WriteString(`{"version":1,"games":{"classic":{"played":` + fmt.Sprint(n) + `,"won":` + fmt.Sprint(n) + `,"guesses":[` + fmt.Sprint(n) + `]}},"evil":{},"daily":{"classic":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		// Dates of the shape YYYY-MM-DD, each its own.
		fmt.Fprintf(&b, `"%04d-%02d-%02d":{"number":%d,"won":true,"turns":[{"guess":[0,0,1,1],"black":4,"white":0}]}`, 1000+i/10000, i/100%100, i%100, i+1)
	}
	b.WriteString(`}}}`)
	return b.String()
}

// An import the browser cannot keep (its storage full) says it is not
// imported and why; the statistics that were here stay, in storage and
// in the dialog.
func TestBrowserImportFull(t *testing.T) {
	here := `{"version":1,"games":{"classic":{"played":2,"won":1,"guesses":[0,0,1]}},"evil":{},"daily":{}}`
	path := filepath.Join(t.TempDir(), "big.json")
	big := bigStats(60000)
	if err := os.WriteFile(path, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("big.json: %.1f MB", float64(len(big))/1e6)
	p := onDay(t, "", 390, 844, "2026-11-20", "#solver")
	p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", ` + jsString(here) + `)`))
	p.openStats()
	p.Run(chromedp.SetUploadFiles("dialog.stats input[type=file]", []string{path}))
	p.wait(`document.querySelector("dialog.stats .importnote button.replace") !== null`)
	p.Click("dialog.stats .importnote button.replace")
	p.wait(`document.querySelector("dialog.stats .importnote") && document.querySelector("dialog.stats .importnote button.replace") === null`)
	note := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .importnote").textContent`)
	if !strings.Contains(note, "big.json is not imported") || !strings.Contains(note, "full") || !strings.Contains(note, "stay") {
		t.Errorf("an import the browser could not keep: %q, want it said not imported (storage full), what was here kept", note)
	}
	if kept := browsertest.Eval[string](p.Page, `localStorage.getItem("mastermind.stats")`); kept != here {
		t.Errorf("the statistics kept changed: %.200s", kept)
	}
	if text := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .statsbody").textContent`); strings.Contains(text, "No game finished yet") || !strings.Contains(text, "Classic") {
		t.Errorf("the dialog after the import refused: %.300q, want the statistics that were here", text)
	}
	p.screenshot("import-full-390")
}

// A game's end that the browser cannot keep (its storage full) says so on
// the page, whole, on a phone too.
func TestBrowserRecordFull(t *testing.T) {
	testkit.Long(t)
	for _, size := range [][2]int{{390, 844}, {1280, 800}} {
		p := onDay(t, "", size[0], size[1], "2026-11-20", "#seed=31&game=classic")
		p.wait(`document.querySelector("#breaker .seed").textContent === "31" && document.querySelector("#breaker .entryline") !== null`)
		// Fill the storage, leaving no room for the statistics.
		p.Run(chromedp.Evaluate[chromedp.Void](`(() => {
			const chunk = "x".repeat(1 << 20);
			for (let i = 0; ; i++) { try { localStorage.setItem("fill" + i, chunk); } catch (e) { break; } }
			for (let i = 0; ; i++) { try { localStorage.setItem("small" + i, "x".repeat(1024)); } catch (e) { break; } }
		})()`))
		p.enter([]int{0, 0, 1, 1})
		p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
		p.Click("#breaker .giveup")
		p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary .board.small .row") !== null`)
		if note := browsertest.Eval[string](p.Page, `(document.querySelector(".storenote") || {}).textContent || ""`); !strings.Contains(note, "Not kept in this browser: your statistics") || !strings.Contains(note, "full") {
			t.Errorf("%dx%d: a game the browser could not count: %q", size[0], size[1], note)
			continue
		}
		if !browsertest.Eval[bool](p.Page, inView(".storenote")+` && document.querySelector(".storenote").scrollHeight <= document.querySelector(".storenote").clientHeight + 1`) {
			t.Errorf("%dx%d: the note of what was not kept is not in view whole", size[0], size[1])
		}
	}
}

// A key "__proto__" in the statistics kept, in a daily in progress kept,
// or in a file imported reaches no object of the page: today's daily is
// not said played, and Object.prototype gains nothing.
func TestBrowserProtoKeys(t *testing.T) {
	won := `{"number":20,"won":true,"turns":[{"guess":[0,0,1,1],"black":4,"white":0}]}`
	for _, c := range []struct{ name, key, value string }{
		{"statistics", "mastermind.stats", `{"version":1,"games":{"__proto__":{"played":1,"won":1,"guesses":[1]}},"evil":{},"daily":{"classic":{"2026-11-19":{"number":19,"won":false,"turns":[]}},"__proto__":{"2026-11-20":` + won + `}}}`},
		{"a daily in progress", "mastermind.daily", `{"version":1,"__proto__":{"2026-11-19":{"number":19,"today":true,"hard":false,"hints":0,"turns":[]}}}`},
		{"settings", "mastermind.settings", `{"version":1,"welcomed":true,"__proto__":{"shortcuts":false,"polluted":1}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := onDay(t, "", 390, 844, "2026-11-20", "#breaker")
			p.wait(`document.querySelector("#breaker .entryline") !== null`)
			p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem(`+jsString(c.key)+`, `+jsString(c.value)+`); location.hash = "#daily=2026-11-20&game=classic"`),
				chromedp.Reload(), chromedp.WaitReady("#settings"))
			p.wait(`document.querySelector("#breaker .msg").textContent.includes("#20")`)
			if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); strings.Contains(msg, "already") {
				t.Errorf("%s with a key __proto__: today's daily says %q", c.name, msg)
			}
			p.openStats() // reads the statistics, the dailies in progress settled
			if polluted := browsertest.Eval[string](p.Page, `Object.keys(Object.getPrototypeOf({})).concat(["played", "polluted", "2026-11-20", "2026-11-19"].filter((k) => k in {})).join(", ")`); polluted != "" {
				t.Errorf("%s with a key __proto__: Object.prototype holds %s", c.name, polluted)
			}
		})
	}
	t.Run("import", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "proto.json")
		if err := os.WriteFile(path, []byte(`{"version":1,"games":{},"evil":{},"daily":{"__proto__":{"2026-11-20":`+won+`}}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		p := onDay(t, "", 390, 844, "2026-11-20", "#solver")
		p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", '{"version":1,"games":{},"evil":{},"daily":{"classic":{"2026-11-19":{"number":19,"won":false,"turns":[]}}}}')`))
		p.openStats()
		p.Run(chromedp.SetUploadFiles("dialog.stats input[type=file]", []string{path}))
		p.wait(`document.querySelector("dialog.stats .importnote button.merge") !== null`)
		p.Click("dialog.stats .importnote button.merge")
		p.wait(`document.querySelector("dialog.stats .importnote button.merge") === null`)
		if polluted := browsertest.Eval[bool](p.Page, `"2026-11-20" in {}`); polluted {
			t.Error("a file imported with a key __proto__ changed Object.prototype")
		}
		p.Click("dialog.stats form button")
		p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#daily=2026-11-20&game=classic"`))
		p.wait(`document.querySelector("#breaker .msg").textContent.includes("#20")`)
		if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); strings.Contains(msg, "already") {
			t.Errorf("after a file imported with a key __proto__, today's daily says %q", msg)
		}
	})
}

// Counts no player can have (past 2^53-1, as a forged 2^63-1; negative;
// more won than played; a streak past the best) are damaged: set aside,
// never shown nor added to, as play/stats reads the terminal's.
func TestBrowserImpossibleCounts(t *testing.T) {
	testkit.Long(t)
	for _, c := range []struct{ name, tally string }{
		{"played 2^63-1", `{"played":9223372036854775807,"won":1,"guesses":[1]}`},
		{"played -1", `{"played":-1,"won":0,"guesses":[]}`},
		{"won above played", `{"played":1,"won":2,"guesses":[2]}`},
		{"a streak past the best", `{"played":3,"won":3,"guesses":[0,0,3],"streak":3,"best":1,"last":19}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			value := `{"version":1,"games":{"classic":` + c.tally + `},"evil":{},"daily":{}}`
			p := onDay(t, "", 1280, 800, "2026-11-20", "#solver")
			p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", ` + jsString(value) + `)`))
			p.openStats()
			text := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .statsbody").textContent`)
			if !strings.Contains(text, "kept aside") {
				t.Errorf("%s: the statistics do not say they were set aside: %.300q", c.name, text)
			}
			if kept := browsertest.Eval[string](p.Page, `localStorage.getItem("mastermind.stats.aside") || ""`); kept != value {
				t.Errorf("%s: set aside %.100q, want %.100q", c.name, kept, value)
			}
		})
	}
}
