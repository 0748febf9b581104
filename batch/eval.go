package batch

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind/internal/cputime"
)

// A Result is how one game went: its secret, the tests it took and the
// CPU seconds the process used while it was played (user and system, the
// contest's limit: 3 s a game).
type Result struct {
	Secret  string
	Tests   int
	Seconds float64
}

// Judge returns a Test that answers for secret as the contest's judge does:
// it refuses strings that are not 9 digits or were sent before, and shuffles
// the answers with r.
func Judge(secret string, r *rand.Rand) Test {
	seen := map[string]bool{}
	return func(strs [Length]string) ([Length]Answer, error) {
		var ans [Length]Answer
		for i, s := range strs {
			if len(s) != Length || strings.Trim(s, "0123456789") != "" {
				return ans, fmt.Errorf("judge: %q is not %d digits", s, Length)
			}
			if seen[s] {
				return ans, fmt.Errorf("judge: %s was sent before", s)
			}
			seen[s] = true
			ans[i] = score(secret, s)
		}
		r.Shuffle(Length, func(i, j int) { ans[i], ans[j] = ans[j], ans[i] })
		return ans, nil
	}
}

// The PCG streams of Evaluate's judge and of EvalSecrets, "judge" and
// "batch" in ASCII, so that the same seed draws differently for each.
const (
	judgeStream   = 0x6a75646765
	secretsStream = 0x6261746368
)

// Evaluate plays each secret against the judge and passes each game to
// played as it ends, in the order of the secrets: the secrets are
// streamed, nothing is kept but the games under way. The games are played
// on GOMAXPROCS goroutines, each locked to its thread, and a game's
// Seconds are its thread's CPU time where the system tells it (Linux; the
// runtime's background collection on other threads not counted),
// otherwise the process's with one game at a time. The judge of the i-th
// game shuffles with a generator of seed and i.
func Evaluate(secrets iter.Seq[string], seed uint64, played func(Result)) error {
	workers := 1
	if threadCPU != nil {
		workers = max(1, runtime.GOMAXPROCS(0))
	}
	type job struct {
		i      int
		secret string
		done   chan outcome
	}
	jobs := make(chan job)
	queue := make(chan chan outcome, workers) // the games under way, in order
	stop := make(chan struct{})
	go func() {
		defer close(queue)
		defer close(jobs)
		i := 0
		for secret := range secrets {
			done := make(chan outcome, 1)
			select {
			case queue <- done:
			case <-stop:
				return
			}
			jobs <- job{i, secret, done}
			i++
		}
	}()
	for range workers {
		go func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for j := range jobs {
				j.done <- playOne(j.secret, rand.New(rand.NewPCG(seed, judgeStream+uint64(j.i))))
			}
		}()
	}
	var first error
	for done := range queue {
		o := <-done
		if o.err != nil && first == nil {
			first = o.err
			close(stop)
		}
		if first == nil {
			played(o.res)
		}
	}
	return first
}

// An outcome is a game's result or its error.
type outcome struct {
	res Result
	err error
}

// playOne plays secret against a judge shuffling with r, on the calling
// goroutine's thread.
func playOne(secret string, r *rand.Rand) outcome {
	clock := threadCPU
	if clock == nil {
		clock = cputime.Process
	}
	start := clock()
	tests := 0
	judge := Judge(secret, r)
	got, err := Play(func(strs [Length]string) ([Length]Answer, error) {
		tests++
		return judge(strs)
	})
	if err != nil {
		return outcome{err: fmt.Errorf("secret %s: %v", secret, err)}
	}
	if got != secret {
		return outcome{err: fmt.Errorf("secret %s: answered %s", secret, got)}
	}
	return outcome{res: Result{secret, tests, (clock() - start).Seconds()}}
}

// HardSecrets returns the fixed families of hard secrets: each digit nine
// times, two digits only, nine distinct digits, many repeats of one digit,
// and 997508460, from the contest's discussion.
func HardSecrets(r *rand.Rand) []string {
	var out []string
	for d := range 10 {
		out = append(out, strings.Repeat(string(rune('0'+d)), Length))
	}
	digits := func(pick func(i int) byte) string {
		b := make([]byte, Length)
		for i := range b {
			b[i] = pick(i)
		}
		return string(b)
	}
	for range 20 {
		a, b := byte('0'+r.IntN(10)), byte('0'+r.IntN(10))
		out = append(out, digits(func(int) byte {
			if r.IntN(2) == 0 {
				return a
			}
			return b
		}))
	}
	for range 20 {
		perm := r.Perm(10)
		out = append(out, digits(func(i int) byte { return byte('0' + perm[i]) }))
	}
	for range 20 {
		d := byte('0' + r.IntN(10))
		out = append(out, digits(func(int) byte {
			if r.IntN(5) > 0 {
				return d
			}
			return byte('0' + r.IntN(10))
		}))
	}
	return append(out, "997508460", "012345678", "123456789", "987654321")
}

// RandomSecrets returns n secrets drawn uniformly with r.
func RandomSecrets(r *rand.Rand, n int) []string {
	return slices.Collect(Secrets(r, n))
}

// Secrets yields n secrets drawn uniformly with r, one at a time.
func Secrets(r *rand.Rand, n int) iter.Seq[string] {
	return func(yield func(string) bool) {
		for range n {
			if !yield(fmt.Sprintf("%09d", r.IntN(1_000_000_000))) {
				return
			}
		}
	}
}

// MaxGames bounds the random games of [EvalSecrets]: at about 0.03 s of
// CPU a game, a million games take some 8 hours of CPU.
const MaxGames = 1_000_000

// EvalSecrets returns the secrets of an evaluation of n random games drawn
// from seed, the hard secrets first (see [HardSecrets]), and their number.
func EvalSecrets(seed uint64, n int) (iter.Seq[string], int) {
	r := rand.New(rand.NewPCG(seed, secretsStream))
	hard := HardSecrets(r)
	return func(yield func(string) bool) {
		for _, s := range hard {
			if !yield(s) {
				return
			}
		}
		for s := range Secrets(r, n) {
			if !yield(s) {
				return
			}
		}
	}, len(hard) + n
}
