// Package browsertest drives pages in a real headless Chromium for tests:
// one browser per test binary, a tab per test, the page's errors failing the
// test. Without a browser the tests skip, except under CI (the environment
// variable CI set), where a missing browser fails them.
//
// Kind: a test helper, imported by tests only (internal/README.md).
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Chromium returns the path of a Chromium or Chrome: $CHROMIUM, or the
// first of the usual names on $PATH, or "".
func Chromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser is the one headless Chromium of the test binary.
var browser struct {
	once   sync.Once
	ctx    context.Context
	cancel func()
	dir    string
	err    error
}

// Close closes the browser, if one was started: call it from TestMain after
// the tests.
func Close() {
	if browser.cancel != nil {
		browser.cancel()
		os.RemoveAll(browser.dir)
	}
}

// start starts the browser at path once.
func start(path string) (context.Context, error) {
	browser.once.Do(func() {
		browser.dir, browser.err = os.MkdirTemp("", "mastermind-chromium-")
		if browser.err != nil {
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-extensions", true),
			chromedp.Flag("hide-scrollbars", true),
			chromedp.Flag("mute-audio", true),
			chromedp.UserDataDir(browser.dir),
			chromedp.WindowSize(1280, 800),
		}
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelCtx := chromedp.NewContext(actx)
		browser.ctx, browser.cancel = ctx, func() { cancelCtx(); cancelAlloc() }
		browser.err = chromedp.Do(ctx) // start it
	})
	return browser.ctx, browser.err
}

// A Page is a browser tab of a test.
type Page struct {
	T   testing.TB
	Ctx context.Context // the tab's context, for chromedp
	// Close closes the tab (it is closed at the end of the test anyway).
	Close func()

	mu      sync.Mutex
	errors  []string // exceptions and console errors and warnings of the page
	dialogs []string // the page's dialogs, "type: message", each answered yes
	// threw is closed when the page first throws an exception: a Wait then
	// fails at once instead of at the tab's timeout.
	threw     chan struct{}
	threwOnce sync.Once
}

// Timeout is a generous bound for a test's tab: the browser tests wait for
// events, never for a time, and this bounds a test that waits for one that
// never comes, on a machine however loaded.
const Timeout = 5 * time.Minute

// Open opens a new tab of width x height for the test, which it fails after
// timeout (Timeout, or longer for a long test), or skips when there is no browser (fails under CI). The test
// fails if the page throws or logs an error or a warning; a Wait under way
// when the page throws fails at once. Options open the tab in a context of its own, such as
// chromedp.WithNewBrowserContext(): a fresh profile, with storage of its own.
func Open(t testing.TB, width, height int, timeout time.Duration, opts ...chromedp.ContextOption) *Page {
	t.Helper()
	path := Chromium()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Chromium found (install it: apt-get install -y chromium, or set CHROMIUM); browser tests cannot be skipped under CI")
		}
		t.Skip("no Chromium found: skipping the browser tests (install chromium, or set CHROMIUM)")
	}
	bctx, err := start(path)
	if err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return openIn(t, bctx, width, height, timeout, opts...)
}

// Tab opens another tab of width x height beside p, in p's browser
// context: the two share storage, as two tabs of one browser do.
func (p *Page) Tab(width, height int) *Page {
	p.T.Helper()
	d, ok := p.Ctx.Deadline()
	if !ok {
		d = time.Now().Add(Timeout)
	}
	return openIn(p.T, p.Ctx, width, height, time.Until(d))
}

// openIn opens a tab of width x height in the context parent (the
// browser's, or a tab's for one in the same browser context).
func openIn(t testing.TB, parent context.Context, width, height int, timeout time.Duration, opts ...chromedp.ContextOption) *Page {
	t.Helper()
	ctx, cancelTab := chromedp.NewContext(parent, opts...)
	ctx, cancelTime := context.WithTimeout(ctx, timeout)
	p := &Page{T: t, Ctx: ctx, Close: func() { cancelTime(); cancelTab() }, threw: make(chan struct{})}
	t.Cleanup(p.Close)
	if err := chromedp.Do(ctx); err != nil { // open the tab
		t.Fatalf("opening a tab: %v", err)
	}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning || m.IsException() {
				p.mu.Lock()
				p.errors = append(p.errors, fmt.Sprintf("%s:%d %s", m.URL, m.Line+1, m))
				p.mu.Unlock()
				if m.IsException() {
					p.threwOnce.Do(func() { close(p.threw) })
				}
			}
		}
	}()
	// A dialog (confirm, alert, the browser's "Leave site?") would hold
	// the tab, and the test with it: each is answered yes, as a person
	// going on would, and kept for the test to read (Dialogs).
	dialogs := chromedp.Events(ctx, cdppage.JavascriptDialogOpening)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.dialogs = append(p.dialogs, fmt.Sprintf("%s: %s", ev.Type, ev.Message))
			p.mu.Unlock()
			chromedp.Call(ctx, cdppage.HandleJavaScriptDialog, cdppage.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
	p.Run(chromedp.EmulateViewport(int64(width), int64(height)))
	t.Cleanup(p.checkErrors)
	return p
}

// Dialogs returns the dialogs the page opened so far, each "type:
// message" (type alert, confirm, prompt or beforeunload), all answered
// yes.
func (p *Page) Dialogs() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.dialogs...)
}

// checkErrors fails the test if the page threw or logged an error.
func (p *Page) checkErrors() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		p.T.Errorf("page error: %s", e)
	}
}

// Run runs browser actions, failing the test on an error.
func (p *Page) Run(actions ...chromedp.Action[chromedp.Void]) {
	p.T.Helper()
	if err := chromedp.Do(p.Ctx, actions...); err != nil {
		p.T.Fatalf("browser: %v", err)
	}
}

// Eval evaluates a JavaScript expression of type T in p (awaiting a
// promise).
func Eval[T any](p *Page, js string) T {
	p.T.Helper()
	v, err := chromedp.Run(p.Ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.T.Fatalf("browser: evaluating %s: %v", js, err)
	}
	return v
}

// Wait waits until the JavaScript condition holds, as long as the page's
// timeout allows (no shorter bound of its own: on a loaded machine the
// page may take its time) and the page throws no exception; on failure it
// names the condition, the exceptions and the page's messages (the text of
// what status selects).
func (p *Page) Wait(cond, status string) {
	p.T.Helper()
	// The wait ends a little before the tab does, so that the page can
	// still be read to say what it showed.
	ctx, cancel := context.WithCancel(p.Ctx)
	if d, ok := p.Ctx.Deadline(); ok && time.Until(d) > 2*reportTime {
		ctx, cancel = context.WithDeadline(p.Ctx, d.Add(-reportTime))
	}
	defer cancel()
	go func() {
		select {
		case <-p.threw:
			cancel()
		case <-ctx.Done():
		}
	}()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(0))); err != nil {
		select {
		case <-p.threw:
			p.mu.Lock()
			thrown := strings.Join(p.errors, "; ")
			p.mu.Unlock()
			err = fmt.Errorf("the page threw: %s", thrown)
		default:
		}
		msg, rerr := chromedp.Run(p.Ctx, chromedp.Evaluate[string](fmt.Sprintf(`[...document.querySelectorAll(%q)].map(m => m.textContent).join(" | ")`, status)))
		if rerr != nil {
			msg = fmt.Sprintf("unread: %v", rerr)
		}
		state, rerr := chromedp.Run(p.Ctx, chromedp.Evaluate[string](pageState))
		if rerr != nil {
			state = fmt.Sprintf("unread: %v", rerr)
		}
		p.T.Fatalf("waiting for %s: %v (messages: %s) (page: %s)", cond, err, msg, state)
	}
}

// reportTime is what a failed Wait keeps of the tab's time to read the
// page.
const reportTime = 10 * time.Second

// pageState describes the page for a failed Wait: its address, whether it
// is loaded, the focused element and the dialogs open.
const pageState = `(() => {
	const a = document.activeElement;
	const focus = a ? a.tagName.toLowerCase() + (a.id ? "#" + a.id : "") + (a.className ? "." + String(a.className).split(" ").join(".") : "") + " " + JSON.stringify(a.textContent.slice(0, 40)) : "none";
	const open = [...document.querySelectorAll("dialog[open]")].map(d => d.id || d.className).join(", ") || "none";
	return location.href + ", " + document.readyState + ", focus " + focus + ", dialogs open: " + open;
})()`

// Keys types text, one key at a time, to the focused element.
func (p *Page) Keys(text string) {
	p.T.Helper()
	p.Run(chromedp.KeyEvent(text))
}

// Blur takes the focus away from any element, as a click on the page's
// background does: keys then go to the document.
func (p *Page) Blur() {
	p.T.Helper()
	p.Run(chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`))
}

// Click clicks the first visible element that matches the selector.
func (p *Page) Click(sel string) {
	p.T.Helper()
	p.Run(chromedp.Click(sel, chromedp.NodeVisible))
}

// Screenshot writes what a person sees as name.png to dir (the test's
// temporary folder when dir is ""): the window (a capture of the whole
// page would draw what sticks to the window's bottom in the middle of it).
func (p *Page) Screenshot(dir, name string) {
	p.T.Helper()
	if dir == "" {
		dir = p.T.TempDir()
	}
	png, err := chromedp.Run(p.Ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.T.Fatalf("browser: screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.T.Fatal(err)
	}
}
