//go:build unix

package main

import (
	"bufio"
	"io"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// ignoredAtStart are the signals this process was started ignoring (as
// under nohup), which its children inherit: read before any test, since
// a test that notifies a signal and stops makes signal.Ignored forget it.
var ignoredAtStart = map[syscall.Signal]bool{
	syscall.SIGINT: signal.Ignored(syscall.SIGINT),
	syscall.SIGHUP: signal.Ignored(syscall.SIGHUP),
}

// TestSignals: play and break, waiting for an answer, end at once on
// Ctrl-C (SIGINT) or a closed terminal (SIGHUP), by the signal, as if they
// had never looked at signals; optimal, which stops by itself, stops on
// SIGHUP too, saying so, with status 1.
func TestSignals(t *testing.T) {
	path, err := exec.LookPath("mastermind")
	if err != nil {
		t.Skipf("no mastermind command on $PATH: %v", err)
	}
	for _, tt := range []struct {
		args   []string
		sig    syscall.Signal
		killed bool // by the signal; or status 1, "interrupted"
	}{
		{[]string{"play"}, syscall.SIGINT, true},
		{[]string{"break", "--game", "classic"}, syscall.SIGINT, true},
		{[]string{"break", "--game", "classic"}, syscall.SIGHUP, true},
		{[]string{"optimal", "--game", "super"}, syscall.SIGHUP, false},
	} {
		if signal.Ignored(tt.sig) || ignoredAtStart[tt.sig] { // as under nohup: the command inherits it
			t.Logf("%v: %v is ignored here, and so in the command", tt.args, tt.sig)
			continue
		}
		cmd := exec.Command(path, tt.args...)
		stdin, err := cmd.StdinPipe() // open, and nothing comes
		if err != nil {
			t.Fatal(err)
		}
		defer stdin.Close()
		stdout, _ := cmd.StdoutPipe()
		errPipe, _ := cmd.StderrPipe()
		var stderr strings.Builder
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		errs := bufio.NewReader(errPipe)
		if tt.killed {
			// Waiting for the answer to its first guess.
			bufio.NewReader(stdout).ReadString('\n')
		} else {
			// Its warning (super is beyond the search's reach), said once
			// it listens for the signals: then it is searching.
			line, _ := errs.ReadString('\n')
			stderr.WriteString(line)
		}
		cmd.Process.Signal(tt.sig)
		done := make(chan struct{})
		go func() {
			io.Copy(&stderr, errs) // the rest, until it exits
			cmd.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(time.Minute): // a generous bound: the signal ends it at once
			cmd.Process.Kill()
			<-done
			t.Errorf("%v: still running a minute after %v", tt.args, tt.sig)
			continue
		}
		ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
		switch {
		case tt.killed && (!ws.Signaled() || ws.Signal() != tt.sig):
			t.Errorf("%v after %v: %v, stderr %q; want killed by the signal", tt.args, tt.sig, cmd.ProcessState, stderr.String())
		case !tt.killed && (ws.ExitStatus() != 1 || !strings.HasPrefix(stderr.String(), "mastermind optimal: warning:") || !strings.Contains(stderr.String(), "\nmastermind optimal: interrupted; proven: ")):
			t.Errorf("%v after %v: %v, stderr %q; want status 1, interrupted", tt.args, tt.sig, cmd.ProcessState, stderr.String())
		}
	}
}
