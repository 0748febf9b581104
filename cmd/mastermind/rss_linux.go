package main

import "syscall"

// maxRSS returns the peak resident memory in bytes (Linux counts KiB).
func maxRSS(ru *syscall.Rusage) int64 { return ru.Maxrss << 10 }
