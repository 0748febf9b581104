package web

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The page under each answer rule (issue 70): the Solver, Computer
// guesses and You guess played to their end under black-white, black and
// slots at 1280 and 390 px, every answer checked against testkit's
// reference scorers, the Solver's count of codes left against a brute
// force, contradicting answers marked and corrected, the marks of slots
// set by taps and by keys.

// ruleNames are the answer rules the page offers, in the menu's order.
var ruleNames = []string{"black-white", "black", "slots"}

// ruleAnswer returns the answer secret gives guess under rule, as the page
// writes it for a test: "B W", "B" or the marks "GY.G" (testkit's
// reference scorers, not the engine's).
func ruleAnswer(rule string, secret, guess []int) string {
	switch rule {
	case "black":
		return strconv.Itoa(testkit.Blacks(secret, guess))
	case "slots":
		return testkit.Marks(secret, guess)
	}
	b, w := testkit.Score(secret, guess)
	return fmt.Sprintf("%d %d", b, w)
}

// typed returns the keys that enter answer a (ruleAnswer's form) of rule:
// black and white as two digits, the blacks as one, each mark as 2 (G),
// 1 (Y) or 0 (.).
func typed(rule, a string) string {
	if rule == "slots" {
		return strings.NewReplacer("G", "2", "Y", "1", ".", "0").Replace(a)
	}
	return strings.ReplaceAll(a, " ", "")
}

// solved reports whether answer a (ruleAnswer's form) of a game of n
// positions ends it.
func solved(rule, a string, n int) bool {
	switch rule {
	case "slots":
		return a == strings.Repeat("G", n)
	case "black":
		return a == strconv.Itoa(n)
	}
	return a == fmt.Sprintf("%d 0", n)
}

// boardAnswers reads the answers of the rows of board sel as the page
// tells them to screen readers, in ruleAnswer's form.
func (p *page) boardAnswers(sel string) []string {
	p.t.Helper()
	return browsertest.Eval[[]string](p.Page, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(r => {
		const a = r.querySelector(".fb, .marks");
		if (!a) return "none";
		const l = a.getAttribute("aria-label");
		if (a.classList.contains("marks")) return l.split(" ")[1].replace(":", "");
		const n = l.match(/\d+/g);
		return n.join(" ");
	})`, sel))
}

// left returns the codes of classic that give each guess its answer under
// rule (a brute force over the 1,296 codes).
func left(rule string, guesses [][]int, answers []string) int {
	n := 0
	for _, c := range classicCodes() {
		ok := true
		for i, g := range guesses {
			if ruleAnswer(rule, c, g) != answers[i] {
				ok = false
				break
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// lieTo returns an answer to g2 under rule that some secret gives to g2
// but none together with answer a1 to g1.
func lieTo(rule string, g1 []int, a1 string, g2 []int) string {
	given := map[string]bool{}
	for _, c := range classicCodes() {
		given[ruleAnswer(rule, c, g2)] = true
	}
	var all []string
	for a := range given {
		all = append(all, a)
	}
	slices.Sort(all)
	for _, a := range all {
		fits := false
		for _, c := range classicCodes() {
			if ruleAnswer(rule, c, g1) == a1 && ruleAnswer(rule, c, g2) == a {
				fits = true
				break
			}
		}
		if !fits {
			return a
		}
	}
	panic("every answer fits")
}

// pickRule chooses the answer rule in the menu and starts a new game.
func (p *page) pickRule(rule string) {
	p.t.Helper()
	p.Run(chromedp.SetValue("#feedback", rule))
	p.Tap("#new")
}

// The Solver under each rule: a game of classic entered by keys (the
// marks of slots as 2 1 0), the codes left after each answer as a brute
// force counts them, a contradicting answer marked and corrected in its
// row, then the Solver's best guesses find the secret. The rule is kept
// in the link.
func TestBrowserRulesSolver(t *testing.T) {
	secret := []int{3, 1, 4, 1}
	for _, rule := range ruleNames {
		for _, sz := range sizes {
			t.Run(rule+"-"+sz.name, func(t *testing.T) {
				ruleLane(t, rule, sz.name)
				p := newPage(t, sz.w, sz.h, "#solver&feedback="+rule)
				p.wait(`document.querySelector("#solver .tally").textContent.includes("1,296 codes") && document.querySelector("#solver .best .code") !== null`)
				if got := browsertest.Eval[string](p.Page, `document.querySelector("#feedback").value`); got != rule {
					t.Fatalf("#solver&feedback=%s: the menu's rule is %q", rule, got)
				}
				var guesses [][]int
				var answers []string
				check := func() {
					t.Helper()
					want := left(rule, guesses, answers)
					p.wait(fmt.Sprintf(`document.querySelectorAll("#solver .board .row").length === %d && !document.querySelector("#solver .tally").textContent.startsWith("Thinking")`, len(guesses)))
					tally := browsertest.Eval[string](p.Page, `document.querySelector("#solver .tally").textContent`)
					if want == 1 && tally != "One code is possible:" || want > 1 && !strings.HasPrefix(tally, fmt.Sprintf("%s codes still possible", commas(want))) {
						t.Errorf("after %v %v: the Solver says %q, a brute force counts %d codes", guesses, answers, tally, want)
					}
					if got := p.boardAnswers("#solver .board .row"); strings.Join(got, "|") != strings.Join(answers, "|") {
						t.Errorf("the board shows the answers %q, entered %q", got, answers)
					}
				}
				enter := func(g []int, a string) {
					t.Helper()
					p.Blur()
					p.Keys(digits(g) + typed(rule, a) + "\r")
				}
				// Guess 1, then guess 2 with an answer that contradicts it.
				g1, g2 := []int{0, 0, 1, 1}, []int{1, 2, 3, 4}
				a1 := ruleAnswer(rule, secret, g1)
				guesses, answers = append(guesses, g1), append(answers, a1)
				enter(g1, a1)
				check()
				lie := lieTo(rule, g1, a1, g2)
				enter(g2, lie)
				p.wait(`document.querySelectorAll("#solver .board .row.conflict").length === 2`)
				if msg := browsertest.Eval[string](p.Page, `document.querySelector("#solver .msg").textContent`); !strings.HasPrefix(msg, "No code fits your answers") {
					t.Errorf("a contradiction: %q", msg)
				}
				if got := p.boardAnswers("#solver .board .row"); got[1] != lie {
					t.Errorf("answer 2 entered %q, shown %q", lie, got[1])
				}
				p.screenshot("rules-solver-conflict-" + rule + "-" + sz.name)
				// Correct it in place, by keys.
				p.Click(`#solver button[aria-label="edit answer 2"]`)
				p.wait(`document.querySelector("#solver .editing") !== null`)
				if rule == "slots" {
					p.screenshot("rules-solver-edit-" + rule + "-" + sz.name)
				}
				a2 := ruleAnswer(rule, secret, g2)
				p.Blur()
				p.Keys(typed(rule, a2) + "\r")
				p.wait(`document.querySelector("#solver .editing") === null && document.querySelectorAll("#solver .board .row.conflict").length === 0`)
				guesses, answers = append(guesses, g2), append(answers, a2)
				check()
				for i := 3; ; i++ {
					if browsertest.Eval[bool](p.Page, `document.querySelector("#solver .msg").textContent.startsWith("Solved")`) {
						break
					}
					if i > 9 {
						t.Fatalf("not solved in 8 guesses: %v %v", guesses, answers)
					}
					p.wait(`document.querySelector("#solver .best .code") !== null`)
					g := p.code("#solver .best .code")
					a := ruleAnswer(rule, secret, g)
					guesses, answers = append(guesses, g), append(answers, a)
					enter(g, a)
					check()
					if i == 3 {
						p.screenshot("rules-solver-" + rule + "-" + sz.name)
					}
				}
				if last := answers[len(answers)-1]; !solved(rule, last, 4) {
					t.Errorf("solved on the answer %q", last)
				}
				if h := browsertest.Eval[string](p.Page, `location.hash`); rule != "black-white" && h != "#solver&feedback="+rule {
					t.Errorf("the address is %q, want the rule in it", h)
				}
			})
		}
	}
}

// commas writes n with thousands separators, as the page does.
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// tapMarks enters marks m in the answer of the Computer guesses' turn by
// taps: each mark button tapped till it shows its mark (· → Y → G).
func (p *page) tapMarks(sel, m string) {
	p.t.Helper()
	for i, c := range m {
		taps := strings.IndexRune(".YG", c)
		for range taps {
			p.Click(fmt.Sprintf(`%s .markin button:nth-child(%d)`, sel, i+1))
		}
	}
}

// Computer guesses under each rule, to the end: the secret is held by the
// test, each guess answered by taps (the counters' buttons, the marks
// tapped through · → Y → G) from testkit's scorers, and the board shows
// each answer as it was given.
func TestBrowserRulesMaker(t *testing.T) {
	secret := []int{5, 2, 2, 0}
	for _, rule := range ruleNames {
		for _, sz := range sizes {
			t.Run(rule+"-"+sz.name, func(t *testing.T) {
				ruleLane(t, rule, sz.name)
				p := newPage(t, sz.w, sz.h, "#maker")
				p.wait(`!document.querySelector("#maker .turn").hidden`)
				p.pickRule(rule)
				var answers []string
				for i := 1; ; i++ {
					p.wait(fmt.Sprintf(`document.querySelectorAll("#maker .board .row").length === %d && (!document.querySelector("#maker .turn").hidden || document.querySelector("#maker .msg").textContent.startsWith("Found"))`, i-1))
					if browsertest.Eval[bool](p.Page, `document.querySelector("#maker .msg").textContent.startsWith("Found it in")`) {
						break
					}
					if i > 9 {
						t.Fatal("not found in 9 guesses")
					}
					g := p.code("#maker .turn .code")
					a := ruleAnswer(rule, secret, g)
					answers = append(answers, a)
					switch rule {
					case "slots":
						p.tapMarks("#maker .turn", a)
					default:
						var b, w int
						fmt.Sscan(a, &b, &w)
						for range b {
							p.Click(`#maker .turn button[aria-label="more black"]`)
						}
						for range w {
							p.Click(`#maker .turn button[aria-label="more white"]`)
						}
					}
					if i == 2 {
						p.screenshot("rules-maker-" + rule + "-" + sz.name)
					}
					p.Click(`#maker .turn button.primary`)
				}
				if got := p.boardAnswers("#maker .board .row"); strings.Join(got, "|") != strings.Join(answers, "|") {
					t.Errorf("the board shows %q, answered %q", got, answers)
				}
				if !solved(rule, answers[len(answers)-1], 4) {
					t.Errorf("found on the answer %q", answers[len(answers)-1])
				}
				p.screenshot("rules-maker-end-" + rule + "-" + sz.name)
			})
		}
	}
}

// The marks of slots by keys alone: on a focused mark, G, Y and . (or 2, 1,
// 0) set it and move on, the arrows Up and Down step it, Left and Right
// move; each mark is a button named by its position and its mark. A mark
// no secret can give with the others (three G and a Y) is refused, saying
// why.
func TestBrowserRulesMarksKeys(t *testing.T) {
	p := newPage(t, 390, 844, "#maker&feedback=slots")
	p.wait(`document.querySelectorAll("#maker .turn .markin button").length === 4`)
	p.Run(chromedp.Focus(`#maker .turn .markin button:nth-child(1)`))
	p.Keys("gy")
	p.Keys(".")
	marks := func() string {
		return browsertest.Eval[string](p.Page, `[...document.querySelectorAll("#maker .turn .markin button")].map(b => b.textContent).join("")`)
	}
	if got := marks(); got != "GY··" {
		t.Errorf("g y . typed on mark 1: the marks read %q, want GY··", got)
	}
	// The focus is on mark 4 now: Up steps it to Y, Left moves to mark 3,
	// Up Up steps it to G.
	p.Keys(kb.ArrowUp)
	p.Keys(kb.ArrowLeft + kb.ArrowUp + kb.ArrowUp)
	if got := marks(); got != "GYGY" {
		t.Errorf("then Up, Left, Up, Up: %q, want GYGY", got)
	}
	names := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("#maker .turn .markin button")].map(b => b.getAttribute("aria-label"))`)
	want := []string{"mark 1 of 4: right place", "mark 2 of 4: elsewhere", "mark 3 of 4: right place", "mark 4 of 4: elsewhere"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("the marks are named %q, want %q", names, want)
	}
	if f := browsertest.Eval[string](p.Page, `document.activeElement.getAttribute("aria-label")`); f != want[2] {
		t.Errorf("the focus is on %q, want mark 3", f)
	}
	// Down steps mark 3 back to Y; 2 sets it to G and moves to mark 4,
	// which 2 sets to G: GYGG, three right and one elsewhere, which no
	// secret gives.
	p.Keys(kb.ArrowDown)
	if got := marks(); got != "GYYY" {
		t.Errorf("Down on mark 3: %q, want GYYY", got)
	}
	p.Keys("22")
	if got := marks(); got != "GYGG" {
		t.Errorf("2 2 on mark 3: %q, want GYGG", got)
	}
	p.Click(`#maker .turn button.primary`)
	p.wait(`document.querySelector("#maker .msg").classList.contains("alert")`)
	if msg := browsertest.Eval[string](p.Page, `document.querySelector("#maker .msg").textContent`); !strings.Contains(msg, "impossible") {
		t.Errorf("GYGG answered: %q", msg)
	}
	if n := browsertest.Eval[int](p.Page, `document.querySelectorAll("#maker .board .row").length`); n != 0 {
		t.Errorf("an impossible answer made %d rows", n)
	}
}

// The page refuses an answer exactly when no secret of the game gives it
// to any guess (rules.js answerError, as the engine's ValidFeedback), for
// every answer of black and slots in small games, by a brute force over
// their codes with testkit's scorers.
func TestBrowserRulesAnswersPossible(t *testing.T) {
	p := newPage(t, 1280, 800, "#solver")
	p.wait(`document.querySelector("#solver .best .code") !== null`)
	type game struct {
		Positions int    `json:"positions"`
		Colors    int    `json:"colors"`
		Distinct  bool   `json:"distinct"`
		Feedback  string `json:"feedback"`
	}
	type probe struct {
		G     game   `json:"g"`
		Black int    `json:"black"`
		Marks string `json:"marks,omitempty"`
		want  bool
	}
	var probes []probe
	for _, g := range []game{{2, 2, false, ""}, {3, 2, false, ""}, {4, 2, false, ""}, {3, 3, false, ""}, {4, 3, false, ""}, {3, 3, true, ""}, {3, 4, true, ""}, {4, 5, true, ""}, {2, 5, false, ""}, {1, 3, false, ""}} {
		codes := allCodes(g.Positions, g.Colors, g.Distinct)
		for _, rule := range []string{"black", "slots"} {
			g.Feedback = rule
			given := map[string]bool{}
			for _, s := range codes {
				for _, c := range codes {
					given[ruleAnswer(rule, s, c)] = true
				}
			}
			if rule == "black" {
				for b := 0; b <= g.Positions; b++ {
					probes = append(probes, probe{G: g, Black: b, want: given[strconv.Itoa(b)]})
				}
				continue
			}
			for x := 0; x < pow(3, g.Positions); x++ {
				m := []byte{}
				for y, i := x, 0; i < g.Positions; i, y = i+1, y/3 {
					m = append(m, ".YG"[y%3])
				}
				probes = append(probes, probe{G: g, Marks: string(m), want: given[string(m)]})
			}
		}
	}
	list, _ := json.Marshal(probes)
	got := browsertest.Eval[[]string](p.Page, `import("./rules.js").then(({answerError}) => `+string(list)+`.map((p) => answerError(p.g, p.g.feedback === "slots" ? {marks: p.marks} : {black: p.black})))`)
	if len(got) != len(probes) {
		t.Fatalf("the page judged %d answers of %d", len(got), len(probes))
	}
	for i, pr := range probes {
		if (got[i] == "") != pr.want {
			t.Errorf("%+v black %d marks %q: possible %t, the page says %q", pr.G, pr.Black, pr.Marks, pr.want, got[i])
		}
	}
}

// allCodes lists the codes of n positions of k colours (distinct: no
// colour twice).
func allCodes(n, k int, distinct bool) [][]int {
	var out [][]int
	for x := 0; x < pow(k, n); x++ {
		c := make([]int, n)
		seen := map[int]bool{}
		ok := true
		for i, y := n-1, x; i >= 0; i, y = i-1, y/k {
			c[i] = y % k
			if distinct && seen[c[i]] {
				ok = false
			}
			seen[c[i]] = true
		}
		if ok {
			out = append(out, c)
		}
	}
	return out
}

// You guess under each rule, to the end: a challenge's link with its rule
// plays the seed's code; each guess (the engine's hints) gets the answer
// testkit's scorer gives against the secret shown at the end; Why? splits
// the codes by the rule's answers; the summary's share text draws the
// answers (coloured squares under slots) and its challenge link keeps the
// rule. The daily and the evil codemaker answer in black and white, and
// say so.
func TestBrowserRulesBreaker(t *testing.T) {
	for _, rule := range ruleNames {
		for _, sz := range sizes {
			t.Run(rule+"-"+sz.name, func(t *testing.T) {
				ruleLane(t, rule, sz.name)
				frag := "#seed=4242&game=classic"
				if rule != "black-white" {
					frag += "&feedback=" + rule
				}
				p := newPage(t, sz.w, sz.h, frag)
				p.wait(`document.querySelector("#breaker .seed").textContent === "4242" && document.querySelector("#breaker .entryline") !== null`)
				if got := browsertest.Eval[string](p.Page, `document.querySelector("#feedback").value`); got != rule {
					t.Fatalf("%s: the menu's rule is %q", frag, got)
				}
				p.enter([]int{0, 0, 1, 1})
				p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
				p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .whybtn").click()`))
				p.wait(`document.querySelector("#breaker .why-one .bars") !== null`)
				labels := browsertest.Eval[[]string](p.Page, `[...document.querySelectorAll("#breaker .why-one:not(.engine) .bar-label")].map(l => l.firstChild.textContent)`)
				for _, l := range labels {
					ok := false
					switch rule {
					case "slots":
						ok = len([]rune(l)) == 4 && strings.Trim(l, "GY·") == ""
					case "black":
						ok = strings.HasSuffix(l, "b") && !strings.Contains(l, "w")
					default:
						ok = strings.Contains(l, "b ") && strings.HasSuffix(l, "w")
					}
					if !ok {
						t.Errorf("Why? labels a part %q under %s", l, rule)
					}
				}
				p.screenshot("rules-breaker-why-" + rule + "-" + sz.name)
				p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .whybtn").click()`))
				p.hintsToEnd(1, 10)
				p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary .board.small .row") !== null`)
				secret := p.code(`#breaker .summary .code[aria-label^="secret"]`)
				guesses := browsertest.Eval[[][]int](p.Page, `[...document.querySelectorAll("#breaker .board:not(.small) .row")].map(r => [...r.querySelectorAll(".code .peg")].map(x => Number(x.textContent)))`)
				got := p.boardAnswers("#breaker .board:not(.small) .row")
				for i, g := range guesses {
					if want := ruleAnswer(rule, secret, g); got[i] != want {
						t.Errorf("guess %d %v against %v: the page answered %q, want %q", i+1, g, secret, got[i], want)
					}
				}
				if !solved(rule, got[len(got)-1], 4) {
					t.Errorf("the game ended on %q", got[len(got)-1])
				}
				engine := browsertest.Eval[[][]int](p.Page, `[...document.querySelectorAll("#breaker .board.small .row")].map(r => [...r.querySelectorAll(".code .peg")].map(x => Number(x.textContent)))`)
				eng := p.boardAnswers("#breaker .board.small .row")
				for i, g := range engine {
					if want := ruleAnswer(rule, secret, g); eng[i] != want {
						t.Errorf("the engine's guess %d %v: shown %q, want %q", i+1, g, eng[i], want)
					}
				}
				link := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .challenge").href`)
				if rule != "black-white" && !strings.HasSuffix(link, "#seed=4242&game=classic&feedback="+rule) || rule == "black-white" && strings.Contains(link, "feedback") {
					t.Errorf("the challenge link is %q", link)
				}
				share := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .share")?.textContent ?? ""`)
				if rule == "black-white" {
					if share != "" {
						t.Errorf("a practice game of black and white has a share text: %q", share)
					}
				} else {
					lines := strings.Split(share, "\n")
					if want := fmt.Sprintf("Mastermind classic %s %d guesses", rule, len(got)); lines[0] != want {
						t.Errorf("share text starts %q, want %q", lines[0], want)
					}
					for i, a := range got {
						want := ""
						if rule == "slots" {
							want = strings.NewReplacer("G", "🟩", "Y", "🟨", ".", "⬛").Replace(a)
						} else {
							b, _ := strconv.Atoi(a)
							want = strings.Repeat("●", b) + strings.Repeat("·", 4-b)
						}
						if i+1 >= len(lines) || lines[i+1] != want {
							t.Errorf("share row %d: want %q for %q, text %q", i+1, want, a, share)
						}
					}
				}
				p.screenshot("rules-breaker-end-" + rule + "-" + sz.name)
				if rule == "black-white" {
					return
				}
				// The evil codemaker answers in black and white, and says so.
				p.Run(chromedp.SetValue("#breaker .kind", "evil"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .kind").dispatchEvent(new Event("change"))`))
				p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The evil codemaker")`)
				if msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`); !strings.Contains(msg, "answers in black and white") {
					t.Errorf("the evil codemaker under %s: %q", rule, msg)
				}
				p.enter([]int{0, 0, 1, 1})
				p.wait(`document.querySelectorAll("#breaker .board:not(.small) .row").length === 1`)
				if a := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .board .row .fb").getAttribute("aria-label")`); !strings.Contains(a, "white") {
					t.Errorf("the evil codemaker under %s answered %q", rule, a)
				}
			})
		}
	}
}

// hintsToEnd plays You guess, made guesses made, with the engine's hints
// until the game ends or max guesses are made.
func (p *page) hintsToEnd(made, max int) {
	p.t.Helper()
	for i := made + 1; i <= max; i++ {
		if browsertest.Eval[bool](p.Page, `document.querySelector("#breaker .turn").hidden`) {
			return
		}
		p.Click("#breaker .hint")
		p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("The engine would guess")`)
		p.Click(`#breaker .entryline button.primary`)
		p.wait(fmt.Sprintf(`document.querySelectorAll("#breaker .board:not(.small) .row").length === %d`, i))
	}
}

// A challenge's link naming a rule the page does not know is refused,
// saying which rules there are; a mode's link with one opens the mode
// under black and white, saying so.
func TestBrowserRulesBadLink(t *testing.T) {
	p := newPage(t, 1280, 800, "#solver&feedback=colours")
	p.wait(`document.querySelector(".linknote").textContent.includes("answer rule") && document.querySelector("#solver .tally").textContent.includes("1,296")`)
	note := browsertest.Eval[string](p.Page, `document.querySelector(".linknote").textContent`)
	if !strings.Contains(note, "black-white, black, slots") {
		t.Errorf("note %q", note)
	}
	if got := browsertest.Eval[string](p.Page, `document.querySelector("#feedback").value`); got != "black-white" {
		t.Errorf("the rule chosen is %q", got)
	}
	p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#seed=7&game=classic&feedback=wordle"`))
	p.wait(`document.querySelector(".linknote").textContent.startsWith("This link cannot be followed")`)
	if note := browsertest.Eval[string](p.Page, `document.querySelector(".linknote").textContent`); !strings.Contains(note, `"wordle"`) {
		t.Errorf("note %q", note)
	}
}

// axe-core finds no violation of serious or critical impact in the states
// the answer rules add: the Solver under slots with a row being corrected,
// Computer guesses under slots and black, You guess's end under slots;
// light and dark, at 390 and 1280 (see TestBrowserAxe).
func TestBrowserRulesAxe(t *testing.T) {
	path := os.Getenv("AXE_CORE")
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("AXE_CORE is not set under CI")
		}
		t.Skip("AXE_CORE (the path of axe-core's axe.min.js) not set")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, theme := range []string{"light", "dark"} {
		for _, sz := range sizes {
			t.Run(theme+"-"+sz.name, func(t *testing.T) {
				axeLane(t, theme, sz.w)
				check := func(p *page, where string) {
					for _, v := range p.axe(string(src)) {
						t.Errorf("%s: %s", where, v)
					}
				}
				p := newPage(t, sz.w, sz.h, "#solver&feedback=slots")
				p.scheme(theme)
				p.wait(`document.querySelector("#solver .best .code") !== null`)
				p.Blur()
				p.Keys("0011" + "2100" + "\r")
				p.wait(`document.querySelectorAll("#solver .board .row").length === 1 && !document.querySelector("#solver .tally").textContent.startsWith("Thinking")`)
				p.Keys("1234" + "01")
				check(p, "the Solver under slots")
				p.screenshot("rules-solver-slots-" + theme + "-" + sz.name)
				p.Click(`#solver button[aria-label="edit answer 1"]`)
				p.wait(`document.querySelector("#solver .editing") !== null`)
				check(p, "the Solver under slots, an answer corrected")
				p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#maker&feedback=black"`))
				p.wait(`document.querySelector("#feedback").value === "black" && document.querySelector("#maker .turn .counter.black") !== null && !document.querySelector("#maker .turn").hidden`)
				p.Click(`#maker .turn button.primary`)
				p.wait(`document.querySelectorAll("#maker .board .row").length === 1 && !document.querySelector("#maker .turn").hidden`)
				check(p, "Computer guesses under black")
				p.screenshot("rules-maker-black-" + theme + "-" + sz.name)
				p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#maker&feedback=slots"`))
				p.wait(`document.querySelector("#maker .turn .markin") !== null && !document.querySelector("#maker .turn").hidden`)
				p.Click(`#maker .turn button.primary`)
				p.wait(`document.querySelectorAll("#maker .board .row").length === 1 && !document.querySelector("#maker .turn").hidden`)
				check(p, "Computer guesses under slots")
				p.screenshot("rules-maker-slots-" + theme + "-" + sz.name)
				p.Run(chromedp.Evaluate[chromedp.Void](`location.hash = "#seed=31&game=classic&feedback=slots"`))
				p.wait(`document.querySelector("#breaker .seed").textContent === "31" && document.querySelector("#breaker .entryline") !== null`)
				p.hintsToEnd(0, 10)
				p.wait(`!document.querySelector("#breaker .summary").hidden && document.querySelector("#breaker .summary .board.small .row") !== null && document.querySelector("#breaker .review") !== null`)
				check(p, "You guess's end under slots")
				p.screenshot("rules-breaker-slots-end-" + theme + "-" + sz.name)
			})
		}
	}
}

// Hard mode under slots: a guess that does not fit an answer so far is
// refused, naming the answer and the one it would get, in marks.
func TestBrowserRulesHard(t *testing.T) {
	p := newPage(t, 1280, 800, "#seed=4242&game=classic&feedback=slots")
	p.wait(`document.querySelector("#breaker .seed").textContent === "4242" && document.querySelector("#breaker .entryline") !== null`)
	p.Run(chromedp.Evaluate[chromedp.Void](`document.querySelector("#breaker .hardmode").checked = true`))
	g1 := []int{0, 0, 1, 1}
	p.enter(g1)
	p.wait(`document.querySelectorAll("#breaker .board .row").length === 1`)
	a1 := p.boardAnswers("#breaker .board .row")[0]
	var bad []int
	for _, c := range classicCodes() {
		if ruleAnswer("slots", c, g1) != a1 {
			bad = c
			break
		}
	}
	p.enter(bad)
	p.wait(`document.querySelector("#breaker .msg").textContent.startsWith("Hard mode")`)
	msg := browsertest.Eval[string](p.Page, `document.querySelector("#breaker .msg").textContent`)
	shown := func(m string) string { return strings.ReplaceAll(m, ".", "·") }
	if want := fmt.Sprintf("Hard mode: guess 1 gave %s", shown(a1)); !strings.HasPrefix(msg, want) || !strings.Contains(msg, "would give "+shown(ruleAnswer("slots", bad, g1))) {
		t.Errorf("%v after %v %s in hard mode: %q", bad, g1, a1, msg)
	}
	if n := browsertest.Eval[int](p.Page, `document.querySelectorAll("#breaker .board .row").length`); n != 1 {
		t.Errorf("the refused guess made %d rows", n)
	}
}

// ruleLane keeps in the fast lane one size of each rule beyond
// black-white (black at 1280, slots at 390), whose games the older tests
// play; the rest run in the long lane.
func ruleLane(t *testing.T, rule, size string) {
	if !(rule == "black" && size == "1280" || rule == "slots" && size == "390") {
		testkit.Long(t)
	}
}

// axeLane keeps in the fast lane a desktop in light and a phone in dark;
// the other two run in the long lane.
func axeLane(t *testing.T, theme string, width int) {
	if !(theme == "light" && width > 500 || theme == "dark" && width < 500) {
		testkit.Long(t)
	}
}
