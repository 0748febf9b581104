package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/judge"
)

// judgeRun is a judge command line, parsed.
type judgeRun struct {
	game    mastermind.Game
	secret  mastermind.Code // nil: drawn with seed
	seed    uint64
	games   int
	lim     judge.Limits
	asJSON  bool
	program []string
}

func runJudge(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	j, err := parseJudge(args)
	if err != nil {
		return err
	}
	var report judge.Report
	stopped := j.play(ctx, &report, stdout)
	if stopped != nil && len(report.Games) == 0 {
		return stopped
	}
	// Stopped by a verdict or a signal, the games finished are reported
	// all the same: nothing that was played is lost.
	if j.asJSON {
		err = json.NewEncoder(stdout).Encode(report)
	} else {
		err = report.WriteSummary(stdout)
	}
	if stopped != nil {
		return stopped
	}
	return err
}

// play plays the games into report, writing each game's line unless the
// report is JSON, until they are done or one ends in a verdict (its error)
// or ctx is done (errInterrupted).
func (j *judgeRun) play(ctx context.Context, report *judge.Report, stdout io.Writer) error {
	rng := rand.New(rand.NewPCG(j.seed, 0x6d61737465726d69))
	for i := 1; i <= j.games; i++ {
		secret := j.secret
		if secret == nil {
			secret = j.game.Random(rng)
		}
		start := time.Now()
		res, err := judge.Run(ctx, j.game, secret, exec.Command(j.program[0], j.program[1:]...), j.lim)
		switch {
		case ctx.Err() != nil:
			return errInterrupted
		case err != nil:
			return fmt.Errorf("game %d (secret %v): %w", i, secret, err)
		}
		game := report.Add(secret, res, time.Since(start))
		if j.asJSON {
			continue
		}
		if err := game.WriteLine(stdout, i, j.lim.CPU > 0); err != nil {
			return fmt.Errorf("writing the report: %w", err)
		}
	}
	return nil
}

// parseJudge parses the command line of judge.
func parseJudge(args []string) (*judgeRun, error) {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	var gf gameFlags
	gf.register(fs)
	j := &judgeRun{}
	secret := fs.String("secret", "", "")
	fs.Uint64Var(&j.seed, "seed", 1, "")
	fs.IntVar(&j.games, "games", 0, "")
	fs.IntVar(&j.lim.Guesses, "max-guesses", 3000, "")
	fs.DurationVar(&j.lim.Time, "timeout", 20*time.Second, "")
	fs.DurationVar(&j.lim.CPU, "cpu", 0, "")
	fs.BoolVar(&j.asJSON, "json", false, "")
	if err := parseArgs(fs, args); err != nil {
		return nil, err
	}
	if j.program = fs.Args(); len(j.program) == 0 {
		return nil, usageError("name the program to judge after --, as in: mastermind judge --game classic -- ./mybot")
	}
	var err error
	if j.game, err = gf.game(fs); err != nil {
		return nil, err
	}
	switch games := givenFlag(fs, "games") != ""; {
	case j.games < 0 || games && j.games < 1:
		return nil, usageError("--games must be at least 1, not %d", j.games)
	case j.games > judge.MaxGames:
		return nil, usageError("--games: at most %d games, not %d", judge.MaxGames, j.games)
	case j.lim.Guesses < 1:
		return nil, usageError("--max-guesses must be at least 1, not %d", j.lim.Guesses)
	case j.lim.Time <= 0:
		return nil, usageError("--timeout must be positive, not %v", j.lim.Time)
	case givenFlag(fs, "cpu") != "" && j.lim.CPU <= 0:
		return nil, usageError("--cpu must be positive, not %v (leave it out for no limit)", j.lim.CPU)
	case *secret != "" && givenFlag(fs, "seed") != "":
		return nil, usageError("--secret plays that secret and --seed draws secrets: give one of them")
	case *secret != "":
		if j.secret, err = j.game.ParseCode(*secret); err != nil {
			return nil, usageError("--secret: %v", err)
		}
	}
	switch {
	case j.games > 0:
	case j.secret != nil:
		j.games = 1
	default:
		j.games = 10
	}
	return j, nil
}
