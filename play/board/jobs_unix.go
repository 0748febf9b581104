//go:build unix

package board

import (
	"os"
	"os/signal"
	"syscall"

	tea "charm.land/bubbletea/v2"
)

// suspendOnStop suspends p when the process is told to stop (SIGTSTP:
// Ctrl-Z, which the board reads as a key in raw mode and sends, or kill
// -TSTP from outside), as terminal programs do: the terminal restored,
// the process stopped; when it continues (fg, SIGCONT), the terminal set
// up again and the board drawn anew (tea.Suspend does both). It does
// nothing where the stop signal is ignored (no job control). It returns a
// function that ends it.
//
// Once heard, the stop signal can no longer stop a Go process: Bubble
// Tea's own, sent to the process group once the terminal is restored, is
// heard here too, and the process group is then stopped by SIGSTOP, which
// stops it as the shell expects (fg continues it).
func suspendOnStop(p *tea.Program) (end func()) {
	if signal.Ignored(syscall.SIGTSTP) {
		return func() {}
	}
	stops := make(chan os.Signal, 2)
	signal.Notify(stops, syscall.SIGTSTP)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-stops:
			case <-done:
				return
			}
			p.Send(tea.SuspendMsg{})
			select {
			case <-stops: // Bubble Tea's: the terminal is restored
				syscall.Kill(0, syscall.SIGSTOP)
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(stops)
		close(done)
	}
}

// stopSelf is the command of Ctrl-Z: the process tells itself to stop,
// as the terminal would in line mode.
func stopSelf() tea.Msg {
	syscall.Kill(os.Getpid(), syscall.SIGTSTP)
	return nil
}
