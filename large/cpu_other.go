//go:build !unix

package large

import "time"

// cpuTime returns the time since the program started, in place of the CPU
// time the process has used.
func cpuTime() time.Duration { return time.Since(processStart) }
