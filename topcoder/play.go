package topcoder

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"sync"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/judge"
	"github.com/mastermind-go/mastermind/protocol"
)

// Limits returns the contest's limits: 3000 guesses and 20 s of CPU a game;
// a game beyond either fails. The wall-clock limit is far looser, as games
// played at once share the processors and a run under nice on a loaded
// machine gets a small share of them (a game of 12 s of CPU once took over
// 2 minutes); the CPU time is reported for each game.
func Limits() protocol.Limits {
	return protocol.Limits{Guesses: 3000, CPU: 20 * time.Second, Time: 15 * time.Minute}
}

// Options say how Play plays.
type Options struct {
	// Breaker returns the command that breaks the codes of game g,
	// speaking the break protocol; it is run once a game.
	Breaker func(g mastermind.Game) (*exec.Cmd, error)
	Jobs    int             // games played at once (at least 1)
	Limits  protocol.Limits // the limits of a game, usually Limits()
	// Played, if not nil, is called with each game played, in the order
	// of the games (n counts from 1), as soon as it and the games before
	// it are played; an error stops the evaluation.
	Played func(n int, g Game) error
	// Ended, if not nil, is called when a game ends, in any order (for a
	// progress bar).
	Ended func()
}

// Play plays the games of cases, each by the command of o.Breaker in a
// process of its own within o.Limits, o.Jobs at a time, and reports them.
// A game that fails (its breaker breaks the protocol, exceeds the limits
// or crashes) is recorded with the reason, and scores 0, as in the
// contest; the other games are played (see [Report.Failures]). It returns
// ctx's error when ctx ends first, and Played's error if any.
func Play(ctx context.Context, cases []Case, o Options) (*Report, error) {
	games := make([]Game, len(cases))
	for i, c := range cases {
		games[i] = Game{Positions: c.Game.Positions, Colors: c.Game.Colors, Secret: c.Secret.String()}
	}
	var (
		mu      sync.Mutex
		played  int // the games reported to Played
		done    = make([]bool, len(cases))
		halt    error // what stops the evaluation: ctx's end, or Played's error
		wg      sync.WaitGroup
		next    = make(chan int)
		stopped = func() bool { mu.Lock(); defer mu.Unlock(); return halt != nil }
	)
	for range max(o.Jobs, 1) {
		wg.Go(func() {
			for i := range next {
				err := playOne(ctx, cases[i], &games[i], o)
				mu.Lock()
				switch {
				case ctx.Err() != nil && halt == nil:
					halt = ctx.Err()
				case ctx.Err() != nil:
				case err != nil:
					games[i].Error = err.Error()
					games[i].Score = 0
				}
				done[i] = true
				for ; halt == nil && played < len(games) && done[played]; played++ {
					if o.Played != nil {
						halt = o.Played(played+1, games[played])
					}
				}
				if o.Ended != nil {
					o.Ended()
				}
				mu.Unlock()
			}
		})
	}
	for i := range games {
		if stopped() {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if halt != nil {
		return nil, halt
	}
	return summarize(games), nil
}

// playOne judges the breaker on the game of c in a process of its own,
// and fills in game's guesses, score, CPU time and peak resident memory
// (all but the score when it fails: the verdict).
func playOne(ctx context.Context, c Case, game *Game, o Options) error {
	cmd, err := o.Breaker(c.Game)
	if err != nil {
		return fmt.Errorf("cannot run the breaker: %v", err)
	}
	res, err := judge.Run(ctx, c.Game, c.Secret, cmd, o.Limits)
	game.Guesses = res.Guesses
	game.CPU, game.PeakRSS = round3(res.CPU.Seconds()), res.PeakRSS
	if err != nil {
		return err
	}
	game.Score = round3(Score(c.Game, res.Guesses))
	return nil
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
