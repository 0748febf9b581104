package board

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/stats"
)

// gameBreaker returns a breaker of the game named name (as
// mastermind.ParseGame reads it: "classic-slots") playing strategy.
func gameBreaker(t *testing.T, name, strategy string) mastermind.Breaker {
	t.Helper()
	g, err := mastermind.ParseGame(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := choose.Breaker(context.Background(), g, choose.Options{Strategy: strategy, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// refAnswer is the answer secret gives guess under g's rule, by the
// reference scorers of internal/testkit.
func refAnswer(g mastermind.Game, secret, guess mastermind.Code) mastermind.Feedback {
	return testkit.Answer[mastermind.Feedback](g.Rule.String(), secret, guess)
}

// allCodes lists every code of g, by counting.
func allCodes(g mastermind.Game) []mastermind.Code {
	var codes []mastermind.Code
	c := make(mastermind.Code, g.Positions)
	var rec func(i int)
	rec = func(i int) {
		if i == g.Positions {
			codes = append(codes, slices.Clone(c))
			return
		}
		for x := range g.Colors {
			if !g.Distinct || !slices.Contains(c[:i], uint8(x)) {
				c[i] = uint8(x)
				rec(i + 1)
			}
		}
	}
	rec(0)
	return codes
}

// someFits reports whether some code gives every answer of turns, by the
// reference scorers.
func someFits(g mastermind.Game, codes []mastermind.Code, turns []mastermind.Turn) bool {
	for _, c := range codes {
		if !slices.ContainsFunc(turns, func(t mastermind.Turn) bool { return refAnswer(g, c, t.Guess) != t.Feedback }) {
			return true
		}
	}
	return false
}

// smallestConflict is the size of the smallest set of turns no code
// gives together, trying every subset; 0 when every code is ruled out by
// none.
func smallestConflict(g mastermind.Game, codes []mastermind.Code, turns []mastermind.Turn) int {
	best := 0
	for mask := 1; mask < 1<<len(turns); mask++ {
		var sub []mastermind.Turn
		for i, t := range turns {
			if mask&(1<<i) != 0 {
				sub = append(sub, t)
			}
		}
		if (best == 0 || len(sub) < best) && !someFits(g, codes, sub) {
			best = len(sub)
		}
	}
	return best
}

// keysOfAnswer are the keys that type answer f on the board, in one of
// the ways a person may, chosen by n: under slots the marks as capitals,
// lower case or digits, or by Space from "." (none, elsewhere, right),
// moving with →; under black the digits of B.
func keysOfAnswer(m *model, f mastermind.Feedback, n int) {
	switch m.g.Rule {
	case mastermind.BlackOnly:
		press(m, strconv.Itoa(f.Black), "enter")
		return
	case mastermind.BlackWhite:
		press(m, strconv.Itoa(f.Black), "space", strconv.Itoa(f.White), "enter")
		return
	}
	switch n % 4 {
	case 0:
		press(m, f.Marks)
	case 1:
		press(m, strings.ToLower(f.Marks))
	case 2:
		press(m, strings.NewReplacer("G", "2", "Y", "1", ".", "0").Replace(f.Marks))
	case 3:
		for i := 0; i < len(f.Marks); i++ {
			press(m, ".")
			if i < len(f.Marks)-1 {
				update(m, tea.KeyPressMsg{Code: tea.KeyLeft})
			}
			for range strings.IndexByte(".YG", f.Marks[i]) {
				press(m, "space")
			}
			if i < len(f.Marks)-1 {
				update(m, tea.KeyPressMsg{Code: tea.KeyRight})
			}
		}
	}
	press(m, "enter")
}

// slotsRow and blackRow match a row of the board without colour: its
// number, guess, and answer.
var (
	slotsRow = regexp.MustCompile(`(?m)^[ ✗▸] +(\d+) +((?:\[\d\] ?)+) +([GY.]+)  (\d+) right, (\d+) elsewhere`)
	blackRow = regexp.MustCompile(`(?m)^[ ✗▸] +(\d+) +((?:\[\d\] ?)+) +([●·]+)  (\d+) black$`)
)

// checkRuleRows checks every row drawn on the screen against the secret,
// scored by the reference scorers: the marks of slots, the count of
// black (its pegs too); and returns how many rows there are.
func checkRuleRows(t *testing.T, g mastermind.Game, screen string, secret mastermind.Code) int {
	t.Helper()
	re := slotsRow
	if g.Rule == mastermind.BlackOnly {
		re = blackRow
	}
	rows := re.FindAllStringSubmatch(screen, -1)
	for _, r := range rows {
		guess, err := g.ParseCode(strings.NewReplacer("[", "", "]", "", " ", "").Replace(r[2]))
		if err != nil {
			t.Fatalf("row %s: %v", r[1], err)
		}
		want := refAnswer(g, secret, guess)
		got := r[3] + " " + r[4]
		if g.Rule == mastermind.Slots {
			got += " " + r[5]
			if w := fmt.Sprintf("%s %d %d", want.Marks, want.Black, want.White); got != w {
				t.Errorf("row %s: %v answered %s, want %s", r[1], guess, got, w)
			}
		} else if w := play.Marks(g.Positions, want) + " " + strconv.Itoa(want.Black); got != w {
			t.Errorf("row %s: %v answered %s, want %s", r[1], guess, got, w)
		}
	}
	return len(rows)
}

// TestComputerGuessesRules plays whole games of Computer guesses under
// black and slots, each answer typed with keys (the marks in each of
// their ways, Space cycling among them), the answers of the reference
// scorers: every row drawn is the secret's answer, and the code is found
// and counted in the statistics of its rule apart from black-white's.
func TestComputerGuessesRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 4))
	dir := t.TempDir()
	for _, name := range []string{"classic-slots", "classic-black", "4of6-slots", "3x4-slots"} {
		g, _ := mastermind.ParseGame(name)
		codes := allCodes(g)
		for n := range 4 {
			secret := codes[r.IntN(len(codes))]
			st, _ := stats.Load(dir)
			m := board(Config{Breaker: gameBreaker(t, name, "consistent"), Role: play.Computer, Preset: play.Preset(g), Stats: st, StatsDir: dir}, false)
			for turn := 0; !m.st.Over; turn++ {
				if m.st.Guess == nil || turn > 12 {
					t.Fatalf("%s, secret %v: no guess, or none found in 12:\n%s", name, secret, m.screen())
				}
				keysOfAnswer(m, refAnswer(g, secret, m.st.Guess), n+turn)
				if !m.st.Over {
					if rows := checkRuleRows(t, g, m.screen(), secret); rows != len(m.st.Turns) {
						t.Fatalf("%s: %d rows drawn, %d answered:\n%s", name, rows, len(m.st.Turns), m.screen())
					}
				}
			}
			if want := fmt.Sprintf("Found it in %s: %s.", words.Count(m.st.Found, "guess"), secret.Compact(g.Colors)); m.summary() != want {
				t.Errorf("%s: %q, want %q", name, m.summary(), want)
			}
		}
		st, _ := stats.Load(dir)
		switch got := st.Computer[name]; {
		case play.Preset(g) == "" && got != nil: // only presets are counted
			t.Errorf("%s: a game given by its size is counted: %+v", name, got)
		case play.Preset(g) != "" && (got == nil || got.Won != 4):
			t.Errorf("%s: the statistics of Computer guesses are %+v, want 4 found under %q", name, got, name)
		}
	}
}

// TestYouGuessRules plays whole games of You guess under black and slots:
// each row drawn is the reference scorers' answer, the codes still
// possible are those the test counts, and the game is won, counted under
// the rule's name (classic-slots) apart from black-white's.
func TestYouGuessRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 5))
	dir := t.TempDir()
	for _, name := range []string{"classic-slots", "classic-black", "4of6-black", "3x4-slots"} {
		g, _ := mastermind.ParseGame(name)
		codes := allCodes(g)
		secret := codes[r.IntN(len(codes))]
		st, _ := stats.Load(dir)
		m := board(Config{Breaker: gameBreaker(t, name, "minimax"), Role: play.You, Secret: secret, Preset: play.Preset(g), Stats: st, StatsDir: dir}, false)
		left := codes
		for n := 1; !m.st.Over; n++ {
			guess := left[r.IntN(len(left))]
			press(m, guess.Compact(g.Colors), "enter")
			if m.st.Over {
				break
			}
			if rows := checkRuleRows(t, g, m.screen(), secret); rows != n {
				t.Fatalf("%s: %d rows drawn after %d guesses:\n%s", name, rows, n, m.screen())
			}
			want := refAnswer(g, secret, guess)
			left = slices.DeleteFunc(left, func(c mastermind.Code) bool { return refAnswer(g, c, guess) != want })
			if text := play.Possible(mastermind.Remaining{N: float64(len(left)), Exact: true}); !strings.Contains(m.screen(), text) {
				t.Errorf("%s: after %v the board says not %q:\n%s", name, guess, text, m.screen())
			}
		}
		if !m.st.Won || m.summary() != fmt.Sprintf("Found it in %s: %s.", words.Count(m.st.Found, "guess"), secret.Compact(g.Colors)) {
			t.Errorf("%s: %q\n%s", name, m.summary(), m.screen())
		}
		if st, _ := stats.Load(dir); st.Tally(name).Won != min(len(play.Preset(g)), 1) { // only presets are counted
			t.Errorf("%s: the statistics count %+v", name, st.Tally(name))
		}
	}
	if st, _ := stats.Load(dir); st.Tally("classic").Played != 0 || len(st.Computer) != 0 {
		t.Errorf("games under other rules are counted as black-white's: %+v", st.Tally("classic"))
	}
}

// TestMarksKeys types a slots answer key by key: marks typed move on,
// Space cycles the mark in brackets (none, elsewhere, right), ← →
// move, Backspace erases; Enter on marks not all typed says how many
// there are, and answers nothing.
func TestMarksKeys(t *testing.T) {
	m := board(Config{Breaker: gameBreaker(t, "classic-slots", "first"), Role: play.Computer}, false)
	entry := func() string {
		t.Helper()
		for _, l := range strings.Split(m.screen(), "\n") {
			if _, after, ok := strings.Cut(l, "answer "); ok && strings.HasPrefix(l, "▸") {
				return after
			}
		}
		t.Fatalf("no answer being entered:\n%s", m.screen())
		return ""
	}
	if got := entry(); got != "[_] ·  ·  · " {
		t.Errorf("the marks before a key: %q", got)
	}
	press(m, "g")
	if got := entry(); got != " G [_] ·  · " {
		t.Errorf("g: %q", got)
	}
	press(m, "space")
	if got := entry(); got != " G [Y] ·  · " {
		t.Errorf("g Space: %q", got)
	}
	press(m, "space", "space")
	if got := entry(); got != " G [.] ·  · " {
		t.Errorf("g Space Space Space: %q", got)
	}
	update(m, tea.KeyPressMsg{Code: tea.KeyRight})
	press(m, "1")
	if got := entry(); got != " G  .  Y [_]" {
		t.Errorf("→ 1: %q", got)
	}
	press(m, "enter")
	if len(m.st.Turns) != 0 || !strings.Contains(m.msg, "An answer has 4 marks, one a position: 3 typed.") {
		t.Errorf("Enter on 3 marks: %d answers, %q", len(m.st.Turns), m.msg)
	}
	press(m, "backspace")
	if got := entry(); got != " G  . [_] · " {
		t.Errorf("Backspace: %q", got)
	}
	update(m, tea.KeyPressMsg{Code: tea.KeyLeft})
	press(m, "y")
	if got := entry(); got != " G  Y [_] · " {
		t.Errorf("← y: %q", got)
	}
	// GGG and a last Y: no code answers so (the last colour cannot be
	// elsewhere); said, and the answer is asked again.
	press(m, "backspace", "backspace", "gggy", "enter")
	if len(m.st.Turns) != 0 || !strings.Contains(m.msg, "answer GGGY is impossible") {
		t.Errorf("GGGY: %d answers, %q", len(m.st.Turns), m.msg)
	}
	press(m, "y...", "enter")
	if len(m.st.Turns) != 1 || m.st.Turns[0].Feedback.Marks != "Y..." {
		t.Errorf("Y... entered as %+v", m.st.Turns)
	}
	press(m, "?")
	for _, key := range []string{"G Y .", "Space", "← → ⌫", "Enter", "↑ ↓", "u ", "w ", "these keys"} {
		if !strings.Contains(m.screen(), key) {
			t.Errorf("? lists no key %q under slots:\n%s", key, m.screen())
		}
	}
}

// TestConflictRules answers Computer guesses under black and slots by
// one code, then by another, till no code fits: the board names a set no
// code gives together, of the smallest size (every subset tried by the
// reference scorers), and marks its rows ✗; then the rows not the first
// code's are edited (↑) to its answers, and the game goes on to find it.
func TestConflictRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 6))
	for _, name := range []string{"classic-slots", "classic-black", "4of6-slots", "4of6-black", "3x4-slots"} {
		g, _ := mastermind.ParseGame(name)
		codes := allCodes(g)
		for range 3 {
			a, b := codes[r.IntN(len(codes))], codes[r.IntN(len(codes))]
			if slices.Equal(a, b) {
				continue
			}
			m := board(Config{Breaker: gameBreaker(t, name, "consistent"), Role: play.Computer}, false)
			for n := 0; m.st.Guess != nil; n++ {
				f := refAnswer(g, a, m.st.Guess)
				if n > 0 && !slices.Equal(m.st.Guess, b) {
					f = refAnswer(g, b, m.st.Guess)
				}
				keysOfAnswer(m, f, n)
			}
			conflict := m.st.Conflict
			if conflict == nil {
				t.Fatalf("%s: no guess and no conflict:\n%s", name, m.screen())
			}
			var named []mastermind.Turn
			for _, i := range conflict.Answers {
				named = append(named, m.st.Turns[i-1])
				if !regexp.MustCompile(fmt.Sprintf(`(?m)^✗ +%d `, i)).MatchString(m.screen()) {
					t.Errorf("%s: row %d is not marked:\n%s", name, i, m.screen())
				}
			}
			if someFits(g, codes, named) {
				t.Errorf("%s: answers %v are no conflict: %v", name, conflict.Answers, named)
			}
			if least := smallestConflict(g, codes, m.st.Turns); len(named) != least {
				t.Errorf("%s: the conflict named has %d answers, the smallest %d: %v", name, len(named), least, m.st.Turns)
			}
			text := conflict.Error()
			if !strings.Contains(strings.Join(strings.Fields(m.screen()), " "), strings.ToUpper(text[:1])+text[1:]+" (✗)") {
				t.Errorf("%s: the board says not %q:\n%s", name, text, m.screen())
			}
			for i := len(m.st.Turns) - 1; i >= 0; i-- {
				if f := refAnswer(g, a, m.st.Turns[i].Guess); f != m.st.Turns[i].Feedback {
					for m.sel > i {
						press(m, "up")
					}
					keysOfAnswer(m, f, i)
					if m.st.Turns[i].Feedback != f {
						t.Fatalf("%s: row %d edited to %v is %v:\n%s", name, i+1, f, m.st.Turns[i].Feedback, m.screen())
					}
				}
			}
			for n := 0; !m.st.Over; n++ {
				if m.st.Guess == nil || n > 12 {
					t.Fatalf("%s: after the edits, %v not found:\n%s", name, a, m.screen())
				}
				keysOfAnswer(m, refAnswer(g, a, m.st.Guess), n)
			}
			if !strings.HasSuffix(m.summary(), ": "+a.Compact(g.Colors)+".") {
				t.Errorf("%s: %q, want %v found", name, m.summary(), a)
			}
		}
	}
}

// A code said found (all G under slots, y under black) that does not fit
// the answers names them, with what it would have answered in the rule's
// form; the rows stay, and the game goes on.
func TestWrongRules(t *testing.T) {
	for _, name := range []string{"classic-slots", "classic-black"} {
		g, _ := mastermind.ParseGame(name)
		tried := 0
		// An answer to minimax's first guess after which its second does
		// not fit (minimax need not ask codes that could be the secret).
		for _, secret := range allCodes(g) {
			m := board(Config{Breaker: gameBreaker(t, name, "minimax"), Role: play.Computer}, false)
			first := m.st.Guess
			f := refAnswer(g, secret, first)
			if f.Black == g.Positions {
				continue
			}
			keysOfAnswer(m, f, 0)
			second := m.st.Guess
			would := refAnswer(g, second, first)
			if would == f {
				continue
			}
			tried++
			if g.Rule == mastermind.Slots {
				press(m, "GGGG", "enter")
			} else {
				press(m, "y")
			}
			msg := fmt.Sprintf("%s does not fit answer 1: it would answer guess 1 with %s. Edit (↑).", second.Compact(6), m.answerWords(would))
			if m.st.Over || m.st.Wrong == nil || !strings.Contains(strings.Join(strings.Fields(m.screen()), " "), msg) || !strings.Contains(m.screen(), "✗  1  ") {
				t.Errorf("%s: said found, %v after %v answered %v:\n%s\nwant %q", name, second, first, f, m.screen(), msg)
			}
			if tried == 3 {
				break
			}
		}
		if tried == 0 {
			t.Errorf("%s: minimax's second guess always fits", name)
		}
	}
}

// TestTextsRules60x20: under black and slots, every text of the board is
// drawn whole at 60x20, the keys (?) too, and the board fits 80x24.
func TestTextsRules60x20(t *testing.T) {
	for _, name := range []string{"classic-slots", "classic-black"} {
		for _, role := range []play.Role{play.Computer, play.You} {
			m := board(Config{Breaker: gameBreaker(t, name, "minimax"), Role: role, Secret: mastermind.Code{0, 1, 2, 3}}, false)
			fits(t, m.screen(), 80, 24)
			for _, keys := range []bool{false, true} {
				m.keys = keys
				update(m, tea.WindowSizeMsg{Width: 60, Height: 20})
				screen := m.screen()
				fits(t, screen, 60, 20)
				flat := strings.Join(strings.Fields(screen), " ")
				if strings.Contains(screen, "…") || !keys && !strings.Contains(flat, strings.Join(strings.Fields(m.msg), " ")) {
					t.Errorf("%s, role %v, keys %v: a text is cut at 60x20:\n%s", name, role, keys, screen)
				}
				for _, key := range []string{"↑ ↓", "u ", "w ", "Enter", "these keys (any key closes them)"} {
					if keys && !strings.Contains(screen, key) && (role == play.Computer || key == "Enter" || key == "these keys (any key closes them)") {
						t.Errorf("%s, role %v: ? lists no %q at 60x20:\n%s", name, role, key, screen)
					}
				}
			}
		}
	}
}

// Golden screens of the rules: slots and black, both roles, without
// colour; slots in colour.
func TestRulesGolden(t *testing.T) {
	secret := mastermind.Code{2, 1, 1, 3}
	m := board(Config{Breaker: gameBreaker(t, "classic-slots", "minimax"), Role: play.You, Secret: secret}, false)
	press(m, "0011", "enter", "1234", "enter", "w")
	golden(t, "slots-you", m.screen())
	c := board(Config{Breaker: gameBreaker(t, "classic-slots", "minimax"), Role: play.Computer}, false)
	press(c, "y..g", "enter", "gy", "w")
	golden(t, "slots-computer", c.screen())
	c = board(Config{Breaker: gameBreaker(t, "classic-slots", "minimax"), Role: play.Computer}, true)
	press(c, "y..g", "enter", "gy")
	golden(t, "slots-computer-color", c.screen())
	b := board(Config{Breaker: gameBreaker(t, "classic-black", "minimax"), Role: play.Computer}, false)
	press(b, "1", "enter", "w")
	golden(t, "black-computer", b.screen())
	y := board(Config{Breaker: gameBreaker(t, "classic-black", "minimax"), Role: play.You, Secret: secret}, false)
	press(y, "0011", "enter", "1234", "enter")
	golden(t, "black-you", y.screen())
}

// The board as a Bubble Tea program under slots: You guess, the marks
// drawn; Computer guesses, the answers typed as marks (keys typed ahead
// of the board wait their turn), the code found.
func TestProgramRules(t *testing.T) {
	secret := mastermind.Code{2, 1, 1, 3}
	cfg := Config{Breaker: gameBreaker(t, "classic-slots", "minimax"), Role: play.You, Secret: secret}
	tm := teatest.NewTestModel(t, newModel(cfg, false), teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "1296 codes still possible")
	tm.Type("0011")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor(t, tm, "..GY  1 right, 1 elsewhere")
	tm.Type("2113")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor(t, tm, "Found it in 2 guesses: 2113.")
	tm.Type("q")
	if m := tm.FinalModel(t, teatest.WithFinalTimeout(time.Minute)).(*model); !m.st.Won {
		t.Errorf("You guess under slots: not won")
	}

	// The computer's guesses, known ahead: those of a breaker of the same
	// strategy given the same answers.
	g, _ := mastermind.ParseGame("classic-slots")
	ahead := gameBreaker(t, "classic-slots", "consistent")
	var answers []string
	n := 0
	for n = 1; ; n++ {
		guess, err := ahead.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		f := refAnswer(g, secret, guess)
		answers = append(answers, strings.ToLower(f.Marks))
		if f.Black == 4 {
			break
		}
		if err := ahead.Record(guess, f); err != nil {
			t.Fatal(err)
		}
	}
	cfg = Config{Breaker: gameBreaker(t, "classic-slots", "consistent"), Role: play.Computer}
	tm = teatest.NewTestModel(t, newModel(cfg, false), teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "1296 codes still possible")
	for _, a := range answers {
		tm.Type(a)
		tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	}
	waitFor(t, tm, fmt.Sprintf("Found it in %s: 2113.", words.Count(n, "guess")))
	tm.Type("q")
	if m := tm.FinalModel(t, teatest.WithFinalTimeout(time.Minute)).(*model); !m.st.Won || len(m.st.Turns) != n-1 {
		t.Errorf("Computer guesses under slots: won %v in %d", m.st.Won, len(m.st.Turns)+1)
	}
}
