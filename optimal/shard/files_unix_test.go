//go:build unix

package shard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
)

// A checkpoint must be a regular file (or a new one): a FIFO or a pipe is
// refused at once, before it is opened (issue 68: --checkpoint FIFO waited
// forever to open it, and --checkpoint /dev/stdout into a pipe to read
// its own output; signals did not end either). A reading that hangs
// fails the test (the FIFO is then opened to release it).
func TestCheckpointNotRegular(t *testing.T) {
	space, _ := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	dir := t.TempDir()
	fifo := filepath.Join(dir, "ckpt.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	pipe := fmt.Sprintf("/proc/self/fd/%d", w.Fd()) // as /dev/stdout into a pipe
	if _, err := os.Stat(pipe); err != nil {
		pipe = ""
	}
	for _, tt := range []struct{ name, kind string }{{fifo, "a pipe"}, {pipe, "a pipe"}, {"/dev/null", "a device"}} {
		if tt.name == "" {
			continue
		}
		if err := CheckCheckpointPath(tt.name); err == nil || !strings.Contains(err.Error(), tt.kind+", not a regular file") {
			t.Errorf("CheckCheckpointPath(%s) = %v; want %s, not a regular file", tt.name, err, tt.kind)
		}
		done := make(chan error, 1)
		go func() {
			var opt optimal.Options
			done <- UseCheckpoint(&opt, tt.name, space, time.Minute)
		}()
		select {
		case err := <-done:
			var pe *fs.PathError
			if !errors.As(err, &pe) || pe.Path != tt.name || !strings.Contains(err.Error(), tt.kind+", not a regular file") {
				t.Errorf("UseCheckpoint(%s) = %v; want a *fs.PathError naming it, %s, not a regular file", tt.name, err, tt.kind)
			}
		case <-time.After(time.Minute): // a hang detector only
			if f, err := os.OpenFile(tt.name, os.O_RDWR, 0); err == nil {
				f.Close() // its reader gets an end
			}
			w.Close()
			t.Fatalf("UseCheckpoint(%s) still waiting after a minute", tt.name)
		}
	}
	// A regular file, a link to one and a new file are taken.
	file := filepath.Join(dir, "file.ckpt")
	os.WriteFile(file, nil, 0o644)
	link := filepath.Join(dir, "link.ckpt")
	os.Symlink(file, link)
	for _, name := range []string{file, link, filepath.Join(dir, "new.ckpt")} {
		if err := CheckCheckpointPath(name); err != nil {
			t.Errorf("CheckCheckpointPath(%s) = %v; want nil", name, err)
		}
	}
}
