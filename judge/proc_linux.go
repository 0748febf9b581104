package judge

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The programs judged, and whatever they start, must not outlive their
// game. Each runs in a process group of its own, killed when the game
// ends; it also dies with the judge (Pdeathsig). A process that left the
// group (setsid, setpgid) is caught otherwise: the judge is a child
// subreaper, so such a process, once its parent is gone, becomes the
// judge's child; at the end of each game every child of the judge that is
// not a program still being judged is killed and reaped.

// ownGroup puts the program judged in a process group of its own, killed
// if the judge dies.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

var (
	subreaper sync.Once
	// programs are the processes of the programs being judged (several
	// at once when games are played in parallel): reapEscaped leaves them
	// be.
	programsMu sync.Mutex
	programs   = map[int]bool{}
)

// startProgram starts cmd and notes it as a program being judged.
func startProgram(cmd *exec.Cmd) error {
	subreaper.Do(func() { unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
	programsMu.Lock()
	defer programsMu.Unlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	programs[cmd.Process.Pid] = true
	return nil
}

// endProgram notes that cmd, waited for, is no longer judged.
func endProgram(cmd *exec.Cmd) {
	programsMu.Lock()
	defer programsMu.Unlock()
	delete(programs, cmd.Process.Pid)
}

// reapEscaped kills and reaps the judge's children that are not programs
// being judged: processes a program started that left its group and whose
// parent is gone. Their own children come to the judge in turn, so it
// repeats until none is left.
func reapEscaped() {
	programsMu.Lock()
	defer programsMu.Unlock()
	self := os.Getpid()
	for range 100 {
		found := false
		for _, pid := range childrenOf(self) {
			if programs[pid] {
				continue
			}
			found = true
			syscall.Kill(pid, syscall.SIGKILL)
			var ws syscall.WaitStatus
			syscall.Wait4(pid, &ws, 0, nil)
		}
		if !found {
			return
		}
	}
}

// childrenOf returns the processes whose parent is pid, from /proc.
func childrenOf(pid int) []int {
	dir, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	defer dir.Close()
	names, _ := dir.Readdirnames(-1)
	var kids []int
	for _, name := range names {
		p, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		if f := procStat(p); len(f) > 1 {
			if ppid, err := strconv.Atoi(string(f[1])); err == nil && ppid == pid {
				kids = append(kids, p)
			}
		}
	}
	return kids
}

// procStat returns the fields of /proc/PID/stat after the command name
// (f[0] is field 3, the state), nil if unknown.
func procStat(pid int) [][]byte {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil
	}
	// pid (comm) state ppid ...: comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return nil
	}
	return bytes.Fields(stat[i+1:])
}

// procPeakRSS returns the peak resident memory of process pid in bytes,
// its VmHWM: that of its memory since its last execve, its own.
func procPeakRSS(pid int) (int64, bool) {
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	_, rest, ok := bytes.Cut(status, []byte("\nVmHWM:"))
	if !ok {
		return 0, false
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	f := bytes.Fields(line) // "1234 kB"
	if len(f) != 2 || string(f[1]) != "kB" {
		return 0, false
	}
	kb, err := strconv.ParseInt(string(f[0]), 10, 64)
	return kb << 10, err == nil
}

// procCPU returns the CPU time, user and system, that process pid has used
// so far, with that of the children it has waited for (as its rusage will
// count them once it has exited), from /proc/PID/stat; false if unknown.
func procCPU(pid int) (time.Duration, bool) {
	f := procStat(pid)
	if len(f) < 15 {
		return 0, false
	}
	var ticks int64
	for _, s := range f[11:15] { // utime, stime, cutime, cstime: fields 14 to 17
		n, err := strconv.ParseInt(string(s), 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += n
	}
	return time.Duration(ticks) * (time.Second / userHZ), true
}

// userHZ is the unit of the times in /proc/PID/stat, the kernel's USER_HZ:
// 100 on every architecture Go runs Linux on.
const userHZ = 100

// peakRSS returns the peak resident memory in bytes of a process that has
// ended, from its rusage (Linux counts KiB).
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10
	}
	return 0
}
