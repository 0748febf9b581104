package board

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/play"
)

// The games of the long rows: classic as it always was, and games whose
// rows do not fit on a line at 40, 80 or 120 columns under each rule.
var longGames = []string{"classic", "20x10-slots", "100x20", "100x20-slots", "30x10-black"}

var (
	// rowStart matches the first line of a row: its mark, number, and
	// the rest after the 6 columns of the lead; rowMore a line after it.
	rowStart = regexp.MustCompile(`^[ ✗▸] ([ \d]\d)  (.*)$`)
	rowMore  = regexp.MustCompile(`^      (.*\S.*)$`)
	// answerWords matches the words of an answer, at the end of its line
	// or on a line of their own.
	answerWords = regexp.MustCompile(`(?:^|  )(\d+) (?:right, (\d+) elsewhere|black(?:, (\d+) white)?)(?:  ✗)?$`)
	// blackWhiteMarks matches the marks of black-white and black (● ○ ·)
	// before their words.
	blackWhiteMarks = regexp.MustCompile(`(?:^|  )([●○·]+)$`)
)

// A drawnRow is a row of a screen without colour, read back: its number,
// its lines after the lead, and the lines' pegs, marks and words.
type drawnRow struct {
	n     int
	lines []string
}

// drawnRows reads the rows of screen: a row is its first line ("  12  ...",
// "▸ 12", "✗ 12") and the lines indented under it.
func drawnRows(screen string) []drawnRow {
	var rows []drawnRow
	open := false
	for _, l := range strings.Split(screen, "\n") {
		if m := rowStart.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(strings.TrimSpace(m[1]))
			rows, open = append(rows, drawnRow{n: n, lines: []string{m[2]}}), true
			continue
		}
		if m := rowMore.FindStringSubmatch(l); m != nil && open {
			rows[len(rows)-1].lines = append(rows[len(rows)-1].lines, m[1])
			continue
		}
		open = false
	}
	return rows
}

// bare returns s without spaces and brackets: the pegs or marks it draws.
func bare(s string) string { return strings.NewReplacer(" ", "", "[", "", "]", "").Replace(s) }

// readTurn reads a turn's row of game g back: the code's pegs in order,
// the marks (slots: a mark a position; else the ● ○ · drawn, if any),
// and the answer's words. Under slots a row on several lines has a line
// of marks under each line of pegs: each mark must be under its peg.
func readTurn(t *testing.T, g mastermind.Game, r drawnRow) (code, marks string, words []string) {
	t.Helper()
	lines := slices.Clone(r.lines)
	last := len(lines) - 1
	w := answerWords.FindStringSubmatch(lines[last])
	if w == nil {
		t.Errorf("row %d has no answer in words at its end: %q", r.n, r.lines)
		return "", "", nil
	}
	words = w[1:]
	lines[last] = strings.TrimSuffix(lines[last], w[0])
	if lines[last] == "" {
		lines = lines[:last]
		last--
	}
	if g.Rule != mastermind.Slots {
		if m := blackWhiteMarks.FindStringSubmatch(lines[last]); m != nil {
			marks = m[1]
			lines[last] = strings.TrimSuffix(lines[last], m[0])
		}
		return bare(strings.Join(lines, "")), marks, words
	}
	if len(lines) == 1 { // "pegs  marks"
		parts := strings.Split(strings.TrimSpace(lines[0]), "  ")
		if len(parts) < 2 {
			t.Errorf("row %d: no marks beside the code: %q", r.n, r.lines)
			return "", "", words
		}
		return bare(strings.Join(parts[:len(parts)-1], " ")), parts[len(parts)-1], words
	}
	if len(lines)%2 != 0 {
		t.Errorf("row %d: its lines are not pegs and marks in turn: %q", r.n, r.lines)
		return "", "", words
	}
	for i := 0; i < len(lines); i += 2 {
		pegs, under := columns(lines[i]), columns(lines[i+1])
		if fmt.Sprint(pegs) != fmt.Sprint(under) {
			t.Errorf("row %d: the marks are not under their pegs:\n%s\n%s", r.n, lines[i], lines[i+1])
		}
		code += bare(lines[i])
		marks += bare(lines[i+1])
	}
	return code, marks, words
}

// columns returns the columns of the pegs or marks drawn on a line: those
// of the characters that are neither spaces nor brackets.
func columns(line string) []int {
	var cols []int
	for i, r := range []rune(line) {
		if r != ' ' && r != '[' && r != ']' {
			cols = append(cols, i)
		}
	}
	return cols
}

// longBoard plays turns of game at w x h, without colour or in colour,
// in role, the answers those of the reference scorer; then types a part
// of the next guess (You guess) or of the next answer (Computer guesses)
// when typing. It returns the board, the secret, and what was typed.
func longBoard(t *testing.T, game string, role play.Role, color bool, w, h, turns int, typing bool) (*model, mastermind.Code, string) {
	t.Helper()
	g, err := mastermind.ParseGame(game)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(70, uint64(g.Positions)))
	random := func() mastermind.Code {
		c := make(mastermind.Code, g.Positions)
		for i := range c {
			c[i] = uint8(r.IntN(g.Colors))
		}
		return c
	}
	secret := random()
	m := newModel(Config{Breaker: gameBreaker(t, game, "consistent"), Role: role, Secret: secret}, color)
	update(m, tea.WindowSizeMsg{Width: w, Height: h})
	for range turns {
		if role == play.You {
			press(m, random().Compact(g.Colors), "enter")
			continue
		}
		press(m, g.Rule.Format(refAnswer(g, secret, m.st.Guess)), "enter") // "5 44": Space between
	}
	if len(m.st.Turns) != turns || m.st.Over {
		t.Fatalf("%s, %v: %d turns not played:\n%s", game, role, turns, m.screen())
	}
	if !typing {
		return m, secret, ""
	}
	typed := random().Compact(g.Colors)[:3]
	switch {
	case role == play.Computer && g.Rule == mastermind.Slots:
		typed = "GY."
	case role == play.Computer:
		typed = "1"
	}
	press(m, typed)
	return m, secret, typed
}

// Every row of a long game shows all of its code and all of its answer at
// 40, 80 and 120 columns, on several lines when it does not fit on one
// (each mark of slots under the peg it answers when the marks are not
// beside the code); the row being entered too, and the answer being
// typed; no line is wider than the terminal, the screen no taller.
func TestLongRowsWhole(t *testing.T) {
	for _, game := range longGames {
		g, _ := mastermind.ParseGame(game)
		for _, w := range []int{40, 80, 120} {
			for _, role := range []play.Role{play.You, play.Computer} {
				name := fmt.Sprintf("%s at %dx40, %v", game, w, role)
				m, secret, typed := longBoard(t, game, role, false, w, 40, 2, true)
				screen := m.screen()
				fits(t, screen, w, 40)
				rows := drawnRows(screen)
				if len(rows) != 3 {
					t.Errorf("%s: %d rows drawn, not 3:\n%s", name, len(rows), screen)
					continue
				}
				for i, turn := range m.st.Turns {
					code, marks, words := readTurn(t, g, rows[i])
					if words == nil {
						continue // said
					}
					want := refAnswer(g, secret, turn.Guess)
					if code != turn.Guess.Compact(g.Colors) {
						t.Errorf("%s: row %d shows the code %q, not %s:\n%s", name, i+1, code, turn.Guess.Compact(g.Colors), screen)
					}
					switch g.Rule {
					case mastermind.Slots:
						if marks != want.Marks || words[0] != strconv.Itoa(want.Black) || words[1] != strconv.Itoa(want.White) {
							t.Errorf("%s: row %d answers %q %q, not %s (%d right, %d elsewhere):\n%s", name, i+1, marks, words, want.Marks, want.Black, want.White, screen)
						}
					case mastermind.BlackOnly:
						if words[0] != strconv.Itoa(want.Black) || marks != "" && marks != play.Marks(g.Positions, want) {
							t.Errorf("%s: row %d answers %q %q, not %d black:\n%s", name, i+1, marks, words, want.Black, screen)
						}
					default:
						if words[0] != strconv.Itoa(want.Black) || words[2] != strconv.Itoa(want.White) || marks != "" && marks != play.Marks(g.Positions, want) {
							t.Errorf("%s: row %d answers %q %q, not %d black, %d white:\n%s", name, i+1, marks, words, want.Black, want.White, screen)
						}
					}
				}
				entry := rows[2]
				all := strings.Join(entry.lines, "\n")
				switch {
				case role == play.You:
					want := typed + "_" + strings.Repeat("·", g.Positions-4)
					if got := bare(strings.ReplaceAll(all, "← your guess", "")); strings.ReplaceAll(got, "\n", "") != want || !strings.Contains(all, "← your guess") {
						t.Errorf("%s: the guess being entered is drawn %q, not %q and its note:\n%s", name, all, want, screen)
					}
				case g.Rule == mastermind.Slots:
					var code, marks string
					lines := entry.lines
					if len(lines) == 1 {
						parts := strings.SplitN(lines[0], "  answer ", 2)
						code, marks = bare(parts[0]), bare(parts[len(parts)-1])
					} else {
						lines[len(lines)-1] = strings.TrimSuffix(lines[len(lines)-1], "  ← answer")
						for i := 0; i+1 < len(lines); i += 2 {
							code += bare(lines[i])
							marks += bare(lines[i+1])
							if fmt.Sprint(columns(lines[i])) != fmt.Sprint(columns(lines[i+1])) {
								t.Errorf("%s: the marks typed are not under their pegs:\n%s\n%s", name, lines[i], lines[i+1])
							}
						}
					}
					if want := typed + "_" + strings.Repeat("·", g.Positions-4); code != m.st.Guess.Compact(g.Colors) || marks != want || !strings.Contains(all, "answer") {
						t.Errorf("%s: the guess and the answer being typed are drawn %q, not %s and %s:\n%s", name, all, m.st.Guess.Compact(g.Colors), want, screen)
					}
				default:
					text := "answer [1_] black [ ] white"
					if g.Positions < 10 { // one digit says the blacks
						text = "answer [1] black [_] white"
					}
					if g.Rule == mastermind.BlackOnly {
						text = "answer [1_] black"
					}
					flat := strings.Join(strings.Fields(all), " ")
					if !strings.Contains(flat, text) || bare(strings.ReplaceAll(strings.Join(entry.lines, ""), text, "")) != m.st.Guess.Compact(g.Colors) {
						t.Errorf("%s: the guess and the answer being typed are drawn %q, not %s and %q:\n%s", name, all, m.st.Guess.Compact(g.Colors), text, screen)
					}
				}
			}
		}
	}
}

// In colour the rows of a long game fit the terminal too, every answer in
// words on the screen.
func TestLongRowsColour(t *testing.T) {
	for _, game := range longGames {
		g, _ := mastermind.ParseGame(game)
		for _, w := range []int{40, 80, 120} {
			for _, role := range []play.Role{play.You, play.Computer} {
				m, secret, _ := longBoard(t, game, role, true, w, 40, 2, true)
				screen := m.screen()
				fits(t, screen, w, 40)
				plain := ansi.Strip(screen[:strings.LastIndex(screen, "\n")]) // the keys at the bottom are cut with "…" when narrow
				for i, turn := range m.st.Turns {
					want := refAnswer(g, secret, turn.Guess)
					text := fmt.Sprintf("%d black, %d white", want.Black, want.White)
					switch g.Rule {
					case mastermind.Slots:
						text = fmt.Sprintf("%d right, %d elsewhere", want.Black, want.White)
					case mastermind.BlackOnly:
						text = fmt.Sprintf("%d black", want.Black)
					}
					if !strings.Contains(plain, text) || strings.Contains(plain, "…") {
						t.Errorf("%s at %d, %v: row %d's answer %q is not whole on the screen:\n%s", game, w, role, i+1, text, plain)
					}
				}
			}
		}
	}
}

// Rows of several lines are counted as lines: the screen is never taller
// than the terminal, the last row is whole at the bottom of the window,
// and the row being edited (↑) stays in view, whole, as it goes up; down
// to the board's least width, 20 (where a row of 100x20-slots being
// edited, 50 lines, is taller than the terminal).
func TestLongRowsWindow(t *testing.T) {
	for _, game := range []string{"20x10-slots", "100x20", "100x20-slots"} {
		g, _ := mastermind.ParseGame(game)
		for _, w := range []int{20, 40, 80} {
			if w == 20 && game == "100x20-slots" {
				continue
			}
			m, _, _ := longBoard(t, game, play.Computer, false, w, 24, 5, false)
			for sel := len(m.st.Turns) - 1; sel >= 0; sel-- {
				press(m, "up")
				screen := m.screen()
				fits(t, screen, w, 24)
				found := false
				for _, r := range drawnRows(screen) {
					if r.n == sel+1 && strings.Contains(strings.Join(r.lines, " "), "answer") {
						found = true
						code := ""
						lines := slices.DeleteFunc(slices.Clone(r.lines), func(l string) bool { return strings.HasPrefix(l, "← answer") })
						for i, l := range lines { // the code's lines, up to the answer being typed
							if g.Rule != mastermind.Slots || i%2 == 0 {
								before, _, typing := strings.Cut(l, "answer")
								code += bare(before)
								if typing && g.Rule != mastermind.Slots {
									break
								}
							}
						}
						if code != m.st.Turns[sel].Guess.Compact(g.Colors) {
							t.Errorf("%s at %dx24: row %d being edited shows %q, not its whole code:\n%s", game, w, sel+1, code, screen)
						}
					}
				}
				if !found {
					t.Errorf("%s at %dx24: row %d being edited is not in view:\n%s", game, w, sel+1, screen)
				}
			}
		}
	}
}
