//go:build unix && !aix

package stats

import (
	"errors"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// lock takes the lock of the statistics of dir, waiting for another board
// that holds it (for the time of a read and a write), and returns what
// gives it back: an flock on the file lockFile of dir, made if missing.
// A file system that has no locks is written without one.
func lock(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_RDWR|os.O_CREATE|unix.O_NOFOLLOW|unix.O_NONBLOCK, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	switch {
	case errors.Is(err, unix.ENOLCK), errors.Is(err, unix.EOPNOTSUPP), errors.Is(err, unix.ENOSYS):
	case err != nil:
		f.Close()
		return nil, &os.PathError{Op: "lock", Path: f.Name(), Err: err}
	}
	return func() { f.Close() }, nil // closing it gives the lock back
}
