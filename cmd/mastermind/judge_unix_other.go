//go:build unix && !linux

package main

import (
	"os/exec"
	"syscall"
	"time"
)

// ownGroup puts the program judged in a process group of its own, so that
// kill stops its children too.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

func startProgram(cmd *exec.Cmd) error { return cmd.Start() }

func endProgram(cmd *exec.Cmd) {}

// reapEscaped does nothing here: processes that left the program's group
// are not followed on this system.
func reapEscaped() {}

func procPeakRSS(pid int) (int64, bool) { return 0, false }

// procCPU does not know the CPU time of a process that runs on this system:
// the judge counts it once the process has exited.
func procCPU(pid int) (time.Duration, bool) { return 0, false }
