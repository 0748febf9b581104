package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/web"
)

// The site's tests build it once (the engine takes seconds to compile),
// serve it with a plain static file server (no API: the engine answers in
// the page) and play it in a real headless Chromium.

var shots = flag.String("screenshots", "", "write the browser tests' screenshots (PNG) to this `directory`")

// built is the site, built once for the test binary.
var built struct {
	once  sync.Once
	dir   string
	sizes sizes
	err   error
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	browsertest.Close()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// site builds the site once and returns its folder.
func site(t testing.TB) string {
	t.Helper()
	testkit.Long(t) // the WebAssembly build and the page in Chromium: the long lane
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "mastermind-site-")
		if built.err == nil {
			built.sizes, _, built.err = build(context.Background(), built.dir)
		}
	})
	if built.err != nil {
		t.Fatalf("building the site: %v", built.err)
	}
	return built.dir
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args         []string
		code         int
		stdout, want string
	}{
		{[]string{"--help"}, 0, "usage: go run ./cmd/site DIR", ""},
		{[]string{"-h"}, 0, "usage: go run ./cmd/site DIR", ""},
		{nil, 2, "", "site: want one argument, the folder to write, not 0\n\nusage: go run ./cmd/site DIR"},
		{[]string{"a", "b"}, 2, "", "site: want one argument, the folder to write, not 2\n"},
		{[]string{""}, 2, "", "site: the folder to write has an empty name\n"},
		{[]string{"--out", "x"}, 2, "", "site: flag provided but not defined: -out\n"},
		{[]string{"site_test.go"}, 2, "", "site: site_test.go is a file, not a folder\n"},
		{[]string{"site_test.go/x/y"}, 2, "", "site: site_test.go is a file, not a folder\n"},
		// Inside the sources, or holding them: the build would write over
		// the page's own files.
		{[]string{"static"}, 2, "", "site: static is inside the module's sources"},
		{[]string{"../../web/static"}, 2, "", "site: ../../web/static is inside the module's sources"},
		{[]string{"../../web/static/new"}, 2, "", "site: ../../web/static/new is inside the module's sources"},
		{[]string{"wasm/x"}, 2, "", "site: wasm/x is inside the module's sources"},
		{[]string{"../.."}, 2, "", "site: ../.. holds the module's sources"},
		{[]string{"../../optimal"}, 2, "", "site: ../../optimal holds the module's sources"},
		{[]string{"../../docs"}, 2, "", "site: ../../docs holds files that are not a site"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), c.args, &stdout, &stderr)
		if code != c.code || !strings.HasPrefix(stdout.String(), c.stdout) || !strings.HasPrefix(stderr.String(), c.want) {
			t.Errorf("site %q: status %d, stdout %q, stderr %q; want status %d, stdout %q..., stderr %q...", c.args, code, stdout.String(), stderr.String(), c.code, c.stdout, c.want)
		}
	}
}

// The site is at most 2 MB once gzipped (gzip -9 of each file, summed), and
// it holds what the page, the worker and the service worker load.
func TestBudget(t *testing.T) {
	dir := site(t)
	var total int64
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == "trees" {
			continue // fetched only when the explorer opens one: not in the budget
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		z, err := gzipped(data)
		if err != nil {
			t.Fatal(err)
		}
		total += z
	}
	t.Logf("%d files, %d bytes gzipped (mastermind.wasm %d bytes, %d gzipped)", built.sizes.files, total, built.sizes.wasm, built.sizes.wasmGzipped)
	if total != built.sizes.gzipped {
		t.Errorf("the files sum to %d bytes gzipped, the build said %d", total, built.sizes.gzipped)
	}
	if total > 2_000_000 {
		t.Errorf("the site is %d bytes gzipped, over the budget of 2 MB", total)
	}
	for _, name := range []string{"index.html", "api.js", "worker.js", "wasm_exec.js", "mastermind.wasm", "sw.js", "site.js", "manifest.webmanifest", "icon-192.png", "icon-512.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("the site lacks %s", name)
		}
	}
	sw, _ := os.ReadFile(filepath.Join(dir, "sw.js"))
	for _, e := range entries {
		if e.Name() != "sw.js" && e.Name() != "trees" && !bytes.Contains(sw, []byte(`"`+e.Name()+`"`)) {
			t.Errorf("sw.js does not keep %s", e.Name())
		}
	}
}

// The docs quote the line the build prints (docs/site.md, and the budget
// in docs/performance.md): its counts are the build's, and its sizes within
// 3% of the build's, so that they say what a build writes today (an engine
// that grows or shrinks by more fails here, with the line to quote).
func TestDocSizes(t *testing.T) {
	site(t)
	line0 := summary("site", built.sizes)
	number := regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)
	want := number.FindAllString(line0, -1)
	for _, doc := range []string{"site.md", "performance.md"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "docs", doc))
		if err != nil {
			t.Fatal(err)
		}
		quoted := 0
		for line := range strings.Lines(string(data)) {
			line = strings.TrimSpace(line)
			if !strings.HasPrefix(line, "wrote site: ") {
				continue
			}
			quoted++
			got := number.FindAllString(line, -1)
			ok := len(got) == len(want) && number.ReplaceAllString(line, "N") == number.ReplaceAllString(line0, "N")
			for i := 0; ok && i < len(got); i++ {
				g, _ := strconv.ParseFloat(got[i], 64)
				w, _ := strconv.ParseFloat(want[i], 64)
				if strings.Contains(want[i], ".") {
					ok = math.Abs(g-w) <= 0.03*w
				} else {
					ok = g == w
				}
			}
			if !ok {
				t.Errorf("docs/%s quotes the build's line as\n\t%s\nbut the build prints\n\t%s", doc, line, line0)
			}
		}
		if quoted == 0 {
			t.Errorf("docs/%s does not quote the build's line (wrote site: ...)", doc)
		}
	}
}

// open opens the site, served by a plain static file server of its own, at
// fragment in a new tab. The page counts the workers it starts (workers).
func open(t *testing.T, width, height int, fragment string) (*browsertest.Page, *httptest.Server) {
	t.Helper()
	return openDir(t, site(t), width, height, fragment)
}

// openDir opens the site in dir, as open does. The page keeps the names of
// the caches of the service worker in cacheNames, a tenth of a second old.
func openDir(t *testing.T, dir string, width, height int, fragment string) (*browsertest.Page, *httptest.Server) {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	p := browsertest.Open(t, width, height, browsertest.Timeout)
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		// The page's deadline is 10 s, as the server's: a loaded machine may
		// need longer, and the tests wait for events, not for a time.
		// "How to play" was seen (a first visit opens it).
		Source: `window.mastermindDeadline = 600000; window.workers = 0; window.Worker = class extends Worker { constructor(...a) { super(...a); workers++; } };
			if (location.protocol === "http:" && !localStorage.getItem("mastermind.settings")) localStorage.setItem("mastermind.settings", '{"version":1,"welcomed":true}');
			if (self.caches) setInterval(() => caches.keys().then((k) => { window.cacheNames = k; }), 100);`,
	}); err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.Navigate(srv.URL+"/"+fragment), chromedp.WaitReady("#settings"))
	return p, srv
}

func wait(p *browsertest.Page, cond string) { p.T.Helper(); p.Wait(cond, ".msg, .tally") }

func str(p *browsertest.Page, js string) string { p.T.Helper(); return browsertest.Eval[string](p, js) }

// code reads the pegs of the first code under sel.
func code(p *browsertest.Page, sel string) []int {
	p.T.Helper()
	return browsertest.Eval[[]int](p, fmt.Sprintf(`[...document.querySelector(%q).querySelectorAll(".peg")].map(x => Number(x.textContent))`, sel))
}

func screenshot(p *browsertest.Page, name string) { p.T.Helper(); p.Screenshot(*shots, name) }

// Mode 1 on classic: the first guess shows (the time from the page being
// ready is logged: its budget is 1 s on a quiet machine); a wrong answer marks the conflict, answer 2 is corrected in
// place, and the computer finds 3 4 5 5.
func TestMakerConflictAndWin(t *testing.T) {
	p, _ := open(t, 1280, 800, "#maker")
	ms := firstGuess(p)
	t.Logf("the first guess showed %.0f ms after the page was ready", ms)
	secret := []int{3, 4, 5, 5}
	g1 := code(p, "#maker .turn .code")
	b1, w1 := refScore(secret, g1)
	p.Keys(fmt.Sprintf("%d%d\r", b1, w1))
	wait(p, `document.querySelectorAll("#maker .board .row").length === 1 && !document.querySelector("#maker .turn").hidden`)
	g2 := code(p, "#maker .turn .code")
	lb, lw := lie(g1, b1, w1, g2)
	p.Keys(fmt.Sprintf("%d%d\r", lb, lw))
	wait(p, `document.querySelectorAll("#maker .board .row.conflict").length > 0`)
	if msg := str(p, `document.querySelector("#maker .msg").textContent`); !strings.Contains(msg, "contradict") && !strings.Contains(msg, "no secret gives") {
		t.Errorf("after a wrong answer to %v: message %q", g2, msg)
	}
	screenshot(p, "site-maker-conflict-1280")
	p.Click(`#maker button[aria-label="edit answer 2"]`)
	wait(p, `document.querySelector("#maker .editing") !== null`)
	b2, w2 := refScore(secret, g2)
	p.Keys(fmt.Sprintf("%d%d\r", b2, w2))
	for i := 3; ; i++ {
		wait(p, fmt.Sprintf(`document.querySelectorAll("#maker .board .row.conflict").length === 0 && document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, i-1))
		if strings.HasPrefix(str(p, `document.querySelector("#maker .msg").textContent`), "Found") {
			break
		}
		if i > 9 {
			t.Fatal("not found in 9 guesses")
		}
		b, w := refScore(secret, code(p, "#maker .turn .code"))
		p.Keys(fmt.Sprintf("%d%d\r", b, w))
	}
	if msg := str(p, `document.querySelector("#maker .msg").textContent`); !strings.Contains(msg, "3 4 5 5") {
		t.Errorf("message %q does not name the code", msg)
	}
	screenshot(p, "site-maker-1280")
}

// Mode 2: the person guesses with the engine's hints (/api/next) and every
// guess scored (/api/score) until the code is found.
func TestBreakerWin(t *testing.T) {
	p, _ := open(t, 1280, 800, "#breaker")
	wait(p, `document.querySelector("#breaker .seed").textContent !== ""`) // the first game started
	p.Run(chromedp.SetValue("#breaker .seedin", "4242"), chromedp.Click("#breaker .replay button"))
	wait(p, `document.querySelector("#breaker .seed").textContent === "4242"`)
	p.Blur()
	p.Keys("0011\r")
	wait(p, `document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
	for i := 2; !browsertest.Eval[bool](p, `document.querySelector("#breaker .turn").hidden`); i++ {
		if i > 10 {
			t.Fatal("not found in 10 guesses")
		}
		p.Keys("h")
		wait(p, `document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
		p.Keys("\r")
		wait(p, fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
	}
	wait(p, `!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary").textContent.includes("The engine")`)
	if s := str(p, `document.querySelector("#breaker .summary").textContent`); !strings.Contains(s, "You: ") || !strings.Contains(s, "seed 4242") {
		t.Errorf("summary %q", s)
	}
	screenshot(p, "site-breaker-1280")
}

// Mode 3 at phone width: 0000 2 0, 1111 2 0, 2222 1 0 contradict each
// other; answer 3 becomes 0 0, and the solver lists the 6 codes left.
func TestSolverLists(t *testing.T) {
	p, _ := open(t, 390, 844, "#solver")
	wait(p, `document.querySelector("#solver .tally").textContent.includes("1,296 codes")`)
	p.Blur()
	p.Keys("000020\r111120\r222210\r")
	wait(p, `document.querySelectorAll("#solver .board .row.conflict").length === 3`)
	if msg := str(p, `document.querySelector("#solver .msg").textContent`); !strings.Contains(msg, "answers 1, 2 and 3 contradict each other") {
		t.Errorf("message %q", msg)
	}
	p.Click(`#solver button[aria-label="edit answer 3"]`)
	p.Keys("00\r")
	wait(p, `document.querySelectorAll("#solver .board .row.conflict").length === 0 && document.querySelector("#solver .tally").textContent.startsWith("6 codes") && document.querySelector("#solver .best .code") !== null`)
	var codes []string
	for _, c := range browsertest.Eval[[][]int](p, `[...document.querySelectorAll("#solver .cands li")].map(li => [...li.querySelectorAll(".peg")].map(x => Number(x.textContent)))`) {
		codes = append(codes, digits(c))
	}
	// The codes of classic that give those answers, by brute force.
	var want []string
	for x := range 1296 {
		c := []int{x / 216, x / 36 % 6, x / 6 % 6, x % 6}
		if fits(c, []int{0, 0, 0, 0}, 2, 0) && fits(c, []int{1, 1, 1, 1}, 2, 0) && fits(c, []int{2, 2, 2, 2}, 0, 0) {
			want = append(want, digits(c))
		}
	}
	if fmt.Sprint(codes) != fmt.Sprint(want) {
		t.Errorf("the solver lists %v, want %v", codes, want)
	}
	if overflow := browsertest.Eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); overflow > 0 {
		t.Errorf("the page is %d px wider than the 390 px screen", overflow)
	}
	screenshot(p, "site-solver-390")
}

// While the worker computes a super game's entropy guess, the page
// handles clicks: their handlers run while the page still says
// "Thinking" (an engine on the page's own thread would run them only after
// its answer), each within a generous bound from the input event (tens of
// ms on a quiet machine; a loaded one may make the page wait its turn).
func TestResponsiveWhileThinking(t *testing.T) {
	p, _ := open(t, 1280, 800, "#maker")
	wait(p, `!document.querySelector("#maker .turn").hidden`)
	p.Run(chromedp.SetValue("#game", "super"), chromedp.SetValue("#strategy", "entropy"), chromedp.Click("#new"))
	wait(p, `document.querySelectorAll("#maker .turn .peg").length === 5 && !document.querySelector("#maker .turn").hidden`)
	// Two whites, twice: the third guess is the slowest of the first three
	// (1,371 codes left, 0.3 s natively).
	p.Keys("02\r")
	wait(p, `document.querySelectorAll("#maker .board .row").length === 1 && !document.querySelector("#maker .turn").hidden`)
	p.Run(chromedp.Evaluate[chromedp.Void](`window.lags = []; document.addEventListener("click", (e) => {
		if (document.querySelector("#maker .msg").textContent.startsWith("Thinking")) lags.push(performance.now() - e.timeStamp);
	})`))
	xy := browsertest.Eval[[]float64](p, `(() => { const r = document.querySelector("#help summary").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	p.Keys("02\r")
	start := time.Now()
	for i := 0; i < 500 && (i%3 != 0 || strings.HasPrefix(str(p, `document.querySelector("#maker .msg").textContent`), "Thinking")); i++ {
		p.Run(chromedp.MouseClickXY(xy[0], xy[1]))
	}
	lags := browsertest.Eval[[]float64](p, `lags`)
	t.Logf("%d clicks while the engine thought (%v in all), handled after %.1f ms", len(lags), time.Since(start).Round(time.Millisecond), lags)
	if len(lags) == 0 {
		t.Errorf("no click landed while the engine thinks: no check")
	}
	for _, ms := range lags {
		if ms > 2000 {
			t.Errorf("a click took %.0f ms to be handled while the engine thinks", ms)
		}
	}
	wait(p, `!document.querySelector("#maker .turn").hidden`)
}

// The site installs as an app, and after the first visit it plays with no
// network: the server is gone and the browser offline, and a reload still
// plays a game to the end.
func TestOffline(t *testing.T) {
	p, srv := open(t, 1280, 800, "#maker")
	wait(p, `!document.querySelector("#maker .turn").hidden`)
	wait(p, `navigator.serviceWorker.controller !== null`)
	inst, err := chromedp.Call(p.Ctx, cdppage.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range inst.InstallabilityErrors {
		t.Errorf("Chromium would not install the site: %s %v", e.ErrorID, e.ErrorArguments)
	}
	srv.Close()
	if _, err := chromedp.Call(p.Ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.Ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatalf("going offline: %v", err)
	}
	p.Run(chromedp.Reload(), chromedp.WaitReady("#settings"))
	if online := browsertest.Eval[bool](p, `navigator.onLine`); online {
		t.Error("the browser says it is online")
	}
	secret := []int{0, 1, 2, 3}
	for i := 1; ; i++ {
		wait(p, fmt.Sprintf(`document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, i-1))
		if strings.HasPrefix(str(p, `document.querySelector("#maker .msg").textContent`), "Found") {
			break
		}
		if i > 8 {
			t.Fatal("not found in 8 guesses")
		}
		b, w := refScore(secret, code(p, "#maker .turn .code"))
		p.Keys(fmt.Sprintf("%d%d\r", b, w))
	}
	screenshot(p, "site-offline-1280")
}

// The static site explains, at 1280 and 390 px, as the served page does
// (issue 46): Why? after the computer's guess, the review table after a
// won game, three levels down super's tree (fetched by the worker from
// trees/, not in the .wasm) and back, and the link reopening the node.
func TestSiteExplains(t *testing.T) {
	for _, width := range []int{1280, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			p, _ := open(t, width, 900, "#maker")
			wait(p, `!document.querySelector("#maker .turn").hidden`)
			p.Click("#maker .whybtn")
			wait(p, `document.querySelector("#maker .why .bars") !== null`)
			if words := str(p, `document.querySelector("#maker .why .why-words").textContent`); !strings.Contains(words, "splits the 1,296 codes into 14 parts; at most 276 remain") {
				t.Errorf("Why? on classic's first guess: %q", words)
			}
			screenshot(p, fmt.Sprintf("site-why-%d", width))
			p.Run(chromedp.Navigate(strings.Split(str(p, `location.href`), "#")[0] + "#breaker"))
			wait(p, `document.querySelector("#breaker .seed").textContent !== ""`)
			p.Run(chromedp.SetValue("#breaker .seedin", "4242"), chromedp.Click("#breaker .replay button"))
			wait(p, `document.querySelector("#breaker .seed").textContent === "4242"`)
			p.Blur()
			p.Keys("0011\r")
			wait(p, `document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
			rows := 1
			for !browsertest.Eval[bool](p, `document.querySelector("#breaker .turn").hidden`) {
				if rows++; rows > 10 {
					t.Fatal("not found in 10 guesses")
				}
				p.Keys("h")
				wait(p, `document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
				p.Keys("\r")
				wait(p, fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, rows))
			}
			wait(p, `document.querySelector("#breaker .review-table") !== null`)
			if n := browsertest.Eval[int](p, `document.querySelectorAll("#breaker .review-table tbody tr").length`); n != rows {
				t.Errorf("the review has %d rows for %d guesses", n, rows)
			}
			if overflow := browsertest.Eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); overflow > 0 {
				t.Errorf("the page with the review is %d px wider than the screen", overflow)
			}
			screenshot(p, fmt.Sprintf("site-review-%d", width))
			browsertest.Explore(p, width)
			browsertest.Report(p)
			screenshot(p, fmt.Sprintf("site-explore-%d", width))
		})
	}
}

// After a visit to super's tree, the explorer works offline: the server
// gone and the browser offline, a reload reopens a node of the tree, kept
// by the service worker when the worker fetched it.
func TestExploreOffline(t *testing.T) {
	p, srv := open(t, 1280, 800, "#explore=super/11")
	wait(p, `navigator.serviceWorker.controller !== null`)
	p.Run(chromedp.Reload()) // the page now controlled: the worker's fetch of the tree goes through the service worker
	wait(p, `document.querySelectorAll("#explore .crumbs li").length === 2 && location.hash === "#explore=super/11"`)
	guess := str(p, `document.querySelector("#explore .node h2").textContent`)
	srv.Close()
	if _, err := chromedp.Call(p.Ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.Ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatalf("going offline: %v", err)
	}
	p.Run(chromedp.Reload())
	wait(p, fmt.Sprintf(`document.querySelectorAll("#explore .crumbs li").length === 2 && document.querySelector("#explore .node h2").textContent === %q`, guess))
	p.Click("#explore .branches button.branch")
	wait(p, `document.querySelectorAll("#explore .crumbs li").length === 3`)
	screenshot(p, "site-explore-offline-1280")
}

// After a first visit, offline (the server gone), Computer guesses under
// slots and under black on classic plays auto's optimal trees, which the
// service worker keeps on install: the tree's first guess (its file's
// root: 0 1 2 3 under slots, 0 0 0 0 under black), not an error that the
// tree needs a connection.
func TestAutoRulesOffline(t *testing.T) {
	p, srv := open(t, 1280, 800, "#maker")
	wait(p, `navigator.serviceWorker.controller !== null`)
	srv.Close()
	if _, err := chromedp.Call(p.Ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(p.Ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
		t.Fatalf("going offline: %v", err)
	}
	p.Run(chromedp.Reload())
	for rule, want := range map[string]string{"slots": "[0 1 2 3]", "black": "[0 0 0 0]"} {
		wait(p, `document.querySelector("#feedback option[value=slots]") !== null`)
		p.Run(chromedp.SetValue("#feedback", rule))
		p.Click("#new")
		wait(p, `!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").classList.contains("alert")`)
		if msg := str(p, `document.querySelector("#maker .msg").textContent`); str(p, `document.querySelector("#maker .turn").hidden ? "hidden" : ""`) != "" {
			t.Fatalf("offline under %s: %q", rule, msg)
		}
		if got := fmt.Sprint(code(p, "#maker .turn .code")); got != want {
			t.Errorf("offline under %s: auto's first guess %s, the tree's %s", rule, got, want)
		}
	}
	screenshot(p, "site-auto-offline-1280")
}

// An engine that does not answer (a worker that never starts it) leaves
// the page saying so at the deadline (made 1 s here), not that a game is
// too large: no game is asked for before the menus come.
func TestEngineSilent(t *testing.T) {
	srv := httptest.NewServer(http.FileServer(http.Dir(site(t))))
	t.Cleanup(srv.Close)
	p := browsertest.Open(t, 1280, 800, browsertest.Timeout)
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.mastermindDeadline = 1000; window.Worker = class { postMessage() {} terminate() {} };`,
	}); err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.Navigate(srv.URL+"/#maker"), chromedp.WaitReady("#settings"))
	wait(p, `document.querySelector("#maker .msg").textContent.startsWith("The page cannot start")`)
	msg := str(p, `document.querySelector("#maker .msg").textContent`)
	if strings.Contains(msg, "too large") || !strings.Contains(msg, "did not answer") {
		t.Errorf("the page, its engine silent: %q", msg)
	}
}

// An engine that has stopped (its Go program exited: a call of
// mastermindDo then throws) fails each request with the reason, at once:
// none waits for an answer that cannot come.
func TestEngineStopped(t *testing.T) {
	files := http.FileServer(http.Dir(site(t)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/worker.js" {
			files.ServeHTTP(w, r)
			return
		}
		b, err := os.ReadFile(filepath.Join(site(t), "worker.js"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(b)
		// The engine exits as soon as it has started, before any request.
		fmt.Fprint(w, "\nready.then(() => { self.mastermindDo = () => { throw new Error(\"Go program has already exited\"); }; });\n")
	}))
	t.Cleanup(srv.Close)
	p := browsertest.Open(t, 1280, 800, browsertest.Timeout)
	if _, err := chromedp.Call(p.Ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.mastermindDeadline = 600000; localStorage.setItem("mastermind.settings", '{"version":1,"welcomed":true}');`,
	}); err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.Navigate(srv.URL+"/#seed=7&game=classic"), chromedp.WaitReady("#settings"))
	wait(p, `document.querySelector("#breaker .seed").textContent === "7"`)
	p.Blur()
	p.Keys("0123\r")
	wait(p, `document.querySelector("#breaker .msg").textContent.startsWith("The engine failed")`)
	if msg := str(p, `document.querySelector("#breaker .msg").textContent`); msg != "The engine failed: Go program has already exited" {
		t.Errorf("a guess to a stopped engine: %q", msg)
	}
}

// The engine in the worker gives the answers and errors of the HTTP API,
// and a request aborted by the page stops (the worker is replaced) while
// the next is answered.
func TestSameAnswers(t *testing.T) {
	p, _ := open(t, 1280, 800, "#solver")
	wait(p, `document.querySelector("#solver .tally").textContent.includes("1,296 codes")`)
	server := httptest.NewServer(web.New(web.Options{}))
	defer server.Close()
	for _, c := range []struct{ path, body string }{
		{"/api/next", `{"game":"classic","strategy":"minimax","history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`},
		{"/api/next", `{"game":"bulls","history":[{"guess":[0,1,2,3],"black":0,"white":0},{"guess":[4,5,6,7],"black":0,"white":0},{"guess":[8,9,4,5],"black":0,"white":0}]}`},
		{"/api/candidates", `{"game":{"positions":3,"colors":4},"history":[{"guess":[0,1,2],"black":1,"white":1}],"limit":5}`},
		{"/api/score", `{"game":"super","secret":[0,1,2,3,4],"guess":[4,3,2,1,0]}`},
		{"/api/next", `{"game":"chess"}`},
		{"/api/next", `{"game":"classic","history":[{"guess":[0,0,1,6],"black":1,"white":0}]}`},
		{"/api/next", `{"game":{"positions":10,"colors":10},"strategy":"auto"}`},
		{"/api/next", `{"game":"super","strategy":"entropy","limit":3}`},
		{"/api/answer", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":0,"white":0}],"guess":[2,2,3,4],"mode":"adversary"}`},
		{"/api/answer", `{"game":"bulls","guess":[0,1,2,3],"mode":"secret","secret":[3,2,1,0]}`},
		{"/api/answer", `{"game":"classic","guess":[0,0,1,1],"mode":"evil"}`},
		{"/api/daily", `{"date":"2026-11-27","game":"super"}`},
		{"/api/daily", `{"date":"2026-02-30","game":"super"}`},
		{"/api/nope", `{}`},
		{"/api/explain", `{"game":"classic","history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`},
		{"/api/explain", `{"game":{"positions":5,"colors":7,"distinct":true},"guess":[0,1,2,3,4],"strategy":"minimax"}`},
		{"/api/explain", `{"game":"classic","guess":[0,1,2]}`},
		{"/api/review", `{"game":"classic","secret":[3,4,5,5],"guesses":[[0,0,1,1],[2,2,3,3],[3,4,5,5]]}`},
		{"/api/review", `{"game":"bulls","secret":[1,2,3,4],"guesses":[[0,1,2,3]],"strategy":"entropy"}`},
		{"/api/review", `{"game":{"positions":2,"colors":2},"secret":[0,1],"guesses":[[0,0],[0,1]]}`},
		{"/api/tree", `{"game":"classic","path":[[0,1]]}`},
		{"/api/tree", `{"game":"super","path":[[1,1],[0,2]]}`},
		{"/api/tree", `{"game":{"positions":5,"colors":7,"distinct":true}}`},
		{"/api/tree", `{"game":"classic","path":[[0,0],[0,1]]}`},
		{"/api/tree", `{"game":{"positions":3,"colors":3}}`},
		{"/api/eval", `{"game":{"positions":3,"colors":4},"strategy":"minimax"}`},
		{"/api/eval", `{"game":{"positions":3,"colors":4},"strategy":"minimax","tree":"json"}`},
		{"/api/eval", `{"game":{"positions":2,"colors":4,"distinct":true},"tree":"dot"}`},
		{"/api/eval", `{"game":"classic","tree":"svg"}`},
		{"/api/games", ""},
		// Under the answer rules black and slots.
		{"/api/score", `{"game":{"preset":"classic","feedback":"slots"},"secret":[0,1,1,2],"guess":[1,1,1,1]}`},
		{"/api/next", `{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"g.y."}]}`},
		{"/api/next", `{"game":{"preset":"classic","feedback":"black"},"strategy":"minimax","history":[{"guess":[0,0,1,1],"black":1}]}`},
		{"/api/candidates", `{"game":{"positions":3,"colors":4,"feedback":"black"},"history":[{"guess":[0,1,2],"black":2}],"limit":5}`},
		{"/api/candidates", `{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"GGGG"},{"guess":[0,0,1,2],"marks":"...."}]}`},
		{"/api/explain", `{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"G.Y."}]}`},
		{"/api/review", `{"game":{"preset":"bulls","feedback":"black"},"secret":[1,2,3,4],"guesses":[[0,1,2,3],[1,2,3,4]]}`},
		{"/api/eval", `{"game":{"positions":3,"colors":3,"feedback":"slots"},"strategy":"entropy","tree":"json"}`},
		{"/api/answer", `{"game":{"preset":"classic","feedback":"slots"},"guess":[0,0,1,1],"mode":"adversary"}`},
		{"/api/answer", `{"game":{"preset":"classic","feedback":"black"},"guess":[0,0,1,1],"mode":"secret","secret":[0,1,2,3]}`},
		{"/api/tree", `{"game":{"preset":"classic","feedback":"slots"},"path":["G..."]}`},
		{"/api/daily", `{"date":"2026-11-27","game":{"preset":"classic","feedback":"black"}}`},
		{"/api/next", `{"game":{"preset":"classic","feedback":"slots"},"history":[{"guess":[0,0,1,1],"marks":"GY.G."}]}`},
		// optimal and auto under the rules: the trees fetched (classic's
		// under slots and black, 4x5's under slots), computed (3x3), or
		// refused (bulls under black: no tree).
		{"/api/next", `{"game":{"preset":"classic","feedback":"slots"},"strategy":"optimal","history":[{"guess":[0,1,2,3],"marks":"Y.G."}]}`},
		{"/api/next", `{"game":{"preset":"classic","feedback":"black"},"history":[{"guess":[0,0,0,0],"black":1}]}`},
		{"/api/tree", `{"game":{"preset":"classic","feedback":"black"},"path":[1,2]}`},
		{"/api/eval", `{"game":{"positions":4,"colors":5,"feedback":"slots"},"strategy":"optimal"}`},
		{"/api/eval", `{"game":{"positions":3,"colors":3,"feedback":"black"},"strategy":"optimal","tree":"json"}`},
		{"/api/next", `{"game":{"preset":"bulls","feedback":"black"},"strategy":"optimal"}`},
	} {
		if c.path == "/api/games" {
			resp, err := http.Get(server.URL + c.path)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if got := str(p, `import("./api.js").then(m => m.call("/api/games")).then(v => JSON.stringify(v))`); got != string(bytes.TrimSpace(want)) {
				t.Errorf("GET /api/games: the worker answers %s, the server %s", got, want)
			}
			continue
		}
		resp, err := http.Post(server.URL+c.path, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got := str(p, fmt.Sprintf(`import("./api.js").then(m => m.call(%q, %s)).then(v => JSON.stringify(v), e => JSON.stringify({error: e.message}))`, c.path, c.body))
		if resp.StatusCode != http.StatusOK {
			want = bytes.TrimSpace(want)
		}
		// Go writes < > & in strings (a DOT tree's "->") as \u003c...,
		// JSON.stringify as they are.
		want = []byte(strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(want)))
		if got != string(bytes.TrimSpace(want)) {
			t.Errorf("POST %s %s: the worker answers %s, the server %d %s", c.path, c.body, got, resp.StatusCode, want)
		}
	}
	// An aborted request fails at once; a quick computation ends within
	// the grace and the worker stays; a request still waiting or computing
	// after the grace is stopped by a new worker, which answers the next
	// requests. The one aborted waits behind five long ones (6x6 entropy
	// after one guess, 1.2 s natively in all): one alone ended within the
	// grace on a faster machine.
	got := str(p, `import("./api.js").then(async (m) => {
		const a = new AbortController();
		const quick = m.call("/api/score", {game: "classic", secret: [0,1,2,3], guess: [3,2,1,0]}, a.signal).then(() => "answered", (e) => e.name);
		a.abort();
		const r1 = await quick;
		await new Promise((ok) => setTimeout(ok, 1000));
		const w1 = workers;
		const entropy = (black, white) => ({game: {positions: 6, colors: 6}, strategy: "entropy", history: [{guess: [0,1,2,3,4,5], black, white}]});
		const long = [[0,4], [1,3], [2,2], [1,4], [0,5]].map(([b, w]) => m.call("/api/next", entropy(b, w)).catch(() => {}));
		const b = new AbortController();
		const slow = m.call("/api/next", entropy(1, 2), b.signal).then(() => "answered", (e) => e.name);
		setTimeout(() => b.abort(), 50);
		const next = await m.call("/api/score", {game: "classic", secret: [0,1,2,3], guess: [3,2,1,0]});
		await Promise.all(long);
		return [r1, w1, await slow, Math.min(workers, 2), JSON.stringify(next)].join(" ");
	})`)
	// On a loaded machine a long one may pass the page's deadline of 10 s
	// and be stopped too (a third worker): it is not what is checked.
	if want := `AbortError 1 AbortError 2 {"black":0,"white":4}`; got != want {
		t.Errorf("aborted requests, quick then long, then a score: %s, want %s (the aborted, the workers started)", got, want)
	}
}

// refScore scores guess against secret by the definition, apart from the
// engine (internal/testkit).
var refScore = testkit.Score[[]int]

func fits(c, guess []int, b, w int) bool {
	cb, cw := refScore(c, guess)
	return cb == b && cw == w
}

// lie returns an answer to guess g2 of classic that no code gives together
// with answer b w to g1.
func lie(g1 []int, b, w int, g2 []int) (int, int) {
	for lb := 0; lb <= 4; lb++ {
		for lw := 0; lb+lw <= 4; lw++ {
			if lb == 3 && lw == 1 {
				continue
			}
			ok := false
			for x := 0; x < 1296 && !ok; x++ {
				c := []int{x / 216, x / 36 % 6, x / 6 % 6, x % 6}
				ok = fits(c, g1, b, w) && fits(c, g2, lb, lw)
			}
			if !ok {
				return lb, lw
			}
		}
	}
	panic("every answer fits")
}

func digits(c []int) string {
	var b strings.Builder
	for _, x := range c {
		fmt.Fprint(&b, x)
	}
	return b.String()
}

// BenchmarkFirstGuess measures how long after the page is ready
// (DOMContentLoaded) classic's first guess shows, on a first visit (a new
// origin: nothing cached) and on a reload, for the static site and, as the
// baseline measured in the same run, the page of the HTTP API; the two are
// loaded in turn. Each op loads each twice, and the site's explorer at
// super's root once (site-explore-ms: the tree fetched by the worker and
// read); the metrics are the medians, in ms.
//
//	go test -run '^$' -bench FirstGuess -benchtime 5x ./cmd/site
func BenchmarkFirstGuess(b *testing.B) {
	dir := site(b)
	var site, served, siteReload, servedReload []float64
	measure := func(h http.Handler, first, reload *[]float64) {
		srv := httptest.NewServer(h)
		defer srv.Close()
		p := browsertest.Open(b, 1280, 800, browsertest.Timeout)
		defer p.Close()
		p.Run(chromedp.Navigate(srv.URL + "/#maker"))
		*first = append(*first, firstGuess(p))
		p.Run(chromedp.Reload())
		*reload = append(*reload, firstGuess(p))
	}
	var explore []float64 // the site's explorer on super's root, a first visit: the tree fetched and read
	for b.Loop() {
		measure(http.FileServer(http.Dir(dir)), &site, &siteReload)
		measure(web.New(web.Options{}), &served, &servedReload)
		srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
		p := browsertest.Open(b, 1280, 800, browsertest.Timeout)
		p.Run(chromedp.Navigate(srv.URL + "/#explore=super"))
		p.Wait(`document.querySelector("#explore .node h2") !== null && !!(window.shown ??= performance.now())`, "#explore .msg")
		explore = append(explore, browsertest.Eval[float64](p, `window.shown - performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd`))
		p.Close()
		srv.Close()
	}
	b.ReportMetric(median(explore), "site-explore-ms")
	b.ReportMetric(median(site), "site-ms")
	b.ReportMetric(median(served), "served-ms")
	b.ReportMetric(median(siteReload), "site-reload-ms")
	b.ReportMetric(median(servedReload), "served-reload-ms")
}

// firstGuess waits for classic's first guess and returns when it showed,
// in ms after the page was ready.
func firstGuess(p *browsertest.Page) float64 {
	wait(p, `!document.querySelector("#maker .turn").hidden && !!(window.firstGuess ??= performance.now())`)
	return browsertest.Eval[float64](p, `window.firstGuess - performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd`)
}

func median(x []float64) float64 {
	s := slices.Sorted(slices.Values(x))
	return s[len(s)/2]
}
