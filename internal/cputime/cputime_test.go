package cputime

import (
	"testing"
	"time"
)

// TestProcessCountsWork checks the clock grows by about the CPU a loop
// burns: at least part of the wall time it takes, never more than the wall
// time of the loop on every processor.
func TestProcessCountsWork(t *testing.T) {
	before, wall := Process(), time.Now()
	x := 0
	for time.Since(wall) < 50*time.Millisecond {
		for i := range 1000 {
			x += i
		}
	}
	used, took := Process()-before, time.Since(wall)
	if used <= 0 || used > 4*took+10*time.Millisecond {
		t.Errorf("a loop of %v of wall time used %v of CPU (sum %d)", took, used, x)
	}
}
