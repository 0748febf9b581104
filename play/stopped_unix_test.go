//go:build unix

package play

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// End ends the process by the signal that stopped the board: SIGINT for
// Ctrl-C, SIGTERM; but returns for a signal ignored from the start (as
// under nohup), which would not end it. (The test binary, run again,
// is the process.)
func TestStoppedEnd(t *testing.T) {
	if sig := os.Getenv("BOARD_TEST_END"); sig != "" {
		n, _ := strconv.Atoi(sig)
		(&Stopped{syscall.Signal(n)}).End()
		fmt.Println("End returned")
		os.Exit(0)
	}
	for _, tt := range []struct {
		sig     syscall.Signal
		ignored bool
	}{
		{syscall.SIGINT, false},
		{syscall.SIGTERM, false},
		{syscall.SIGINT, true},
	} {
		trap := ""
		if tt.ignored {
			trap = fmt.Sprintf(`trap "" %d; `, tt.sig)
		}
		cmd := exec.Command("sh", "-c", trap+`exec "$0" -test.run='^TestStoppedEnd$'`, os.Args[0])
		cmd.Env = append(os.Environ(), fmt.Sprintf("BOARD_TEST_END=%d", tt.sig))
		out, err := cmd.Output()
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		switch {
		case tt.ignored && (err != nil || !strings.Contains(string(out), "End returned")):
			t.Errorf("%v ignored from the start: %v, output %q; want End to return", tt.sig, err, out)
		case !tt.ignored && (!ws.Signaled() || ws.Signal() != tt.sig):
			t.Errorf("%v: %v, output %q; want the process killed by it", tt.sig, err, out)
		}
	}
}
