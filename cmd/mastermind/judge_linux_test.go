package main

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// TestProcCPU checks the CPU time that /proc tells of a process against the
// process's own rusage (itself and the children it waited for), after it
// has burnt at least 300 ms of CPU: they agree within a few clock ticks.
func TestProcCPU(t *testing.T) {
	spinCPU(300 * time.Millisecond)
	got, ok := procCPU(os.Getpid())
	want := time.Duration(0)
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var u syscall.Rusage
		if err := syscall.Getrusage(who, &u); err != nil {
			t.Fatal(err)
		}
		want += time.Duration(u.Utime.Nano() + u.Stime.Nano())
	}
	if d := got - want; !ok || d < -50*time.Millisecond || d > 50*time.Millisecond {
		t.Errorf("procCPU(self) = %v, %v; rusage %v", got, ok, want)
	}
	if _, ok := procCPU(-1); ok {
		t.Errorf("procCPU(-1) is known")
	}
}
