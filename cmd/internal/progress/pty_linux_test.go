package progress

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY returns the two ends of a new pseudo-terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	slave, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open the terminal: %v", err)
	}
	return master, slave
}

// TestTerminal checks that a bar is drawn on a terminal, with its count, its
// rate and the time left, and erased at the end.
func TestTerminal(t *testing.T) {
	master, slave := openPTY(t)
	defer master.Close()
	got := make(chan string)
	go func() {
		var b bytes.Buffer
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		got <- b.String()
	}()
	if !IsTerminal(slave) {
		t.Fatal("IsTerminal(pseudo-terminal) = false")
	}
	bar := New(slave, 4, "job", "steps")
	if bar == nil {
		t.Fatal("New(pseudo-terminal) = nil")
	}
	// Drawings less than throttle apart are skipped.
	time.Sleep(2 * throttle)
	bar.Add(1)
	time.Sleep(2 * throttle)
	bar.Describe("work")
	time.Sleep(2 * throttle)
	bar.Add(2)
	bar.Done()
	bar.Add(1) // after Done: nothing
	slave.Close()
	out := <-got
	for _, want := range []string{"job", "work", "(1/4, ", "(3/4, ", " steps/", "["} {
		if !strings.Contains(out, want) {
			t.Errorf("the terminal shows no %q:\n%q", want, out)
		}
	}
	if strings.Contains(out, "(4/4") {
		t.Errorf("a step after Done was drawn:\n%q", out)
	}
	// The last drawing is blanks between two carriage returns.
	if i := strings.LastIndex(out, "\r"); i != len(out)-1 || strings.TrimSpace(out[strings.LastIndex(out[:i], "\r")+1:]) != "" {
		t.Errorf("the bar was not erased at the end:\n%q", out)
	}
}
