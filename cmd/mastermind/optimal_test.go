package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// startOptimal starts the mastermind command (the test binary under that
// name, which testscript puts on $PATH) with args, in dir.
func startOptimal(t *testing.T, dir string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	path, err := exec.LookPath("mastermind")
	if err != nil {
		t.Skipf("no mastermind command on $PATH: %v", err)
	}
	cmd := exec.Command(path, append([]string{"optimal"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// TestOptimalStopsOnSignal interrupts searches early in their longest
// phases, Super Mastermind (32768 codes, whose first guesses alone take
// minutes) and 5 positions of 7 colours, with SIGINT and SIGTERM, once
// they have saved a checkpoint (so that they have begun, whatever the
// machine's speed): each must end within seconds of CPU (20 s; read from
// /proc where there is one: the wall clock depends on the machine's load,
// and 5 minutes of it is only a hang detector) with status 1, saying so,
// and leave a checkpoint that a later run accepts.
func TestOptimalStopsOnSignal(t *testing.T) {
	// Four runs of large games, 8 s of CPU. In the fast lane: optimal stops
	// on SIGHUP (TestSignals) and SIGINT (TestOptimalWarnsBeyondReach),
	// by its context with a checkpoint (TestOptimalCheckpointUnsaved).
	testkit.Long(t)
	for _, tt := range []struct {
		game []string
		sig  syscall.Signal
	}{
		{[]string{"--game", "super"}, syscall.SIGINT},
		{[]string{"-p", "5", "-c", "7"}, syscall.SIGTERM},
	} {
		dir := t.TempDir()
		ckpt := filepath.Join(dir, "run.ckpt")
		cmd, stderr := startOptimal(t, dir, append(tt.game, "--checkpoint", ckpt, "--save-every", "50ms")...)
		waitFor(t, cmd, ckpt)
		before, measured := procCPU(cmd.Process.Pid)
		cmd.Process.Signal(tt.sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if d := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime() - before; measured && d > 20*time.Second {
				t.Errorf("%v after %v: stopped after %v of CPU", tt.game, tt.sig, d)
			}
			if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("%v after %v: %v, stderr %q; want status 1, interrupted", tt.game, tt.sig, err, stderr)
			}
			// A search with a checkpoint is meant to be long: no warning.
			if strings.Contains(stderr.String(), "warning") {
				t.Errorf("%v with --checkpoint: stderr %q, want no warning", tt.game, stderr)
			}
		case <-time.After(5 * time.Minute):
			cmd.Process.Kill()
			<-done
			t.Fatalf("%v: still running 5 minutes after %v", tt.game, tt.sig)
		}
		if _, err := os.Stat(ckpt); err != nil {
			t.Errorf("%v: no checkpoint: %v", tt.game, err)
		}
		// The checkpoint is accepted: the run goes on, saving it anew,
		// until stopped again.
		saved, _ := os.Stat(ckpt)
		cmd, stderr = startOptimal(t, dir, append(tt.game, "--checkpoint", ckpt, "--save-every", "50ms")...)
		waitForNew(t, cmd, ckpt, saved)
		cmd.Process.Signal(syscall.SIGINT)
		if err := cmd.Wait(); cmd.ProcessState.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("%v, resumed: %v, stderr %q; want status 1, interrupted", tt.game, err, stderr)
		}
	}
}

// TestOptimalResumes interrupts 4 positions of 7 colours (Ville 2013:
// 11228) while it saves checkpoints often, runs it again from the
// checkpoint, and compares the tree with an uninterrupted run's.
func TestOptimalResumes(t *testing.T) {
	testkit.Long(t) // takes a few seconds
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "4x7.ckpt")
	game := []string{"-p", "4", "-c", "7"}
	var saved os.FileInfo
	for range 2 {
		// Stopped once it has saved (anew, the second time): interrupted,
		// or finished if the machine is fast.
		cmd, _ := startOptimal(t, dir, append(game, "--checkpoint", ckpt, "--save-every", "20ms", "--out", "resumed.json")...)
		waitForNew(t, cmd, ckpt, saved)
		cmd.Process.Signal(syscall.SIGINT)
		cmd.Wait()
		saved, _ = os.Stat(ckpt)
	}
	for _, args := range [][]string{{"--checkpoint", ckpt, "--out", "resumed.json"}, {"--out", "whole.json"}} {
		cmd, stderr := startOptimal(t, dir, append(game, args...)...)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%v: %v, %s", args, err, stderr)
		}
	}
	resumed, _ := os.ReadFile(filepath.Join(dir, "resumed.json"))
	whole, _ := os.ReadFile(filepath.Join(dir, "whole.json"))
	if len(whole) == 0 || !bytes.Equal(resumed, whole) {
		t.Errorf("the resumed search's tree (%d bytes) differs from the whole search's (%d bytes)", len(resumed), len(whole))
	}
}

// TestOptimalWarnsBeyondReach starts the exact search of Super Mastermind
// (32768 codes, years of CPU) without --checkpoint: before it searches it
// must say on stderr that the search is unlikely to finish, suggest
// --exact-below, and say that Ctrl-C stops it; then Ctrl-C must (status 1,
// nothing on stdout).
func TestOptimalWarnsBeyondReach(t *testing.T) {
	path, err := exec.LookPath("mastermind")
	if err != nil {
		t.Skipf("no mastermind command on $PATH: %v", err)
	}
	cmd := exec.Command(path, "optimal", "--game", "super")
	cmd.Dir = t.TempDir()
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	// The warning, read until its last line: the search has then begun.
	// Without it, the search would run on: 5 minutes is a hang detector.
	var warning strings.Builder
	read := make(chan bool)
	go func() {
		in := bufio.NewScanner(pipe)
		for in.Scan() {
			warning.WriteString(in.Text() + "\n")
			if strings.Contains(in.Text(), "Ctrl-C") {
				read <- true
				return
			}
		}
		read <- false
	}()
	select {
	case <-read:
	case <-time.After(5 * time.Minute):
		cmd.Process.Kill()
		<-read
		t.Fatalf("no warning within 5 minutes of starting the search; stderr: %q", warning.String())
	}
	for _, want := range []string{
		"mastermind optimal: warning: super has 32768 codes, more than the exact search has",
		"--exact-below N",
		"mastermind optimal --game super --exact-below 160 --first 00112",
		"--checkpoint FILE",
		"Ctrl-C stops it and prints the bounds proven so far",
	} {
		if !strings.Contains(warning.String(), want) {
			t.Errorf("stderr before the search:\n%s\nwant %q in it", warning.String(), want)
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	rest, _ := io.ReadAll(pipe)
	cmd.Wait()
	// Stopped this early, before the search began to prove, it gives the
	// bound of the count of secrets alone.
	stopped := regexp.MustCompile(`^mastermind optimal: interrupted; proven: the optimal total is at least [0-9]+\n$`)
	if code := cmd.ProcessState.ExitCode(); code != 1 || !stopped.Match(rest) || stdout.Len() > 0 {
		t.Errorf("after Ctrl-C: status %d, stderr %q, stdout %q; want status 1, interrupted, no output", code, rest, stdout.String())
	}
}

// procCPU is the CPU time process pid has used so far (user and system,
// from /proc/PID/stat in ticks of 1/100 s), and whether it could be read.
func procCPU(pid int) (time.Duration, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The fields after the command's name (in parentheses, which may hold
	// spaces): utime and stime are the 14th and 15th of the line.
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < 13 {
		return 0, false
	}
	var utime, stime int64
	if _, err := fmt.Sscan(f[11]+" "+f[12], &utime, &stime); err != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * (time.Second / 100), true
}

// runOptimalIn runs mastermind optimal with args in this process.
func runOptimalIn(args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(context.Background(), append([]string{"optimal"}, args...), strings.NewReader(""), &out, &errOut)
	return status, out.String(), errOut.String()
}

// The files optimal reads are bounded (issue 45: a gzip of gigabytes of
// spaces or /dev/zero, as --fit's tree or as --checkpoint, died with "out
// of memory"; issue 68: a gzip of a checkpoint's first line and header and
// then gigabytes of entries did too, read up to --memory): status 2,
// naming the file and the bound. A checkpoint of 2 positions of 3 colours
// (9 codes, fewer than the 24 of the smallest set a checkpoint keeps)
// holds no entry: its bound is its header's bytes, 86 (its first line,
// 32 bytes, five numbers of at most 10 bytes each, and a checksum of 4).
func TestOptimalBoundedReads(t *testing.T) {
	dir := t.TempDir()
	spaces := filepath.Join(dir, "spaces.json.gz")
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	z.Write(bytes.Repeat([]byte(" "), 3<<20))
	z.Close()
	if err := os.WriteFile(spaces, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The bomb: the header of a checkpoint of 2x3, then an entry (one
	// code, a bound of 1) 3 million times.
	bomb := filepath.Join(dir, "bomb.ckpt.gz")
	gz.Reset()
	z = gzip.NewWriter(&gz)
	z.Write([]byte("mastermind-optimal-checkpoint 1\n\x02\x03\x00\x00\x80\x80\x80\x80\x80\x80\x80\x01"))
	z.Write(bytes.Repeat([]byte{1, 0, 0, 0, 1, 0}, 3<<20))
	z.Close()
	if err := os.WriteFile(bomb, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	notRegular := ": a device, not a regular file: a checkpoint is read back and replaced (give the path of a file, or of a new one)\n"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-p", "2", "-c", "3", "--max-depth", "3", "--fit", spaces}, "mastermind optimal: --fit " + spaces + ": more than 1MB, the most a tree of 2 positions, 3 colours, repeats allowed holds uncompressed\n"},
		{[]string{"-p", "2", "-c", "3", "--max-depth", "3", "--fit", "/dev/zero"}, "mastermind optimal: --fit /dev/zero: more than 1MB, the most a tree of 2 positions, 3 colours, repeats allowed holds\n"},
		{[]string{"-p", "2", "-c", "3", "--checkpoint", "/dev/zero"}, "mastermind optimal: --checkpoint /dev/zero" + notRegular},
		{[]string{"-p", "2", "-c", "3", "--exact-below", "3", "--checkpoint", "/dev/zero"}, "mastermind optimal: --checkpoint /dev/zero" + notRegular},
		{[]string{"-p", "2", "-c", "3", "--checkpoint", bomb}, "mastermind optimal: " + bomb + ": more than 86 bytes, the most a checkpoint of 2 positions, 3 colours, repeats allowed holds uncompressed\n"},
		{[]string{"-p", "2", "-c", "3", "--exact-below", "3", "--checkpoint", bomb}, "mastermind optimal: " + bomb + ": more than 86 bytes, the most a checkpoint of 2 positions, 3 colours, repeats allowed holds uncompressed\n"},
	} {
		status, stdout, stderr := runOptimalIn(tt.args...)
		if status != 2 || stderr != tt.want || stdout != "" {
			t.Errorf("optimal %v: status %d, stderr %q, stdout %q; want 2, %q", tt.args, status, stderr, stdout, tt.want)
		}
	}
}

// A checkpoint that cannot be saved does not end the search (issue 45: it
// exited 1 after the first failed save, the work lost, naming the
// temporary file): a warning naming the checkpoint, once, and the search
// goes on until stopped, then prints the bound it proved, saying that it
// could not save it. (5 positions of 7 colours: hours of search.)
func TestOptimalCheckpointUnsaved(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	os.Mkdir(dir, 0o755)
	ckpt := filepath.Join(dir, "5x7.ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout bytes.Buffer
	var stderr lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"optimal", "-p", "5", "-c", "7", "--checkpoint", ckpt, "--save-every", "10ms"}, strings.NewReader(""), &stdout, &stderr)
	}()
	// Once the first checkpoint is saved, its folder goes; once a save
	// has failed (and more, likely), the search is stopped. 60 s is a
	// hang detector.
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(ckpt); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			<-done
			t.Fatalf("no checkpoint saved within 60 s; stderr %q", stderr.String())
		}
	}
	// A save may put its temporary file in the folder as it goes: again.
	for _, err := os.Stat(dir); err == nil; _, err = os.Stat(dir) {
		os.RemoveAll(dir)
	}
	warning := "mastermind optimal: warning: cannot save the checkpoint " + ckpt + ": "
	for deadline := time.Now().Add(60 * time.Second); !strings.Contains(stderr.String(), warning); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			cancel()
			<-done
			t.Fatalf("no warning within 60 s of the folder's removal; stderr %q", stderr.String())
		}
	}
	time.Sleep(100 * time.Millisecond) // more saves fail, most likely: no more warnings
	cancel()
	status := <-done
	stopped := "mastermind optimal: interrupted; proven: the optimal total is at least "
	if status != 1 || strings.Count(stderr.String(), warning) != 1 || !strings.Contains(stderr.String(), stopped) ||
		!strings.HasSuffix(stderr.String(), "; the results so far could not be saved in "+ckpt+"\n") || strings.Contains(stderr.String(), ".5x7.ckpt.") {
		t.Errorf("a checkpoint whose folder went: status %d, stderr %q; want 1, one warning naming %s, the bound", status, stderr.String(), ckpt)
	}
}

// editParts writes each of the part files, edited by edit (its results
// as JSON objects), to dir, and returns their names.
func editParts(t *testing.T, dir, name string, parts []string, edit func(part map[string]any, results []map[string]any)) []string {
	t.Helper()
	var names []string
	for i, p := range parts {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var part map[string]any
		if err := json.Unmarshal(data, &part); err != nil {
			t.Fatal(err)
		}
		var results []map[string]any
		for _, r := range part["results"].([]any) {
			results = append(results, r.(map[string]any))
		}
		edit(part, results)
		out, _ := json.Marshal(part)
		names = append(names, filepath.Join(dir, fmt.Sprintf("%s-%d.json", name, i)))
		if err := os.WriteFile(names[i], out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// A merge trusts no number it can refute cheaply (issue 51: every unit's
// total raised by 100 gave "proven: 533" for 3 positions of 4 colours,
// above the entropy strategy's 208; each set to its candidates' count,
// exact, "proven: 127", where the optimum is 206; a first guess relabelled
// was accepted; 2^40, the search's "infinite", with no depth limit gave
// "no strategy ... within 0 guesses: proven", status 1). Each is refused,
// status 2, naming the file, and nothing is said proven.
func TestOptimalMergeRefutes(t *testing.T) {
	dir := t.TempDir()
	var bounds, trees []string
	for i := range 2 {
		b, s := filepath.Join(dir, fmt.Sprintf("b%d.json", i)), filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		for _, args := range [][]string{{"--prove", "100h", "--out", b}, {"--out", s}} {
			args = append([]string{"-p", "3", "-c", "4", "--shard", fmt.Sprintf("%d/2", i)}, args...)
			if status, _, stderr := runOptimalIn(args...); status != 0 {
				t.Fatalf("optimal %v: status %d, %s", args, status, stderr)
			}
		}
		bounds, trees = append(bounds, b), append(trees, s)
	}
	if status, stdout, stderr := runOptimalIn(append([]string{"--merge"}, bounds...)...); status != 0 || stdout != "proven by the shards (their bounds checked, not proven again): the optimal total is 206\n" {
		t.Errorf("the merge of the bounds as proven: status %d, stdout %q, stderr %q; want 206", status, stdout, stderr)
	}
	each := func(f func(r map[string]any)) func(map[string]any, []map[string]any) {
		return func(_ map[string]any, rs []map[string]any) {
			for _, r := range rs {
				f(r)
			}
		}
	}
	for _, tt := range []struct {
		name  string
		parts []string
		edit  func(part map[string]any, results []map[string]any)
		want  string
	}{
		{"raised", bounds, each(func(r map[string]any) { r["total"] = r["total"].(float64) + 100 }), "the total of a strategy for its"},
		{"counts", bounds, each(func(r map[string]any) {
			r["total"], r["exact"] = r["candidates"], true
			if r["below"] != nil {
				r["total"] = 1 // a set below the first answer's part holds fewer
			}
		}), "the least any strategy reaches on its"},
		{"relabelled", bounds, each(func(r map[string]any) {
			if r["guess"] == "0 1 2" {
				r["guess"] = "0 1 3"
			}
		}), "(first guess 0 1 3, answer "},
		{"relabelled-tree", trees, each(func(r map[string]any) {
			if r["guess"] == "0 1 2" {
				r["guess"] = "0 2 1"
			}
		}), "(first guess 0 2 1, answer "},
		{"answer", bounds, each(func(r map[string]any) {
			if r["answer"] == "0 2" {
				r["answer"] = "2 0"
			}
		}), "is not the search's unit"},
		{"below", bounds, each(func(r map[string]any) {
			if b, ok := r["below"].(string); ok {
				r["below"] = strings.Replace(b, "second guess 1 2 3", "second guess 1 2 0", 1)
			}
		}), "second guess 1 2 0 ("},
		{"infinite", bounds, each(func(r map[string]any) { r["total"], r["exact"] = float64(1<<40), false }), `damaged result 1: total 1099511627776, the search's "infinite" (no strategy), for`},
	} {
		names := editParts(t, dir, tt.name, tt.parts, tt.edit)
		status, stdout, stderr := runOptimalIn(append([]string{"--merge"}, names...)...)
		if status != 2 || stdout != "" || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, tt.name+"-") || strings.Contains(stderr, "proven") {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 2, nothing proven, %q naming the file", tt.name, status, stdout, stderr, tt.want)
		}
	}
}

// waitFor polls until file name exists: the command writing it has begun
// its work (and handles signals). 120 s is a hang detector.
func waitFor(t *testing.T, cmd *exec.Cmd, name string) {
	t.Helper()
	waitForNew(t, cmd, name, nil)
}

// waitForNew polls until file name exists and is not old (written anew,
// as files.Write does, by renaming a new file over it; nil for none) or
// the command has ended.
func waitForNew(t *testing.T, cmd *exec.Cmd, name string, old os.FileInfo) {
	t.Helper()
	for deadline := time.Now().Add(120 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if fi, err := os.Stat(name); err == nil && (old == nil || !os.SameFile(fi, old)) {
			return
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no %s within 120 s", name)
		}
	}
}

// A proof shard stopped before its time (issue 51: SIGTERM after 10 s of
// --prove 300s exited 0, its part saying nothing, so that a Job counted
// an evicted pod as done) exits 1, interrupted, its part marked cut short;
// run again, it continues from its checkpoint: each unit's bound at least
// what the stopped run proved (of the units a checkpoint keeps: not split
// below the first answer, of 24 secrets or more), and a part not cut short
// once its time is up. (5 positions of 7 colours: hours of proof.)
func TestOptimalProveShardStopped(t *testing.T) {
	testkit.Long(t) // lists 68,461 units twice: half a minute, more on a busy machine
	dir := t.TempDir()
	ckpt, out := filepath.Join(dir, "b.ckpt"), filepath.Join(dir, "b.json")
	shard := []string{"-p", "5", "-c", "7", "--shard", "0/4", "--out", out, "--checkpoint", ckpt}
	cmd, stderr := startOptimal(t, dir, append(shard, "--prove", "300s", "--save-every", "50ms")...)
	waitFor(t, cmd, ckpt)
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(stderr.String(), "interrupted") || !strings.Contains(stderr.String(), "its bounds so far are in "+out+", marked cut short") {
		t.Fatalf("a proof shard stopped: status %d, stderr %q; want 1, interrupted, cut short", code, stderr)
	}
	bounds := func() (map[float64]float64, bool) {
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			CutShort bool `json:"cut_short"`
			Results  []struct {
				Unit, Total, Candidates float64
				Below                   string
			}
		}
		if err := json.Unmarshal(data, &p); err != nil {
			t.Fatal(err)
		}
		m := map[float64]float64{}
		for _, r := range p.Results {
			if r.Candidates >= 24 && r.Below == "" { // the sets a checkpoint keeps
				m[r.Unit] = r.Total
			}
		}
		return m, p.CutShort
	}
	stopped, cut := bounds()
	if !cut || len(stopped) == 0 {
		t.Fatalf("the stopped shard's part: %d units of 24 secrets or more, cut short %v; want some, cut short", len(stopped), cut)
	}
	status, stdout, errs := runOptimalIn(append(shard, "--prove", "1s")...)
	resumed, cut := bounds()
	if status != 0 || cut || !regexp.MustCompile(`(?m)^shard 0/4: \d+ of \d+ units .* bounded, `).MatchString(stdout) {
		t.Fatalf("resumed: status %d, stdout %q, stderr %q, cut short %v; want 0, not cut short", status, stdout, errs, cut)
	}
	for u, b := range stopped {
		if resumed[u] < b {
			t.Errorf("unit %v: bound %v resumed, %v before: the checkpoint's results were not used", u, resumed[u], b)
		}
	}
}

// lockedBuffer is a bytes.Buffer that a command writes while a test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
