package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// distinctScore is the definition of black and white, apart from the engine.
var distinctScore = testkit.Score[[]int]

// TestBreakLargeDistinct plays "mastermind break" on games of distinct
// colours far beyond what can be enumerated (60 of 100, 100 of 100),
// scoring its guesses independently: each must be a code of the game
// (positions colours in range, none twice), and the code must be found
// within TopCoder's 3000 guesses.
func TestBreakLargeDistinct(t *testing.T) {
	testkit.Long(t) // a few seconds of CPU a game
	for _, size := range [][2]int{{60, 100}, {100, 100}} {
		L, K := size[0], size[1]
		r := rand.New(rand.NewPCG(uint64(L), uint64(K)))
		secret := r.Perm(K)[:L]
		cmd, stdin, in, stderr := startMastermind(t, "break", "-p", strconv.Itoa(L), "-c", strconv.Itoa(K), "--distinct")
		guesses := 0
		for {
			if !in.Scan() {
				t.Fatalf("%d of %d: output ended after %d guesses; stderr: %s", L, K, guesses, stderr.String())
			}
			guesses++
			f := strings.Fields(in.Text())
			if len(f) != L {
				t.Fatalf("%d of %d: guess %d %q has %d colours", L, K, guesses, in.Text(), len(f))
			}
			guess := make([]int, L)
			seen := map[int]bool{}
			for i, s := range f {
				c, err := strconv.Atoi(s)
				if err != nil || c < 0 || c >= K || seen[c] {
					t.Fatalf("%d of %d: guess %d: %q is not a colour in 0..%d once", L, K, guesses, s, K-1)
				}
				seen[c], guess[i] = true, c
			}
			b, w := distinctScore(secret, guess)
			fmt.Fprintf(stdin, "%d %d\n", b, w)
			if b == L {
				break
			}
			if guesses == 3000 {
				t.Fatalf("%d of %d: not found in 3000 guesses", L, K)
			}
		}
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%d of %d: %v; stderr: %s", L, K, err, stderr.String())
		}
		t.Logf("%d of %d distinct: found in %d guesses", L, K, guesses)
	}
}
