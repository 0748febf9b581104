package batch

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// TestFunnel follows 300 random games through their first two tests
// (docs/performance.md quotes its log): after the first, the enumeration
// never completes within its budget (the second test is chosen on a
// sample); after the second, it completes within enumBudget for every
// game, and the secret is among those listed.
//
//	go test -tags long -run TestFunnel -v ./batch
func TestFunnel(t *testing.T) {
	testkit.Long(t)
	const n = 300
	r := rand.New(rand.NewPCG(11, 11))
	var after1, after2, cv1, cv2, nodes2 []int
	incomplete1 := 0
	for _, sec := range RandomSecrets(r, n) {
		g := &game{test: Judge(sec, r), sent: map[string]bool{}, rng: rand.New(rand.NewPCG(playSeed, playStream)), firstBudget: firstBudget, budget: enumBudget}
		g.ask(firstTest())
		cvs := g.countVecs(nil, true)
		cv1 = append(cv1, len(cvs))
		cands, complete := g.candidates(cvs, firstBudget)
		if !complete {
			incomplete1++
			sample := g.sampleFirst(cvs, sampleSize, 100*sampleSize)
			total := 0.0
			for _, cv := range cvs {
				total += multinomial(cv)
			}
			after1 = append(after1, int(total))
			g.ask(g.pick(sample, extraStrings))
			cvs = g.countVecs(cvs, false)
			cv2 = append(cv2, len(cvs))
			nodes := 0
			var out []secret
			for _, cv := range cvs {
				out, _ = g.arrangements(cv, out, maxCandidates, &nodes, 1<<40)
			}
			if nodes > enumBudget {
				t.Errorf("secret %s: %d prefixes after the second test, more than the budget %d", sec, nodes, enumBudget)
			}
			if !slices.ContainsFunc(out, func(c secret) bool { return c.String() == sec }) {
				t.Errorf("secret %s: not among the %d listed after the second test", sec, len(out))
			}
			after2 = append(after2, len(out))
			nodes2 = append(nodes2, nodes)
		} else if len(cands) == 0 {
			t.Errorf("secret %s: nothing listed after the first test", sec)
		}
	}
	q := func(x []int) string {
		if len(x) == 0 {
			return "-"
		}
		slices.Sort(x)
		sum := 0
		for _, v := range x {
			sum += v
		}
		return strconv.Itoa(x[0]) + "/" + strconv.Itoa(x[len(x)/2]) + "/" + strconv.Itoa(x[len(x)*9/10]) + "/" + strconv.Itoa(x[len(x)-1]) + " mean " + strconv.Itoa(sum/len(x))
	}
	t.Logf("incomplete after test 1: %d of %d", incomplete1, n)
	t.Logf("count vectors after test 1 (min/median/p90/max): %s", q(cv1))
	t.Logf("secrets with those counts after test 1: %s", q(after1))
	t.Logf("count vectors after test 2: %s", q(cv2))
	t.Logf("secrets left after test 2: %s", q(after2))
	t.Logf("prefixes visited after test 2: %s", q(nodes2))
}
