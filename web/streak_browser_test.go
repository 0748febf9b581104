package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/play/stats"
)

// The counts of the dailies: the page's recordGame (stats.js) keeps them
// as the vectors of internal/testkit/vectors/streak.txt say, which the
// terminal's statistics (play/stats, TestStreakVectors) are held to too.
// Each vector's dailies are recorded in a page's fresh statistics as the
// day's daily, #N of 2026-11-01 plus N-1 days.
func TestBrowserVectorsStreak(t *testing.T) {
	p := newPage(t, 1280, 800, "#solver")
	p.wait(`document.querySelector("#solver .best .code") !== null`)
	type record struct {
		Number int    `json:"number"`
		Date   string `json:"date"`
		Won    bool   `json:"won"`
	}
	vs := testkit.Vectors("streak")
	var runs [][]record
	for _, v := range vs {
		var run []record
		for _, r := range strings.Fields(v.Fields[0]) {
			n, err := strconv.Atoi(r[:len(r)-1])
			if err != nil {
				t.Fatalf("%s: %q is no daily recorded", v.Where, r)
			}
			run = append(run, record{n, time.Date(2026, 11, n, 0, 0, 0, 0, time.UTC).Format("2006-01-02"), r[len(r)-1] == '+'})
		}
		runs = append(runs, run)
	}
	list, _ := json.Marshal(runs)
	got := browsertest.Eval[[]string](p.Page, `import("./stats.js").then(({recordGame}) => `+string(list)+`.map((run) => {
		localStorage.removeItem("mastermind.stats");
		for (const r of run) {
			const turns = Array.from({length: r.won ? 4 : 10}, () => ({guess: [0, 0, 1, 1], black: 1, white: 0}));
			recordGame("classic", {turns, won: r.won, daily: {date: r.date, number: r.number, today: true}});
		}
		const t = JSON.parse(localStorage.getItem("mastermind.stats")).games.classic;
		return [t.played, t.won, t.streak ?? 0, t.best ?? 0, t.last ?? 0].join(" ");
	}))`)
	if len(got) != len(vs) {
		t.Fatalf("the page counted %d runs of %d", len(got), len(vs))
	}
	for i, v := range vs {
		if got[i] != v.Fields[1] {
			t.Errorf("%s: after %s the page counts played won streak best last %s, want %s", v.Where, v.Fields[0], got[i], v.Fields[1])
		}
	}
}

// The file of the terminal's statistics (play/stats) is one the page's
// Import takes: a game of You guess, a daily, a game of Computer guesses
// and a daily in progress written by the terminal merge into the page's
// statistics (the computer's and the progress left out, the page has no
// place for them).
func TestBrowserStatsTerminalFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mastermind")
	turn := stats.Turn{Guess: []int{0, 0, 1, 1}, Black: 4}
	if _, note := stats.Update(dir, func(s *stats.Stats) {
		s.Record("classic", true, 5)
		s.RecordDaily("classic", "2026-11-03", stats.Daily{Number: 3, Won: true, Turns: []stats.Turn{turn}})
		s.RecordComputer("bulls", true, 6)
		s.SetProgress("classic", "2026-11-04", stats.Progress{Number: 4, Turns: []stats.Turn{{Guess: []int{0, 1, 2, 3}, White: 2}}})
	}); note != "" {
		t.Fatal(note)
	}
	file := filepath.Join(dir, stats.File)
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), `"progress"`) {
		t.Fatalf("the terminal's file: %v\n%s", err, data)
	}
	p := onDay(t, "", 1280, 800, "2026-11-20", "#solver")
	p.Run(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("mastermind.stats", '{"version":1,"games":{"classic":{"played":1,"won":0,"guesses":[]}},"evil":{},"daily":{}}')`))
	p.openStats()
	p.Run(chromedp.SetUploadFiles("dialog.stats input[type=file]", []string{file}))
	p.wait(`document.querySelector("dialog.stats .importnote").textContent !== ""`)
	if note := browsertest.Eval[string](p.Page, `document.querySelector("dialog.stats .importnote").textContent`); !strings.Contains(note, "holds statistics") {
		t.Fatalf("the page's Import of the terminal's file says %q", note)
	}
	p.Click("dialog.stats .importnote button.merge")
	p.wait(`document.querySelector("dialog.stats .importnote").textContent.includes("is merged")`)
	v := p.stats()
	played, won := tallyOf(v, "games", "classic")
	days, _ := v["daily"].(map[string]any)["classic"].(map[string]any)
	if _, ok := days["2026-11-03"]; played != 3 || won != 2 || len(days) != 1 || !ok {
		t.Errorf("merged: classic played %d, won %d, dailies %v; want 3, 2 and 2026-11-03", played, won, days)
	}
	if _, ok := v["progress"]; ok {
		t.Errorf("the page keeps the terminal's progress: %v", v["progress"])
	}
}
