//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/play/stats"
)

// A tmuxTerm is a terminal of a tmux server of its own, running a shell.
type tmuxTerm struct {
	t       *testing.T
	socket  string
	xdg     string // $XDG_STATE_HOME of the shell
	pidFile string // the process id of the last command
}

// newTmux starts a tmux server with a w x h window running bash, and
// waits for its prompt.
func newTmux(t *testing.T, w, h int) *tmuxTerm {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" { // .ci/run installs it
			t.Fatal("no tmux under CI")
		}
		t.Skip("no tmux: install it (apt-get install tmux) to drive play in a terminal")
	}
	tt := &tmuxTerm{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock"), xdg: filepath.Join(t.TempDir(), "state")}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The test binary becomes the command when started as mastermind
	// (TestMain): a function of the shell names it so. No history file:
	// bash writes it as kill-server ends it, racing the removal of HOME.
	env := []string{"TERM=xterm-256color", "HOME=" + t.TempDir(), "HISTFILE=", "XDG_STATE_HOME=" + tt.xdg, "PATH=" + os.Getenv("PATH"), "PS1=$ "}
	tt.run("-f", "/dev/null", "new-session", "-d", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h),
		"env -i "+strings.Join(quoteAll(env), " ")+" bash --norc --noprofile")
	t.Cleanup(func() { exec.Command("tmux", "-S", tt.socket, "kill-server").Run() })
	// Each run writes its process id to the file pid ($BASHPID: exec
	// keeps it).
	tt.pidFile = filepath.Join(t.TempDir(), "pid")
	tt.keys(fmt.Sprintf("mastermind() { (echo $BASHPID > %s; exec -a mastermind %s \"$@\"); echo \"STATUS=$?\"; }", tt.pidFile, self), "Enter")
	tt.keys("clear; echo READY", "Enter")
	tt.waitFor(regexp.MustCompile(`(?m)^READY`))
	return tt
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return out
}

// run runs a tmux command on the server and returns its output.
func (tt *tmuxTerm) run(args ...string) string {
	tt.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tt.socket}, args...)...).CombinedOutput()
	if err != nil {
		tt.t.Fatalf("tmux %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// keys types keys into the terminal (tmux key names: Enter, C-c, ...).
func (tt *tmuxTerm) keys(keys ...string) {
	tt.t.Helper()
	tt.run(append([]string{"send-keys", "-t", "0"}, keys...)...)
}

// screen returns what the terminal shows.
func (tt *tmuxTerm) screen() string { return tt.run("capture-pane", "-p", "-t", "0") }

// waitFor polls the screen until it matches re, and returns it; a minute
// bounds a stuck program.
func (tt *tmuxTerm) waitFor(re *regexp.Regexp) string {
	tt.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		s := tt.screen()
		if re.MatchString(s) {
			return s
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("the terminal never showed %v; it shows:\n%s", re, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// fresh clears the screen, waits until only the prompt is left (so that
// no earlier command's output, its STATUS line above all, is read as the
// next one's), then types command and Enter.
func (tt *tmuxTerm) fresh(command string) {
	tt.t.Helper()
	tt.keys("clear", "Enter")
	tt.waitFor(regexp.MustCompile(`\A\$ *\s*\z`))
	tt.keys(command, "Enter")
}

// waitShell waits until the shell is the pane's program again.
func (tt *tmuxTerm) waitShell() {
	tt.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for strings.TrimSpace(tt.run("display-message", "-p", "-t", "0", "#{pane_current_command}")) != "bash" {
		if time.Now().After(deadline) {
			tt.t.Fatalf("the command never ended; the terminal shows:\n%s", tt.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// state returns tmux's flags of the pane: the alternate screen on, the
// cursor shown.
func (tt *tmuxTerm) state() string {
	return strings.TrimSpace(tt.run("display-message", "-p", "-t", "0", "alternate=#{alternate_on} cursor=#{cursor_flag}"))
}

// stty returns the terminal's settings, as the shell sees them.
func (tt *tmuxTerm) stty(file string) string {
	tt.fresh("stty -a > " + file + "; echo STTY-DONE")
	tt.waitFor(regexp.MustCompile(`(?m)^STTY-DONE`))
	data, err := os.ReadFile(file)
	if err != nil {
		tt.t.Fatal(err)
	}
	return string(data)
}

var (
	guessRow   = regexp.MustCompile(`▸ +(\d+) +((?:\[\d\] ?)+) +answer`)
	statusLine = regexp.MustCompile(`(?m)^STATUS=(\d+)`)
)

// TestBoardInTmux drives "mastermind play" in a real terminal of 80x24
// (tmux) through a whole game of each role, and checks that the terminal
// is left as it was found, after q and after Ctrl-C: the alternate screen
// left, the cursor shown, stty's settings the same.
func TestBoardInTmux(t *testing.T) {
	tt := newTmux(t, 80, 24)
	dir := t.TempDir()
	before := tt.stty(filepath.Join(dir, "before"))
	restored := func(after string) {
		t.Helper()
		if s := tt.state(); s != "alternate=0 cursor=1" {
			t.Errorf("after %s the terminal is %s, want alternate=0 cursor=1", after, s)
		}
		if got := tt.stty(filepath.Join(dir, after)); got != before {
			t.Errorf("after %s stty -a says\n%s\nnot as before\n%s", after, got, before)
		}
	}

	// You guess: the secret of seed 1906 is 5523, as on the page
	// (#seed=1906) and in the line dialogue (testdata/play.txtar).
	tt.fresh("mastermind play --role breaker --seed 1906")
	tt.waitFor(regexp.MustCompile(`1296 codes still possible`))
	if s := tt.state(); s != "alternate=1 cursor=0" {
		t.Errorf("the board is drawn with %s, want the alternate screen, the cursor hidden", s)
	}
	tt.keys("0011", "Enter")
	tt.waitFor(regexp.MustCompile(`0 black, 0 white`))
	tt.keys("5524", "BSpace", "3", "Enter")
	tt.waitFor(regexp.MustCompile(`Found it in 2 guesses: 5523\.`))
	tt.keys("q")
	s := tt.waitFor(statusLine)
	if !strings.Contains(s, "Found it in 2 guesses: 5523.") || statusLine.FindStringSubmatch(s)[1] != "0" {
		t.Errorf("after q the terminal shows\n%s", s)
	}
	restored("q")

	// Computer guesses the code 2113, answered by the reference scorer,
	// without colour (NO_COLOR): the pegs bracketed.
	secret := []int{2, 1, 1, 3}
	tt.fresh("NO_COLOR=1 mastermind play")
	for n := 1; ; n++ {
		s := tt.waitFor(regexp.MustCompile(fmt.Sprintf(`▸ +%d +(\[\d\] ?)+ +answer|no code fits`, n)))
		m := guessRow.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("no guess to answer:\n%s", s)
		}
		var guess []int
		for _, c := range m[2] {
			if c >= '0' && c <= '9' {
				guess = append(guess, int(c-'0'))
			}
		}
		b, w := testkit.Score(secret, guess)
		if b == 4 {
			tt.keys("y")
			break
		}
		if n > 10 {
			t.Fatalf("the computer has not found 2113 in 10 guesses:\n%s", s)
		}
		tt.keys(fmt.Sprintf("%d%d", b, w), "Enter")
	}
	tt.waitFor(regexp.MustCompile(`Found it in \d guesses: 2113\.`))
	tt.keys("q")
	if s := tt.waitFor(statusLine); statusLine.FindStringSubmatch(s)[1] != "0" || !strings.Contains(s, ": 2113.") {
		t.Errorf("after the game of Computer guesses:\n%s", s)
	}
	restored("q-computer")

	// A contradiction, marked: 0000 cannot give 0 1.
	tt.fresh("NO_COLOR=1 mastermind play --strategy first")
	tt.waitFor(regexp.MustCompile(`▸ +1 +\[0\] \[0\] \[0\] \[0\]`))
	tt.keys("01", "Enter")
	tt.waitFor(regexp.MustCompile(`No secret gives answer 1 \(✗\)`))
	tt.keys("u")
	tt.waitFor(regexp.MustCompile(`Answer 1 taken back`))

	// Ctrl-C leaves as the signal does (status 130 in bash, which then
	// drops the rest of the line, as it does for the line dialogue), the
	// terminal restored.
	tt.keys("C-c")
	tt.waitShell()
	tt.keys("echo STATUS=$?", "Enter")
	if s := tt.waitFor(statusLine); statusLine.FindStringSubmatch(s)[1] != "130" {
		t.Errorf("after Ctrl-C:\n%s", s)
	}
	restored("ctrl-c")

	// SIGTERM (kill) too: status 143, the terminal restored.
	tt.fresh("mastermind play --role breaker")
	tt.waitFor(regexp.MustCompile(`1296 codes still possible`))
	out, err := os.ReadFile(tt.pidFile)
	var pid int
	if _, serr := fmt.Sscan(string(out), &pid); err != nil || serr != nil {
		t.Fatalf("no process id in %s: %q, %v", tt.pidFile, out, err)
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if s := tt.waitFor(statusLine); statusLine.FindStringSubmatch(s)[1] != "143" {
		t.Errorf("after SIGTERM:\n%s", s)
	}
	restored("sigterm")

	// The games are counted.
	st, note := stats.Load(filepath.Join(tt.xdg, "mastermind"))
	if note != "" || st.Tally("classic").Won != 1 || st.Computer["classic"] == nil || st.Computer["classic"].Won != 1 {
		t.Errorf("the statistics: %+v, computer %+v, %q", st.Tally("classic"), st.Computer["classic"], note)
	}
}

// TestBoardHangupInTmux closes the terminal under a board whose shell
// ignores SIGHUP (trap "" HUP, as setsid or a supervisor would leave it):
// the board ends as the line dialogue does when its input ends before the
// game is over, status 2 (issue 68, item 5), not waiting forever for keys.
func TestBoardHangupInTmux(t *testing.T) {
	tt := newTmux(t, 80, 24)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	status := filepath.Join(t.TempDir(), "status")
	tt.keys(fmt.Sprintf("clear; trap '' HUP; (exec -a mastermind %s play --role breaker); echo $? > %s", quoteAll([]string{self})[0], status), "Enter")
	tt.waitFor(regexp.MustCompile(`1296 codes still possible`))
	tt.run("kill-server") // the terminal closes
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(status); len(data) > 0 {
			if got := strings.TrimSpace(string(data)); got != "2" {
				t.Errorf("the board on a closed terminal ends with status %s, want 2", got)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the board on a closed terminal has not ended after a minute")
		}
	}
}

// waitState waits until tmux's flags of the pane (state) are want; a
// minute bounds a stuck program.
func (tt *tmuxTerm) waitState(want string) {
	tt.t.Helper()
	for deadline := time.Now().Add(time.Minute); tt.state() != want; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			tt.t.Fatalf("the terminal is never %s; it is %s and shows:\n%s", want, tt.state(), tt.screen())
		}
	}
}

// TestBoardJobControlInTmux stops the board as terminal programs stop
// (issue 68, item 3): Ctrl-Z and an outside SIGTSTP leave the terminal as
// it was found (the shell's prompt on the main screen, the cursor shown,
// stty's settings the same), and fg draws the board again, its keys read
// as before (Enter checks a guess).
func TestBoardJobControlInTmux(t *testing.T) {
	tt := newTmux(t, 80, 24)
	dir := t.TempDir()
	before := tt.stty(filepath.Join(dir, "before"))
	stopped := func(how string) {
		t.Helper()
		tt.waitShell()
		tt.waitFor(regexp.MustCompile(`Stopped`))
		if s := tt.state(); s != "alternate=0 cursor=1" {
			t.Errorf("stopped by %s, the terminal is %s, want alternate=0 cursor=1", how, s)
		}
		if got := tt.stty(filepath.Join(dir, how)); got != before {
			t.Errorf("stopped by %s, stty -a says\n%s\nnot as before\n%s", how, got, before)
		}
		tt.fresh("fg")
		tt.waitState("alternate=1 cursor=0")
	}

	tt.fresh("mastermind play --role breaker --seed 1906")
	tt.waitFor(regexp.MustCompile(`1296 codes still possible`))
	tt.keys("C-z")
	stopped("ctrl-z")
	tt.keys("0011", "Enter")
	tt.waitFor(regexp.MustCompile(`0 black, 0 white`))

	out, err := os.ReadFile(tt.pidFile)
	var pid int
	if _, serr := fmt.Sscan(string(out), &pid); err != nil || serr != nil {
		t.Fatalf("no process id in %s: %q, %v", tt.pidFile, out, err)
	}
	if err := syscall.Kill(pid, syscall.SIGTSTP); err != nil {
		t.Fatal(err)
	}
	stopped("sigtstp")
	tt.waitFor(regexp.MustCompile(`0 black, 0 white`)) // drawn again
	tt.keys("5523", "Enter")
	tt.waitFor(regexp.MustCompile(`Found it in 2 guesses: 5523\.`))
	tt.keys("q")
	tt.waitShell()
	if s := tt.state(); s != "alternate=0 cursor=1" {
		t.Errorf("after q the terminal is %s", s)
	}
}

// colourSGR matches an escape sequence that sets a colour (8, 16 or 256
// colours, or RGB; not the default colours, 39 and 49, which tmux writes
// for any pane).
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9]*;)*(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]`)

// TestBoardMonochromeInTmux: a terminal whose terminfo entry has no
// colours (TERM=xterm-mono) gets a board without colour, as NO_COLOR does
// (issue 68: it got 16-colour codes).
func TestBoardMonochromeInTmux(t *testing.T) {
	if out, err := exec.Command("infocmp", "xterm-mono").CombinedOutput(); err != nil {
		t.Skipf("no terminfo entry of xterm-mono here: %v: %s", err, out)
	}
	tt := newTmux(t, 80, 24)
	tt.fresh("TERM=xterm-mono mastermind play --role breaker")
	tt.waitFor(regexp.MustCompile(`1296 codes still possible`))
	tt.keys("0011")
	tt.waitFor(regexp.MustCompile(`[\[ ]0[\] ] [\[ ]0[\] ] [\[ ]1[\] ] [\[ ]1[\] ]`)) // bracketed without colour
	if s := tt.run("capture-pane", "-e", "-p", "-t", "0"); colourSGR.MatchString(s) {
		t.Errorf("TERM=xterm-mono: the board sets colours: %q", colourSGR.FindString(s))
	}
	tt.keys("q")
	tt.waitShell()
}

// TestBoardDailyKeptInTmux: a daily begun on the board and left, by q or
// Ctrl-C, is the same game when play --daily starts again, the same
// guesses made; given up, it is one game lost (issue 69).
func TestBoardDailyKeptInTmux(t *testing.T) {
	tt := newTmux(t, 80, 24)
	date := time.Now().Format(time.DateOnly)
	d, err := daily.Of(date, "classic")
	if err != nil {
		t.Fatal(err)
	}
	guess := "0000"
	if daily.Secret(mastermind.Classic(), d.Seed).Compact(6) == guess {
		guess = "1111"
	}
	row := regexp.MustCompile(`(?m)^ +1 +\[` + regexp.QuoteMeta(strings.Join(strings.Split(guess, ""), "] [")) + `\]`)
	tt.fresh("NO_COLOR=1 mastermind play --daily")
	tt.waitFor(regexp.MustCompile(`10 guesses left`))
	tt.keys(guess, "Enter")
	tt.waitFor(regexp.MustCompile(`9 guesses left`))
	tt.keys("q")
	tt.waitFor(regexp.MustCompile(fmt.Sprintf(`Left daily #%d unfinished: it is kept`, d.Number)))
	tt.waitShell()

	for _, leave := range []string{"C-c", "q"} {
		tt.fresh("NO_COLOR=1 mastermind play --daily")
		s := tt.waitFor(regexp.MustCompile(`taken up again where you left it`))
		if !row.MatchString(s) || !strings.Contains(s, "1 guess made, 9 guesses left") {
			t.Errorf("the daily taken up again (left by %s before) shows:\n%s", leave, s)
		}
		if leave == "q" {
			break
		}
		tt.keys(leave)
		tt.waitShell()
	}
	tt.keys("g")
	tt.waitFor(regexp.MustCompile(`Give up and see the code\?`))
	tt.keys("y")
	tt.waitFor(regexp.MustCompile(`The code was`))
	tt.keys("q")
	tt.waitShell()
	if today := time.Now().Format(time.DateOnly); today != date {
		t.Skipf("the date changed during the test, from %s to %s", date, today)
	}
	st, note := stats.Load(filepath.Join(tt.xdg, "mastermind"))
	if got := st.Tally("classic"); note != "" || got.Played != 1 || got.Won != 0 {
		t.Errorf("a daily begun, left twice and given up counts %+v (%q), want one game lost", got, note)
	}
}

// ruleGuessRow is the guess being answered on the board: its number and
// pegs, without colour or with (the digits on them).
var ruleGuessRow = regexp.MustCompile(`▸ +(\d+) +((?:[\[ ]\d[\] ] ?)+) +answer`)

// digitsOf reads the colours of pegs drawn "[0] [1]" or " 0   1 ".
func digitsOf(pegs string) []int {
	var code []int
	for _, c := range pegs {
		if c >= '0' && c <= '9' {
			code = append(code, int(c-'0'))
		}
	}
	return code
}

// playComputerRule has the computer guess secret on the board under rule
// (black or slots), started by command; the answers of the reference
// scorers typed as keys (slots: its marks in lower case). It returns the
// screen once the code is found.
func playComputerRule(t *testing.T, tt *tmuxTerm, command, rule string, secret []int) string {
	t.Helper()
	tt.fresh(command)
	for n := 1; ; n++ {
		s := tt.waitFor(regexp.MustCompile(fmt.Sprintf(`▸ +%d +([\[ ]\d[\] ] ?)+ +answer|no code fits`, n)))
		m := ruleGuessRow.FindStringSubmatch(s)
		if m == nil || n > 10 {
			t.Fatalf("%s: no guess to answer, or 2113 not found in 10:\n%s", command, s)
		}
		f := testkit.Answer[mastermind.Feedback](rule, secret, digitsOf(m[2]))
		if rule == "slots" {
			tt.keys(strings.ToLower(f.Marks), "Enter")
		} else {
			tt.keys(fmt.Sprint(f.Black), "Enter")
		}
		if f.Black == len(secret) {
			return tt.waitFor(regexp.MustCompile(`Found it in \d+ guess(es)?: 2113\.`))
		}
		want := fmt.Sprintf("%d black", f.Black)
		if rule == "slots" {
			want = fmt.Sprintf("%d right, %d elsewhere", f.Black, f.White)
		}
		tt.waitFor(regexp.MustCompile(fmt.Sprintf(`(?m)^ +%d +([\[ ]\d[\] ] ?)+ +\S.* %s`, n, want)))
	}
}

// TestBoardRulesInTmux drives "mastermind play --feedback" in a real
// terminal (tmux) under black and slots: the computer finds 2113 answered
// by the reference scorers (in colour and without: NO_COLOR, xterm-mono),
// its rows drawn in the rule's form; the person finds 5523, the marks
// drawn on their colours with their letters; contradictions named and
// edited; the daily refused; the games counted apart from black-white's.
func TestBoardRulesInTmux(t *testing.T) {
	tt := newTmux(t, 80, 24)
	secret := []int{2, 1, 1, 3}
	for _, run := range []struct{ command, rule string }{
		{"mastermind play --feedback slots", "slots"},
		{"NO_COLOR=1 mastermind play --feedback slots --strategy minimax", "slots"},
		{"TERM=xterm-mono mastermind play --feedback black", "black"},
	} {
		playComputerRule(t, tt, run.command, run.rule, secret)
		tt.keys("q")
		if s := tt.waitFor(statusLine); statusLine.FindStringSubmatch(s)[1] != "0" {
			t.Errorf("%s: after q:\n%s", run.command, s)
		}
	}

	// A contradiction under slots: 1111 .GG. puts 1 in the middle, 2112
	// .... says it is not there (cmd/mastermind/testdata/play_rules.txtar).
	tt.fresh("NO_COLOR=1 mastermind play --feedback slots --strategy first")
	tt.waitFor(regexp.MustCompile(`▸ +1 +\[0\] \[0\] \[0\] \[0\] +answer`))
	tt.keys("....", "Enter")
	tt.waitFor(regexp.MustCompile(`▸ +2 +\[1\] \[1\] \[1\] \[1\] +answer`))
	tt.keys(".gg.", "Enter")
	tt.waitFor(regexp.MustCompile(`▸ +3 +\[2\] \[1\] \[1\] \[2\] +answer`))
	tt.keys("2", "0", "0", "0", "Enter")
	s := tt.waitFor(regexp.MustCompile(`Answers 2 and 3 contradict each other \(✗\)`))
	if !regexp.MustCompile(`(?m)^✗ +2 +\[1\] \[1\] \[1\] \[1\] +\.GG\.  2 right, 0 elsewhere  ✗`).MatchString(s) ||
		!regexp.MustCompile(`(?m)^✗ +3 +\[2\] \[1\] \[1\] \[2\] +G\.\.\.  1 right, 0 elsewhere  ✗`).MatchString(s) ||
		regexp.MustCompile(`(?m)^✗ +1 `).MatchString(s) {
		t.Errorf("the conflict of answers 2 and 3 is not marked on them alone:\n%s", s)
	}
	// Answer 3 edited to 2113's: 2112 GGG.; then GGGG.
	tt.keys("Up", "g", "g", "g", ".", "Enter")
	tt.waitFor(regexp.MustCompile(`Answer 3 is now "GGG\."\.`))
	tt.keys("gggg", "Enter")
	tt.waitFor(regexp.MustCompile(`Found it in 4 guesses: 2113\.`))
	tt.keys("q")
	tt.waitShell()

	// Under black: 0000 2, 0011 0, 1100 0 (play_rules.txtar); u takes the
	// last back.
	tt.fresh("NO_COLOR=1 mastermind play --feedback black --strategy first")
	tt.waitFor(regexp.MustCompile(`▸ +1 +\[0\] \[0\] \[0\] \[0\] +answer \[_\] black`))
	tt.keys("2", "Enter")
	tt.waitFor(regexp.MustCompile(`▸ +2 +\[0\] \[0\] \[1\] \[1\] +answer`))
	tt.keys("0", "Enter")
	tt.waitFor(regexp.MustCompile(`▸ +3 +\[1\] \[1\] \[0\] \[0\] +answer`))
	tt.keys("0", "Enter")
	s = tt.waitFor(regexp.MustCompile(`Answers 1, 2 and 3 contradict each other \(✗\)`))
	if n := len(regexp.MustCompile(`(?m)^✗ +\d `).FindAllString(s, -1)); n != 3 {
		t.Errorf("%d rows marked, not 3:\n%s", n, s)
	}
	tt.keys("u")
	tt.waitFor(regexp.MustCompile(`Answer 3 taken back`))
	tt.keys("q")
	tt.waitShell()

	// The person guesses 5523 (--seed 1906) under slots, in colour: the
	// marks on their colours (green, yellow, grey), their letters on them.
	tt.fresh("mastermind play --feedback slots --role breaker --seed 1906")
	tt.waitFor(regexp.MustCompile(`1296 codes still possible`))
	tt.keys("2505", "Enter")
	// 2505 against 5523: 2 is elsewhere, 5 right, 0 nowhere, 5 elsewhere.
	tt.waitFor(regexp.MustCompile(`(?m)^ +1  +2   5   0   5    Y  G  \.  Y   1 right, 2 elsewhere$`))
	colours := tt.run("capture-pane", "-e", "-p", "-t", "0")
	for _, mark := range []string{"48;5;29m G ", "48;5;178m Y ", "48;5;243m . "} {
		if !strings.Contains(colours, mark) {
			t.Errorf("no mark drawn as %q:\n%q", mark, colours)
		}
	}
	tt.keys("5523", "Enter")
	tt.waitFor(regexp.MustCompile(`Found it in 2 guesses: 5523\.`))
	tt.keys("q")
	tt.waitShell()

	// Without colour (xterm-mono), under black.
	tt.fresh("TERM=xterm-mono mastermind play --feedback black --role breaker --seed 1906")
	tt.waitFor(regexp.MustCompile(`1296 codes still possible`))
	tt.keys("5524", "Enter")
	tt.waitFor(regexp.MustCompile(`(?m)^ +1 +\[5\] \[5\] \[2\] \[4\] +●●●·  3 black$`))
	if s := tt.run("capture-pane", "-e", "-p", "-t", "0"); colourSGR.MatchString(s) {
		t.Errorf("TERM=xterm-mono: the board sets colours: %q", colourSGR.FindString(s))
	}
	tt.keys("q")
	tt.waitShell()

	tt.fresh("mastermind play --daily --feedback slots")
	if s := tt.waitFor(statusLine); statusLine.FindStringSubmatch(s)[1] != "2" || !strings.Contains(s, "the daily is played by the rule black-white") {
		t.Errorf("play --daily --feedback slots:\n%s", s)
	}

	st, note := stats.Load(filepath.Join(tt.xdg, "mastermind"))
	if note != "" || st.Computer["classic-slots"] == nil || st.Computer["classic-slots"].Won != 3 || st.Computer["classic-black"].Won != 1 ||
		st.Tally("classic-slots").Won != 1 || st.Tally("classic-black").Won != 0 || st.Tally("classic").Played != 0 || st.Computer["classic"] != nil {
		t.Errorf("the statistics: %+v %+v, computer %+v (%q)", st.Tally("classic-slots"), st.Tally("classic-black"), st.Computer, note)
	}
}

// digits returns the digits of s, a colour each.
func digits(s string) []int {
	var code []int
	for _, r := range s {
		if r >= '0' && r <= '9' {
			code = append(code, int(r-'0'))
		}
	}
	return code
}

// The whole answer of a long code is on the pane (issue 70: at 120
// columns a row of 20x10-slots lost 9 marks and its words, and at 80 the
// answer being typed was cut): the person guesses at 80 and 120 columns,
// the pane's marks those of the secret told at the end, by the reference
// scorer; the person answers at 80, each mark typed under its peg.
func TestBoardLongRowsInTmux(t *testing.T) {
	row := regexp.MustCompile(`(?m)^ +1  (\d{20})  ([GY.]{20})  (\d+) right, (\d+) elsewhere$`)
	guess := "01234567890123456789"
	for _, w := range []int{80, 120} {
		tt := newTmux(t, w, 40)
		tt.fresh("mastermind play -p 20 -c 10 --feedback slots --role breaker --seed 5")
		tt.waitFor(regexp.MustCompile(`codes still possible`))
		tt.keys(guess, "Enter")
		r := row.FindStringSubmatch(tt.waitFor(row))
		tt.keys("g", "y")
		secret := regexp.MustCompile(`The code was (\d{20})\.`).FindStringSubmatch(tt.waitFor(regexp.MustCompile(`The code was \d{20}\.`)))[1]
		want := testkit.Marks(digits(secret), digits(guess))
		if r[1] != guess || r[2] != want || r[3] != fmt.Sprint(strings.Count(want, "G")) || r[4] != fmt.Sprint(strings.Count(want, "Y")) {
			t.Errorf("at %d columns, %s against %s is drawn %q, not %s", w, guess, secret, r[0], want)
		}
		tt.keys("q")
		tt.waitShell()
	}

	tt := newTmux(t, 80, 24)
	secret := digits("31415926535897932384")
	tt.fresh("mastermind play -p 20 -c 10 --feedback slots --seed 5")
	pegs := regexp.MustCompile(`(?m)^▸ +1((?: +\d){20}) *$`)
	guess = strings.Join(strings.Fields(pegs.FindStringSubmatch(tt.waitFor(pegs))[1]), "")
	want := testkit.Marks(secret, digits(guess))
	tt.keys(want)
	// The marks typed, the last in brackets, each under its peg.
	under := regexp.QuoteMeta(strings.Join(strings.Split(want, ""), "\x00"))
	typed := regexp.MustCompile(`(?m)^▸ +1(?: +\d){20} *\n {6}[ \[]` + strings.ReplaceAll(under, "\x00", `[ \[\]]+`) + `\]`)
	s := tt.waitFor(typed)
	lines := strings.Split(typed.FindString(s), "\n")
	pegCols, markCols := columnsOf(lines[0], "0123456789"), columnsOf(lines[1], "GY.")
	if fmt.Sprint(pegCols[1:]) != fmt.Sprint(markCols) { // the first is the turn's number
		t.Errorf("the marks typed are not under their pegs:\n%s", typed.FindString(s))
	}
	tt.keys("Enter")
	r := row.FindStringSubmatch(tt.waitFor(regexp.MustCompile(`(?m)^ +1  \d{20}  [GY.]{20}  \d+ right`)))
	if r == nil || r[1] != guess || r[2] != want {
		t.Errorf("the answer %s to %s is drawn %q:\n%s", want, guess, r, tt.screen())
	}
	tt.keys("q")
	tt.waitShell()
}

// columnsOf returns the columns of the characters of line that are in set.
func columnsOf(line, set string) []int {
	var cols []int
	for i, r := range []rune(line) {
		if strings.ContainsRune(set, r) {
			cols = append(cols, i)
		}
	}
	return cols
}
