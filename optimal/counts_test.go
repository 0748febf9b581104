package optimal

import (
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// countSets returns sets of candidates of 4 positions of 9 colours as the
// search meets them: the codes consistent with three random guesses, of
// 20 to 255 codes, and all the codes as guesses.
func countSets(tb testing.TB) (*table, [][]int32, []int32) {
	defer func(max int) { tableMax = max }(tableMax)
	tableMax = 10000
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 9})
	t := newTable(s, tableMax)
	r := rand.New(rand.NewPCG(1, 2))
	var sets [][]int32
	for len(sets) < 50 {
		secret := r.IntN(s.Len())
		cands := consistent.All(s)
		for range 3 {
			guess := r.IntN(s.Len())
			cands = consistent.Narrow(s, cands, mastermind.Turn{Guess: s.Code(guess), Feedback: s.Score(secret, guess)})
		}
		if len(cands) >= 20 && len(cands) <= tableCands {
			sets = append(sets, cands)
		}
	}
	guesses := make([]int32, s.Len())
	for i := range guesses {
		guesses[i] = int32(i)
	}
	return t, sets, guesses
}

// TestCounts compares table.counts with a count of outcomes one by one.
func TestCounts(t *testing.T) {
	tb, sets, guesses := countSets(t)
	for _, cands := range sets[:10] {
		words := tb.counts(cands, guesses)
		c := bytesOf(words)
		for j, g := range guesses {
			var want [256]uint8
			for _, x := range cands {
				want[tb.rows[int(x)*tb.size+int(g)]]++
			}
			for o := range tb.stride {
				if c[j*tb.stride+o] != want[o] {
					t.Fatalf("guess %d, outcome %d: count %d, want %d", g, o, c[j*tb.stride+o], want[o])
				}
			}
		}
		tb.release(words)
	}
}

// BenchmarkCounts counts the parts of every guess at sets of candidates of
// 4 positions of 9 colours.
func BenchmarkCounts(b *testing.B) {
	t, sets, guesses := countSets(b)
	for b.Loop() {
		for _, cands := range sets {
			t.release(t.counts(cands, guesses))
		}
	}
}

// TestCountsEdges counts at the edges of the table: one guess, the last
// code, a few candidates, the last rows. Under -race (which checks pointer
// arithmetic, checkptr) it fails if counts makes a pointer past the end of
// its counts or rows, as it once did.
func TestCountsEdges(t *testing.T) {
	for _, g := range []mastermind.Game{{Positions: 3, Colors: 5, Distinct: true}, {Positions: 2, Colors: 3}, {Positions: 4, Colors: 6}} {
		s, _ := mastermind.NewSpace(g)
		tb := newTable(s, tableMax)
		last := int32(s.Len() - 1)
		for _, guesses := range [][]int32{{0}, {last}, {0, last}} {
			for k := 1; k <= 6 && k <= s.Len(); k++ {
				cands := make([]int32, k)
				for i := range cands {
					cands[i] = last - int32(k-1-i)
				}
				words := tb.counts(cands, guesses)
				c := bytesOf(words)
				if len(c) != len(guesses)*tb.stride {
					t.Fatalf("%v: %d counts for %d guesses, want %d", g, len(c), len(guesses), len(guesses)*tb.stride)
				}
				for j, guess := range guesses {
					want := make([]uint8, tb.stride)
					for _, x := range cands {
						want[tb.rows[int(x)*tb.size+int(guess)]]++
					}
					if got := c[j*tb.stride:][:tb.stride]; string(got) != string(want) {
						t.Fatalf("%v, guess %d, %d candidates: counts %v, want %v", g, guess, k, got, want)
					}
				}
				tb.release(words)
			}
		}
	}
}
