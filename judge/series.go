package judge

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/protocol"
)

// A Series is the games of one program that mastermind judge plays.
type Series struct {
	Game    mastermind.Game
	Secret  mastermind.Code // the secret of every game; nil: drawn from Seed
	Seed    uint64
	Games   int
	Limits  protocol.Limits
	Program []string // the program and its arguments
}

// secretStream is the stream of the generator (PCG) that draws a series'
// secrets from its seed: "mastermi" in ASCII, so that a seed draws the
// secrets it drew in every version.
const secretStream = 0x6d61737465726d69

// Play plays the games of s, calling played after each (an error of
// played ends the series), until they are done, one ends in a verdict (the
// error, naming the game and its secret) or ctx ends (ctx's error). The
// report holds the games finished, none at a verdict on the first: nothing
// that was played is lost.
func (s *Series) Play(ctx context.Context, played func(n int, g Game) error) (*Report, error) {
	rep := &Report{Games: []Game{}}
	rng := rand.New(rand.NewPCG(s.Seed, secretStream))
	for n := 1; n <= s.Games; n++ {
		secret := s.Secret
		if secret == nil {
			secret = s.Game.Random(rng)
		}
		start := time.Now()
		res, err := Run(ctx, s.Game, secret, exec.Command(s.Program[0], s.Program[1:]...), s.Limits)
		switch {
		case ctx.Err() != nil:
			return rep, ctx.Err()
		case err != nil:
			return rep, fmt.Errorf("game %d (secret %v): %w", n, secret, err)
		}
		if err := played(n, rep.Add(secret, res, time.Since(start))); err != nil {
			return rep, err
		}
	}
	return rep, nil
}
