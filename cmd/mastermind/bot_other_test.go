//go:build !unix

package main

import "errors"

var errUnix = errors.New("this behaviour needs a Unix system")

func hangUp(pid int) error                           { return errUnix }
func escape() error                                  { return errUnix }
func running(pid int) bool                           { return false }
func runWithBadOutput(how string, args []string) int { return 2 }
