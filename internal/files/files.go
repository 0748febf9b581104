// Package files reads and writes the files the commands are given: an
// output is checked before the work that makes it, written whole or not
// at all, and never over another output; an input may be standard input.
//
// Kind: a leaf helper, importing nothing of the project (internal/README.md).
package files

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// CheckWritable reports whether a file can be written at path (if there is
// one): its folder exists and it is not a folder itself. Commands check
// their output files before their work, so that a wrong path is told at
// once rather than after a long search.
func CheckWritable(path string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: the folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("%s: %v", path, err)
	case !info.IsDir():
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return fmt.Errorf("%s is a folder, not a file", path)
	}
	return nil
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

// Write writes a file by way of a temporary file in the same folder,
// renamed at the end: the file appears whole or not at all, and a failure
// leaves any earlier file as it was.
func Write(name string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
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
	return os.Rename(tmp.Name(), name)
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
