package topcoder

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/bot"
)

// TestMain runs this test binary as a breaker, package bot, when it is
// started under the name "bot".
func TestMain(m *testing.M) { bot.Run(m) }

// botBreaker breaks with "bot BEHAVIOUR" (package bot) the games whose
// number of positions bots names, and with "bot first l k" the others.
func botBreaker(t *testing.T, bots map[int]string) func(mastermind.Game) (*exec.Cmd, error) {
	return func(g mastermind.Game) (*exec.Cmd, error) {
		behaviour, ok := bots[g.Positions]
		if !ok {
			behaviour = fmt.Sprintf("first %d %d", g.Positions, g.Colors)
		}
		return bot.Command(strings.Fields(behaviour)...)
	}
}

// failingGames are four games, the second and third played by bots that
// fail: one writes a line that is not a guess, one crashes.
func failingGames(t *testing.T) []Case {
	var cases []Case
	for _, c := range []struct {
		l, k   int
		secret string
	}{{5, 6, "0 1 2 3 4"}, {6, 8, "0 1 2 3 4 5"}, {7, 5, "4 4 4 4 4 4 4"}, {4, 9, "8 7 0 0"}} {
		g := mastermind.Game{Positions: c.l, Colors: c.k}
		secret, err := g.ParseCode(c.secret)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, Case{g, secret})
	}
	return cases
}

// play plays cases as eval --topcoder does, and returns the text report
// and the error.
func play(t *testing.T, cases []Case, o Options) (string, *Report, error) {
	var out strings.Builder
	o.Played = func(n int, g Game) error {
		_, err := fmt.Fprintln(&out, g.Line(n))
		return err
	}
	rep, err := Play(context.Background(), cases, o)
	if err != nil {
		return out.String(), nil, err
	}
	if err := rep.WriteSummary(&out); err != nil {
		t.Fatal(err)
	}
	return out.String(), rep, rep.Failures()
}

// A game that fails is recorded, scored 0 and named; the others are played
// and reported, and Failures then names the failed games.
func TestPlayFailedGames(t *testing.T) {
	breaker := botBreaker(t, map[int]string{6: "garbage", 7: "crash"})
	text, _, err := play(t, failingGames(t), Options{Breaker: breaker, Jobs: 2, Limits: Limits()})
	t.Logf("the report:\n%s", text)
	if err == nil || !strings.Contains(err.Error(), "2 of 4 games failed") || !strings.Contains(err.Error(), "games 2, 3") {
		t.Errorf("error %v does not say that games 2 and 3 of 4 failed", err)
	}
	// The failed games, named with l, k and the reason.
	for _, want := range []string{
		`(?m)^game 2: l=6 k=8 secret 0 1 2 3 4 5 failed, score 0: guess 1: "hello": want 6 colour numbers`,
		`(?m)^game 3: l=7 k=5 secret 4 4 4 4 4 4 4 failed, score 0: output ended before the first guess; the program failed: exit status 2\n(.*\n)*.*panic: bot crashed`,
	} {
		if !regexp.MustCompile(want).MatchString(text) {
			t.Errorf("the report does not match %s:\n%s", want, text)
		}
	}
	// The games solved, each with its score l*log2(k)/guesses, worked out
	// here from the guesses reported.
	line := regexp.MustCompile(`(?m)^game (\d): l=(\d+) k=(\d+) guesses (\d+) score ([0-9.]+) `)
	solved := line.FindAllStringSubmatch(text, -1)
	if len(solved) != 2 || solved[0][1] != "1" || solved[1][1] != "4" {
		t.Fatalf("want games 1 and 4 solved, in order; report:\n%s", text)
	}
	total := 0.0
	for _, m := range solved {
		l, _ := strconv.Atoi(m[2])
		k, _ := strconv.Atoi(m[3])
		guesses, _ := strconv.Atoi(m[4])
		score, _ := strconv.ParseFloat(m[5], 64)
		want := float64(l) * math.Log2(float64(k)) / float64(guesses)
		if math.Abs(score-want) > 0.0005 {
			t.Errorf("game %s: score %v, want %.3f", m[1], score, want)
		}
		total += want
	}
	summary := fmt.Sprintf("games 4 (2 failed, scored 0), mean score %.3f", total/4)
	if !strings.Contains(text, summary) {
		t.Errorf("the report lacks %q:\n%s", summary, text)
	}

	// As JSON: the reason per game and the count; ReadReport reads it.
	_, rep, _ := play(t, failingGames(t), Options{Breaker: breaker, Jobs: 1, Limits: Limits()})
	newJSON, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Games []struct {
			Guesses int     `json:"guesses"`
			Score   float64 `json:"score"`
			Error   *string `json:"error"`
		} `json:"games"`
		Failed *int `json:"failed"`
	}
	if err := json.Unmarshal(newJSON, &got); err != nil {
		t.Fatalf("the JSON report: %v\n%s", err, newJSON)
	}
	if got.Failed == nil || *got.Failed != 2 || len(got.Games) != 4 {
		t.Fatalf("JSON report: failed %v of %d games, want 2 of 4:\n%s", got.Failed, len(got.Games), newJSON)
	}
	for i, g := range got.Games {
		failed := i == 1 || i == 2
		if (g.Error != nil) != failed || failed && (*g.Error == "" || g.Score != 0) || !failed && g.Score <= 0 {
			t.Errorf("JSON game %d: error %v, score %v; want an error and score 0 just for games 2 and 3", i+1, g.Error, g.Score)
		}
	}
	// An old report, every game solved in 10 guesses (no "error" or
	// "failed" keys, as reports were before).
	var old bytes.Buffer
	old.WriteString(`{"games":[`)
	for i, c := range failingGames(t) {
		if i > 0 {
			old.WriteString(",")
		}
		fmt.Fprintf(&old, `{"positions":%d,"colors":%d,"secret":"%v","guesses":10,"score":1,"cpu_seconds":0.1,"peak_rss_bytes":1000}`, c.Game.Positions, c.Game.Colors, c.Secret)
	}
	old.WriteString(`],"mean_score":1,"bands":[],"max_cpu_seconds":0.1,"max_peak_rss_bytes":1000}`)
	oldRep, err := ReadReport(&old)
	if err != nil {
		t.Fatalf("ReadReport(old): %v", err)
	}
	newRep, err := ReadReport(bytes.NewReader(newJSON))
	if err != nil {
		t.Fatalf("ReadReport(new): %v", err)
	}
	c, err := Compare(oldRep, newRep, "old", "new")
	if err != nil {
		t.Fatalf("Compare(old, new): %v", err)
	}
	var cmp strings.Builder
	if err := c.WriteText(&cmp); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`(?m)^game 2: l=6 k=8 guesses 10 -> failed score 1\.000 -> 0\.000 \(-1\.000\)$`,
		`(?m)^game 3: l=7 k=5 guesses 10 -> failed `,
		`(?m)^failed games \(scored 0\) 0 -> 2$`,
		`(?m)more in [2-4],`, // the failed games take more than any game solved
	} {
		if !regexp.MustCompile(want).MatchString(cmp.String()) {
			t.Errorf("the comparison does not match %s:\n%s", want, cmp.String())
		}
	}
}

// A game whose breaker uses more CPU time than the limit fails, as at
// TopCoder (20 s there; 1 s here, against a bot that burns 1.5 s of CPU
// before its first guess, the secret). The verdict comes from CPU time
// alone, however loaded the machine: while the judge waits for the guess
// (where it can read the bot's CPU time), else once the bot has exited.
func TestPlayCPULimit(t *testing.T) {
	g := mastermind.Game{Positions: 4, Colors: 6}
	cases := []Case{{g, mastermind.Code{0, 0, 0, 0}}, {mastermind.Game{Positions: 3, Colors: 4}, mastermind.Code{0, 1, 2}}}
	lim := Limits()
	lim.CPU = time.Second
	text, _, err := play(t, cases, Options{Breaker: botBreaker(t, map[int]string{4: "spin-guess 1500ms"}), Jobs: 1, Limits: lim})
	if err == nil {
		t.Fatalf("Play with a game over the CPU limit: no failure; report:\n%s", text)
	}
	want := regexp.MustCompile(`(?m)^game 1: l=4 k=6 secret 0 0 0 0 failed, score 0: .*beyond the CPU time limit of 1s: [1-9]\.\d+ s of CPU used`)
	if !want.MatchString(text) {
		t.Errorf("the report does not match %s:\n%s", want, text)
	}
	if !regexp.MustCompile(`(?m)^game 2: l=3 k=4 guesses \d+ score`).MatchString(text) {
		t.Errorf("game 2, within the limits, is not reported solved:\n%s", text)
	}
}

// A context that ends stops the evaluation with its error: no report.
func TestPlayInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cases := slices.Repeat(failingGames(t)[:1], 20)
	n := 0
	rep, err := Play(ctx, cases, Options{Breaker: botBreaker(t, map[int]string{5: "pause 100ms"}), Jobs: 2, Limits: Limits(),
		Played: func(int, Game) error {
			if n++; n == 3 {
				cancel()
			}
			return nil
		}})
	if !errors.Is(err, context.Canceled) || rep != nil || n > 4 {
		t.Errorf("Play cancelled after 3 games = %v, %v after %d games; want the context's error at once", rep, err, n)
	}
}
