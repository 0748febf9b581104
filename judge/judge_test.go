package judge

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/bot"
	"github.com/mastermind-go/mastermind/protocol"
)

// TestMain runs this test binary as the program judged, package bot, when
// it is started under the name "bot".
func TestMain(m *testing.M) { bot.Run(m) }

// botCmd returns the command "bot args...": this test binary.
func botCmd(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd, err := bot.Command(args...)
	if err != nil {
		t.Fatal(err)
	}
	cmd.Dir = t.TempDir()
	return cmd
}

var (
	classic = mastermind.Game{Positions: 4, Colors: 6}
	bulls   = mastermind.Game{Positions: 4, Colors: 10, Distinct: true}
	limits  = protocol.Limits{Guesses: 3000, Time: 20 * time.Second}
)

func code(t *testing.T, g mastermind.Game, s string) mastermind.Code {
	t.Helper()
	c, err := g.ParseCode(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A program that finds the code: as many guesses as it made. The bot
// guesses the first code consistent with the answers: 0000 first, so 0000
// takes 1 guess; after 0000 is answered 3 0, 0001 is the first code left;
// after 0000 answered 0 0, no code holds a 0, so 1111 comes next.
func TestRunSolved(t *testing.T) {
	for _, tc := range []struct {
		secret string
		want   int
	}{{"0000", 1}, {"0001", 2}, {"1111", 2}} {
		res, err := Run(context.Background(), classic, code(t, classic, tc.secret), botCmd(t, "first", "4", "6"), limits)
		if err != nil || res.Guesses != tc.want {
			t.Errorf("Run(secret %s) = %d guesses, %v; want %d", tc.secret, res.Guesses, err, tc.want)
		}
		if runtime.GOOS == "linux" && (res.CPU <= 0 || res.PeakRSS <= 0) {
			t.Errorf("Run(secret %s): CPU %v, peak %d bytes, want both measured", tc.secret, res.CPU, res.PeakRSS)
		}
	}
}

// Programs that break the protocol or the limits get a verdict naming the
// guess and the line, a *protocol.Violation.
func TestRunVerdicts(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the bots' behaviours need a Unix system")
	}
	for _, tc := range []struct {
		game   mastermind.Game
		secret string
		lim    protocol.Limits
		bot    []string
		want   string // a regular expression the verdict matches
	}{
		{classic, "5555", limits, []string{"garbage"}, `^guess 1: "hello": want 4 colour numbers separated by single spaces$`},
		{classic, "5555", limits, []string{"range"}, `^guess 1: "0 1 2 9": position 4: "9" is not a colour number in 0\.\.5`},
		{classic, "5555", limits, []string{"spaces"}, `^guess 1: "0  1 2": want 4 colour numbers`},
		{bulls, "9876", limits, []string{"repeat"}, `^guess 1: "0 0 1 2": colour 0 repeats`},
		{classic, "5555", protocol.Limits{Guesses: 10, Time: 300 * time.Millisecond}, []string{"slow"}, `^guess 1: no guess within the time limit of 300ms$`},
		{classic, "5555", limits, []string{"quits"}, `^output ended after 1 guess, before the code was found$`},
		{classic, "5555", limits, []string{"crash"}, `(?s)^output ended before the first guess; the program failed: exit status 2\n    its standard error ended with:\n.*panic: bot crashed`},
		{classic, "5555", protocol.Limits{Guesses: 5, Time: 20 * time.Second}, []string{"forever"}, `^guess 6: "0 0 0 0": more than the 5 guesses allowed$`},
		{classic, "0000", limits, []string{"chatty"}, `^"bye": written after the code was found$`},
		{classic, "0000", limits, []string{"fails"}, `^the program found the code but then failed: exit status 3$`},
		{classic, "0000", protocol.Limits{Guesses: 10, Time: 3 * time.Second}, []string{"linger", "1m"}, `^the program found the code but did not exit within its time limit \(3s\) or 2s$`},
		{classic, "5555", protocol.Limits{Guesses: 10, Time: 5 * time.Second}, []string{"noeol"}, `^guess 1: no guess within the time limit of 5s; its last output, "0 0 1 1", has no end of line$`},
		{classic, "5555", limits, []string{"deaf"}, `^output ended after 1 guess, before the code was found$`},
		{classic, "5555", limits, []string{"longline"}, `^guess 3: a line longer than 1048576 bytes`},
		{classic, "5555", protocol.Limits{Guesses: 1_000_000, Time: 2 * time.Second}, []string{"flood"}, `^guess [0-9]+: no (answer could be sent|guess) within the time limit of 2s`},
		{classic, "5555", limits, []string{"noisy"}, `(?s)^guess 1: "hello": want 4 colour numbers.*\n        \.\.\.\n.*noise 1000000$`},
	} {
		res, err := Run(context.Background(), tc.game, code(t, tc.game, tc.secret), botCmd(t, tc.bot...), tc.lim)
		var v *protocol.Violation
		if !errors.As(err, &v) {
			t.Errorf("bot %s: Run = %+v, %v; want a violation", tc.bot[0], res, err)
			continue
		}
		if !regexp.MustCompile(tc.want).MatchString(err.Error()) {
			t.Errorf("bot %s: verdict %q does not match %s", tc.bot[0], err, tc.want)
		}
	}
}

// The CPU time limit: read while the program thinks (Linux), or counted
// once it has exited.
func TestRunCPULimit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the bots' behaviours need a Unix system")
	}
	// The limit leaves room for the bot's own start (a test binary, under
	// -race too, takes some 75 ms of CPU before its first guess).
	lim := protocol.Limits{Guesses: 10, Time: 10 * time.Minute, CPU: 250 * time.Millisecond}
	// However loaded the machine, the bot has its CPU limit (read while it
	// runs, on Linux) and the game's time to use it, not the grace of 2 s.
	res, err := Run(context.Background(), classic, code(t, classic, "0000"), botCmd(t, "spin-win", "500ms"), lim)
	want := regexp.MustCompile(`^beyond the CPU time limit of 250ms: [0-9.]+ s of CPU used, (counted once the program had exited|after the code was found)$`)
	if err == nil || !want.MatchString(err.Error()) || res.CPU <= 250*time.Millisecond {
		t.Errorf("a bot burning 100ms of CPU after the last guess: %+v, %v; want %s", res, err, want)
	}
	if runtime.GOOS != "linux" {
		return
	}
	lim.CPU = 300 * time.Millisecond
	start := time.Now()
	_, err = Run(context.Background(), classic, code(t, classic, "0000"), botCmd(t, "spin"), lim)
	want = regexp.MustCompile(`^guess 1: beyond the CPU time limit of 300ms: [0-9.]+ s of CPU used$`)
	if err == nil || !want.MatchString(err.Error()) {
		t.Errorf("a bot spinning for ever: %v; want %s", err, want)
	}
	t.Logf("the spinning bot was stopped after %v", time.Since(start))
}

// A program that cannot be run.
func TestRunMissing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-bot")
	_, err := Run(context.Background(), classic, code(t, classic, "0000"), exec.Command(missing), limits)
	want := `cannot run the program "` + missing + `": no such file or directory`
	if len(missing) > 40 {
		want = `: no such file or directory`
	}
	if err == nil || !strings.HasPrefix(err.Error(), "cannot run the program \"") || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("Run(no-such-bot) = %v, want %s", err, want)
	}
	t.Chdir(t.TempDir())
	// Check tells it before any game, as it tells a name $PATH lacks and
	// no name at all, in the system's words rather than Go's.
	for name, want := range map[string]string{
		"./no-such-bot":       `cannot run the program "./no-such-bot": no such file or directory`,
		"no-such-bot-in-path": `cannot run the program "no-such-bot-in-path": no such program in the folders of $PATH`,
		"":                    "the program's name is empty",
		"/":                   "is a directory",
	} {
		err := Check(name)
		if err == nil || !strings.HasSuffix(err.Error(), want) || strings.Contains(err.Error(), "exec") {
			t.Errorf("Check(%q) = %v, want %q", name, err, want)
		}
	}
	if err := Check("sh"); err != nil {
		t.Errorf("Check(sh) = %v", err)
	}
}

// A program slow to exit after its win (as on a busy machine) has the rest
// of its time limit to do so, not only the grace of 2 s.
func TestRunSlowExit(t *testing.T) {
	res, err := Run(context.Background(), classic, code(t, classic, "0000"), botCmd(t, "linger", "3s"), limits)
	if err != nil || res.Guesses != 1 {
		t.Errorf("a bot that exits 3 s after its win, within its 20 s: Run = %+v, %v; want the win", res, err)
	}
}

// A context that ends stops the game at once, with the context's error:
// long before the bot's minute of sleep ends (30 s is only a bound that a
// busy machine cannot reach).
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Run(ctx, classic, code(t, classic, "0000"), botCmd(t, "sleep"), limits)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 30*time.Second {
		t.Errorf("Run with a context ending after 200ms = %v after %v, want the context's error at once", err, time.Since(start))
	}
}
