//go:build !unix

package bot

import (
	"errors"
	"sync/atomic"
	"time"
)

var errUnix = errors.New("this behaviour needs a Unix system")

func hangUp(pid int) error                           { return errUnix }
func escape() error                                  { return errUnix }
func running(pid int) bool                           { return false }
func runWithBadOutput(how string, args []string) int { return 2 }

// SpinCPU burns CPU for d of wall-clock time, so at most d of CPU time
// (which is not read here).
func SpinCPU(d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); {
		s := 0
		for i := 0; i < 1_000_000; i++ {
			s += i
		}
		spun.Add(int64(s))
	}
}

// spun keeps SpinCPU's loop from being optimized away.
var spun atomic.Int64
