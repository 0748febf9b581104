package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/cmd/internal/cmdline"
	"github.com/mastermind-go/mastermind/cmd/internal/progress"
	"github.com/mastermind-go/mastermind/internal/words"
	"github.com/mastermind-go/mastermind/topcoder"
)

// topcoderCases checks the flags of eval --topcoder (or --examples) as
// parsed into fs and returns the games to play and the number of jobs, at
// most one a game (saying so on stderr when --jobs asked for more). The
// games are TopCoder's, so the flags of a game or a strategy do not apply,
// nor --games and --seed to the examples; --games is at most
// topcoder.MaxGames.
func topcoderCases(fs *flag.FlagSet, games, jobs int, seed uint64, examples bool, stderr io.Writer) ([]topcoder.Case, int, error) {
	if f := givenFlag(fs, append([]string{"strategy", "first", "tree"}, cmdline.GameFlagNames...)...); f != "" {
		return nil, 0, usageError("%s does not apply to --topcoder: its games are TopCoder's, played by \"mastermind break -p l -c k\"", f)
	}
	var cases []topcoder.Case
	switch f := givenFlag(fs, "games", "seed"); {
	case jobs < 1:
		return nil, 0, usageError("--jobs must be at least 1, not %d", jobs)
	case examples && f != "":
		return nil, 0, usageError("%s does not apply to --examples, the 20 games of the problem statement", f)
	case examples:
		cases = topcoder.Examples()
	case games < 1:
		return nil, 0, usageError("--games must be at least 1, not %d", games)
	case games > topcoder.MaxGames:
		return nil, 0, usageError("--games: at most %d games, not %d", topcoder.MaxGames, games)
	default:
		cases = topcoder.FirstCases(seed, games)
	}
	if jobs > len(cases) {
		fmt.Fprintf(stderr, "mastermind eval: --jobs %d: %s, so %s\n", jobs, words.Count(len(cases), "game"), words.Count(len(cases), "job"))
		jobs = len(cases)
	}
	return cases, jobs, nil
}

// selfBreaker is "mastermind break -p l -c k", run from this executable.
func selfBreaker(g mastermind.Game) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, "break", "-p", strconv.Itoa(g.Positions), "-c", strconv.Itoa(g.Colors))
	cmd.Args[0] = "mastermind"
	return cmd, nil
}

// runTopcoder plays the games of cases, each by "mastermind break -p l -c
// k" in a process of its own within TopCoder's limits, jobs at a time, and reports
// them on stdout, a line per game as it ends (unless asJSON), its progress
// on stderr. A game that fails is recorded (it scores 0, as at TopCoder);
// the error then names the failed games, after the whole report.
func runTopcoder(ctx context.Context, cases []topcoder.Case, jobs int, asJSON bool, stdout, stderr io.Writer) error {
	bar := progress.New(stderr, len(cases), "topcoder", "games")
	rep, err := topcoder.Play(ctx, cases, topcoder.Options{
		Breaker: selfBreaker,
		Jobs:    jobs,
		Limits:  topcoder.Limits(),
		Played: func(n int, g topcoder.Game) error {
			bar.Clear() // lines of the report follow
			if asJSON {
				return nil
			}
			_, err := fmt.Fprintln(stdout, g.Line(n))
			return err
		},
		Ended: func() { bar.Add(1) },
	})
	bar.Done()
	switch {
	case ctx.Err() != nil:
		return errInterrupted
	case err != nil:
		return err
	case asJSON:
		err = json.NewEncoder(stdout).Encode(rep)
	default:
		err = rep.WriteSummary(stdout)
	}
	if err != nil {
		return err
	}
	return rep.Failures()
}

// compareTopcoder compares two reports of eval --topcoder --json, files
// OLD,NEW, game by game.
func compareTopcoder(files string, asJSON bool, stdout io.Writer) error {
	oldName, newName, ok := strings.Cut(files, ",")
	if !ok || oldName == "" || newName == "" || strings.Contains(newName, ",") {
		return usageError("--compare takes two reports of eval --topcoder --json, OLD.json,NEW.json, not %q", files)
	}
	c, err := topcoder.CompareFiles(oldName, newName)
	if err != nil {
		return usageError("--compare: %v", err)
	}
	if asJSON {
		return json.NewEncoder(stdout).Encode(c)
	}
	return c.WriteText(stdout)
}
