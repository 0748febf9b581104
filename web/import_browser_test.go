package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// Statistics move: the file Export writes is imported, merged with the
// statistics here (counts added, the dailies of both) or replacing them,
// the person's choice; a file that is not one is refused, saying why, and
// nothing changes.
func TestBrowserStatsImport(t *testing.T) {
	testkit.Long(t)
	here := `{"version":1,"games":{"classic":{"played":2,"won":1,"guesses":[0,0,1]}},"evil":{},"daily":{"classic":{"2026-11-03":{"number":3,"won":true,"turns":[{"guess":[0,0,1,1],"black":4,"white":0}]}}}}`
	dir := t.TempDir()
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	exported := file("mastermind-stats.json", `{"version":1,"games":{"classic":{"played":3,"won":2,"guesses":[0,1,0,1]},"bulls":{"played":1,"won":0,"guesses":[]}},"evil":{},"daily":{"classic":{"2026-11-04":{"number":4,"won":false,"turns":[]}}}}`)
	for _, c := range []struct{ name, path, says string }{
		{"not JSON", file("notes.json", "my notes"), "is not imported: it is not JSON"},
		{"other JSON", file("package.json", `{"name":"x"}`), "is not imported: it is not a file of statistics"},
		{"a newer version", file("v2.json", `{"version":2}`), "is not imported: it is of version 2"},
		{"damaged", file("damaged.json", `{"version":1,"games":{"classic":{"played":1,"won":5,"guesses":[]}},"evil":{},"daily":{}}`), "is not imported: some of its values are not statistics"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := onDay(t, "", 390, 844, "2026-11-20", "#solver")
			p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", ` + jsString(here) + `)`))
			p.openStats()
			p.Run(chromedp.SetUploadFiles("dialog.stats input[type=file]", []string{c.path}))
			p.wait(`document.querySelector("dialog.stats .importnote").textContent !== ""`)
			if note := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .importnote").textContent`); !strings.Contains(note, c.says) {
				t.Errorf("importing %s: %q, want it to say %q", c.name, note, c.says)
			}
			if kept := browsertest.Eval[string](p.Page, `localStorage.getItem("mastermind.stats")`); kept != here {
				t.Errorf("a file refused changed the statistics: %s", kept)
			}
		})
	}
	for _, how := range []string{"merge", "replace"} {
		t.Run(how, func(t *testing.T) {
			p := onDay(t, "", 1280, 800, "2026-11-20", "#solver")
			p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", ` + jsString(here) + `)`))
			p.openStats()
			p.Run(chromedp.SetUploadFiles("dialog.stats input[type=file]", []string{exported}))
			p.wait(`document.querySelector("dialog.stats .importnote button.` + how + `") !== null`)
			p.Click("dialog.stats .importnote button." + how)
			p.wait(`document.querySelector("dialog.stats .importnote").textContent.includes("` + map[string]string{"merge": "is merged", "replace": "replaces"}[how] + `")`)
			v := p.stats()
			played, won := tallyOf(v, "games", "classic")
			bulls, _ := tallyOf(v, "games", "bulls")
			days, _ := v["daily"].(map[string]any)["classic"].(map[string]any)
			want := [4]int{5, 3, 1, 2} // classic played, won; bulls played; classic dailies
			if how == "replace" {
				want = [4]int{3, 2, 1, 1}
			}
			if got := [4]int{played, won, bulls, len(days)}; got != want {
				t.Errorf("%s: classic played %d won %d, bulls played %d, %d dailies; want %v", how, played, won, bulls, len(days), want)
			}
		})
	}
}

// openStats opens the statistics dialog (from the menu on a phone).
func (p *page) openStats() {
	p.t.Helper()
	// The dialog names presets as the Game menu does, once the games are
	// read (slower under the race detector).
	p.wait(`document.querySelector("#game option[value=classic]") !== null`)
	p.Tap(".tools .stats-open")
	p.wait(`document.querySelector("dialog.stats").open && document.querySelector("dialog.stats .statsbody").textContent !== ""`)
}

// jsString writes s as a JavaScript string.
func jsString(s string) string {
	return "`" + strings.NewReplacer("\\", "\\\\", "`", "\\`", "$", "\\$").Replace(s) + "`"
}
