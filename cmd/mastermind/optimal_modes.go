package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/cmd/internal/progress"
	"github.com/mastermind-go/mastermind/cmd/mastermind/internal/search"
	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/optimal/shard"
	"github.com/mastermind-go/mastermind/tree"
)

// runSearch searches the optimal strategy of game g and reports it.
func runSearch(ctx context.Context, of *optimalFlags, g mastermind.Game) error {
	if w := of.search.ReachWarning(g.Name(), g.Count()); w != "" {
		if _, err := fmt.Fprint(of.stderr, "mastermind optimal: warning: "+w); err != nil {
			return err
		}
	}
	start := time.Now()
	space, opt, bar, err := of.search.Start(g, "optimal: first guesses", of.stderr)
	if err != nil {
		return of.failure(err)
	}
	tr, err := optimal.Solve(ctx, space, opt)
	bar.Done()
	return of.report(tr, err, of.search.Name(), start)
}

// runShard searches (or with --prove, proves) the shard of --shard I/N and
// writes its part to --out.
func runShard(ctx context.Context, of *optimalFlags, g mastermind.Game) error {
	i, shards, ok := shard.Parse(of.shard)
	switch {
	case !ok:
		return usageError("--shard: want I/N with 0 <= I < N, not %q", of.shard)
	case of.out == "":
		return usageError("--shard needs --out FILE for the part")
	}
	start := time.Now()
	space, opt, bar, err := of.search.Start(g, "optimal: units", of.stderr)
	if err != nil {
		return of.failure(err)
	}
	var p *shard.Part
	if of.prove > 0 {
		p, err = shard.Prove(ctx, space, opt, i, shards, of.prove, func(p shard.Plan) { fmt.Fprintln(of.stdout, p) })
	} else {
		p, err = shard.Solve(ctx, space, opt, i, shards, func(p shard.Plan) { fmt.Fprintln(of.stdout, p) })
	}
	bar.Done()
	if p != nil {
		// A proof cut short still proves its bounds, marked so.
		if werr := files.Write(of.out, p.WriteJSON); werr != nil {
			return of.failure(werr)
		}
	}
	if err != nil {
		if p != nil {
			_, _ = fmt.Fprintf(of.stderr, "mastermind optimal: shard %d/%d stopped before its time: its bounds so far are in %s, marked cut short\n", i, shards, of.out)
		}
		return of.failure(err)
	}
	_, err = fmt.Fprintf(of.stdout, "shard %d/%d: %v, %.3f seconds\n", i, shards, p, time.Since(start).Seconds())
	return err
}

// runFit makes the tree of --fit fit within --max-depth guesses
// (optimal.Fit) and reports it like eval.
func runFit(ctx context.Context, of *optimalFlags, g mastermind.Game) error {
	if of.search.MaxDepth == 0 {
		return usageError("--fit needs --max-depth D, the guesses to fit within")
	}
	start := time.Now()
	f, err := files.OpenInput(of.fit, of.stdin)
	if err != nil {
		return usageError("--fit: %v", err)
	}
	defer f.Close()
	r, err := shard.TreeReader(f, of.fit, g)
	var t *tree.Tree
	if err == nil {
		t, err = tree.ReadJSONOf(r, g, choose.Space)
	}
	if le := (*shard.LimitError)(nil); errors.As(err, &le) {
		return usageError("--fit %v", le)
	} else if err != nil {
		return usageError("--fit %s: %v", of.fit, err)
	}
	opt := optimal.Options{MaxDepth: of.search.MaxDepth, Memory: int64(of.search.Memory)}
	bar := search.Bar(&opt, of.stderr, "optimal: fitting, secrets done")
	fitted, err := optimal.Fit(ctx, t, opt)
	bar.Done()
	return of.report(fitted, err, fmt.Sprintf("%s fitted to at most %d guesses", of.fit, of.search.MaxDepth), start)
}

// runMerge merges the part files into the optimal tree, or the bound
// parts of a proof into its bound.
func runMerge(of *optimalFlags) error {
	start := time.Now()
	if len(of.parts) == 0 {
		return usageError("--merge needs the part files")
	}
	parts, err := shard.ReadPartFiles(of.parts)
	if err != nil {
		return usageError("%v", err)
	}
	if !parts[0].Bounds {
		tr, err := shard.Merge(parts, of.parts)
		if err == nil {
			of.search.MaxDepth = parts[0].MaxDepth
		}
		return of.report(tr, err, of.search.Name(), start)
	}
	if f := givenFlag(of.fs, "out", "json", "plot"); f != "" {
		return usageError("%s: the parts are bounds of a proof (--prove), which make no tree", f)
	}
	of.search.MaxDepth = parts[0].MaxDepth
	lower, exact, err := shard.MergeBounds(parts, of.parts)
	if err != nil {
		return of.failure(err)
	}
	for i, p := range parts {
		if p.CutShort {
			fmt.Fprintf(of.stderr, "mastermind optimal: warning: %s, shard %d/%d, was cut short: its bounds are weaker than its time would have proven\n", of.parts[i], p.Shard, p.Shards)
		}
	}
	_, err = fmt.Fprintln(of.stdout, search.MergedTotal(lower, exact))
	return err
}

// runProve searches for --prove's time for a lower bound on the optimal
// total (optimal.Bound), from --checkpoint's results and saving to it if
// given, and prints it; with --shard, the bounds of the shard's units.
func runProve(ctx context.Context, of *optimalFlags, g mastermind.Game) error {
	switch {
	case of.prove <= 0:
		return usageError("--prove must be a positive duration, not %v", of.prove)
	case of.shard != "":
		return runShard(ctx, of, g)
	case of.out != "":
		return usageError("--out goes with --shard: --prove prints its bound")
	}
	space, opt, bar, err := of.search.Start(g, "optimal: proving, time", of.stderr)
	if err != nil {
		return of.failure(err)
	}
	opt.Lower = func(lower int) { bar.Describe(fmt.Sprintf("optimal: at least %d", lower)) }
	lower, exact, err := optimal.Bound(ctx, space, opt, of.prove)
	bar.Done()
	return of.printBound(lower, exact, err)
}

// printBound prints a proven bound on the optimal total, exact or not, or
// the failure err.
func (of *optimalFlags) printBound(lower int, exact bool, err error) error {
	if err != nil {
		return of.failure(err)
	}
	_, err = fmt.Fprintln(of.stdout, search.ProvenTotal(lower, exact))
	return err
}

// runHybrid builds the tree of entropy above --exact-below candidates and
// optimal strategies from there (choose.Hybrid), and reports it like eval.
func runHybrid(ctx context.Context, of *optimalFlags, g mastermind.Game) error {
	switch {
	case of.exactBelow < 1:
		return usageError("--exact-below must be positive, not %d", of.exactBelow)
	case of.tries < 1:
		return usageError("--tries must be positive, not %d", of.tries)
	}
	o := choose.HybridOptions{Below: of.exactBelow, Tries: of.tries, Memory: int64(of.search.Memory), SolvedName: of.search.Checkpoint}
	var err error
	if of.first != "" {
		if o.First, err = g.ParseCode(of.first); err != nil {
			return usageError("--first: %v", err)
		}
	}
	start := time.Now()
	space, err := mastermind.NewSpace(g)
	if err != nil {
		return usageError("%v", err)
	}
	if o.Solved, err = of.search.Solved(space); err != nil {
		return of.failure(err)
	}
	strat, err := choose.Hybrid(ctx, space, o)
	if err != nil {
		return usageError("%v", err)
	}
	bar := progress.New(of.stderr, space.Len(), "optimal", "secrets found")
	var found func()
	if bar != nil {
		found = func() { bar.Add(1) }
	}
	tr, err := tree.BuildProgress(ctx, space, strat, found)
	bar.Done()
	return of.report(tr, err, strat.Name(), start)
}

// report ends a command that made a strategy's tree (or failed to, err):
// it writes the tree to --out, and reports it like eval under its name.
func (of *optimalFlags) report(tr *tree.Tree, err error, name string, start time.Time) error {
	if err != nil {
		return of.failure(err)
	}
	if of.out != "" {
		if err := files.Write(of.out, tr.WriteJSON); err != nil {
			return err
		}
	}
	g := tr.Space.Game()
	return writeFigures(of.stdout, g, of.plot, of.asJSON, []tree.Figures{figures(g, name, tr.Stats(), start)})
}
