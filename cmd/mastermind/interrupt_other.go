//go:build !unix

package main

import "os"

// endBy ends a command that play's board left on a signal: status 1.
func endBy(os.Signal) error { return errInterrupted }
