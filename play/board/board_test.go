package board

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/play"
	"github.com/mastermind-go/mastermind/play/stats"
)

// updating reports -update, which rewrites the golden screens in
// testdata/*.golden (as go/printer's): the flag of teatest's golden
// package, which program_test.go imports.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// breaker returns a breaker of the preset named game playing strategy.
func breaker(t *testing.T, game, strategy string) mastermind.Breaker {
	t.Helper()
	g, err := mastermind.Preset(game)
	if err != nil {
		t.Fatal(err)
	}
	b, err := choose.Breaker(context.Background(), g, choose.Options{Strategy: strategy, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// board returns a board of cfg drawn in monochrome (or colour), sized
// 80x24 as a terminal would tell it.
func board(cfg Config, color bool) *model {
	m := newModel(cfg, color)
	update(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// update sends msg to m and runs the commands it returns, and those of
// their messages, to the end, as the program would (one after the other
// here): it returns tea.Quit when one of them quits.
func update(m *model, msg tea.Msg) tea.Cmd {
	_, cmd := m.Update(msg)
	return run(m, cmd)
}

// run runs cmd, sends its message to m, and so on; tea.Quit, tea.Suspend
// and the like are returned, not run.
func run(m *model, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		var quit tea.Cmd
		for _, c := range msg {
			if q := run(m, c); q != nil {
				quit = q
			}
		}
		return quit
	case tea.QuitMsg, tea.SuspendMsg:
		return cmd
	case nil:
		return nil
	default:
		return update(m, msg)
	}
}

// press sends keys to m as a terminal would: the words enter, backspace,
// up, down, ctrl+c, and any other text one key a character.
func press(m *model, keys ...string) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		var msgs []tea.KeyPressMsg
		switch k {
		case "enter":
			msgs = []tea.KeyPressMsg{{Code: tea.KeyEnter}}
		case "backspace":
			msgs = []tea.KeyPressMsg{{Code: tea.KeyBackspace}}
		case "up":
			msgs = []tea.KeyPressMsg{{Code: tea.KeyUp}}
		case "down":
			msgs = []tea.KeyPressMsg{{Code: tea.KeyDown}}
		case "ctrl+c":
			msgs = []tea.KeyPressMsg{{Code: 'c', Mod: tea.ModCtrl}}
		case "space":
			msgs = []tea.KeyPressMsg{{Code: tea.KeySpace, Text: " "}}
		default:
			for _, r := range k {
				msgs = append(msgs, tea.KeyPressMsg{Code: r, Text: string(r)})
			}
		}
		for _, msg := range msgs {
			cmd = update(m, msg)
		}
	}
	return cmd
}

// golden compares the screen with testdata/name.golden, or writes it with
// -update.
func golden(t *testing.T, name, screen string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if updating() {
		if err := os.WriteFile(path, []byte(screen), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if screen != string(want) {
		t.Errorf("screen %s differs from %s (go test -update rewrites it):\n%s\nwant:\n%s", name, path, screen, want)
	}
}

// fits checks that screen fills a terminal of w x h exactly, no line
// wider.
func fits(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) != h {
		t.Errorf("the screen has %d lines, not %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d wide, more than %d: %q", i+1, n, w, ansi.Strip(l))
		}
	}
}

// rows returns the rows of the board's screen: number, guess, blacks,
// whites.
var rowLine = regexp.MustCompile(`(?m)^[ ✗▸] +(\d+) +((?:\[\d\] ?)+) +[●○·]+ +(\d+) black, (\d+) white`)

// checkRows checks every row drawn against the secret, scored by the
// reference of internal/testkit.
func checkRows(t *testing.T, screen string, secret []int) {
	t.Helper()
	found := rowLine.FindAllStringSubmatch(screen, -1)
	if len(found) == 0 {
		t.Fatalf("no rows on the screen:\n%s", screen)
	}
	for _, r := range found {
		var guess []int
		for _, c := range strings.Trim(strings.ReplaceAll(r[2], " ", ""), "[]") {
			if c >= '0' && c <= '9' {
				guess = append(guess, int(c-'0'))
			}
		}
		b, w := testkit.Score(secret, guess)
		if fmt.Sprintf("%d %d", b, w) != r[3]+" "+r[4] {
			t.Errorf("row %s: %v answered %s %s, want %d %d", r[1], guess, r[3], r[4], b, w)
		}
	}
}

// You guess classic: two guesses, a code half entered; Why? on the code
// entered, then on the engine's pick; the end with the statistics.
func TestYouGuess(t *testing.T) {
	dir := t.TempDir()
	st, _ := stats.Load(dir)
	secret := mastermind.Code{2, 1, 1, 3}
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: secret, Preset: "classic", Stats: st, StatsDir: dir}, false)
	press(m, "0011", "enter", "1234", "enter", "21")
	golden(t, "you", m.screen())
	checkRows(t, m.screen(), []int{2, 1, 1, 3})
	press(m, "w")
	golden(t, "you-why-pick", m.screen())
	press(m, "14")
	golden(t, "you-why", m.screen())
	fits(t, m.screen(), 80, 24)
	press(m, "w", "backspace", "backspace", "13", "enter")
	if !m.st.Over || !m.st.Won {
		t.Fatalf("2113 after two guesses: the game is not won:\n%s", m.screen())
	}
	golden(t, "you-won", m.screen())
	if got := st.Tally("classic"); got.Played != 1 || got.Won != 1 || len(got.Guesses) != 3 || got.Guesses[2] != 1 {
		t.Errorf("the statistics count %+v, want a game won in 3", got)
	}
	saved, note := stats.Load(dir)
	if note != "" || saved.Tally("classic").Won != 1 {
		t.Errorf("the statistics saved read back as %+v (%q)", saved.Tally("classic"), note)
	}
	if cmd := press(m, "q"); cmd == nil || cmd() != tea.Quit() {
		t.Errorf("q does not leave the board")
	}
}

// Text pasted (bracketed paste: one message), or typed faster than read
// (one key message of several characters), is typed a key a character, a
// newline Enter.
func TestPasted(t *testing.T) {
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{2, 1, 1, 3}}, false)
	update(m, tea.PasteMsg{Content: "0011\r"})
	update(m, tea.KeyPressMsg{Code: '1', Text: "1234"})
	press(m, "enter")
	if screen := m.screen(); !strings.Contains(screen, "  1  [0] [0] [1] [1]  ●○··  1 black, 1 white") || !strings.Contains(screen, "  2  [1] [2] [3] [4]  ○○○·  0 black, 3 white") {
		t.Errorf("0011 pasted with a newline, 1234 typed at once:\n%s", screen)
	}
}

// A daily: ten guesses at most; the share text of the page at the end,
// and the streak.
func TestDaily(t *testing.T) {
	dir := t.TempDir()
	st, _ := stats.Load(dir)
	secret := mastermind.Code{0, 1, 2, 3}
	cfg := Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: secret, Preset: "classic", Daily: &play.Daily{Date: "2026-12-02", Number: 32}, Stats: st, StatsDir: dir}
	m := board(cfg, false)
	press(m, "0000", "enter", "h")
	if !strings.Contains(m.screen(), "The daily is played alone: no hint and no Why? till it ends.") || strings.Contains(m.screen(), "h hint") {
		t.Errorf("h in a daily, as on the page, gives no hint:\n%s", m.screen())
	}
	press(m, "w")
	if m.whyOpen {
		t.Errorf("? in a daily opens Why?")
	}
	press(m, "0011", "enter", "0123", "enter")
	golden(t, "daily-won", m.screen())
	want := "Found it in 3 guesses: 0123.\nMastermind classic #32 3/10\n●···\n●○··\n●●●●"
	if got := m.summary(); got != want {
		t.Errorf("the summary left on the terminal is\n%s\nwant\n%s", got, want)
	}
	if got := st.Tally("classic"); got.Streak != 1 || got.Best != 1 || got.Last != 32 {
		t.Errorf("the streak after daily #32 won: %+v", got)
	}
	// The same day again: the result, not a second game.
	again := board(cfg, false)
	if !again.st.Over || again.summary() != "You played daily #32 (2026-12-02) already: found in 3 guesses.\nMastermind classic #32 3/10\n●···\n●○··\n●●●●" {
		t.Errorf("the daily played again shows\n%s", again.screen())
	}
	// Ten guesses without the code lose it, and the streak.
	cfg.Daily = &play.Daily{Date: "2026-12-03", Number: 33}
	lost := board(cfg, false)
	for range 10 {
		press(lost, "5555", "enter")
	}
	if !lost.st.Over || lost.st.Won || !strings.HasPrefix(lost.summary(), "Not found in 10 guesses: the code was 0123.\nMastermind classic #33 X/10\n····\n") {
		t.Errorf("ten guesses of a daily leave\n%s", lost.screen())
	}
	if got := st.Tally("classic"); got.Streak != 0 || got.Best != 1 || got.Played != 2 {
		t.Errorf("the streak after daily #33 lost: %+v", got)
	}
}

// Give up asks first.
func TestGiveUp(t *testing.T) {
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{5, 4, 3, 2}}, false)
	press(m, "g")
	if m.st.Over || !strings.Contains(m.screen(), "Give up and see the code?") {
		t.Fatalf("g does not ask:\n%s", m.screen())
	}
	press(m, "n")
	if m.st.Over || m.confirm {
		t.Fatalf("n does not play on")
	}
	press(m, "h")
	if !strings.Contains(m.screen(), "Hint: I would guess 0011.") { // Knuth's first guess (minimax)
		t.Errorf("the hint of minimax is not 0011:\n%s", m.screen())
	}
	press(m, "g", "y")
	if !m.st.Over || m.st.Won || m.summary() != "The code was 5432." {
		t.Errorf("g y leaves\n%s", m.screen())
	}
}

// Computer guesses: answers typed, a contradiction marked with its rows,
// an answer edited, and the code found.
func TestComputerGuesses(t *testing.T) {
	dir := t.TempDir()
	st, _ := stats.Load(dir)
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.Computer, Preset: "classic", Stats: st, StatsDir: dir}, false)
	golden(t, "computer-start", m.screen())
	// The session of cmd/mastermind/testdata/play.txtar: 0011 1 0,
	// 0233 0 0, 4414 0 0 contradict each other.
	press(m, "10", "enter", "0", "space", "0", "enter")
	golden(t, "computer", m.screen())
	press(m, "w")
	golden(t, "computer-why", m.screen())
	press(m, "w", "00", "enter")
	golden(t, "computer-conflict", m.screen())
	if m.st.Conflict == nil || fmt.Sprint(m.st.Conflict.Answers) != "[1 2 3]" {
		t.Fatalf("answers 1, 2 and 3 are not marked: %v", m.st.Conflict)
	}
	fits(t, m.screen(), 80, 24)
	// Answer 2 made 1 1: six codes, as the line dialogue says.
	press(m, "up", "up", "11", "enter")
	if m.st.Conflict != nil || m.st.Remaining.N != 6 {
		t.Fatalf("after the edit: conflict %v, %v codes", m.st.Conflict, m.st.Remaining)
	}
	golden(t, "computer-edited", m.screen())
	press(m, "y")
	if !m.st.Over || m.summary() != "Found it in 4 guesses: 0525." {
		t.Errorf("y: %q\n%s", m.summary(), m.screen())
	}
	if got := st.Computer["classic"]; got == nil || got.Won != 1 || got.Guesses[3] != 1 {
		t.Errorf("the computer's statistics: %+v", got)
	}
}

// "Got it" for a guess that does not fit the answers names them and marks
// the rows; undo takes the last answer back.
func TestComputerWrong(t *testing.T) {
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.Computer}, false)
	press(m, "20", "enter", "y") // 0123 answers 0011 with 1 1, not 2 0
	if m.st.Over || (m.st.Wrong == nil || len(m.st.Wrong.Turns) != 1) || !strings.Contains(m.screen(), "0123 does not fit answer 1: it would answer guess 1 with 1 black, 1 white") {
		t.Fatalf("y on 0123 after 0011 2 0:\n%s", m.screen())
	}
	if !strings.Contains(m.screen(), "✗  1  [0] [0] [1] [1]") {
		t.Errorf("row 1 is not marked:\n%s", m.screen())
	}
	press(m, "u")
	if len(m.st.Turns) != 0 || !strings.Contains(m.screen(), "Answer 1 taken back") {
		t.Errorf("u:\n%s", m.screen())
	}
	press(m, "9", "enter")
	if !strings.Contains(m.screen(), "feedback 9 0") && !strings.Contains(m.screen(), "positions") {
		t.Errorf("9 blacks of 4 positions is taken:\n%s", m.screen())
	}
}

// Every preset fits 80x24, and a long game scrolls its rows; a resize to
// 60x20 redraws to the new size.
func TestFitsAndScrolls(t *testing.T) {
	for _, game := range []string{"classic", "bulls", "super", "digits"} {
		b := breaker(t, game, "minimax")
		g := b.Game()
		secret := make(mastermind.Code, g.Positions)
		for i := range secret {
			secret[i] = uint8(g.Colors - 1 - i)
		}
		m := board(Config{Breaker: b, Role: play.You, Secret: secret, Preset: game}, true)
		guess := strings.Repeat("0", g.Positions)
		if g.Distinct {
			guess = mastermind.Code{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}[:g.Positions].Compact(g.Colors)
		}
		for range 25 {
			press(m, guess, "enter")
		}
		press(m, guess[:2], "w")
		fits(t, m.screen(), 80, 24)
		if !strings.Contains(m.screen(), "rows above") || !strings.Contains(m.screen(), " 25  ") || !strings.Contains(m.screen(), " 26  ") {
			t.Errorf("%s: 25 rows do not scroll to the last:\n%s", game, m.screen())
		}
		update(m, tea.WindowSizeMsg{Width: 60, Height: 20})
		fits(t, m.screen(), 60, 20)
		if game == "super" {
			golden(t, "super-60x20-color", m.screen())
			m.sty = newStyles(false)
			golden(t, "super-60x20", m.screen())
		}
	}
}

// NO_COLOR (which play.WantColor tells as no colour: play's TestWantColor):
// the board has no escape sequence at all, and reads the same as in colour
// but for the pegs' brackets.
func TestNoColor(t *testing.T) {
	cfg := Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{2, 1, 1, 3}}
	mono := board(cfg, false)
	cfg.Breaker = breaker(t, "classic", "minimax") // a breaker a board
	colored := board(cfg, true)
	for _, m := range []*model{mono, colored} {
		press(m, "0011", "enter", "1")
	}
	golden(t, "nocolor", mono.screen())
	if strings.Contains(mono.screen(), "\x1b") {
		t.Errorf("NO_COLOR: an escape sequence on the board")
	}
	golden(t, "color", colored.screen())
	plain := strings.ReplaceAll(mono.screen(), "[_]", " _ ")
	plain = strings.ReplaceAll(plain, "[ ]", " · ")
	plain = regexp.MustCompile(`\[(.)\]`).ReplaceAllString(plain, " $1 ")
	if stripped := ansi.Strip(colored.screen()); stripped != plain {
		t.Errorf("the colour board says other words than the monochrome one:\n%s\n%s", stripped, plain)
	}
}

// Why? at the start of classic: minimax's pick 0011 (Knuth's 1122) splits
// the 1296 codes into parts of at most 256 (Knuth 1976); every part drawn is
// the count of codes giving that answer, by the reference scorer.
func TestWhyFigures(t *testing.T) {
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{2, 1, 1, 3}}, false)
	press(m, "w")
	screen := m.screen()
	if !strings.Contains(screen, "Why? my pick 0011 against the 1296 codes still possible (it could be the code):") || !strings.Contains(screen, "largest part 256,") {
		t.Fatalf("Why? of 0011:\n%s", screen)
	}
	want := map[string]int{}
	guess := []int{0, 0, 1, 1}
	for n := range 1296 {
		code := []int{n / 216, n / 36 % 6, n / 6 % 6, n % 6}
		b, w := testkit.Score(code, guess)
		want[fmt.Sprintf("%d %d", b, w)]++
	}
	got := map[string]int{}
	for _, p := range regexp.MustCompile(`(\d \d):(\d+)`).FindAllStringSubmatch(screen, -1) {
		var n int
		fmt.Sscan(p[2], &n)
		got[p[1]] = n
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the parts of 0011: %v, want %v", got, want)
	}
	if !strings.Contains(screen, fmt.Sprintf("%d answers,", len(want))) {
		t.Errorf("Why? does not count %d answers:\n%s", len(want), screen)
	}
}

// Games of more than ten colours are typed with capital letters, and
// drawn with them; Why? says why it has nothing to show in a game too
// large to list.
func TestLetters(t *testing.T) {
	g := mastermind.Game{Positions: 12, Colors: 15}
	b, err := choose.Breaker(context.Background(), g, choose.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	secret := mastermind.Code{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14}
	m := board(Config{Breaker: b, Role: play.You, Secret: secret}, false)
	press(m, "ABCDEFGHIJKZ")
	if !strings.Contains(m.screen(), `"Z" is no key of this game: type colours with A-O (capitals).`) {
		t.Errorf("Z in a game of 15 colours:\n%s", m.screen())
	}
	press(m, "O", "enter", "w")
	screen := m.screen()
	fits(t, screen, 80, 24)
	if !m.st.Over || !strings.Contains(screen, "Found it in 1 guess: ABCDEFGHIJKO.") {
		t.Errorf("ABCDEFGHIJKO typed:\n%s", screen)
	}
	m = board(Config{Breaker: b, Role: play.You, Secret: secret}, false)
	press(m, "ABCDEFGHIJKL", "enter", "w")
	if !strings.Contains(m.screen(), "  1  ABCDEFGHIJKL  11 black, 0 white") || !strings.Contains(m.screen(), "Why? counts the codes still possible one by one, and this game has 1.3e+14") {
		t.Errorf("a guess of 12x15:\n%s", m.screen())
	}
}

// Statistics that cannot be saved are said on the board; the game goes on
// to its end.
func TestStatsNotSaved(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	st, _ := stats.Load(t.TempDir())
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{0, 0, 0, 0}, Preset: "classic", Stats: st, StatsDir: filepath.Join(file, "mastermind")}, false)
	press(m, "0000", "enter")
	if !m.st.Over || !m.st.Won || !strings.Contains(m.screen(), "Statistics not saved:") || !strings.Contains(m.screen(), "Found it in 1 guess: 0000.") {
		t.Errorf("a game whose statistics cannot be saved:\n%s", m.screen())
	}
}

// A daily kept in the statistics that is no game of the board (a file
// edited by hand: more blacks and whites than positions) is played again,
// with a message, never drawn.
func TestDailyDamaged(t *testing.T) {
	st, _ := stats.Load(t.TempDir())
	st.Dailies["classic"] = map[string]stats.Daily{"2026-12-02": {Number: 32, Won: true, Turns: []stats.Turn{{Guess: []int{0, 1, 2, 3}, Black: 4, White: 3}}}}
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{0, 1, 2, 3}, Preset: "classic", Daily: &play.Daily{Date: "2026-12-02", Number: 32}, Stats: st}, false)
	if m.st.Over || !strings.Contains(m.screen(), "Today's daily in the statistics is damaged (guess 1): play it again.") {
		t.Errorf("a damaged daily:\n%s", m.screen())
	}
}

// A daily begun and left (q) is kept in the statistics and taken up again
// by the next board, the same guesses, the guesses left counted on; given
// up, it is one loss, never two games (issue 69).
func TestDailyKept(t *testing.T) {
	dir := t.TempDir()
	cfg := func() Config {
		st, note := stats.Load(dir)
		if note != "" {
			t.Fatal(note)
		}
		return Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{0, 1, 2, 3}, Preset: "classic", Daily: &play.Daily{Date: "2026-12-02", Number: 32}, Stats: st, StatsDir: dir}
	}
	m := board(cfg(), false)
	press(m, "0011", "enter", "4455", "enter")
	if cmd := press(m, "q"); cmd == nil || !strings.Contains(m.summary(), "Left daily #32 unfinished: it is kept") {
		t.Fatalf("q in a daily: %q", m.summary())
	}
	again := board(cfg(), false)
	if got := again.st.Turns; len(got) != 2 || got[0].Guess.Compact(6) != "0011" || got[1].Guess.Compact(6) != "4455" || again.st.Over {
		t.Fatalf("the daily taken up again has %v, over %v:\n%s", got, again.st.Over, again.screen())
	}
	if !strings.Contains(again.screen(), "Daily #32 taken up again where you left it: 2 guesses made, 8 guesses left.") {
		t.Errorf("the daily taken up again says:\n%s", again.screen())
	}
	press(again, "g", "y")
	s, _ := stats.Load(dir)
	if got := s.Tally("classic"); got.Played != 1 || got.Won != 0 || got.Streak != 0 {
		t.Errorf("a daily begun, left, taken up and given up counts %+v, want one game lost", got)
	}
	if _, kept := s.Progress("classic", "2026-12-02"); kept {
		t.Errorf("the daily given up is still kept in progress")
	}
	third := board(cfg(), false)
	if !third.st.Over || !strings.HasPrefix(third.summary(), "You played daily #32 (2026-12-02) already: not found.") {
		t.Errorf("the daily after it was given up:\n%s", third.screen())
	}
}

// Answers no code gives together, marked ✗, then one of them corrected to
// the winning answer (the code found): the marks go with the conflict
// (issue 69: they stayed on the rows of the game over).
func TestFixClearsMarks(t *testing.T) {
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.Computer}, false)
	// 0011 1 0, 0233 0 0, 4414 0 0 contradict each other
	// (cmd/mastermind/testdata/play.txtar); 0233 fits 0011 1 0 and 4414 0 0.
	press(m, "10", "enter", "00", "enter", "00", "enter")
	if !strings.Contains(m.screen(), "✗  2  [0] [2] [3] [3]") {
		t.Fatalf("the conflict is not marked:\n%s", m.screen())
	}
	press(m, "up", "up", "40", "enter")
	if !m.st.Over || m.summary() != "Found it in 2 guesses: 0233." {
		t.Fatalf("answer 2 made 4 0: %q\n%s", m.summary(), m.screen())
	}
	if strings.Contains(m.screen(), "✗") {
		t.Errorf("the code found, rows are still marked:\n%s", m.screen())
	}
}

// At 60x20 (issue 69) every text of the board is drawn whole: the
// openings of both roles, a daily, the keys, a contradiction, a conflict,
// the end; nothing is cut ("…") and no line is wider.
func TestTexts60x20(t *testing.T) {
	dir := t.TempDir()
	st, _ := stats.Load(dir)
	check := func(name string, m *model) {
		t.Helper()
		update(m, tea.WindowSizeMsg{Width: 60, Height: 20})
		screen := m.screen()
		fits(t, screen, 60, 20)
		if strings.Contains(screen, "…") {
			t.Errorf("%s: a text is cut at 60x20:\n%s", name, screen)
		}
		flat := strings.Join(strings.Fields(screen), " ")
		if m.msg != "" && !m.keys && m.shown == nil && !strings.Contains(flat, strings.Join(strings.Fields(m.msg), " ")) {
			t.Errorf("%s: the message %q is not drawn whole at 60x20:\n%s", name, m.msg, screen)
		}
	}
	you := func() *model {
		return board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{0, 1, 2, 3}, Preset: "classic", Stats: st, StatsDir: dir, Again: func() mastermind.Code { return mastermind.Code{5, 5, 5, 5} }}, false)
	}
	computer := func() *model {
		return board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.Computer, Preset: "classic", Stats: st, StatsDir: dir}, false)
	}
	check("You guess", you())
	check("Computer guesses", computer())
	d := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{0, 1, 2, 3}, Daily: &play.Daily{Date: "2026-12-02", Number: 32}}, false)
	check("a daily", d)
	press(d, "?")
	check("the keys of a daily", d)
	m := you()
	press(m, "?")
	check("the keys of You guess", m)
	press(m, "x", "0123", "enter")
	check("You guess won", m)
	press(m, "n")
	check("a new game", m)
	press(m, "s")
	check("the statistics", m)
	m = computer()
	press(m, "?")
	check("the keys of Computer guesses", m)
	press(m, "x", "20", "enter", "y")
	check("a contradiction", m)
	m = computer()
	press(m, "10", "enter", "00", "enter", "00", "enter")
	check("a conflict", m)
}

// ? lists every key (issue 69: it was Why?, which has w now), any key
// closing the list; n plays again once a game is over, a practice game
// after a daily, counted as the first was.
func TestKeysAndAgain(t *testing.T) {
	dir := t.TempDir()
	st, _ := stats.Load(dir)
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{0, 1, 2, 3}, Preset: "classic", Stats: st, StatsDir: dir,
		Daily: &play.Daily{Date: "2026-12-02", Number: 32}, Again: func() mastermind.Code { return mastermind.Code{5, 5, 4, 4} }}, false)
	press(m, "?")
	for _, key := range []string{"Keys:", "0-5 ", "Backspace ", "Enter ", "g ", "q, Esc ", "Ctrl-C ", "Ctrl-Z", "? "} {
		if !strings.Contains(m.screen(), key) {
			t.Errorf("? lists no key %q:\n%s", key, m.screen())
		}
	}
	if m.whyOpen {
		t.Errorf("? opens Why?")
	}
	press(m, "5")
	if strings.Contains(m.screen(), "Keys:") || len(m.entry) != 0 {
		t.Errorf("a key after ? does not just close the keys: entry %v\n%s", m.entry, m.screen())
	}
	press(m, "0123", "enter")
	if !m.st.Won || !strings.Contains(m.screen(), "n new game") {
		t.Fatalf("the daily won offers no new game:\n%s", m.screen())
	}
	press(m, "n")
	if m.st.Over || len(m.st.Turns) != 0 || m.st.Daily != nil || strings.Contains(m.screen(), "daily") {
		t.Fatalf("n after the daily: over %v, %d rows, daily %v\n%s", m.st.Over, len(m.st.Turns), m.st.Daily, m.screen())
	}
	press(m, "w")
	if !strings.Contains(m.screen(), "Why? my pick") {
		t.Errorf("w opens no Why? in the practice game:\n%s", m.screen())
	}
	press(m, "w", "5544", "enter")
	if m.summary() != "Found it in 1 guess: 5544." {
		t.Errorf("the new game's code is not the one drawn: %q", m.summary())
	}
	if got := st.Tally("classic"); got.Played != 2 || got.Won != 2 {
		t.Errorf("the daily and the game after it count %+v, want 2 games won", got)
	}

	c := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.Computer}, false)
	press(c, "y", "n")
	if c.st.Over || c.st.Guess.Compact(6) != "0011" || len(c.st.Turns) != 0 {
		t.Errorf("n after Computer guesses found 0011: over %v, guess %v, %d rows", c.st.Over, c.st.Guess, len(c.st.Turns))
	}
	press(c, "?")
	for _, key := range []string{"0-9 ", "Enter ", "y ", "↑ ↓", "u ", "w ", "n "} {
		if !strings.Contains(c.screen(), key) {
			t.Errorf("? lists no key %q in Computer guesses:\n%s", key, c.screen())
		}
	}
}

// The guesses left of a daily are always in view (issue 69): at 80x8 and
// 60x20, the keys shown or not, the rows scrolled.
func TestDailyGuessesLeft(t *testing.T) {
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{0, 1, 2, 3}, Daily: &play.Daily{Date: "2026-12-02", Number: 32}}, false)
	for n := range 9 {
		for _, size := range [][2]int{{80, 8}, {60, 20}, {80, 24}} {
			update(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			for _, keys := range []bool{false, true} {
				m.keys = keys
				if want := words.Count(10-n, "guess") + " left"; !strings.Contains(m.screen(), want) {
					t.Errorf("%dx%d, keys shown %v, after %d guesses: no %q in view:\n%s", size[0], size[1], keys, n, want, m.screen())
				}
			}
			m.keys = false
		}
		press(m, "5555", "enter")
	}
}

// underlined matches the attribute of underlined text in an escape
// sequence.
var underlined = regexp.MustCompile(`[\[;]4[;m]`)

// A board in colour draws each colour as the page does (play.Pegs, the
// page's table), beyond them its colour again, underlined (the page's
// ring).
func TestPegColours(t *testing.T) {
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.You, Secret: mastermind.Code{0, 1, 2, 3}}, true)
	for c := range 12 {
		p, ring := play.PegOf(c)
		r, g, b, _ := p.BackColor().RGBA()
		bg := fmt.Sprintf("48;2;%d;%d;%d", r>>8, g>>8, b>>8)
		peg := m.peg(uint8(c))
		if !strings.Contains(peg, bg) || underlined.MatchString(peg) != ring {
			t.Errorf("colour %d is drawn %q, want the background %s, underlined %v", c, peg, bg, ring)
		}
	}
}

// s shows the statistics, practice, daily and Computer guesses apart
// (issue 69: only at a game's end, practice and daily mixed); a game's end
// shows those of its kind.
func TestStatsKey(t *testing.T) {
	dir := t.TempDir()
	cfg := func(role play.Role, day *play.Daily) Config {
		st, _ := stats.Load(dir)
		return Config{Breaker: breaker(t, "classic", "minimax"), Role: role, Secret: mastermind.Code{0, 1, 2, 3}, Preset: "classic", Daily: day, Stats: st, StatsDir: dir}
	}
	m := board(cfg(play.You, nil), false)
	press(m, "0123", "enter")
	if s := m.screen(); !strings.Contains(s, "classic, practice: played 1, won 100%.\nWon in 1 guess: 1.") || strings.Contains(s, "daily") {
		t.Errorf("the end of a practice game:\n%s", s)
	}
	m = board(cfg(play.You, &play.Daily{Date: "2026-12-02", Number: 32}), false)
	press(m, "5555", "enter", "0123", "enter")
	if s := m.screen(); !strings.Contains(s, "classic, daily: played 1, won 100%, streak 1 (best 1).\nWon in 2 guesses: 1.") || strings.Contains(s, "practice") {
		t.Errorf("the end of a daily:\n%s", s)
	}
	m = board(cfg(play.Computer, nil), false)
	press(m, "y")
	m = board(cfg(play.You, nil), false)
	press(m, "s")
	s := m.screen()
	for _, want := range []string{
		"classic, practice: played 1, won 100%.\nWon in 1 guess: 1.",
		"classic, daily: played 1, won 100%, streak 1 (best 1).\nWon in 2 guesses: 1.",
		"classic: I have found 1 code: won in 1 guess: 1.",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("s shows no %q:\n%s", want, s)
		}
	}
	press(m, "0")
	if strings.Contains(m.screen(), "Statistics:") || len(m.entry) != 0 {
		t.Errorf("a key after s does not just close the statistics:\n%s", m.screen())
	}
}

// y says the guess is the code whatever the rule of answers (the answer a
// code gives itself): on the guess, or on a row edited (↑), whose answer
// it corrects.
func TestFoundKey(t *testing.T) {
	m := board(Config{Breaker: breaker(t, "classic", "minimax"), Role: play.Computer}, false)
	press(m, "10", "enter", "up", "y")
	if !m.st.Over || m.summary() != "Found it in 1 guess: 0011." || !strings.Contains(m.screen(), "Answer 1 is now 4 black, 0 white.") {
		t.Errorf("y on row 1 edited: %q\n%s", m.summary(), m.screen())
	}
}
