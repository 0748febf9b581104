package large

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/topcoder"
)

// BenchmarkWindowSample measures the window searches that fail: it plays
// MM_WINDOWS TopCoder games (default 2; seed MM_SEED, default 2) of
// MM_MINL to MM_MAXL positions (default 51 to 100), keeps every window's
// answers for which the play's search found no consistent code, and on
// each runs a search from scratch again and an enumeration that stops at
// the first code that fits (MM_NODES choices, default 100,000). It logs,
// per problem, the least wrong code's error and its distance to the secret
// (positions that differ), and what the enumeration found, and reports the
// share that each found (again-%, enumerated-%). It fails if the secret
// does not fit such a set of answers.
//
//	go test ./large -run '^$' -bench WindowSample -benchtime 1x
func BenchmarkWindowSample(b *testing.B) {
	games := envInt(b, "MM_WINDOWS", 2)
	seed := uint64(envInt(b, "MM_SEED", 2))
	nodes := envInt(b, "MM_NODES", 100_000)
	minL, maxL := lengths(b, 51, 100)
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
			b.Fatalf("game %d %v: %v", played, tg.Game, err)
		}
	}
	again, enumerated := 0, 0
	for b.Loop() {
		again, enumerated = 0, 0
		for i, pr := range problems {
			s := pr.searcher(windowEffort, rand.New(rand.NewPCG(uint64(i), 3)))
			secret := &member{code: pr.secret, counts: make([]int, pr.K)}
			for _, c := range pr.secret {
				secret.counts[c]++
			}
			for j := range pr.guesses {
				if e := s.memberError(secret, j); e != 0 {
					b.Errorf("problem %d: the secret misses answer %d by %d", i, j, e)
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
			b.Logf("problem %3d game %2d: %2d positions, %2d colours, %2d answers; search again: error %d, %2d positions from the secret; enumeration: %d codes after %d choices (%.2f s)",
				i, pr.game, pr.n, pr.K, len(pr.guesses), best.err, dist, len(e.codes), e.nodes, time.Since(start).Seconds())
		}
	}
	b.Logf("%d games, %d window searches, %d found no consistent code; searched again, %d did; enumerated, %d did",
		played, searches, len(problems), again, enumerated)
	b.ReportMetric(float64(len(problems)), "problems")
	if len(problems) > 0 {
		b.ReportMetric(100*float64(again)/float64(len(problems)), "again-%")
		b.ReportMetric(100*float64(enumerated)/float64(len(problems)), "enumerated-%")
	}
}
