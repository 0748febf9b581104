// Package files reads and writes the files the commands are given: an
// output is checked before the work that makes it (its folder can be
// written, tried by making a file there), written whole or not at all, and
// never over another output; an input may be standard input.
//
// Where an output goes: a path that is a link writes the file the link
// names and keeps the link; a regular file (or a new one) is written by
// way of a temporary file beside it, renamed over it at the end; a device,
// a pipe or a descriptor of the process (/dev/stdout, /dev/null, a FIFO)
// is written as it is made, in place. A name ending in ".gz" is written
// as a gzip stream, and Decompressed reads one back.
//
// Kind: a leaf helper, importing nothing of the project (internal/README.md).
package files

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// maxLinks bounds the links followed from an output's path, as the
// kernel's 40.
const maxLinks = 40

// A place is where an output named by the user is written.
type place struct {
	path   string // the regular file to write (the path given, or the file its links name)
	stream bool   // written in place as it is made: a device, pipe or descriptor (path is the name given)
	fd     int    // with stream, the process's own descriptor that path names (/dev/stdout: 1), or -1
}

// where returns the place of the output name: its links followed one by
// one, so that a link to a file not yet made makes it, and a link into
// /proc (a descriptor, as /dev/stdout is) is the descriptor itself.
func where(name string) (place, error) {
	p := name
	for links := 0; ; links++ {
		fi, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
			return place{path: p, fd: -1}, nil // a new file: its folder is checked when made
		case err != nil:
			return place{}, err
		case fi.IsDir():
			return place{}, fmt.Errorf("%s is a folder, not a file", name)
		case fi.Mode().IsRegular():
			return place{path: p, fd: -1}, nil
		case fi.Mode()&fs.ModeSymlink == 0:
			return place{path: name, stream: true, fd: -1}, nil // a device, pipe or socket
		case links == maxLinks:
			return place{}, &fs.PathError{Op: "open", Path: name, Err: syscall.ELOOP}
		}
		// The link's folder, resolved, so that its target is read as the
		// kernel reads it (.. from the folder the link is really in).
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return place{}, err
		}
		p = filepath.Join(dir, filepath.Base(p))
		if strings.HasPrefix(p, "/proc/") {
			// A descriptor's link: its text is no path to write beside.
			return place{path: name, stream: true, fd: ownDescriptor(p)}, nil
		}
		target, err := os.Readlink(p)
		if err != nil {
			return place{}, err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(dir, target)
		}
		p = target
	}
}

// ownDescriptor returns n if p is /proc/PID/fd/n of this process, else -1.
func ownDescriptor(p string) int {
	rest, ok := strings.CutPrefix(p, "/proc/"+strconv.Itoa(os.Getpid())+"/fd/")
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// CheckWritable reports whether a file can be written at path (if there is
// one), as Write would write it: the path, or the file its links name, is
// no folder, and its folder exists and takes a new file (one is made there
// and removed, so that a read-only mount or another user's folder is told
// even to root); a device, pipe or descriptor can be opened to write.
// Commands check their output files before their work, so that a wrong
// path is told at once rather than after a long search. Its errors name
// path.
func CheckWritable(path string) error {
	if path == "" {
		return nil
	}
	pl, err := where(path)
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe):
		return fmt.Errorf("%s: %v", path, pe.Err)
	case err != nil:
		return err
	}
	if pl.stream {
		if err := checkStream(pl); err != nil {
			return fmt.Errorf("%s cannot be written: %v", path, Pathless(err))
		}
		return nil
	}
	dir := filepath.Dir(pl.path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: the folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("%s: %v", path, Pathless(err))
	case !info.IsDir():
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	}
	if err := Probe(dir); err != nil {
		return fmt.Errorf("%s cannot be written: %v, in the folder %s", path, err, dir)
	}
	return nil
}

// checkStream checks that the stream pl can be written: its descriptor
// takes a write of nothing, its device opens to write. A FIFO is not
// opened: that would wait for its reader.
func checkStream(pl place) error {
	if pl.fd >= 0 {
		f, err := descriptor(pl.fd, pl.path)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.Write(nil) // a descriptor open only to read refuses it
		return err
	}
	if fi, err := os.Stat(pl.path); err == nil && fi.Mode()&fs.ModeNamedPipe != 0 {
		return nil
	}
	f, err := os.OpenFile(pl.path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// Probe reports whether a new file can be made in the folder dir, by
// making one and removing it: the check of a folder to write in, which
// permission bits cannot make (root ignores them, a read-only mount
// refuses root too). Its error is the system's, without a path.
func Probe(dir string) error {
	f, err := os.CreateTemp(dir, ".mastermind-probe-*")
	if err != nil {
		return Pathless(err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// Pathless returns err without the path of a *fs.PathError or an
// *os.LinkError: a temporary file's or folder's, which the user never
// named, so that a message names the path the user gave instead.
func Pathless(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// Write writes the file name (see the package's doc for where): a regular
// file by way of a temporary file in its folder, renamed at the end, so
// that it appears whole or not at all and a failure leaves any earlier
// file as it was; a device, pipe or descriptor as it is made. A name
// ending in ".gz" gets write's output gzipped. Its errors of the file
// system name name (not a temporary file); write's own are as they are.
func Write(name string, write func(io.Writer) error) error {
	if strings.HasSuffix(name, ".gz") {
		write = gzipped(write)
	}
	pl, err := where(name)
	if err == nil && pl.stream {
		err = writeStream(pl, write)
	} else if err == nil {
		err = replace(pl.path, write)
	}
	// Its errors name the path given, not a temporary file's.
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	case errors.As(err, &le):
		return &fs.PathError{Op: le.Op, Path: name, Err: le.Err}
	}
	return err
}

// replace writes the regular file path by way of a temporary file in its
// folder, renamed over it at the end.
func replace(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeStream writes to the device, pipe or descriptor pl, in place.
func writeStream(pl place, write func(io.Writer) error) error {
	var f *os.File
	var err error
	if pl.fd >= 0 {
		f, err = descriptor(pl.fd, pl.path)
	} else {
		f, err = os.OpenFile(pl.path, os.O_WRONLY, 0)
	}
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if e := f.Close(); err == nil {
		err = e
	}
	return err
}

// gzipped returns write with its output gzipped.
func gzipped(write func(io.Writer) error) func(io.Writer) error {
	return func(w io.Writer) error {
		z := gzip.NewWriter(w)
		if err := write(z); err != nil {
			return err
		}
		return z.Close()
	}
}

// Decompressed returns r, decompressed if it is gzipped (told by gzip's
// first two bytes, 1f 8b, whatever its name), and whether it was. A gzip
// that is damaged fails, at once or as it is read.
func Decompressed(r io.Reader) (io.Reader, bool, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		return br, false, nil
	}
	z, err := gzip.NewReader(br)
	if err != nil {
		return nil, true, err
	}
	return z, true, nil
}

// A Named is a path that a flag names.
type Named struct{ Flag, Path string }

// Distinct returns an error if two of the paths given (not "") name one
// file, compared cleaned and absolute, or as one existing file: one output
// would be written over another.
func Distinct(paths ...Named) error {
	for i, a := range paths {
		for _, b := range paths[:i] {
			if a.Path != "" && b.Path != "" && same(a.Path, b.Path) {
				return fmt.Errorf("%s and %s name one file, %s: give each its own", b.Flag, a.Flag, b.Path)
			}
		}
	}
	return nil
}

// same reports whether paths a and b name one file.
func same(a, b string) bool {
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	if errA == nil && errB == nil && absA == absB {
		return true
	}
	infoA, errA := os.Stat(a)
	infoB, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(infoA, infoB)
}

// OpenInput opens the input file of a command: stdin when name is "-".
func OpenInput(name string, stdin io.Reader) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(stdin), nil
	}
	return Open(name)
}

// Open opens a file to read; a folder is refused at once, by name.
func Open(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s is a folder, not a file", name)
	}
	return f, nil
}

// A TooLargeError is an input longer than its reader allows.
type TooLargeError struct {
	Limit int64 // the bytes allowed
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("longer than %s, more than such a file holds", size(e.Limit))
}

// size writes n bytes for people: "256 MiB".
func size(n int64) string {
	for _, u := range []struct {
		unit  string
		bytes int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.bytes && n%u.bytes == 0 {
			return fmt.Sprintf("%d %s", n/u.bytes, u.unit)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// Limit returns a reader of r that fails with a *TooLargeError once r has
// given more than max bytes: the bound of every reader of a file that a
// user names (a tree, a checkpoint), so that /dev/zero or a gzip bomb is
// told, not read until memory runs out.
func Limit(r io.Reader, max int64) io.Reader {
	return &limited{r: r, left: max, max: max}
}

type limited struct {
	r         io.Reader
	left, max int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, &TooLargeError{l.max}
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1] // one byte more tells a file of max bytes from a longer one
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n + int(l.left), &TooLargeError{l.max}
	}
	return n, err
}
