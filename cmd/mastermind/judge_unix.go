//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// kill stops the program judged and its process group.
func kill(cmd *exec.Cmd) { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

// resourceUsage returns the CPU seconds (user and system) and the peak
// resident memory in bytes of a process that has ended: sampled when
// measured while it ran (a positive value), else its rusage (which, after
// execve, may be its parent's).
func resourceUsage(ps *os.ProcessState, sampled int64) (float64, int64) {
	cpu := ps.UserTime().Seconds() + ps.SystemTime().Seconds()
	if sampled > 0 {
		return cpu, sampled
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return cpu, 0
	}
	return cpu, maxRSS(ru)
}
