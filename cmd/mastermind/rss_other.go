//go:build unix && !linux

package main

import "syscall"

// maxRSS returns the peak resident memory in bytes (BSDs and macOS count
// bytes).
func maxRSS(ru *syscall.Rusage) int64 { return ru.Maxrss }
