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

// TestSample plays MM_SAMPLE TopCoder games (seed MM_SEED) in process and
// prints the per-game guesses, the mean score and the bands; MM_GAMES
// (numbers from 1, comma separated) plays only those of them; MM_MINL and
// MM_MAXL draw only games of that many positions. Skipped unless MM_SAMPLE
// is set.
func TestSample(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("MM_SAMPLE"))
	if n == 0 {
		t.Skip("MM_SAMPLE not set")
	}
	seed, _ := strconv.ParseUint(os.Getenv("MM_SEED"), 10, 64)
	if seed == 0 {
		seed = 1
	}
	only := map[int]bool{}
	for _, f := range strings.Split(os.Getenv("MM_GAMES"), ",") {
		if k, err := strconv.Atoi(f); err == nil {
			only[k] = true
		}
	}
	minL, maxL := lengths(5, 100)
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
	res := make([]result, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	restarts := 0
	sem := make(chan bool, 2)
	for i, tg := range games {
		if len(only) > 0 && !only[i+1] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			start := time.Now()
			p := newPlayer(tg.Game, Options{Seed: 1}, func(c mastermind.Code) (mastermind.Feedback, error) {
				return mastermind.Score(tg.Secret, c), nil
			})
			err := p.play()
			if err != nil {
				t.Errorf("game %d %v: %v", i, tg.Game, err)
			}
			res[i] = result{p.guesses, p.counted, time.Since(start).Seconds(), fmt.Sprintf("%+v work %d", p.stats, p.work)}
			mu.Lock()
			restarts += p.restarts
			mu.Unlock()
		}()
	}
	wg.Wait()
	var sum float64
	band := map[int][3]float64{}
	played := 0
	for i, tg := range games {
		if res[i].guesses == 0 {
			continue
		}
		played++
		l, k := tg.Game.Positions, tg.Game.Colors
		sc := float64(l) * math.Log2(float64(k)) / float64(res[i].guesses)
		sum += sc
		b := 0
		if l > 20 {
			b = 1
		}
		if l > 50 {
			b = 2
		}
		x := band[b]
		x[0]++
		x[1] += sc
		x[2] += float64(res[i].counted) / float64(res[i].guesses)
		band[b] = x
		fmt.Printf("game %3d l=%3d k=%2d guesses %4d counted %3d score %.3f wall %.2f %s\n", i+1, l, k, res[i].guesses, res[i].counted, sc, res[i].secs, res[i].stats)
	}
	fmt.Printf("mean %.4f", sum/float64(played))
	for b := range 3 {
		x := band[b]
		fmt.Printf("  band%d %.3f (n=%v, counting %.2f)", b, x[1]/x[0], x[0], x[2]/x[0])
	}
	fmt.Println()
	fmt.Printf("restarts %d\n", restarts)
}

// lengths returns the lengths of the games a sample draws: MM_MINL to
// MM_MAXL, by default lo to hi.
func lengths(lo, hi int) (int, int) {
	if v, err := strconv.Atoi(os.Getenv("MM_MINL")); err == nil {
		lo = v
	}
	if v, err := strconv.Atoi(os.Getenv("MM_MAXL")); err == nil {
		hi = v
	}
	return lo, hi
}
