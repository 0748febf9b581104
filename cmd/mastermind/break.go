package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/mastermind-go/mastermind"

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

// enumerateLimit is the largest game the default strategy enumerates: an
// enumerated game of 10^7 codes needs hundreds of MB, beyond TopCoder's
// 64 MB; larger games with repeats play by search instead.
const enumerateLimit = 1_000_000

func runBreak(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("break", flag.ContinueOnError)
	var pf playerFlags
	pf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	g, err := pf.game(fs)
	if err != nil {
		return err
	}
	return protocolStatus(breakGame(g, &pf, fs, stdin, stdout))
}

// breakGame plays the break protocol on game g with the strategy the flags
// name, or with the method that fits a game too large to enumerate.
func breakGame(g mastermind.Game, pf *playerFlags, fs *flag.FlagSet, stdin io.Reader, stdout io.Writer) error {
	var err error
	auto := pf.strategyFlags.name == "auto" && pf.treeFile == "" && pf.first == ""
	if g.Count() > mastermind.MaxSpaceLen || auto && g.Count() > enumerateLimit && !g.Distinct {
		// Too large to enumerate: consistent codes found by local search.
		switch {
		case g.Distinct:
			return fmt.Errorf("games of more than %d codes are supported only with repeats for now", mastermind.MaxSpaceLen)
		case pf.strategyFlags.name != "auto" || pf.treeFile != "" || pf.first != "":
			return usageError("games of more than %d codes can only be played with the default strategy (auto)", mastermind.MaxSpaceLen)
		}
		err = protocol.BreakLarge(stdin, stdout, g, pf.strategyFlags.seed)
	} else {
		space, strat, serr := pf.setup(fs)
		if serr != nil {
			return serr
		}
		err = protocol.Break(stdin, stdout, space, strat)
	}
	return err
}

// protocolStatus gives the errors of a protocol their exit statuses: 2 for
// bad input, 3 for answers no secret gives.
func protocolStatus(err error) error {
	var inputErr *protocol.InputError
	var conflict *protocol.ConflictError
	switch {
	case errors.As(err, &inputErr):
		return &exitError{statusUsage, err}
	case errors.As(err, &conflict):
		return &exitError{statusInconsistent, err}
	}
	return err
}
