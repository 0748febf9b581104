//go:build !unix

package files

import (
	"errors"
	"os"
)

// descriptor is not had: only a unix names its descriptors in /proc.
func descriptor(fd int, name string) (*os.File, error) {
	return nil, &os.PathError{Op: "write", Path: name, Err: errors.ErrUnsupported}
}
