package judge

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind/internal/bot"
	"github.com/mastermind-go/mastermind/protocol"
)

// TestProcCPU checks the CPU time that /proc tells of a process against the
// process's own rusage (itself and the children it waited for), after it
// has burnt at least 300 ms of CPU: they agree within a few clock ticks.
func TestProcCPU(t *testing.T) {
	bot.SpinCPU(300 * time.Millisecond)
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

// Nothing a program starts outlives its game, not even a child in a
// session of its own (Linux: the judge is a subreaper): after a verdict,
// or a win.
func TestRunReapsEscaped(t *testing.T) {
	for behaviour, secret := range map[string]string{"escape": "0000", "escape-win": "0000", "escape-quit": "5555"} {
		cmd := botCmd(t, behaviour)
		_, err := Run(context.Background(), classic, code(t, classic, secret), cmd, protocol.Limits{Guesses: 10, Time: 5 * time.Second})
		if (err == nil) != (behaviour == "escape-win") {
			t.Errorf("bot %s: %v", behaviour, err)
		}
		b, err := os.ReadFile(filepath.Join(cmd.Dir, "child.pid"))
		if err != nil {
			t.Fatalf("bot %s: %v", behaviour, err)
		}
		pid, _ := strconv.Atoi(string(b))
		if pid <= 0 || syscall.Kill(pid, 0) == nil {
			t.Errorf("bot %s: its child %d outlived the game", behaviour, pid)
		}
	}
}
