package batch

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/mastermind-go/mastermind/internal/cputime"
)

func TestExp(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("EXPN"))
	if n == 0 {
		t.Skip()
	}
	r := rand.New(rand.NewPCG(5, 5))
	secrets := append(HardSecrets(r), RandomSecrets(r, n)...)
	if os.Getenv("EXPHARD") == "" {
		secrets = RandomSecrets(r, n)
	}
	hist := map[int]int{}
	total, worstCPU := 0, 0.0
	worstS := ""
	for _, sec := range secrets {
		judge := Judge(sec, r)
		tests := 0
		start := cputime.Process()
		got, err := Play(func(q [Length]string) ([Length]Answer, error) { tests++; return judge(q) })
		cpu := (cputime.Process() - start).Seconds()
		if err != nil || got != sec {
			t.Fatalf("%s: %v %v", sec, got, err)
		}
		hist[tests]++
		total += tests
		if cpu > worstCPU {
			worstCPU, worstS = cpu, sec
		}
		if tests >= 5 {
			t.Logf("%s: %d tests", sec, tests)
		}
	}
	t.Logf("avg %.3f hist %v worst cpu %.3f (%s)", float64(total)/float64(len(secrets)), hist, worstCPU, worstS)
}
