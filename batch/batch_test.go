package batch

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// TestPlay plays random secrets and the hard families against a judge of
// its own (testkit.Score, answers shuffled, no string sent twice): every
// secret must be found, each within 6 tests (the README's figure; the
// contest's full score asks for 9).
func TestPlay(t *testing.T) {
	const maxTests = 6
	r := rand.New(rand.NewPCG(1, 2))
	n := 100
	if !testkit.LongLane {
		n = 30
	}
	secrets := append(HardSecrets(r), RandomSecrets(r, n)...)
	worst, total := 0, 0
	for _, secret := range secrets {
		sent := map[string]bool{}
		tests := 0
		got, err := Play(func(strs [Length]string) ([Length]Answer, error) {
			tests++
			var ans [Length]Answer
			for i, s := range strs {
				if len(s) != Length || strings.Trim(s, "0123456789") != "" || sent[s] {
					t.Fatalf("secret %s, test %d: string %q is not 9 digits or was sent before", secret, tests, s)
				}
				sent[s] = true
				hit, blow := testkit.Score([]byte(secret), []byte(s))
				ans[i] = Answer{hit, blow}
			}
			r.Shuffle(Length, func(i, j int) { ans[i], ans[j] = ans[j], ans[i] })
			return ans, nil
		})
		if err != nil || got != secret {
			t.Fatalf("Play with secret %s = %q, %v; want the secret", secret, got, err)
		}
		if tests > maxTests {
			t.Errorf("secret %s needed %d tests, more than the README's %d", secret, tests, maxTests)
		}
		worst = max(worst, tests)
		total += tests
	}
	t.Logf("%d secrets: worst %d tests, average %.3f", len(secrets), worst, float64(total)/float64(len(secrets)))
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

// EvalSecrets yields the hard secrets, then n random ones, as many as it
// says, the same for the same seed.
func TestEvalSecrets(t *testing.T) {
	seq, n := EvalSecrets(7, 25)
	got := slices.Collect(seq)
	hard := HardSecrets(rand.New(rand.NewPCG(7, secretsStream)))
	if n != len(hard)+25 || len(got) != n {
		t.Fatalf("EvalSecrets(7, 25): %d secrets, says %d; want %d", len(got), n, len(hard)+25)
	}
	if !slices.Equal(got[:len(hard)], hard) {
		t.Errorf("EvalSecrets(7, 25) does not start with the hard secrets")
	}
	for _, s := range got[len(hard):] {
		if len(s) != Length || strings.Trim(s, "0123456789") != "" {
			t.Errorf("EvalSecrets(7, 25): secret %q is not %d digits", s, Length)
		}
	}
	again, _ := EvalSecrets(7, 25)
	if !slices.Equal(slices.Collect(again), got) {
		t.Errorf("EvalSecrets(7, 25) differs from one call to the next")
	}
}
