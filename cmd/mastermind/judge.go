package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"time"

	"github.com/mastermind-go/mastermind/judge"
)

func runJudge(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	s, asJSON, err := parseJudge(args)
	if err != nil {
		return err
	}
	rep, stopped := s.Play(ctx, func(n int, g judge.Game) error {
		if asJSON {
			return nil
		}
		return g.WriteLine(stdout, n, s.Limits.CPU > 0)
	})
	// Stopped by a verdict or a signal, the games finished are reported
	// all the same (the JSON report with none, at a verdict on the first).
	switch {
	case asJSON:
		err = json.NewEncoder(stdout).Encode(rep)
	case len(rep.Games) > 0:
		err = rep.WriteSummary(stdout)
	}
	if stopped != nil {
		return stopped
	}
	return err
}

// parseJudge parses the command line of judge, and whether it asks for
// the JSON report.
func parseJudge(args []string) (*judge.Series, bool, error) {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	var gf gameFlags
	gf.register(fs)
	s := &judge.Series{}
	secret := fs.String("secret", "", "")
	fs.Uint64Var(&s.Seed, "seed", 1, "")
	fs.IntVar(&s.Games, "games", 0, "")
	fs.IntVar(&s.Limits.Guesses, "max-guesses", 3000, "")
	fs.DurationVar(&s.Limits.Time, "timeout", 20*time.Second, "")
	fs.DurationVar(&s.Limits.CPU, "cpu", 0, "")
	asJSON := fs.Bool("json", false, "")
	if err := parseArgs(fs, args); err != nil {
		return nil, false, err
	}
	if s.Program = fs.Args(); len(s.Program) == 0 {
		return nil, false, usageError("name the program to judge after --, as in: mastermind judge --game classic -- ./mybot")
	}
	var err error
	if s.Game, err = gf.game(fs); err != nil {
		return nil, false, err
	}
	switch games := givenFlag(fs, "games") != ""; {
	case s.Games < 0 || games && s.Games < 1:
		return nil, false, usageError("--games must be at least 1, not %d", s.Games)
	case s.Games > judge.MaxGames:
		return nil, false, usageError("--games: at most %d games, not %d", judge.MaxGames, s.Games)
	case s.Limits.Guesses < 1:
		return nil, false, usageError("--max-guesses must be at least 1, not %d", s.Limits.Guesses)
	case s.Limits.Time <= 0:
		return nil, false, usageError("--timeout must be positive, not %v", s.Limits.Time)
	case givenFlag(fs, "cpu") != "" && s.Limits.CPU <= 0:
		return nil, false, usageError("--cpu must be positive, not %v (leave it out for no limit)", s.Limits.CPU)
	case *secret != "" && givenFlag(fs, "seed") != "":
		return nil, false, usageError("--secret plays that secret and --seed draws secrets: give one of them")
	case *secret != "":
		if s.Secret, err = s.Game.ParseCode(*secret); err != nil {
			return nil, false, usageError("--secret: %v", err)
		}
	}
	if err := judge.Check(s.Program[0]); err != nil {
		return nil, false, usageError("%v", err)
	}
	switch {
	case s.Games > 0:
	case s.Secret != nil:
		s.Games = 1
	default:
		s.Games = 10
	}
	return s, *asJSON, nil
}
