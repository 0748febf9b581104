package batch

import (
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestPlay plays random secrets and the hard families: every one found,
// within 9 tests.
func TestPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 100
	if testing.Short() {
		n = 30
	}
	secrets := append(HardSecrets(r), RandomSecrets(r, n)...)
	results, err := Evaluate(secrets, 1)
	if err != nil {
		t.Fatal(err)
	}
	worst, total := 0, 0
	for _, res := range results {
		worst = max(worst, res.Tests)
		total += res.Tests
	}
	t.Logf("%d secrets: worst %d tests, average %.3f", len(results), worst, float64(total)/float64(len(results)))
	if worst > 9 {
		t.Errorf("a secret needed %d tests, more than 9", worst)
	}
}

func TestJudgeRefuses(t *testing.T) {
	judge := Judge("123456789", rand.New(rand.NewPCG(1, 1)))
	q := [Length]string{"000000000", "111111111", "222222222", "333333333", "444444444", "555555555", "666666666", "777777777", "888888888"}
	if _, err := judge(q); err != nil {
		t.Fatal(err)
	}
	if _, err := judge(q); err == nil {
		t.Errorf("the judge took strings sent before")
	}
	q[0] = "12345678x"
	if _, err := judge(q); err == nil {
		t.Errorf("the judge took a string that is not digits")
	}
}

// TestScore checks the digit-string score against the engine's.
func TestScore(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for range 10000 {
		a, b := make([]byte, Length), make([]byte, Length)
		for i := range a {
			a[i], b[i] = byte('0'+r.IntN(3)), byte('0'+r.IntN(3))
		}
		got := score(string(a), string(b))
		f := mastermind.Score(mastermind.Code(a), mastermind.Code(b))
		if got != (Answer{f.Black, f.White}) {
			t.Fatalf("score(%s, %s) = %v, want %v", a, b, got, f)
		}
	}
}
