//go:build !unix

package cputime

import "time"

// Process returns the time since the program started, in place of the CPU
// time the process has used.
func Process() time.Duration { return time.Since(start) }
