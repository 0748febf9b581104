//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the program judged in a process group of its own, so that
// kill stops its children too.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// kill stops the program judged and its children.
func kill(cmd *exec.Cmd) { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
