package main

import (
	"context"
	"flag"
	"io"

	"github.com/mastermind-go/mastermind/protocol"
)

const breakUsage = `Usage: mastermind break (--game NAME | -p N -c K [--distinct]) [--strategy NAME] [--seed S] [--first CODE]

Breaks a secret code by a line protocol: writes one guess per line (the
colour numbers, 0..K-1, separated by single spaces) and reads the answer
"B W" (right colour in the right place, right colour in the wrong place).
Stops with status 0 after an answer with B = N.

` + gameUsage + `
` + strategyUsage + `
Exit status: 0 found; 2 bad usage, a malformed or impossible answer, or input
that ends before the code is found; 3 answers that no secret satisfies (the
message names the smallest set of conflicting answers found).

Example:
    $ mastermind break --game classic
    0 0 1 1
    1 1
    ...
`

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
