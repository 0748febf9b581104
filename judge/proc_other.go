//go:build !linux

package judge

import (
	"os/exec"
	"time"
)

// Elsewhere than on Linux, processes that left the program's group are not
// followed, and what a process uses is known once it has exited.

func startProgram(cmd *exec.Cmd) error { return cmd.Start() }

func endProgram(cmd *exec.Cmd) {}

func reapEscaped() {}

func procPeakRSS(pid int) (int64, bool) { return 0, false }

func procCPU(pid int) (time.Duration, bool) { return 0, false }
