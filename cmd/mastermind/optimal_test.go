package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startOptimal starts the mastermind command (the test binary under that
// name, which testscript puts on $PATH) with args, in dir.
func startOptimal(t *testing.T, dir string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	path, err := exec.LookPath("mastermind")
	if err != nil {
		t.Skipf("no mastermind command on $PATH: %v", err)
	}
	cmd := exec.Command(path, append([]string{"optimal"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// TestOptimalStopsOnSignal interrupts searches early in their longest
// phases, Super Mastermind (32768 codes, whose first guesses alone take
// minutes) and 5 positions of 7 colours, with SIGINT and SIGTERM: each must
// end within a few seconds with status 1, saying so, and leave a checkpoint
// that a later run accepts.
func TestOptimalStopsOnSignal(t *testing.T) {
	for _, tt := range []struct {
		game []string
		sig  syscall.Signal
	}{
		{[]string{"--game", "super"}, syscall.SIGINT},
		{[]string{"-p", "5", "-c", "7"}, syscall.SIGTERM},
	} {
		dir := t.TempDir()
		ckpt := filepath.Join(dir, "run.ckpt")
		cmd, stderr := startOptimal(t, dir, append(tt.game, "--checkpoint", ckpt)...)
		time.Sleep(1500 * time.Millisecond)
		cmd.Process.Signal(tt.sig)
		sent := time.Now()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if d := time.Since(sent); d > 5*time.Second {
				t.Errorf("%v after %v: stopped after %v", tt.game, tt.sig, d)
			}
			if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("%v after %v: %v, stderr %q; want status 1, interrupted", tt.game, tt.sig, err, stderr)
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatalf("%v: still running 30 s after %v", tt.game, tt.sig)
		}
		if _, err := os.Stat(ckpt); err != nil {
			t.Errorf("%v: no checkpoint: %v", tt.game, err)
		}
		// The checkpoint is accepted: the run goes on until stopped again.
		cmd, stderr = startOptimal(t, dir, append(tt.game, "--checkpoint", ckpt)...)
		time.Sleep(500 * time.Millisecond)
		cmd.Process.Signal(syscall.SIGINT)
		if err := cmd.Wait(); cmd.ProcessState.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("%v, resumed: %v, stderr %q; want status 1, interrupted", tt.game, err, stderr)
		}
	}
}

// TestOptimalResumes interrupts 4 positions of 7 colours (Ville 2013:
// 11228) while it saves checkpoints often, runs it again from the
// checkpoint, and compares the tree with an uninterrupted run's.
func TestOptimalResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("takes a few seconds")
	}
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "4x7.ckpt")
	game := []string{"-p", "4", "-c", "7"}
	for _, wait := range []time.Duration{300 * time.Millisecond, 600 * time.Millisecond} {
		cmd, _ := startOptimal(t, dir, append(game, "--checkpoint", ckpt, "--save-every", "100ms", "--out", "resumed.json")...)
		time.Sleep(wait)
		cmd.Process.Signal(syscall.SIGINT)
		cmd.Wait() // interrupted, or finished if the machine is fast
	}
	for _, args := range [][]string{{"--checkpoint", ckpt, "--out", "resumed.json"}, {"--out", "whole.json"}} {
		cmd, stderr := startOptimal(t, dir, append(game, args...)...)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%v: %v, %s", args, err, stderr)
		}
	}
	resumed, _ := os.ReadFile(filepath.Join(dir, "resumed.json"))
	whole, _ := os.ReadFile(filepath.Join(dir, "whole.json"))
	if len(whole) == 0 || !bytes.Equal(resumed, whole) {
		t.Errorf("the resumed search's tree (%d bytes) differs from the whole search's (%d bytes)", len(resumed), len(whole))
	}
}
