//go:build unix

package judge

import (
	"os/exec"
	"syscall"
)

// kill stops the program judged and its process group.
func kill(cmd *exec.Cmd) { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
