//go:build unix

package main

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// SIGINT (Ctrl-C) stops eval --topcoder: the games in play are not
// recorded as failed, and it says it was interrupted (status 1).
func TestTopcoderInterrupted(t *testing.T) {
	cmd := mastermindCmd("eval", "--topcoder", "--games", "50", "--seed", "1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	in := bufio.NewScanner(stdout)
	if !in.Scan() { // a game played: the run is under way
		cmd.Wait()
		t.Fatalf("no game reported; stderr: %s", stderr.String())
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	var rest []string
	for in.Scan() {
		rest = append(rest, in.Text())
	}
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != statusFailure {
		t.Errorf("interrupted eval --topcoder exited %d, want 1", code)
	}
	if got := stderr.String(); got != "mastermind eval: interrupted\n" {
		t.Errorf("stderr = %q, want just that it was interrupted", got)
	}
	for _, line := range rest {
		if strings.Contains(line, "failed") || strings.HasPrefix(line, "games ") {
			t.Errorf("after the interruption it reported %q", line)
		}
	}
}
