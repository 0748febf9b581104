//go:build unix

package files

import (
	"os"
	"syscall"
)

// descriptor returns a file of its own writing to the process's descriptor
// fd (a copy of it, so that closing it leaves fd open), named name.
func descriptor(fd int, name string) (*os.File, error) {
	d, err := syscall.Dup(fd)
	if err != nil {
		return nil, &os.PathError{Op: "write", Path: name, Err: err}
	}
	return os.NewFile(uintptr(d), name), nil
}
