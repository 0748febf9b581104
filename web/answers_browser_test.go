package web

import (
	"fmt"
	"testing"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// Computer guesses and the Solver correct and take back answers the same
// way, in the same words (answers.js): Undo with nothing to take back,
// answers that contradict each other, an answer corrected by its keys
// (Backspace clears the correction, Escape cancels it), and u.
func TestBrowserAnswersSame(t *testing.T) {
	testkit.Long(t)
	type seen struct{ empty, conflict, fixed, undone string }
	got := map[string]seen{}
	msg := func(p *page, tab string) string {
		return browsertest.Eval[string](p.Page, fmt.Sprintf(`document.querySelector("#%s .msg").textContent`, tab))
	}
	rows := func(tab string) string {
		return fmt.Sprintf(`document.querySelectorAll("#%s .board .row").length`, tab)
	}
	// Computer guesses: every guess answered 0 black, 0 white, till no code
	// fits; the Solver is given the same guesses and answers.
	var guesses [][]int
	for _, tab := range []string{"maker", "solver"} {
		p := newPage(t, 1280, 800, "#"+tab)
		var s seen
		if tab == "maker" {
			p.wait(`!document.querySelector("#maker .turn").hidden`)
		} else {
			p.wait(`document.querySelector("#solver .tally").textContent.includes("1,296")`)
		}
		p.Blur()
		p.Keys("u")
		s.empty = msg(p, tab)
		if tab == "maker" {
			for i := 1; ; i++ {
				guesses = append(guesses, p.code("#maker .turn .code"))
				p.Keys("00\r")
				p.wait(fmt.Sprintf(`%s === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("No code"))`, rows(tab), i))
				if browsertest.Eval[bool](p.Page, `document.querySelector("#maker .turn").hidden`) {
					break
				}
				if i > 8 {
					t.Fatal("no conflict in 8 answers of 0 black, 0 white")
				}
			}
		} else {
			for i, g := range guesses {
				p.Keys(digits(g) + "00\r")
				p.wait(fmt.Sprintf(`%s === %d && !document.querySelector("#solver .tally").textContent.startsWith("Thinking")`, rows(tab), i+1))
			}
		}
		s.conflict = msg(p, tab)
		n := len(guesses)
		if marked := browsertest.Eval[int](p.Page, fmt.Sprintf(`document.querySelectorAll("#%s .board .row.conflict").length`, tab)); marked == 0 {
			t.Errorf("%s: no row marked in conflict (%q)", tab, s.conflict)
		}
		// Correct the last answer by keys: 3 typed, cleared by Backspace,
		// Escape cancels; then 1 0 and Enter saves.
		p.Click(fmt.Sprintf(`#%s .board .row:last-child .edit`, tab))
		p.Blur()
		p.Keys("3")
		p.Keys("\b")
		if v := browsertest.Eval[string](p.Page, fmt.Sprintf(`document.querySelector("#%s .board .editing .count").textContent`, tab)); v != "0" {
			t.Errorf("%s: Backspace in a correction leaves black %s, want 0", tab, v)
		}
		p.Keys("\x1b")
		p.wait(fmt.Sprintf(`document.querySelector("#%s .board .editing") === null`, tab))
		p.Click(fmt.Sprintf(`#%s .board .row:last-child .edit`, tab))
		p.Blur()
		p.Keys("10\r")
		p.wait(fmt.Sprintf(`document.querySelector("#%s .board .editing") === null && document.querySelectorAll("#%s .board .row.conflict").length === 0 && !document.querySelector("#%s .msg").textContent.startsWith("Thinking")`, tab, tab, tab))
		s.fixed = browsertest.Eval[string](p.Page, fmt.Sprintf(`document.querySelector("#%s .board .row:last-child .fb").getAttribute("aria-label")`, tab))
		p.Keys("u")
		p.wait(fmt.Sprintf(`%s === %d`, rows(tab), n-1))
		p.Keys("u")
		p.wait(fmt.Sprintf(`%s === %d`, rows(tab), n-2))
		s.undone = fmt.Sprint(n - 2)
		got[tab] = s
	}
	if got["maker"] != got["solver"] {
		t.Errorf("Computer guesses and the Solver differ:\n maker  %+v\n solver %+v", got["maker"], got["solver"])
	}
	if got["maker"].empty != "There is no answer to take back." {
		t.Errorf("Undo with nothing to take back: %q", got["maker"].empty)
	}
}
