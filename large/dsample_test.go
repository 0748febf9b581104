package large

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
)

// TestDistinctSample plays the games of distinct colours MM_DSAMPLE
// ("60x100,100x100": positions x colours), MM_DSEEDS random secrets each
// (default 3), and logs the guesses and CPU seconds of each. Skipped
// unless MM_DSAMPLE is set.
func TestDistinctSample(t *testing.T) {
	spec := os.Getenv("MM_DSAMPLE")
	if spec == "" {
		t.Skip("MM_DSAMPLE not set")
	}
	seeds, _ := strconv.Atoi(os.Getenv("MM_DSEEDS"))
	if seeds == 0 {
		seeds = 3
	}
	for _, size := range strings.Split(spec, ",") {
		l, k, _ := strings.Cut(size, "x")
		g := mastermind.Game{Distinct: true}
		g.Positions, _ = strconv.Atoi(l)
		g.Colors, _ = strconv.Atoi(k)
		if err := g.Validate(); err != nil {
			t.Fatalf("MM_DSAMPLE %q: %v", size, err)
		}
		for seed := range uint64(seeds) {
			secret := g.Random(rand.New(rand.NewPCG(seed, 77)))
			start := cputime.Process()
			n, bad, probes := playChecked(t, g, secret, seed)
			t.Logf("%v seed %d: %d guesses (%d not consistent with all answers, %d probes), %.1f s CPU", g, seed, n, bad, probes, (cputime.Process() - start).Seconds())
		}
	}
}
