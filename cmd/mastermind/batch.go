package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"math/rand/v2"

	"github.com/mastermind-go/mastermind/batch"
	"github.com/mastermind-go/mastermind/internal/progress"
)

const batchUsage = `Usage: mastermind batch
       mastermind batch --eval G [--seed S] [--json]

Plays AtCoder's "Batch Style Mastermind" (Autumn Fest 2012 K) by its line
protocol: the secret is 9 digits (repeats and leading zeros allowed); each
test writes "? s1 ... s9" (nine distinct 9-digit strings never sent before)
and reads their nine "H B" answers, 18 integers in any order and any white
space; "! s" gives the secret and ends.

With --eval G it plays instead G random secrets and the fixed hard families
(one digit nine times, two digits only, nine distinct digits, many repeats
of one digit, 997508460 of the contest's discussion) against a judge of its own, and reports
how many tests each took.

Options:
    --eval G        evaluate on G random secrets plus the hard families
    --seed S        the seed of the secrets and of the judge's shuffles (default 1)
    --json          with --eval, one JSON object instead of the report

Exit status: 0 success; 2 bad usage, or a malformed answer or input that
ends early; 3 answers that no secret gives; 1 other errors.
`

// maxBatchGames bounds --eval: at about 0.04 s a game, a million games
// take half a day.
const maxBatchGames = 1_000_000

func runBatch(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("batch", flag.ContinueOnError)
	games := fs.Int("eval", 0, "")
	seed := fs.Uint64("seed", 1, "")
	asJSON := fs.Bool("json", false, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *games < 0 {
		return usageError("--eval must be at least 0, not %d", *games)
	}
	if *games > maxBatchGames {
		return usageError("--eval: at most %d games, not %d", maxBatchGames, *games)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["eval"] {
		if f := givenFlag(fs, "seed", "json"); f != "" {
			return usageError("%s applies only with --eval (see --help)", f)
		}
		return batch.Protocol(stdin, stdout)
	}
	r := rand.New(rand.NewPCG(*seed, 0x6261746368))
	hard := batch.HardSecrets(r)
	secrets := func(yield func(string) bool) {
		for _, s := range hard {
			if !yield(s) {
				return
			}
		}
		for s := range batch.Secrets(r, *games) {
			if !yield(s) {
				return
			}
		}
	}
	var rep batch.Report
	bar := progress.New(stderr, len(hard)+*games, "batch", "games")
	err := batch.Evaluate(secrets, *seed, func(res batch.Result) {
		bar.Add(1)
		rep.Add(res)
	})
	bar.Done()
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(rep)
	}
	return rep.WriteText(stdout, *games)
}
