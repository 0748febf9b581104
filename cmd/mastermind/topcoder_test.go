package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

// botBreaker breaks with "bot BEHAVIOUR" (bot_test.go) the games whose
// number of positions bots names, and with mastermind break the others.
func botBreaker(t *testing.T, bots map[int]string) breakerCommand {
	return func(g mastermind.Game) (*exec.Cmd, error) {
		behaviour, ok := bots[g.Positions]
		if !ok {
			return selfBreaker(g)
		}
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(self, strings.Fields(behaviour)...)
		cmd.Args[0] = "bot"
		return cmd, nil
	}
}

// failingGames are four games, the second and third played by bots that
// fail: one writes a line that is not a guess, one crashes.
func failingGames() []topcoderGame {
	return []topcoderGame{
		{Positions: 5, Colors: 6, Secret: "0 1 2 3 4"},
		{Positions: 6, Colors: 8, Secret: "0 1 2 3 4 5"},
		{Positions: 7, Colors: 5, Secret: "4 4 4 4 4 4 4"},
		{Positions: 4, Colors: 9, Secret: "8 7 0 0"},
	}
}

// A game that fails is recorded, scored 0 and named; the others are played
// and reported, and the run's status is then 1.
func TestTopcoderFailedGames(t *testing.T) {
	games := failingGames()
	breaker := botBreaker(t, map[int]string{6: "garbage", 7: "crash"})
	var out bytes.Buffer
	err := runTopcoder(games, 2, false, &out, breaker, topcoderLimits)
	text := out.String()
	t.Logf("the report:\n%s", text)
	if err == nil || exitStatus(err) != statusFailure {
		t.Fatalf("runTopcoder with two failing games = %v (status %d), want an error of status 1; report:\n%s", err, exitStatus(err), text)
	}
	if !strings.Contains(err.Error(), "2 of 4 games failed") || !strings.Contains(err.Error(), "games 2, 3") {
		t.Errorf("error %q does not say that games 2 and 3 of 4 failed", err)
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

	// As JSON: the reason per game and the count; eval --compare reads it.
	games = failingGames()
	out.Reset()
	if err := runTopcoder(games, 1, true, &out, breaker, topcoderLimits); err == nil {
		t.Errorf("runTopcoder --json with failing games = nil, want an error")
	}
	var rep struct {
		Games []struct {
			Guesses int     `json:"guesses"`
			Score   float64 `json:"score"`
			Error   *string `json:"error"`
		} `json:"games"`
		Failed *int `json:"failed"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("the JSON report: %v\n%s", err, out.String())
	}
	if rep.Failed == nil || *rep.Failed != 2 || len(rep.Games) != 4 {
		t.Fatalf("JSON report: failed %v of %d games, want 2 of 4:\n%s", rep.Failed, len(rep.Games), out.String())
	}
	for i, g := range rep.Games {
		failed := i == 1 || i == 2
		if (g.Error != nil) != failed || failed && (*g.Error == "" || g.Score != 0) || !failed && g.Score <= 0 {
			t.Errorf("JSON game %d: error %v, score %v; want an error and score 0 just for games 2 and 3", i+1, g.Error, g.Score)
		}
	}
	dir := t.TempDir()
	newFile := filepath.Join(dir, "new.json")
	if err := os.WriteFile(newFile, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// An old report, every game solved in 10 guesses (no "error" or
	// "failed" keys, as reports were before).
	var old bytes.Buffer
	old.WriteString(`{"games":[`)
	for i, g := range games {
		if i > 0 {
			old.WriteString(",")
		}
		fmt.Fprintf(&old, `{"positions":%d,"colors":%d,"secret":%q,"guesses":10,"score":1,"cpu_seconds":0.1,"peak_rss_bytes":1000}`, g.Positions, g.Colors, g.Secret)
	}
	old.WriteString(`],"mean_score":1,"bands":[],"max_cpu_seconds":0.1,"max_peak_rss_bytes":1000}`)
	oldFile := filepath.Join(dir, "old.json")
	if err := os.WriteFile(oldFile, old.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var cmp bytes.Buffer
	if err := compareTopcoder(oldFile+","+newFile, false, &cmp); err != nil {
		t.Fatalf("--compare old,new: %v", err)
	}
	for _, want := range []string{
		`(?m)^game 2: l=6 k=8 guesses 10 -> failed score 1\.000 -> 0\.000 \(-1\.000\)$`,
		`(?m)^game 3: l=7 k=5 guesses 10 -> failed `,
		`(?m)^failed games \(scored 0\) 0 -> 2$`,
		`(?m)more in [2-4],`, // the failed games take more than any game solved
	} {
		if !regexp.MustCompile(want).MatchString(cmp.String()) {
			t.Errorf("--compare does not match %s:\n%s", want, cmp.String())
		}
	}
}

// A game whose breaker uses more CPU time than the limit fails, as at
// TopCoder (20 s there; 1 s here, against a bot that burns 1.5 s of CPU
// before its first guess, the secret). The verdict comes from CPU time
// alone, however loaded the machine: while the judge waits for the guess
// (where it can read the bot's CPU time), else once the bot has exited.
func TestTopcoderCPULimit(t *testing.T) {
	games := []topcoderGame{
		{Positions: 4, Colors: 6, Secret: "0 0 0 0"},
		{Positions: 3, Colors: 4, Secret: "0 1 2"},
	}
	lim := topcoderLimits
	lim.CPU = time.Second
	var out bytes.Buffer
	err := runTopcoder(games, 1, false, &out, botBreaker(t, map[int]string{4: "spin-guess 1500ms"}), lim)
	text := out.String()
	if err == nil || exitStatus(err) != statusFailure {
		t.Fatalf("runTopcoder with a game over the CPU limit = %v (status %d), want status 1; report:\n%s", err, exitStatus(err), text)
	}
	want := regexp.MustCompile(`(?m)^game 1: l=4 k=6 secret 0 0 0 0 failed, score 0: .*beyond the CPU time limit of 1s: [1-9]\.\d+ s of CPU used`)
	if !want.MatchString(text) {
		t.Errorf("the report does not match %s:\n%s", want, text)
	}
	if !regexp.MustCompile(`(?m)^game 2: l=3 k=4 guesses \d+ score`).MatchString(text) {
		t.Errorf("game 2, within the limits, is not reported solved:\n%s", text)
	}
}
