package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"io"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/cerc"
	"github.com/mastermind-go/mastermind/cmd/internal/progress"
	"github.com/mastermind-go/mastermind/internal/files"
)

// countLimit bounds the partial codes --count may visit per case.
const countLimit = 2_000_000

func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	explain := fs.Bool("explain", false, "")
	count := fs.Bool("count", false, "")
	generate := fs.String("generate", "", "")
	cases := fs.Int("cases", 100, "")
	seed := fs.Uint64("seed", 1, "")
	p := fs.Int("p", 10, "")
	c := fs.Int("c", 100, "")
	m := fs.Int("m", 100, "")
	cheat := fs.Float64("cheat", 0.5, "")
	names, err := parseInterleaved(fs, args) // "solve FILE --explain" too
	if err != nil {
		return err
	}
	if *generate != "" {
		if f := givenFlag(fs, "explain", "count"); f != "" {
			return usageError("%s applies to solving, not to --generate (see --help)", f)
		}
		if len(names) > 0 {
			return usageError("--generate writes cases and reads no file, not %q (see --help)", names[0])
		}
		return generateCases(stdout, *generate, *cases, *seed, *p, *c, *m, *cheat)
	}
	if f := givenFlag(fs, "cases", "seed", "p", "c", "m", "cheat"); f != "" {
		return usageError("%s applies only with --generate (see --help)", f)
	}
	in := stdin
	switch len(names) {
	case 0:
	case 1:
		f, err := files.OpenInput(names[0], stdin)
		if err != nil {
			return usageError("%v", err)
		}
		defer f.Close()
		in = f
	default:
		return usageError("one input file at most, not %d (see --help)", len(names))
	}

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	cr := cerc.NewCaseReader(in)
	var bar *progress.Bar
	defer func() { bar.Done() }()
	first := true
	for {
		k, err := cr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			out.Flush()
			return err
		}
		if first && terminal(stdout) == nil { // on a terminal the answers show the progress
			bar = progress.New(stderr, 1+cr.Left(), "solve", "cases")
		}
		first = false
		err = cerc.WriteAnswer(ctx, out, k, cerc.Answer{Explain: *explain, Count: *count, CountLimit: countLimit})
		if ferr := out.Flush(); err == nil {
			err = ferr
		}
		if err != nil {
			return err
		}
		bar.Add(1)
	}
}

// generateCases writes n cases of a family of hard instances.
func generateCases(w io.Writer, family string, n int, seed uint64, p, c, m int, cheat float64) error {
	switch {
	case !(cheat >= 0 && cheat <= 1): // NaN too
		return usageError("--cheat must be between 0 and 1, not %v", cheat)
	}
	err := cerc.WriteGenerated(w, family, n, seed, p, c, m, cheat)
	var input *mastermind.InputError
	if errors.As(err, &input) {
		return usageError("--generate: %v", err)
	}
	return err
}
