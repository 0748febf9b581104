package web

import (
	"testing"

	"github.com/mastermind-go/mastermind/internal/browsertest"
)

// On a desktop (1280x800) the board comes first (issue 69): the tools
// (Statistics, the theme) sit in the header's row, clear of the tabs, so
// that no more than 200 px (the header, the game's settings and the
// rules' summary; 267 px before) come above each mode's panel.
func TestBrowserBoardFirst(t *testing.T) {
	p := newPage(t, 1280, 800, "#maker")
	p.wait(`!document.querySelector("#maker .turn").hidden`)
	for _, tab := range []string{"maker", "breaker", "solver"} {
		p.Click("#tab-" + tab)
		p.wait(`!document.querySelector("#` + tab + `").hidden`)
		if top := browsertest.Eval[float64](p.Page, `document.querySelector("#`+tab+`").getBoundingClientRect().top`); top > 200 {
			t.Errorf("%s at 1280x800: %.0f px above the panel, want at most 200", tab, top)
		}
	}
	where := browsertest.Eval[map[string]float64](p.Page, `(() => {
		const h = document.querySelector(".top").getBoundingClientRect();
		const tools = document.querySelector(".tools").getBoundingClientRect();
		const tabs = [...document.querySelectorAll(".tabs a")].map((a) => a.getBoundingClientRect().right);
		return { headerBottom: h.bottom, toolsTop: tools.top, toolsBottom: tools.bottom, toolsLeft: tools.left, tabsRight: Math.max(...tabs), width: innerWidth, toolsRight: tools.right };
	})()`)
	if where["toolsBottom"] > where["headerBottom"] || where["toolsTop"] < 0 {
		t.Errorf("the tools (%v to %v) are not in the header's row (0 to %v)", where["toolsTop"], where["toolsBottom"], where["headerBottom"])
	}
	if where["toolsLeft"] < where["tabsRight"] || where["toolsRight"] > where["width"] {
		t.Errorf("the tools (%v to %v) cover the tabs (to %v) or pass the window (%v)", where["toolsLeft"], where["toolsRight"], where["tabsRight"], where["width"])
	}
}
