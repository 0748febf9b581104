package main

import (
	"context"
	"flag"
	"io"

	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/tree"
)

const treeUsage = `Usage: mastermind tree [--dot] [--depth D] FILE

Shows a decision tree written by "mastermind optimal --out FILE" (its game is
in the file; FILE "-" is standard input): a line per node, indented by its
depth, with the answer that leads to it, its guess and the number of secrets
still possible there. A node whose subtree is cut by --depth ends with "...".

    0012 (1296 secrets)
      0 0 -> 3345 (81 secrets) ...
      0 1 -> 1334 (276 secrets) ...

Options:
    --dot        write the tree as a Graphviz graph instead (nodes: the guess
                 and the secrets left; edges: the answer), for example
                 "mastermind tree --dot --depth 2 t.json | dot -Tsvg > t.svg"
    --depth D    only the first D guesses of each game (default 0: all)

The classic and Bulls and Cows trees are in the source, optimal/trees/.

Exit status: 0 success; 2 bad usage, or a file that is not a decision tree.

Example:
    $ mastermind optimal --game classic --out classic.json
    $ mastermind tree --depth 2 classic.json
`

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
