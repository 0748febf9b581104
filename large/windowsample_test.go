package large

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/topcoder"
)

// TestWindowSample measures the window searches that fail: it plays
// MM_WINDOWS TopCoder games (seed MM_SEED, default 2) of MM_MINL to MM_MAXL
// positions (default 51 to 100), keeps every window's answers for which the
// play's search found no consistent code, and on each runs a search from
// scratch again and an enumeration that stops at the first code that fits
// (MM_NODES choices, default 100,000). It prints, per problem, the least
// wrong code's error and its distance to the secret (positions that
// differ), and what the enumeration found. The secret must fit every such
// set of answers. Skipped unless MM_WINDOWS is set.
func TestWindowSample(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("MM_WINDOWS"))
	if games == 0 {
		t.Skip("MM_WINDOWS not set")
	}
	seed, err := strconv.ParseUint(os.Getenv("MM_SEED"), 10, 64)
	if err != nil {
		seed = 2
	}
	nodes, err := strconv.Atoi(os.Getenv("MM_NODES"))
	if err != nil {
		nodes = 100_000
	}
	minL, maxL := lengths(51, 100)
	type window struct {
		problem
		game   int
		secret []uint8 // the secret's colours at the window's positions
	}
	var problems []window
	searches, played := 0, 0
	for tg := range topcoder.Cases(seed) {
		if played == games {
			break
		}
		if l := tg.Game.Positions; l < minL || l > maxL {
			continue
		}
		played++
		p := newPlayer(tg.Game, Options{Seed: 1}, func(c mastermind.Code) (mastermind.Feedback, error) {
			return mastermind.Score(tg.Secret, c), nil
		})
		p.searched = func(s *searcher, at []int, violated []int) {
			searches++
			if violated == nil {
				return
			}
			secret := make([]uint8, len(at))
			for k, i := range at {
				secret[k] = tg.Secret[i]
			}
			problems = append(problems, window{snapshot(s), played, secret})
		}
		if err := p.play(); err != nil {
			t.Fatalf("game %d %v: %v", played, tg.Game, err)
		}
	}
	again, enumerated := 0, 0
	for i, pr := range problems {
		s := pr.searcher(windowEffort, rand.New(rand.NewPCG(uint64(i), 3)))
		secret := &member{code: pr.secret, counts: make([]int, pr.K)}
		for _, c := range pr.secret {
			secret.counts[c]++
		}
		for j := range pr.guesses {
			if e := s.memberError(secret, j); e != 0 {
				t.Errorf("problem %d: the secret misses answer %d by %d", i, j, e)
			}
		}
		s.next()
		best := s.pop[0]
		if best.err == 0 {
			again++
		}
		dist := 0
		for k, c := range best.code {
			if c != pr.secret[k] {
				dist++
			}
		}
		start := time.Now()
		e := enumerate(s, 1, nodes)
		if len(e.codes) > 0 {
			enumerated++
		}
		fmt.Printf("problem %3d game %2d: %2d positions, %2d colours, %2d answers; search again: error %d, %2d positions from the secret; enumeration: %d codes after %d choices (%.2f s)\n",
			i, pr.game, pr.n, pr.K, len(pr.guesses), best.err, dist, len(e.codes), e.nodes, time.Since(start).Seconds())
	}
	fmt.Printf("%d games, %d window searches, %d found no consistent code; searched again, %d did; enumerated, %d did\n",
		played, searches, len(problems), again, enumerated)
}
