package web

import (
	"testing"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The pictures of docs/web-api.md, as a player sees the page (go test
// -tags long ./web -run BrowserDocsPictures -screenshots DIR; then
// optipng -o5 and copy serve.png and serve-phone.png to docs/): today's
// daily on a desktop, light, three guesses answered and a code being
// typed; on a phone, dark, a practice game of four guesses with Why? open
// under the entry.
func TestBrowserDocsPictures(t *testing.T) {
	testkit.Long(t)
	p := onDay(t, "", 1280, 800, "2026-11-20", "")
	p.scheme("light")
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Daily #20") && document.querySelector("#breaker .entryline") !== null`)
	for i, g := range []string{"0011", "2233", "4455"} { // none is daily #20's secret
		p.Blur()
		p.Keys(g + "\r")
		p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === ` + string(rune('1'+i)))
	}
	p.Blur()
	p.Keys("10")
	p.screenshot("serve")

	q := onDay(t, "", 390, 844, "2026-11-20", "#seed=4242&game=classic")
	q.scheme("dark")
	q.wait(`document.querySelector("#breaker .seed").textContent === "4242" && document.querySelector("#breaker .entryline") !== null`)
	for i, g := range []string{"0011", "2233", "4455", "0123"} {
		q.Blur()
		q.Keys(g + "\r")
		q.wait(`document.querySelectorAll("#breaker .board .row").length === ` + string(rune('1'+i)))
	}
	q.Blur()
	q.Keys("1032y")
	q.wait(`document.querySelectorAll("#breaker .why .why-one").length === 2`)
	q.screenshot("serve-phone")
}
