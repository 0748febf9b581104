//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// sigintIgnored reports whether the command started with SIGINT ignored
// (nohup), read before anything notifies it.
var sigintIgnored = signal.Ignored(syscall.SIGINT)

// interrupt ends the command as Ctrl-C would have ended it had the
// terminal not been in raw mode (a board of play): killed by SIGINT, after
// the terminal is restored. Where SIGINT is ignored (nohup), it returns
// errInterrupted: status 1.
func interrupt() error {
	if sigintIgnored {
		return errInterrupted
	}
	signal.Reset(syscall.SIGINT)
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	time.Sleep(time.Second) // the signal ends the process before
	return errInterrupted
}
