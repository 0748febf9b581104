//go:build unix

package files

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// text writes s.
func text(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

// isLink fails t if name is not a link to target.
func isLink(t *testing.T, name, target string) {
	t.Helper()
	if got, err := os.Readlink(name); err != nil || got != target {
		t.Errorf("%s is no longer a link to %s (%q, %v)", name, target, got, err)
	}
}

// TestWriteThroughLinks: a path that is a link writes the file the link
// names (through links to links, relative ones read from the link's own
// folder, a link to a file not yet made) and stays a link (issue 59).
func TestWriteThroughLinks(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, d := range []string{"real", "links"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile("real/old.json", []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"links/abs.json":  filepath.Join(dir, "real/old.json"),
		"links/rel.json":  "../real/old.json", // read from links/, not from dir
		"links/next.json": "rel.json",         // a link to a link
		"links/new.json":  "../real/new.json", // to nothing yet
	}
	for name, target := range links {
		if err := os.Symlink(target, name); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ name, file string }{
		{"links/abs.json", "real/old.json"},
		{"links/rel.json", "real/old.json"},
		{"links/next.json", "real/old.json"},
		{"links/new.json", "real/new.json"},
	} {
		if err := CheckWritable(tt.name); err != nil {
			t.Errorf("CheckWritable(%s) = %v", tt.name, err)
		}
		if err := Write(tt.name, text("by "+tt.name)); err != nil {
			t.Errorf("Write(%s) = %v", tt.name, err)
			continue
		}
		isLink(t, tt.name, links[tt.name])
		if data, _ := os.ReadFile(tt.file); string(data) != "by "+tt.name {
			t.Errorf("after Write(%s), %s holds %q", tt.name, tt.file, data)
		}
	}
	for _, d := range []string{"real", "links"} {
		if entries, _ := os.ReadDir(d); len(entries) != map[string]int{"real": 2, "links": 4}[d] {
			t.Errorf("%s holds %d files: a temporary file left?", d, len(entries))
		}
	}
	// A link in a loop is refused, named.
	os.Symlink("loop2", "loop1")
	os.Symlink("loop1", "loop2")
	if err := CheckWritable("loop1"); err == nil || !strings.HasPrefix(err.Error(), "loop1: ") {
		t.Errorf("CheckWritable(a loop of links) = %v", err)
	}
}

// TestWriteStreams: a FIFO, a link to one and a link to a descriptor of
// the process (as /dev/stdout is) are written in place, as they are
// made, and stay what they were (issue 59: --out /dev/stdout).
func TestWriteStreams(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	link := filepath.Join(dir, "fifo-link.json")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	// The test's end of the FIFO, opened to read and write so that it
	// neither waits for a writer nor makes one wait, read without waiting.
	end, err := syscall.Open(fifo, syscall.O_RDWR|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(end)
	for _, name := range []string{fifo, link} {
		if err := CheckWritable(name); err != nil {
			t.Errorf("CheckWritable(%s) = %v", name, err)
		}
		if err := Write(name, text("through "+name)); err != nil {
			t.Errorf("Write(%s) = %v", name, err)
		}
		buf := make([]byte, 4096)
		n, _ := syscall.Read(end, buf)
		if got := string(buf[:max(n, 0)]); got != "through "+name {
			t.Errorf("the FIFO's reader got %q from Write(%s)", got, name)
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Fatalf("after Write(%s), %s is no longer a FIFO", name, fifo)
		}
	}
	isLink(t, link, fifo)

	// A link to a descriptor of the process, /proc/self/fd/N: a pipe's
	// end, written in place; the descriptor stays open.
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	stdout := filepath.Join(dir, "stdout")
	target := "/proc/self/fd/" + strconv.Itoa(int(w.Fd()))
	if err := os.Symlink(target, stdout); err != nil {
		t.Fatal(err)
	}
	if err := CheckWritable(stdout); err != nil {
		t.Errorf("CheckWritable(a link to %s) = %v", target, err)
	}
	if err := Write(stdout, text("first")); err != nil {
		t.Errorf("Write(a link to %s) = %v", target, err)
	}
	if _, err := w.WriteString(", then the process's own"); err != nil {
		t.Errorf("after Write, the descriptor cannot be written: %v", err)
	}
	w.Close()
	if data, _ := io.ReadAll(r); string(data) != "first, then the process's own" {
		t.Errorf("the pipe got %q", data)
	}
	isLink(t, stdout, target)
}

// TestCheckWritableTriesTheFolder: a folder that refuses a new file is
// told before the work, naming the path given, though its folder exists
// (issue 59): /sys refuses root too; a folder without write permission,
// any other user.
func TestCheckWritableTriesTheFolder(t *testing.T) {
	names := []string{}
	if fi, err := os.Stat("/sys"); err == nil && fi.IsDir() {
		names = append(names, "/sys/out.json")
	}
	if os.Geteuid() != 0 {
		ro := filepath.Join(t.TempDir(), "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Join(ro, "out.json"))
	}
	if len(names) == 0 {
		t.Skip("no folder that refuses this user")
	}
	for _, name := range names {
		err := CheckWritable(name)
		if err == nil || !strings.HasPrefix(err.Error(), name+" cannot be written: ") {
			t.Errorf("CheckWritable(%s) = %v, want it cannot be written", name, err)
		}
	}
}

// TestWriteGzip: a name ending in .gz is written gzipped (issue 59), and
// Decompressed reads it back; another is written as it is.
func TestWriteGzip(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"t.json.gz", "t.json"} {
		p := filepath.Join(dir, name)
		if err := Write(p, text(`{"x": 1}`)); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		_, zerr := gzip.NewReader(bytes.NewReader(data))
		if gz := zerr == nil; gz != strings.HasSuffix(name, ".gz") {
			t.Errorf("%s: gzipped %v", name, gz)
		}
		r, _, err := Decompressed(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if back, err := io.ReadAll(r); err != nil || string(back) != `{"x": 1}` {
			t.Errorf("%s read back: %q, %v", name, back, err)
		}
	}
}
