package large

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
)

// BenchmarkDistinctSample plays the games of distinct colours MM_DSAMPLE
// (default "20x20,40x60": positions x colours), MM_DSEEDS random secrets
// each (default 3), logs the guesses and CPU seconds of each, and reports
// the mean guesses of each size. It fails if a game ends in an error or
// plays a code that is not one of the game.
//
//	go test ./large -run '^$' -bench DistinctSample -benchtime 1x
func BenchmarkDistinctSample(b *testing.B) {
	spec := os.Getenv("MM_DSAMPLE")
	if spec == "" {
		spec = "20x20,40x60"
	}
	seeds := envInt(b, "MM_DSEEDS", 3)
	var games []mastermind.Game
	for _, size := range strings.Split(spec, ",") {
		l, k, _ := strings.Cut(size, "x")
		g := mastermind.Game{Distinct: true}
		g.Positions, _ = strconv.Atoi(l)
		g.Colors, _ = strconv.Atoi(k)
		if err := g.Validate(); err != nil {
			b.Fatalf("MM_DSAMPLE %q: %v", size, err)
		}
		games = append(games, g)
	}
	guesses := make([]int, len(games))
	for b.Loop() {
		for i, g := range games {
			guesses[i] = 0
			for seed := range uint64(seeds) {
				secret := g.Random(rand.New(rand.NewPCG(seed, 77)))
				start := cputime.Process()
				n, bad, probes := playChecked(b, g, secret, seed)
				guesses[i] += n
				b.Logf("%v seed %d: %d guesses (%d not consistent with all answers, %d probes), %.1f s CPU", g, seed, n, bad, probes, (cputime.Process() - start).Seconds())
			}
		}
	}
	for i, g := range games {
		b.ReportMetric(float64(guesses[i])/float64(max(1, seeds)), fmt.Sprintf("guesses-%dx%d", g.Positions, g.Colors))
	}
}
