//go:build !unix

package main

// interrupt ends a command left by Ctrl-C (a board of play): status 1.
func interrupt() error { return errInterrupted }
