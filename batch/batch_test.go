package batch

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// maxTests and maxAverage are issue 62's bounds: at most 5 tests for every
// secret, at most 4.5 on average over random secrets.
const (
	maxTests   = 5
	maxAverage = 4.5
)

// judged plays secret against a judge of the test's own (testkit.Score,
// answers shuffled, no string sent twice, nothing else known to the
// player) and returns the tests it took; the game must find the secret.
func judged(t testing.TB, play func(Test) (string, error), secret string, r *rand.Rand) int {
	t.Helper()
	sent := map[string]bool{}
	tests := 0
	got, err := play(func(strs [Length]string) ([Length]Answer, error) {
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
	return tests
}

// hardFamilies returns the secrets issue 62 names besides HardSecrets:
// each digit nine times, two digits only (pairs secrets of each pair of
// digits), nine distinct digits, and the accepted solution's worst cases:
// no zero (its 9 tests) and nine distinct digits (its longest list).
func hardFamilies(r *rand.Rand, pairs int) []string {
	var out []string
	for d := range 10 {
		out = append(out, strings.Repeat(string(rune('0'+d)), Length))
	}
	for a := byte('0'); a <= '9'; a++ {
		for b := a + 1; b <= '9'; b++ {
			for range pairs {
				s := make([]byte, Length)
				for i := range s {
					s[i] = []byte{a, b}[r.IntN(2)]
				}
				out = append(out, string(s))
			}
		}
	}
	for range 10 {
		perm := r.Perm(10)
		s := make([]byte, Length)
		for i := range s {
			s[i] = byte('0' + perm[i])
		}
		out = append(out, string(s))
		for i := range s {
			s[i] = byte('1' + r.IntN(9))
		}
		out = append(out, string(s))
	}
	return out
}

// playAll plays the secrets and checks issue 62's bounds: at most maxTests
// each, and at most maxAverage on average over the random ones.
func playAll(t *testing.T, hard, random []string, r *rand.Rand) {
	worst, total := 0, 0
	for i, secret := range append(hard, random...) {
		tests := judged(t, Play, secret, r)
		if tests > maxTests {
			t.Errorf("secret %s needed %d tests, more than %d", secret, tests, maxTests)
		}
		worst = max(worst, tests)
		if i >= len(hard) {
			total += tests
		}
	}
	avg := float64(total) / float64(max(len(random), 1))
	if avg > maxAverage {
		t.Errorf("%d random secrets: %.3f tests on average, more than %.1f", len(random), avg, maxAverage)
	}
	t.Logf("%d hard and %d random secrets: worst %d tests, average %.3f over the random ones", len(hard), len(random), worst, avg)
}

// TestPlay plays the hard families (HardSecrets, and one secret of two
// digits for each pair) and a sample of random secrets.
func TestPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	playAll(t, append(HardSecrets(r), hardFamilies(r, 1)...), RandomSecrets(r, 30), r)
}

// TestPlayMany plays 500 random secrets and four secrets of two digits
// for each pair of digits (long lane: about half a minute of CPU).
func TestPlayMany(t *testing.T) {
	testkit.Long(t)
	r := rand.New(rand.NewPCG(3, 4))
	playAll(t, hardFamilies(r, 4), RandomSecrets(r, 500), r)
}

// TestPlaySmallBudgets plays with enumerations cut short (after a test,
// the secrets found before the budget runs out, or none, stand in for the
// list): the secret is still found, only with more tests.
func TestPlaySmallBudgets(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, budget := range []int{1, 200, 5000} {
		play := func(test Test) (string, error) {
			g := &game{test: test, sent: map[string]bool{}, rng: rand.New(rand.NewPCG(playSeed, playStream)),
				firstBudget: budget, budget: budget}
			return g.play()
		}
		for _, secret := range append([]string{"000000000", "123456789", "997508460"}, RandomSecrets(r, 3)...) {
			tests := judged(t, play, secret, r)
			t.Logf("budget %d, secret %s: %d tests", budget, secret, tests)
		}
	}
}

// TestCandidatesComplete checks the enumeration against brute force after
// two and three tests: every secret listed gives every answer (by the
// test's scorer), and every secret that does, among the permutations of
// the secret's digits and the secrets within two digits of it, is listed.
func TestCandidatesComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, secret := range append([]string{"997508460", "111111112", "012345678"}, RandomSecrets(r, 2)...) {
		g := &game{sent: map[string]bool{}, rng: rand.New(rand.NewPCG(1, 1)), budget: enumBudget}
		var tests [][Length]string
		g.test = func(strs [Length]string) ([Length]Answer, error) {
			tests = append(tests, strs)
			var ans [Length]Answer
			for i, s := range strs {
				h, b := testkit.Score([]byte(secret), []byte(s))
				ans[i] = Answer{h, b}
			}
			return ans, nil
		}
		fitsAll := func(s string) bool {
			for _, strs := range tests {
				var want, got [Length]Answer
				for i, q := range strs {
					h, b := testkit.Score([]byte(secret), []byte(q))
					want[i] = Answer{h, b}
					h, b = testkit.Score([]byte(s), []byte(q))
					got[i] = Answer{h, b}
				}
				sortAnswers(&want)
				sortAnswers(&got)
				if want != got {
					return false
				}
			}
			return true
		}
		if err := g.ask(firstTest()); err != nil {
			t.Fatal(err)
		}
		cvs := g.countVecs(nil, true)
		sample := g.sampleFirst(cvs, sampleSize, 100*sampleSize)
		near := nearby(secret)
		for round := 2; round <= 3; round++ {
			if err := g.ask(g.pick(sample, extraStrings)); err != nil {
				t.Fatal(err)
			}
			cvs = g.countVecs(cvs, false)
			cands, complete := g.candidates(cvs, enumBudget)
			if !complete {
				t.Fatalf("secret %s, %d tests: the enumeration did not complete", secret, round)
			}
			listed := map[string]bool{}
			for _, c := range cands {
				s := c.String()
				if !fitsAll(s) {
					t.Errorf("secret %s, %d tests: %s listed but does not give the answers", secret, round, s)
				}
				listed[s] = true
			}
			for _, s := range near {
				if fitsAll(s) && !listed[s] {
					t.Errorf("secret %s, %d tests: %s gives the answers but is not listed", secret, round, s)
				}
			}
			sample = cands
		}
	}
}

// nearby returns the secrets within two digits of s and the permutations
// of its digits (at most 5040 of them, drawn by swaps).
func nearby(s string) []string {
	var out []string
	b := []byte(s)
	for i := range Length {
		for j := i; j < Length; j++ {
			bi, bj := b[i], b[j]
			for x := byte('0'); x <= '9'; x++ {
				for y := byte('0'); y <= '9'; y++ {
					b[i], b[j] = x, y
					if i == j && x != y {
						continue
					}
					out = append(out, string(b))
				}
			}
			b[i], b[j] = bi, bj
		}
	}
	seen := map[string]bool{}
	var perm func(k int)
	perm = func(k int) {
		if len(seen) >= 5040 {
			return
		}
		if k == Length {
			if v := string(b); !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
			return
		}
		for i := k; i < Length; i++ {
			b[k], b[i] = b[i], b[k]
			perm(k + 1)
			b[k], b[i] = b[i], b[k]
		}
	}
	perm(0)
	return out
}

// BenchmarkGame plays one game a round, the secrets drawn at random.
func BenchmarkGame(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	b.ReportAllocs()
	for b.Loop() {
		judged(b, Play, fmt.Sprintf("%09d", r.IntN(1_000_000_000)), r)
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

// TestEvaluate plays games on several goroutines: each is passed on in the
// order of the secrets, found; a secret the judge refuses ends the
// evaluation with its error, the games before it passed on.
func TestEvaluate(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	secrets := []string{"000000000", "997508460", "111111111", "123456789", "555555555", "012012012"}
	var got []string
	err := Evaluate(slices.Values(secrets), 1, func(res Result) {
		if res.Tests < 1 || res.Tests > maxTests || res.Seconds < 0 {
			t.Errorf("game %+v: want 1 to %d tests and CPU seconds", res, maxTests)
		}
		got = append(got, res.Secret)
	})
	if err != nil || !slices.Equal(got, secrets) {
		t.Errorf("Evaluate passed on %v, %v; want %v in order", got, err, secrets)
	}
	got = nil
	bad := append(slices.Clone(secrets[:2]), "12345678x")
	for range 10 {
		bad = append(bad, "000000000")
	}
	err = Evaluate(slices.Values(bad), 1, func(res Result) { got = append(got, res.Secret) })
	if err == nil || !strings.Contains(err.Error(), "12345678x") || !slices.Equal(got, secrets[:2]) {
		t.Errorf("Evaluate with a bad secret third: passed on %v, error %v; want the first two and the judge's refusal", got, err)
	}
}
