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
