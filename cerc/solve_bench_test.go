package cerc_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind/cerc"
)

// BenchmarkSolve solves limit-size instances (10 positions, 100
// colours) of each family, consistent and cheating, and reports the slowest.
func BenchmarkSolve(b *testing.B) {
	for _, m := range []int{10, 100} {
		for _, family := range cerc.Families {
			for _, cheat := range []bool{false, true} {
				r := rand.New(rand.NewPCG(uint64(m), 1))
				var cases []cerc.Case
				for range 20 {
					k, _ := cerc.Generate(r, family, 10, 100, m, cheat)
					cases = append(cases, k)
				}
				name := fmt.Sprintf("m=%d/%s/cheat=%v", m, family, cheat)
				b.Run(name, func(b *testing.B) {
					var worst time.Duration
					for b.Loop() {
						for _, k := range cases {
							start := time.Now()
							cerc.Solve(k)
							worst = max(worst, time.Since(start))
						}
					}
					b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
					b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*len(cases)), "ms/case")
				})
			}
		}
	}
}
