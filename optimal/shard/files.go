package shard

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"syscall"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/tree"
)

// The files of a search: its checkpoint, the parts of its shards, the
// trees given to Fit. Each is read within a bound, so that a file that is
// not what it claims (a gzip of gigabytes of spaces, /dev/zero) is refused
// before it fills the memory.

// A LimitError says that a file read is larger than the most it may hold.
type LimitError struct {
	Name  string // the file
	Limit int64  // its bound, in bytes
	What  string // what bounds it
}

func (e *LimitError) Error() string {
	if e.Limit < 1e6 {
		return fmt.Sprintf("%s: more than %d bytes, the most %s", e.Name, e.Limit, e.What)
	}
	return fmt.Sprintf("%s: more than %.0fMB, the most %s", e.Name, math.Round(float64(e.Limit)/1e6), e.What)
}

// limited reads r, erring with a *LimitError past limit bytes.
type limited struct {
	r    io.Reader
	left int64
	err  *LimitError
	hit  bool // whether it failed so
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left <= 0 {
		l.hit = true
		return 0, l.err
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left <= 0 && err == nil {
		// One byte more says whether the file ends here.
		var b [1]byte
		if m, _ := l.r.Read(b[:]); m > 0 {
			l.hit = true
			return n, l.err
		}
	}
	return n, err
}

// limitReader returns r, decompressed if it is gzipped (tree.JSONReader),
// that fails with a *LimitError once more than limit bytes are read from
// it.
func limitReader(r io.Reader, limit int64, name, what string) (io.Reader, error) {
	j, gz, err := tree.JSONReader(r, limit)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if gz {
		what += " uncompressed"
	}
	return &tooLarge{r: j, err: &LimitError{Name: name, Limit: limit, What: what}}, nil
}

// tooLarge reads r, telling its *files.TooLargeError as err.
type tooLarge struct {
	r   io.Reader
	err *LimitError
}

func (t *tooLarge) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	var tl *files.TooLargeError
	if errors.As(err, &tl) {
		return n, t.err
	}
	return n, err
}

// TreeReader returns the tree file r of game g (gzipped or not), named
// name, as a reader of its JSON that fails with a *LimitError past the
// size no tree of g reaches (1 KiB a code, 1 MiB more: Super Mastermind's
// trees take about 31 bytes a code).
func TreeReader(r io.Reader, name string, g mastermind.Game) (io.Reader, error) {
	limit := int64(1<<20) + int64(g.Count())<<10
	return limitReader(r, limit, name, fmt.Sprintf("a tree of %s holds", g.String()))
}

// ReadCheckpointFile reads the checkpoint file name of a search of the
// space within maxDepth guesses (0 for no limit), gzipped or not, reading
// at most what a checkpoint of the search can hold: memory bytes (a
// checkpoint holds what the search's memory held), or less in games of
// few codes (see maxCheckpointBytes). Its faults are a *CheckpointError, a
// *LimitError naming the file, or a *fs.PathError: the file is not a
// regular file (see CheckCheckpointPath), or cannot be opened.
func ReadCheckpointFile(name string, s *mastermind.Space, maxDepth int, memory int64) (*optimal.Checkpoint, error) {
	f, err := openCheckpoint(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, gz, err := files.Decompressed(f)
	if err != nil {
		return nil, &CheckpointError{Name: name, Damaged: true, Reason: fmt.Sprintf("a damaged gzip: %v", err)}
	}
	c, err := readCheckpointLimited(r, name, s, maxDepth, memory)
	var le *LimitError
	if gz && errors.As(err, &le) {
		le.What += " uncompressed"
	}
	return c, err
}

// readCheckpointLimited reads a checkpoint (readCheckpoint) within what a
// checkpoint of the search holds (see ReadCheckpointFile).
func readCheckpointLimited(r io.Reader, name string, s *mastermind.Space, maxDepth int, memory int64) (*optimal.Checkpoint, error) {
	limit := maxCheckpointBytes(s, maxDepth, memory)
	what := "a checkpoint of this search holds (--memory)"
	if limit < memory {
		what = "a checkpoint of " + s.Game().String() + " holds"
	}
	l := &limited{r: r, left: limit, err: &LimitError{Name: name, Limit: limit, What: what}}
	// Read as it goes, the checkpoint fails with l.err only if it reaches
	// the bound, or claims more entries than fit: a file refused before
	// (at its first wrong byte) says why.
	c, err := readCheckpoint(l, s, maxDepth, l.err)
	var ce *CheckpointError
	if errors.As(err, &ce) {
		ce.Name = name
	}
	return c, err
}

// CheckCheckpointPath returns an error if name exists and is no regular
// file (nor a link to one) or folder: a pipe, a device or a socket cannot
// be a checkpoint, which is read back whole and replaced, and opening a
// pipe would wait for its other end (--checkpoint /dev/stdout, a FIFO).
// It opens nothing. Its error is a *fs.PathError naming name. (A folder
// is refused as any file a command writes is: see internal/files.)
func CheckCheckpointPath(name string) error {
	fi, err := os.Stat(name)
	if err != nil || fi.IsDir() {
		return nil // nothing there yet, or a fault its opening tells
	}
	return regular(name, fi)
}

// regular returns the error of CheckCheckpointPath for the file name of
// info fi, nil if it is a regular file.
func regular(name string, fi fs.FileInfo) error {
	kind := "not a regular file"
	switch m := fi.Mode(); {
	case m.IsRegular():
		return nil
	case m&fs.ModeNamedPipe != 0:
		kind = "a pipe, " + kind
	case m&fs.ModeSocket != 0:
		kind = "a socket, " + kind
	case m&fs.ModeDevice != 0:
		kind = "a device, " + kind
	case m.IsDir():
		return fmt.Errorf("%s is a folder, not a file", name)
	}
	return &fs.PathError{Op: "open", Path: name, Err: errors.New(kind + ": a checkpoint is read back and replaced (give the path of a file, or of a new one)")}
}

// openCheckpoint opens the checkpoint file name to read, refusing what is
// no regular file (CheckCheckpointPath) before it opens it, and again once
// open, in case it was replaced in between: opened without waiting, a
// pipe without a writer is refused rather than waited for.
func openCheckpoint(name string) (*os.File, error) {
	if err := CheckCheckpointPath(name); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = regular(name, fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// UseCheckpoint sets opt to resume from the checkpoint file name, if it
// exists (read within opt.Memory, if positive, else 4 GB), and to save to it every
// period (see optimal.Options.Save). A file that is not a checkpoint of this
// search of s (MaxDepth included) is a [*CheckpointError], and is left as
// it is. A save that fails is an error naming the checkpoint file.
func UseCheckpoint(opt *optimal.Options, name string, s *mastermind.Space, every time.Duration) error {
	memory := opt.Memory
	if memory <= 0 {
		memory = 4e9
	}
	if err := CheckCheckpointPath(name); err != nil {
		return err
	}
	c, err := ReadCheckpointFile(name, s, opt.MaxDepth, memory)
	switch {
	case err == nil:
		opt.Resume = c
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	opt.SaveEvery = every
	opt.Save = func(c *optimal.Checkpoint) error {
		err := files.Write(name, func(w io.Writer) error {
			_, err := WriteCheckpoint(w, c)
			return err
		})
		// The paths of its errors are the temporary file's.
		var pe *fs.PathError
		var le *os.LinkError
		if errors.As(err, &pe) {
			err = pe.Err
		} else if errors.As(err, &le) {
			err = le.Err
		}
		if err != nil {
			return fmt.Errorf("cannot save the checkpoint %s: %v", name, err)
		}
		return nil
	}
	return nil
}

// maxPartBytes bounds a part file: a part holds at most the trees of its
// units, no larger together than a tree of the largest game searched.
const maxPartBytes = int64(1<<20) + int64(optimal.MaxCodes)<<10

// ReadPartFile reads the part file name (see readPart), gzipped or not,
// within maxPartBytes (uncompressed).
func ReadPartFile(name string) (*Part, error) {
	f, err := files.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, _, err := files.Decompressed(f)
	if err != nil {
		return nil, &PartError{Name: name, Reason: fmt.Sprintf("not a part of an optimal search: a damaged gzip: %v", err)}
	}
	l := &limited{r: r, left: maxPartBytes, err: &LimitError{Name: name, Limit: maxPartBytes, What: "a part holds"}}
	p, err := readPart(l, name)
	if l.hit {
		return nil, l.err
	}
	return p, err
}

// ReadPartFiles reads the part files names (ReadPartFile), in order.
func ReadPartFiles(names []string) ([]*Part, error) {
	var parts []*Part
	for _, name := range names {
		p, err := ReadPartFile(name)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	return parts, nil
}
