package main

import (
	"context"
	"flag"
	"io"

	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/tree"
)

func runTree(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	dot := fs.Bool("dot", false, "")
	depth := fs.Int("depth", 0, "")
	names, err := parseInterleaved(fs, args) // "tree FILE --dot" too
	if err != nil {
		return err
	}
	switch {
	case len(names) != 1:
		return usageError("give one tree file (see --help), not %d", len(names))
	case *depth < 0:
		return usageError("--depth must be 0 (all) or more, not %d", *depth)
	}
	f, err := files.OpenInput(names[0], stdin)
	if err != nil {
		return usageError("%v", err)
	}
	defer f.Close()
	t, err := tree.ReadAnyJSON(f, choose.Space)
	if err != nil {
		return usageError("%s: %v", names[0], err)
	}
	if *dot {
		return t.WriteDOT(stdout, *depth)
	}
	return t.WriteText(stdout, *depth)
}
