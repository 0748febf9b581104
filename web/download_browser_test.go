package web

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The whole-game report's DOT button saves auto's decision tree as the file
// classic-auto.dot; the JSON button, pressed from the keyboard, saves
// minimax's as classic-minimax.json, which read back takes the report's
// 5,801 guesses (Knuth 1976), and its DOT has a node per guess.
func TestBrowserDownloadsTree(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 900, "#explore")
	p.wait(`!document.querySelector("#explore").hidden && document.querySelector("#explore .report .pick input") !== null`)
	p.Click("#explore .report button[type=submit]")
	p.wait(`document.querySelectorAll("#explore .report-table button.download").length === 4`) // auto and minimax: JSON and DOT each
	// The DOT button saves a file, as a person's browser would.
	dir := t.TempDir()
	if _, err := chromedp.Call(p.Ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, BrowserContextID: chromedp.FromContext(p.Ctx).BrowserContextID,
	}); err != nil {
		t.Fatal(err)
	}
	p.Click(`#explore .report-table tr.downloads button[data-form=dot]`)
	p.wait(`document.querySelector("#explore .report-table tr.downloads button[data-form=dot]").textContent === "DOT"`)
	var file []byte
	for range 600 { // the browser writes the file on its own
		if b, err := os.ReadFile(filepath.Join(dir, "classic-auto.dot")); err == nil && bytes.HasSuffix(b, []byte("}\n")) {
			file = b
			break
		}
		browsertest.Eval[bool](p.Page, `new Promise((ok) => setTimeout(() => ok(true), 100))`)
	}
	if !bytes.HasPrefix(file, []byte("digraph mastermind {")) {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("the DOT button saved no classic-auto.dot: %v", entries)
	}
	// Catch the download: the anchor's click keeps its name and its blob
	// (the page's Content-Security-Policy forbids fetching a blob URL).
	p.Run(chromedp.Evaluate[chromedp.Void](`window.saved = []; const blobs = {}, make = URL.createObjectURL;
		URL.createObjectURL = (b) => { const u = make(b); blobs[u] = b; return u; };
		HTMLAnchorElement.prototype.click = function () { window.saved.push({ name: this.download, blob: blobs[this.href] }); };`))
	col := browsertest.Eval[int](p.Page, `[...document.querySelectorAll("#explore .report-table thead th")].findIndex((th) => th.textContent === "minimax")`)
	if col < 1 {
		t.Fatal("no minimax column in the report")
	}
	total := browsertest.Eval[string](p.Page, `document.querySelectorAll("#explore .report-table tbody tr:first-child td")[`+strconv.Itoa(col-1)+`].textContent`)
	buttons := `document.querySelectorAll("#explore .report-table tr.downloads td")[` + strconv.Itoa(col-1) + `]`
	if label := browsertest.Eval[string](p.Page, buttons+`.querySelector("[data-form=json]").getAttribute("aria-label")`); label != "Download minimax's decision tree as JSON" {
		t.Errorf("the JSON button is labelled %q", label)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](buttons + `.querySelector("[data-form=json]").focus()`))
	p.Keys("\r")
	p.wait(`window.saved.length === 1`)
	name := browsertest.Eval[string](p.Page, `window.saved[0].name`)
	text := browsertest.Eval[string](p.Page, `window.saved[0].blob.text()`)
	tr := readTree(t, text)
	if st := tr.Stats(); name != "classic-minimax.json" || total != "5,801" || st.Total != 5801 || st.Secrets != 1296 {
		t.Errorf("saved %q: a tree of %d guesses for %d secrets; the report says %q, Knuth 5,801", name, st.Total, st.Secrets, total)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](buttons + `.querySelector("[data-form=dot]").click()`))
	p.wait(`window.saved.length === 2`)
	name = browsertest.Eval[string](p.Page, `window.saved[1].name`)
	dot := browsertest.Eval[string](p.Page, `window.saved[1].blob.text()`)
	if nodes := len(regexp.MustCompile(`(?m)^\tn[0-9]+ \[label=`).FindAllString(dot, -1)); name != "classic-minimax.dot" || !strings.HasPrefix(dot, "digraph mastermind {") || nodes != countNodes(tr.Root) {
		t.Errorf("saved %q: %d labels for %d guesses: %.100s", name, nodes, countNodes(tr.Root), dot)
	}
}

// A decision tree saved from the report of a game with distinct colours
// is named as the project names the game and its tree ("4of8", as
// optimal/optima/4of8.json.gz and Game.Name), and read back it is a tree of
// that game.
func TestBrowserDownloadsName(t *testing.T) {
	testkit.Long(t)
	p := newPage(t, 1280, 900, "#explore=4of8")
	p.wait(`location.hash === "#explore=4of8" && document.querySelector("#explore .figures")?.textContent.includes("1,680 secrets") && document.querySelector("#explore .report .pick input") !== null`)
	p.Run(chromedp.Evaluate[chromedp.Void](`for (const i of document.querySelectorAll("#explore .report .pick input")) i.checked = i.value === "first";
		window.saved = []; const blobs = {}, make = URL.createObjectURL;
		URL.createObjectURL = (b) => { const u = make(b); blobs[u] = b; return u; };
		HTMLAnchorElement.prototype.click = function () { window.saved.push({ name: this.download, blob: blobs[this.href] }); };`))
	p.Click("#explore .report button[type=submit]")
	p.wait(`document.querySelectorAll("#explore .report-table button.download").length === 2`)
	p.Click(`#explore .report-table tr.downloads button[data-form=json]`)
	p.wait(`window.saved.length === 1`)
	name := browsertest.Eval[string](p.Page, `window.saved[0].name`)
	tr := readTree(t, browsertest.Eval[string](p.Page, `window.saved[0].blob.text()`))
	if st := tr.Stats(); name != "4of8-first.json" || st.Secrets != 1680 {
		t.Errorf("saved %q, a tree of %d secrets; want 4of8-first.json, of 1,680 secrets (8·7·6·5)", name, st.Secrets)
	}
}
