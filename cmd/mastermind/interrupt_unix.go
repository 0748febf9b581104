//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// ignoredSignals are the signals the command started ignoring (nohup),
// read before anything notifies them.
var ignoredSignals = map[os.Signal]bool{
	syscall.SIGINT:  signal.Ignored(syscall.SIGINT),
	syscall.SIGTERM: signal.Ignored(syscall.SIGTERM),
}

// endBy ends the command as sig would have ended it had play's board not
// heard it (Ctrl-C is SIGINT in a terminal in raw mode): killed by sig,
// once the terminal is restored. A signal ignored from the start returns
// errInterrupted: status 1.
func endBy(sig os.Signal) error {
	s, ok := sig.(syscall.Signal)
	if !ok || ignoredSignals[sig] {
		return errInterrupted
	}
	signal.Reset(s)
	syscall.Kill(os.Getpid(), s)
	time.Sleep(time.Second) // the signal ends the process before
	return errInterrupted
}
