package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
			// A search with a checkpoint is meant to be long: no warning.
			if strings.Contains(stderr.String(), "warning") {
				t.Errorf("%v with --checkpoint: stderr %q, want no warning", tt.game, stderr)
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

// TestOptimalWarnsBeyondReach starts the exact search of Super Mastermind
// (32768 codes, years of CPU) without --checkpoint: before it searches it
// must say on stderr that the search is unlikely to finish, suggest
// --exact-below, and say that Ctrl-C stops it; then Ctrl-C must (status 1,
// nothing on stdout).
func TestOptimalWarnsBeyondReach(t *testing.T) {
	path, err := exec.LookPath("mastermind")
	if err != nil {
		t.Skipf("no mastermind command on $PATH: %v", err)
	}
	cmd := exec.Command(path, "optimal", "--game", "super")
	cmd.Dir = t.TempDir()
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	// The warning, read until its last line: the search has then begun.
	// Without it, the search would run on: 30 s is a hang detector.
	var warning strings.Builder
	read := make(chan bool)
	go func() {
		in := bufio.NewScanner(pipe)
		for in.Scan() {
			warning.WriteString(in.Text() + "\n")
			if strings.Contains(in.Text(), "Ctrl-C") {
				read <- true
				return
			}
		}
		read <- false
	}()
	select {
	case <-read:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-read
		t.Fatalf("no warning within 30 s of starting the search; stderr: %q", warning.String())
	}
	for _, want := range []string{
		"mastermind optimal: warning: super has 32768 codes, more than the exact search has",
		"--exact-below N",
		"mastermind optimal --game super --exact-below 160 --first 00112",
		"--checkpoint FILE",
		"Ctrl-C stops it and prints the bounds proven so far",
	} {
		if !strings.Contains(warning.String(), want) {
			t.Errorf("stderr before the search:\n%s\nwant %q in it", warning.String(), want)
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	rest, _ := io.ReadAll(pipe)
	cmd.Wait()
	// Stopped this early, before the search began to prove, it gives the
	// bound of the count of secrets alone.
	stopped := regexp.MustCompile(`^mastermind optimal: interrupted; proven: the optimal total is at least [0-9]+\n$`)
	if code := cmd.ProcessState.ExitCode(); code != 1 || !stopped.Match(rest) || stdout.Len() > 0 {
		t.Errorf("after Ctrl-C: status %d, stderr %q, stdout %q; want status 1, interrupted, no output", code, rest, stdout.String())
	}
}

// runOptimalIn runs mastermind optimal with args in this process.
func runOptimalIn(args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(context.Background(), append([]string{"optimal"}, args...), strings.NewReader(""), &out, &errOut)
	return status, out.String(), errOut.String()
}

// The files optimal reads are bounded (issue 45: a gzip of gigabytes of
// spaces or /dev/zero, as --fit's tree or as --checkpoint, died with "out
// of memory"): status 2, naming the file and the bound.
func TestOptimalBoundedReads(t *testing.T) {
	dir := t.TempDir()
	spaces := filepath.Join(dir, "spaces.json.gz")
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	z.Write(bytes.Repeat([]byte(" "), 3<<20))
	z.Close()
	if err := os.WriteFile(spaces, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-p", "2", "-c", "3", "--max-depth", "3", "--fit", spaces}, "mastermind optimal: --fit " + spaces + ": more than 1MB, the most a tree of 2 positions, 3 colours holds uncompressed\n"},
		{[]string{"-p", "2", "-c", "3", "--max-depth", "3", "--fit", "/dev/zero"}, "mastermind optimal: --fit /dev/zero: more than 1MB, the most a tree of 2 positions, 3 colours holds\n"},
		{[]string{"-p", "2", "-c", "3", "--checkpoint", "/dev/zero"}, "mastermind optimal: /dev/zero: not a checkpoint of mastermind optimal (left unchanged; remove it to start over)\n"},
		{[]string{"-p", "2", "-c", "3", "--exact-below", "3", "--checkpoint", "/dev/zero"}, "mastermind optimal: /dev/zero: not a checkpoint of mastermind optimal (left unchanged; remove it to start over)\n"},
	} {
		status, stdout, stderr := runOptimalIn(tt.args...)
		if status != 2 || stderr != tt.want || stdout != "" {
			t.Errorf("optimal %v: status %d, stderr %q, stdout %q; want 2, %q", tt.args, status, stderr, stdout, tt.want)
		}
	}
}

// A checkpoint that cannot be saved does not end the search (issue 45: it
// exited 1 after the first failed save, the work lost, naming the
// temporary file): a warning naming the checkpoint, once, and the search
// goes on until stopped, then prints the bound it proved, saying that it
// could not save it. (5 positions of 7 colours: hours of search.)
func TestOptimalCheckpointUnsaved(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	os.Mkdir(dir, 0o755)
	ckpt := filepath.Join(dir, "5x7.ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"optimal", "-p", "5", "-c", "7", "--checkpoint", ckpt, "--save-every", "10ms"}, strings.NewReader(""), &stdout, &stderr)
	}()
	// Once the first checkpoint is saved, its folder goes; ten saves
	// later, the search is stopped. 60 s is a hang detector.
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(ckpt); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			<-done
			t.Fatalf("no checkpoint saved within 60 s; stderr %q", stderr.String())
		}
	}
	// A save may put its temporary file in the folder as it goes: again.
	for _, err := os.Stat(dir); err == nil; _, err = os.Stat(dir) {
		os.RemoveAll(dir)
	}
	time.Sleep(100 * time.Millisecond)
	cancel()
	status := <-done
	warning := "mastermind optimal: warning: cannot save the checkpoint " + ckpt + ": "
	stopped := "mastermind optimal: interrupted; proven: the optimal total is at least "
	if status != 1 || strings.Count(stderr.String(), warning) != 1 || !strings.Contains(stderr.String(), stopped) ||
		!strings.HasSuffix(stderr.String(), "; the results so far could not be saved in "+ckpt+"\n") || strings.Contains(stderr.String(), ".5x7.ckpt.") {
		t.Errorf("a checkpoint whose folder went: status %d, stderr %q; want 1, one warning naming %s, the bound", status, stderr.String(), ckpt)
	}
}
