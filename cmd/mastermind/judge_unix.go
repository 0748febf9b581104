//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup puts the program judged in a process group of its own, so that
// kill stops its children too.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// kill stops the program judged and its children.
func kill(cmd *exec.Cmd) { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

// resourceUsage returns the CPU seconds (user and system) and the peak resident
// memory in bytes of a process that has ended.
func resourceUsage(ps *os.ProcessState) (float64, int64) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return ps.UserTime().Seconds() + ps.SystemTime().Seconds(), 0
	}
	return ps.UserTime().Seconds() + ps.SystemTime().Seconds(), maxRSS(ru)
}
