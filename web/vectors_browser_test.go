package web

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The rules the page shares with the engine, checked on the page against
// the vectors of internal/testkit, which the Go tests read too: one list
// of figures for each rule, never written again in a test.

// The answers a secret can give: the page (ui.js feedbackError) refuses
// every impossible one and takes every possible one.
func TestBrowserVectorsAnswers(t *testing.T) {
	p := newPage(t, 1280, 800, "#solver")
	p.wait(`document.querySelector("#solver .best .code") !== null`)
	for _, file := range []string{"answer-possible", "answer-impossible"} {
		var games []map[string]any
		vs := testkit.Vectors(file)
		for _, v := range vs {
			n, _ := strconv.Atoi(v.Fields[0])
			k, _ := strconv.Atoi(v.Fields[1])
			b, _ := strconv.Atoi(v.Fields[3])
			w, _ := strconv.Atoi(v.Fields[4])
			games = append(games, map[string]any{"positions": n, "colors": k, "distinct": v.Fields[2] == "distinct", "b": b, "w": w})
		}
		list, _ := json.Marshal(games)
		got := browsertest.Eval[[]string](p.Page, `import("./ui.js").then(({feedbackError}) => `+string(list)+`.map((g) => feedbackError(g, g.b, g.w)))`)
		if len(got) != len(vs) {
			t.Fatalf("%s: the page judged %d answers of %d", file, len(got), len(vs))
		}
		for i, v := range vs {
			if refused := got[i] != ""; refused != (file == "answer-impossible") {
				t.Errorf("%s: %s: the page says %q", v.Where, strings.Join(v.Fields, " "), got[i])
			}
		}
	}
}

// The secret of a seed (breaker.js's secretOf), as a challenge link opens
// it and Give up shows it; the daily of a date (its number, and its secret
// by the seed the engine gives it), as its link opens it, or refused when
// it is not out yet; the dates that have no daily refused.
func TestBrowserVectorsCodes(t *testing.T) {
	p := newPage(t, 1280, 800, "#breaker")
	p.wait(`document.querySelector("#breaker .entryline") !== null`)
	secret := func() string {
		t.Helper()
		p.Run(chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`)) // Give up asks
		p.Click("#breaker .giveup")
		sel := `#breaker .summary .code[aria-label^="secret"]`
		p.wait(fmt.Sprintf(`document.querySelector(%q) !== null`, sel))
		return digits(p.code(sel))
	}
	for _, v := range testkit.Vectors("secret-of-seed") {
		game, seed, want := v.Fields[0], v.Fields[1], v.Fields[2]
		p.Run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = "#seed=%s&game=%s"`, seed, game)))
		p.wait(fmt.Sprintf(`document.querySelector("#breaker .seed").textContent === %q && document.querySelector("#breaker .entryline") !== null && document.querySelector("#game").value === %q`, seed, game))
		if got := secret(); got != want {
			t.Errorf("%s: the page's secret of %s seed %s is %s, want %s", v.Where, game, seed, got, want)
		}
	}
	today := browsertest.Eval[string](p.Page, `import("./daily.js").then((d) => d.today())`)
	presets := `["classic", "bulls", "super", "digits"]`
	for _, v := range testkit.Vectors("daily") {
		date, game, number, want := v.Fields[0], v.Fields[1], v.Fields[2], v.Fields[4]
		if date > today {
			refused := browsertest.Eval[string](p.Page, fmt.Sprintf(`import("./daily.js").then((d) => d.readLink("#daily=%s&game=%s", %s).refused ?? "")`, date, game, presets))
			if !strings.Contains(refused, "not out yet") {
				t.Errorf("%s: the daily of %s (today is %s): the page's link says %q, want not out yet", v.Where, date, today, refused)
			}
			continue
		}
		p.Run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = "#daily=%s&game=%s"`, date, game)))
		p.wait(fmt.Sprintf(`document.querySelector("#breaker .msg").textContent.includes("(%s)") && document.querySelector("#breaker .entryline") !== null`, date))
		if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); !strings.HasPrefix(msg, fmt.Sprintf("Daily #%s (%s)", number, date)) {
			t.Errorf("%s: the daily of %s says %q, want Daily #%s", v.Where, date, msg, number)
		}
		if got := secret(); got != want {
			t.Errorf("%s: the page's daily %s of %s is %s, want %s", v.Where, game, date, got, want)
		}
	}
	for _, v := range testkit.Vectors("daily-refused") {
		if refused := browsertest.Eval[string](p.Page, fmt.Sprintf(`import("./daily.js").then((d) => d.readLink("#daily=%s&game=classic", %s).refused ?? "")`, v.Fields[0], presets)); refused == "" {
			t.Errorf("%s: the page follows a link to the daily of %s", v.Where, v.Fields[0])
		}
	}
}

// The deadline of a request to the engine in WebAssembly (api.js): a
// request the engine never answers ends at the API's deadline with the
// API's message. A fresh copy of api.js runs with a worker that never
// answers; the timer the request sets (its deadline) fires at once, and
// the test reads the delay it was set for.
func TestBrowserVectorsDeadline(t *testing.T) {
	v := testkit.Vectors("deadline")[0]
	p := newPage(t, 1280, 800, "#solver")
	p.wait(`document.querySelector("#solver .best .code") !== null`)
	got := browsertest.Eval[[]string](p.Page, `(async () => {
		const meta = document.createElement("meta");
		meta.name = "mastermind-engine";
		meta.content = "worker";
		document.head.append(meta);
		const realWorker = window.Worker, realTimeout = window.setTimeout;
		window.Worker = class { postMessage() {} terminate() {} };
		const delays = [];
		let hurry = false;
		window.setTimeout = (f, ms, ...args) => {
			if (!hurry) return realTimeout(f, ms, ...args);
			delays.push(ms);
			return realTimeout(f, 0, ...args);
		};
		try {
			const api = await import("./api.js?deadline");
			hurry = true; // the timers the call sets as it is made
			const answer = api.call("/api/next", {game: "classic", history: []});
			hurry = false;
			const message = await answer.then(() => "answered", (e) => e.message);
			return [delays.join(" "), message];
		} finally {
			window.setTimeout = realTimeout;
			window.Worker = realWorker;
			meta.remove();
		}
	})()`)
	if got[0] != v.Fields[0] || got[1] != v.Fields[1] {
		t.Errorf("%s: a request the engine never answers ends after %s ms with %q; want %s ms and %q", v.Where, got[0], got[1], v.Fields[0], v.Fields[1])
	}
}
