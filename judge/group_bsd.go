//go:build unix && !linux

package judge

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup puts the program judged in a process group of its own, so that
// kill stops its children too.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// peakRSS returns the peak resident memory in bytes of a process that has
// ended, from its rusage (BSDs and macOS count bytes).
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return 0
}
