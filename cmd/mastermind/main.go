// Command mastermind plays, breaks and studies Mastermind and its family of
// code-breaking games. Run "mastermind help" for the subcommands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/cmd/internal/cmdline"
)

func main() {
	args := os.Args[1:]
	os.Exit(run(signalContext(args), args, os.Stdin, os.Stdout, os.Stderr))
}

// A command is a subcommand: it parses args and runs.
type command struct {
	usage string
	run   func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
	// stops: the command stops by itself when its context is cancelled
	// (saying so, or shutting down gracefully); the others end at once
	// on a signal, by the signal.
	stops bool
}

// stopSignals stop a command: Ctrl-C, kill, a closed terminal.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// signalContext returns the context of the command line args, the one
// place where signals become a context. For a command that stops by
// itself, the first of stopSignals cancels the context and gives the
// signals back their default action, so that a second Ctrl-C kills at
// once. As process 1 (of a container), which the kernel kills by no signal
// it does not handle (and Go then exits 2, "bad usage"), a second signal n
// ends it at once with status 128+n, as a shell and Docker report a
// process killed by n: 143 for SIGTERM, 130 for SIGINT. Every other
// command (play, break, ...) leaves the signals alone: a Ctrl-C ends it at
// once, as if it had never looked.
func signalContext(args []string) context.Context {
	if len(args) == 0 || !commands[args[0]].stops {
		return context.Background()
	}
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan os.Signal, 1)
	signal.Notify(first, stopSignals...)
	go func() {
		<-first
		if os.Getpid() != 1 {
			signal.Stop(first) // before the command hears of it: a second signal kills
			cancel()
			return
		}
		cancel()
		if sig, ok := (<-first).(syscall.Signal); ok {
			os.Exit(128 + int(sig))
		}
		os.Exit(statusFailure)
	}()
	return ctx
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"break":   {help("break"), runBreak, false},
		"eval":    {help("eval"), runEval, true},
		"judge":   {help("judge"), runJudge, true},
		"play":    {help("play"), runPlay, false},
		"solve":   {help("solve"), runSolve, false},
		"optimal": {help("optimal"), runOptimal, true},
		"batch":   {help("batch"), runBatch, false},
		"serve":   {help("serve"), runServe, true},
		"tree":    {help("tree"), runTree, false},
	}
}

// run runs the command line args and returns the exit status. Output that
// cannot be written (a full disk, a closed pipe) fails the command, status 1,
// whatever the command did about it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	status := runCommand(ctx, args, stdin, out, stderr)
	if out.err != nil && status == statusOK {
		name := "mastermind"
		if len(args) > 0 && commands[args[0]].run != nil {
			name += " " + args[0]
		}
		fmt.Fprintf(stderr, "%s: %v\n", name, out.err)
		return statusFailure
	}
	return status
}

// A checkedWriter keeps the first error of its writes, and returns each
// as an outputError.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil {
		err = outputError{err}
		if c.err == nil {
			c.err = err
		}
	}
	return n, err
}

// An outputError is the failure to write a command's standard output.
type outputError struct{ err error }

func (e outputError) Error() string { return "writing the output: " + e.err.Error() }
func (e outputError) Unwrap() error { return e.err }

// runCommand runs the command line args and returns the exit status.
func runCommand(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, help("short"))
		return 2
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 && rest[0] != "help" { // help help: this text
			if c, ok := commands[rest[0]]; ok {
				fmt.Fprint(stdout, c.usage)
				return 0
			}
			fmt.Fprintf(stderr, "mastermind: no help for unknown command %q\n", rest[0])
			return 2
		}
		fmt.Fprint(stdout, help("mastermind"))
		return 0
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "mastermind: unknown command %q; run \"mastermind help\" for the list\n", name)
		return 2
	}
	err := c.run(ctx, rest, stdin, stdout, stderr)
	if errors.Is(err, errHelp) {
		fmt.Fprint(stdout, c.usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "mastermind %s: %s\n", name, message(err))
	}
	return exitStatus(err)
}

// errHelp asks for a command's usage on standard output.
var errHelp = cmdline.ErrHelp

// errInterrupted ends a command stopped by a signal (status 1); an
// error that says more wraps it.
var errInterrupted = errors.New("interrupted")

// Exit statuses of the command-line contract.
const (
	statusOK           = 0
	statusFailure      = 1
	statusUsage        = 2
	statusInconsistent = 3
)

// exitStatus maps an error to the exit status of the command-line contract:
// the one place where errors become statuses. Bad usage and bad input
// (*mastermind.InputError) are 2, answers no code gives
// (*mastermind.ConflictError) 3, anything else 1.
func exitStatus(err error) int {
	var input *mastermind.InputError
	var conflict *mastermind.ConflictError
	switch {
	case err == nil:
		return statusOK
	case errors.As(err, &input):
		return statusUsage
	case errors.As(err, &conflict):
		return statusInconsistent
	}
	return statusFailure
}

// message is the text of an error for standard error: a conflict lists the
// answers it names.
func message(err error) string {
	if errors.Is(err, context.Canceled) && !errors.Is(err, errInterrupted) {
		return errInterrupted.Error()
	}
	if conflict, ok := err.(*mastermind.ConflictError); ok {
		return conflict.Detail()
	}
	return err.Error()
}

// usageError reports bad usage or bad input: exit status 2.
func usageError(format string, args ...any) error {
	return &mastermind.InputError{Err: fmt.Errorf(format, args...)}
}
