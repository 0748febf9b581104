package large

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// judged plays game g with o in process against secret, scored by
// testkit's scorers (apart from the engine's), and returns the guesses;
// it fails tb if the play ends in an error, asks a code that is not one of
// the game, or asks more than MaxGuesses.
func judged(tb testing.TB, g mastermind.Game, o Options, secret mastermind.Code) int {
	tb.Helper()
	n := 0
	err := Play(g, o, func(guess mastermind.Code) (mastermind.Feedback, error) {
		n++
		if err := g.ValidCode(guess); err != nil {
			tb.Fatalf("%v, secret %v: guess %d %v: %v", g, secret, n, guess, err)
		}
		return judge(g, secret, guess), nil
	})
	if err != nil {
		tb.Fatalf("%v, secret %v, seed %d: %v after %d guesses", g, secret, o.Seed, err, n)
	}
	return n
}

// judge answers guess by testkit's scorer of g's rule.
func judge(g mastermind.Game, secret, guess mastermind.Code) mastermind.Feedback {
	switch g.Rule {
	case mastermind.BlackOnly:
		return mastermind.Feedback{Black: testkit.Blacks(secret, guess)}
	case mastermind.Slots:
		return marksOf(secret, guess)
	}
	b, w := testkit.Score(secret, guess)
	return mastermind.Feedback{Black: b, White: w}
}

// BenchmarkRuleSample plays the games MM_RSAMPLE (default
// "20x10-slots,20x10-black"; names as --game takes them, "12of20-black"),
// MM_RSEEDS random secrets each (default 10; secret and seed i), with
// consistent codes under black (MM_RCONSISTENT=0: auto), logs each game's
// guesses and CPU seconds, and reports the mean and most guesses of each
// and its most CPU seconds a game (the logs are cut past a few lines).
//
//	MM_RSAMPLE=100x20-slots MM_RSEEDS=50 go test ./large -run '^$' -bench RuleSample -benchtime 1x
func BenchmarkRuleSample(b *testing.B) {
	spec := os.Getenv("MM_RSAMPLE")
	if spec == "" {
		spec = "20x10-slots,20x10-black"
	}
	seeds := envInt(b, "MM_RSEEDS", 10)
	consistent := os.Getenv("MM_RCONSISTENT") != "0"
	var games []mastermind.Game
	for _, name := range strings.Split(spec, ",") {
		g, err := mastermind.ParseGame(name)
		if err != nil {
			b.Fatalf("MM_RSAMPLE: %v", err)
		}
		games = append(games, g)
	}
	for b.Loop() {
		for _, g := range games {
			total, most := 0, 0
			var cpu float64
			for seed := range uint64(seeds) {
				secret := g.Random(rand.New(rand.NewPCG(seed, 71)))
				start := cputime.Process()
				n := judged(b, g, Options{Seed: seed, Clock: cputime.Process, Consistent: consistent}, secret)
				sec := (cputime.Process() - start).Seconds()
				total, most, cpu = total+n, max(most, n), max(cpu, sec)
				b.Logf("%s seed %d: %d guesses, %.2f s CPU", g.Name(), seed, n, sec)
			}
			b.Logf("%s: %d games, %.2f guesses on average, at most %d, at most %.2f s CPU a game", g.Name(), seeds, float64(total)/float64(seeds), most, cpu)
			b.ReportMetric(float64(total)/float64(seeds), fmt.Sprintf("guesses-%s", g.Name()))
			b.ReportMetric(float64(most), fmt.Sprintf("most-%s", g.Name()))
			b.ReportMetric(cpu, fmt.Sprintf("cpu-s-max-%s", g.Name()))
		}
	}
}
