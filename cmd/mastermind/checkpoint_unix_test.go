//go:build unix

package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// --checkpoint on a FIFO, or on /dev/stdout into a pipe, is refused at
// once, status 2 (issue 68: the first waited forever to open the FIFO, the
// second to read its own output, and neither ended on SIGTERM). The
// command runs apart, with a deadline that only tells a hang.
func TestOptimalCheckpointNotAPipe(t *testing.T) {
	path, err := exec.LookPath("mastermind")
	if err != nil {
		t.Skipf("no mastermind command on $PATH: %v", err)
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "ckpt.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	for _, mode := range [][]string{nil, {"--exact-below", "3"}, {"--prove", "1s"}} {
		for _, name := range []string{fifo, "/dev/stdout"} {
			args := append([]string{"optimal", "-p", "2", "-c", "3", "--checkpoint", name}, mode...)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang detector
			cmd := exec.CommandContext(ctx, path, args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr // a pipe to the test
			cmd.Run()
			hung := ctx.Err() != nil
			cancel()
			want := "mastermind optimal: --checkpoint " + name + ": a pipe, not a regular file: a checkpoint is read back and replaced (give the path of a file, or of a new one)\n"
			switch {
			case hung:
				t.Errorf("mastermind %v: still running after 2 minutes", args)
			case cmd.ProcessState.ExitCode() != 2 || stderr.String() != want || stdout.Len() > 0:
				t.Errorf("mastermind %v: status %d, stderr %q, stdout %q; want 2, %q", args, cmd.ProcessState.ExitCode(), stderr.String(), stdout.String(), want)
			}
		}
	}
}
