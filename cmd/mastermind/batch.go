package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"

	"github.com/mastermind-go/mastermind/batch"
	"github.com/mastermind-go/mastermind/cmd/internal/progress"
)

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
	if *games > batch.MaxGames {
		return usageError("--eval: at most %d games, not %d", batch.MaxGames, *games)
	}
	if givenFlag(fs, "eval") == "" {
		if f := givenFlag(fs, "seed", "json"); f != "" {
			return usageError("%s applies only with --eval (see --help)", f)
		}
		return batch.Protocol(stdin, stdout)
	}
	secrets, n := batch.EvalSecrets(*seed, *games)
	var rep batch.Report
	bar := progress.New(stderr, n, "batch", "games")
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
