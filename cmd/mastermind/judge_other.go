//go:build !unix

package main

import (
	"os"
	"os/exec"
)

func ownGroup(cmd *exec.Cmd) {}

func kill(cmd *exec.Cmd) { cmd.Process.Kill() }

// resourceUsage returns the CPU seconds of a process that has ended; the peak
// resident memory is not measured on this system.
func resourceUsage(ps *os.ProcessState) (float64, int64) {
	return ps.UserTime().Seconds() + ps.SystemTime().Seconds(), 0
}
