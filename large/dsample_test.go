package large

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"math/rand/v2"
	"time"

	"github.com/mastermind-go/mastermind"
)

// TestDistinctSample plays MM_DSAMPLE games "LxK,LxK" of distinct colours, MM_DSEEDS seeds each.
func TestDistinctSample(t *testing.T) {
	spec := os.Getenv("MM_DSAMPLE")
	if spec == "" {
		t.Skip("MM_DSAMPLE not set")
	}
	seeds, _ := strconv.Atoi(os.Getenv("MM_DSEEDS"))
	if seeds == 0 {
		seeds = 3
	}
	for _, gs := range strings.Split(spec, ",") {
		var g mastermind.Game
		f := strings.Split(gs, "x")
		g.Positions, _ = strconv.Atoi(f[0])
		g.Colors, _ = strconv.Atoi(f[1])
		g.Distinct = true
		for seed := range seeds {
			r := rand.New(rand.NewPCG(uint64(seed), 77))
			secret := g.Random(r)
			start := cpuTime()
			n, bad := playChecked(t, g, secret, uint64(seed))
			t.Logf("%v seed %d: %d guesses (%d not consistent), %.1f s CPU", g, seed, n, bad, (cpuTime() - start).Seconds())
			_ = time.Second
		}
	}
}
