package browsertest

import (
	"fmt"

	"github.com/chromedp/chromedp"
)

// Tap clicks the first element that matches the selector as a person
// does: when it sits in the page's menu and the menu is closed (a phone,
// where the menu is a popover behind the header's ☰ button), it opens the
// menu first.
func (p *Page) Tap(sel string) {
	p.T.Helper()
	closed := Eval[bool](p, fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		return Boolean(e && e.closest("#menu") && e.getClientRects().length === 0);
	})()`, sel))
	if closed {
		p.Run(chromedp.Click(".menubtn", chromedp.NodeVisible))
		p.Wait(`document.querySelector("#menu").matches(":popover-open")`, ".msg")
	}
	p.Run(chromedp.Click(sel, chromedp.NodeVisible))
}
