//go:build !linux

package batch

import "time"

// threadCPU is nil: the thread's CPU time is not known here, and Evaluate
// plays one game at a time on the process's clock.
var threadCPU func() time.Duration
