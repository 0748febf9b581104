//go:build unix

package play

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// ignoredAtStart are the signals the process started ignoring (nohup),
// read before anything notifies them: a signal notified and stopped is no
// longer told as ignored.
var ignoredAtStart = map[os.Signal]bool{
	syscall.SIGINT:  signal.Ignored(syscall.SIGINT),
	syscall.SIGTERM: signal.Ignored(syscall.SIGTERM),
}

// End ends the process as e's signal would have ended it had the board
// not heard it (Ctrl-C is SIGINT on a terminal in raw mode): killed by
// it. Run has restored the terminal by then. It returns only for a signal
// the process ignored from the start; the caller then ends as interrupted.
func (e *Stopped) End() {
	s, ok := e.Signal.(syscall.Signal)
	if !ok || ignoredAtStart[e.Signal] {
		return
	}
	signal.Reset(s)
	syscall.Kill(os.Getpid(), s)
	time.Sleep(time.Second) // the signal ends the process before
}
