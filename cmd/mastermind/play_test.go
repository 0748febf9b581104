package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// classicScore is the definition of black and white on codes of digits.
var classicScore = testkit.Score[[]byte]

// splitPrompts splits play's output into lines and prompts ("... ? "),
// so that a prompt can be answered before its line ends.
func splitPrompts(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		if j := bytes.Index(data[:i], []byte("? ")); j >= 0 {
			return j + 2, data[:j+2], nil
		}
		return i + 1, data[:i], nil
	}
	if j := bytes.Index(data, []byte("? ")); j >= 0 {
		return j + 2, data[:j+2], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

var guessPrompt = regexp.MustCompile(`^Guess (\d+): ([0-5]{4}) \? $`)

// TestPlayAsksConsistentCodes plays "mastermind play" (no strategy named)
// as the code maker for random secrets of classic, answering with an
// independent scorer, and checks that every guess could be the secret:
// it gives every earlier guess the answer the player gave.
func TestPlayAsksConsistentCodes(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 20 {
		secret := fmt.Sprintf("%d%d%d%d", r.IntN(6), r.IntN(6), r.IntN(6), r.IntN(6))
		cmd := mastermindCmd("play")
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		out := bufio.NewScanner(stdout)
		out.Split(splitPrompts)
		type turn struct {
			guess        string
			black, white int
		}
		var history []turn
		found := false
		for !found && out.Scan() {
			m := guessPrompt.FindStringSubmatch(out.Text())
			if m == nil {
				continue
			}
			guess := m[2]
			for _, h := range history {
				if b, w := classicScore([]byte(guess), []byte(h.guess)); b != h.black || w != h.white {
					t.Fatalf("secret %s: guess %s would have answered %s with %d %d, not %d %d", secret, guess, h.guess, b, w, h.black, h.white)
				}
			}
			b, w := classicScore([]byte(secret), []byte(guess))
			if b == 4 {
				fmt.Fprintln(stdin, "y")
				found = true
				break
			}
			history = append(history, turn{guess, b, w})
			if len(history) > 10 {
				t.Fatalf("secret %s: not found in 10 guesses", secret)
			}
			fmt.Fprintf(stdin, "%d %d\n", b, w)
		}
		stdin.Close()
		if err := cmd.Wait(); err != nil || !found {
			t.Fatalf("secret %s: play ended (%v) after %d guesses without finding it", secret, err, len(history))
		}
	}
}

// TestPlayDaily: play --daily, in the line dialogue, hides the daily code
// of the local date for the preset, as package daily draws it for the page.
func TestPlayDaily(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir()) // the daily is counted
	for _, game := range []string{"classic", "bulls"} {
		before := time.Now().Format("2006-01-02")
		var stdout, stderr bytes.Buffer
		status := run(context.Background(), []string{"play", "--daily", "--game", game}, strings.NewReader("giveup\n"), &stdout, &stderr)
		if after := time.Now().Format("2006-01-02"); after != before {
			t.Skipf("the date changed during the game, from %s to %s", before, after)
		}
		d, err := daily.Of(before, game)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := mastermind.Preset(game)
		want := fmt.Sprintf("The code was %s.\nMastermind %s #%d X/10\n", daily.Secret(g, d.Seed).Compact(g.Colors), game, d.Number)
		if status != 0 || !strings.HasSuffix(stdout.String(), want) {
			t.Errorf("play --daily --game %s: status %d, output ending %q, want %q (stderr %q)", game, status, stdout.String()[max(0, stdout.Len()-40):], want, stderr.String())
		}
	}
}
