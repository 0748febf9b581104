//go:build !unix

package main

import (
	"os"
	"os/exec"
	"time"
)

func ownGroup(cmd *exec.Cmd) {}

func kill(cmd *exec.Cmd) { cmd.Process.Kill() }

func startProgram(cmd *exec.Cmd) error { return cmd.Start() }

func endProgram(cmd *exec.Cmd) {}

func reapEscaped() {}

func procPeakRSS(pid int) (int64, bool) { return 0, false }

// procCPU does not know the CPU time of a process that runs on this system:
// the judge counts it once the process has exited.
func procCPU(pid int) (time.Duration, bool) { return 0, false }

// resourceUsage returns the CPU seconds of a process that has ended; the peak
// resident memory is not measured on this system.
func resourceUsage(ps *os.ProcessState, sampled int64) (float64, int64) {
	return ps.UserTime().Seconds() + ps.SystemTime().Seconds(), sampled
}
