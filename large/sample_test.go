package large

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/topcoder"
)

// BenchmarkSample plays MM_SAMPLE TopCoder games (default 10; seed
// MM_SEED, default 1) in process, two at a time, and reports the mean score
// (TopCoder's l*lg(k)/guesses), the mean score of each band of positions
// (5-20, 21-50, 51-100) and the restarts; it logs each game's guesses, the
// guesses that were not consistent codes and the wall time. MM_GAMES
// (numbers from 1, comma separated) plays only those of them; MM_MINL and
// MM_MAXL draw only games of that many positions. It fails if a game ends
// in an error or takes more than TopCoder's limit of guesses.
//
//	go test ./large -run '^$' -bench 'Sample$' -benchtime 1x
func BenchmarkSample(b *testing.B) {
	n := envInt(b, "MM_SAMPLE", 10)
	seed := uint64(envInt(b, "MM_SEED", 1))
	only := map[int]bool{}
	for _, f := range strings.Split(os.Getenv("MM_GAMES"), ",") {
		if k, err := strconv.Atoi(f); err == nil {
			only[k] = true
		}
	}
	minL, maxL := lengths(b, 5, 100)
	var games []topcoder.Case
	for tg := range topcoder.Cases(seed) {
		if len(games) == n {
			break
		}
		if l := tg.Game.Positions; l >= minL && l <= maxL {
			games = append(games, tg)
		}
	}
	type result struct {
		guesses, counted int
		secs             float64
		stats            string
	}
	var res []result
	restarts := 0
	for b.Loop() {
		res = make([]result, len(games))
		restarts = 0
		var wg sync.WaitGroup
		var mu sync.Mutex
		sem := make(chan bool, 2)
		for i, tg := range games {
			if len(only) > 0 && !only[i+1] {
				continue
			}
			wg.Go(func() {
				sem <- true
				defer func() { <-sem }()
				start := time.Now()
				p := newPlayer(tg.Game, Options{Seed: 1}, func(c mastermind.Code) (mastermind.Feedback, error) {
					return mastermind.Score(tg.Secret, c), nil
				})
				if err := p.play(); err != nil {
					b.Errorf("game %d %v: %v", i+1, tg.Game, err)
				}
				if p.guesses > MaxGuesses {
					b.Errorf("game %d %v: %d guesses, more than TopCoder's %d", i+1, tg.Game, p.guesses, MaxGuesses)
				}
				res[i] = result{p.guesses, p.counted, time.Since(start).Seconds(), fmt.Sprintf("%+v work %d", p.stats, p.work)}
				mu.Lock()
				restarts += p.restarts
				mu.Unlock()
			})
		}
		wg.Wait()
	}
	var sum float64
	var band [3][3]float64 // games, score, counted guesses per guess
	played := 0
	for i, tg := range games {
		if res[i].guesses == 0 {
			continue
		}
		played++
		l, k := tg.Game.Positions, tg.Game.Colors
		sc := float64(l) * math.Log2(float64(k)) / float64(res[i].guesses)
		sum += sc
		x := &band[min(1, max(0, l-20))+min(1, max(0, l-50))]
		x[0]++
		x[1] += sc
		x[2] += float64(res[i].counted) / float64(res[i].guesses)
		b.Logf("game %3d l=%3d k=%2d guesses %4d counted %3d score %.3f wall %.2f %s", i+1, l, k, res[i].guesses, res[i].counted, sc, res[i].secs, res[i].stats)
	}
	if played == 0 {
		b.Fatalf("no game played (MM_SAMPLE %d, positions %d to %d, MM_GAMES %q)", n, minL, maxL, os.Getenv("MM_GAMES"))
	}
	b.ReportMetric(sum/float64(played), "score")
	for i, x := range band {
		if x[0] > 0 {
			b.ReportMetric(x[1]/x[0], fmt.Sprintf("score-band%d", i))
			b.Logf("band%d: %v games, score %.3f, counting %.2f", i, x[0], x[1]/x[0], x[2]/x[0])
		}
	}
	b.ReportMetric(float64(restarts), "restarts")
}

// envInt returns the variable's value as a number, def when it is unset.
func envInt(tb testing.TB, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		tb.Fatalf("%s=%q: want a number of at least 0", name, s)
	}
	return v
}

// lengths returns the lengths of the games a sample draws: MM_MINL to
// MM_MAXL, by default lo to hi.
func lengths(tb testing.TB, lo, hi int) (int, int) {
	return envInt(tb, "MM_MINL", lo), envInt(tb, "MM_MAXL", hi)
}
