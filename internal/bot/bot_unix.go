//go:build unix

package bot

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// hangUp sends SIGHUP to process pid.
func hangUp(pid int) error { return syscall.Kill(pid, syscall.SIGHUP) }

// escape writes the judge's process id (the bot's parent) to judge.pid and
// the bot's to bot.pid, then starts "bot sleep" in a session of its own,
// which leaves the bot's process group and holds the bot's output open,
// and writes its id to child.pid.
func escape() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	child := exec.Command(self, "sleep")
	child.Args[0] = "bot"
	child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	child.Stdout, child.Stderr = os.Stdout, os.Stderr // it holds the bot's output open
	if err := child.Start(); err != nil {
		return err
	}
	for name, pid := range map[string]int{"judge.pid": os.Getppid(), "bot.pid": os.Getpid(), "child.pid": child.Process.Pid} {
		if err := os.WriteFile(name, []byte(strconv.Itoa(pid)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// runWithBadOutput runs the command args (mastermind or bot: this test
// binary) with standard output to /dev/full ("devfull") or to a pipe whose
// reading end is closed ("closedpipe"), and returns its exit status
// (128 + the signal when a signal ended it).
func runWithBadOutput(how string, args []string) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bot:", err)
		return 2
	}
	cmd := exec.Command(self, args[1:]...)
	cmd.Args[0] = args[0]
	cmd.Stdin, cmd.Stderr = os.Stdin, os.Stderr
	switch how {
	case "devfull":
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			return 2
		}
		cmd.Stdout = full
	default:
		r, w, err := os.Pipe()
		if err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			return 2
		}
		r.Close()
		cmd.Stdout = w
	}
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bot:", err)
		return 2
	}
	return 0
}

// running reports whether process pid exists and is not a zombie.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc: alive as far as kill can tell
	}
	_, after, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(after, "Z")
}

// SpinCPU burns d of the process's CPU time (user and system).
func SpinCPU(d time.Duration) {
	cpu := func() time.Duration {
		var u syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &u)
		return time.Duration(u.Utime.Nano() + u.Stime.Nano())
	}
	for end := cpu() + d; cpu() < end; {
		s := 0
		for i := 0; i < 1_000_000; i++ {
			s += i
		}
		spun.Add(int64(s))
	}
}

// spun keeps SpinCPU's loop from being optimized away.
var spun atomic.Int64
