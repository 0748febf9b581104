package main

import (
	"context"
	"flag"
	"io"

	"github.com/mastermind-go/mastermind/protocol"
)

func runBreak(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("break", flag.ContinueOnError)
	var pf playerFlags
	pf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	b, err := pf.breaker(ctx, fs)
	if err != nil {
		return err
	}
	return protocol.Break(ctx, stdin, stdout, b)
}
