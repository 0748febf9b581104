package large

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteFits returns every code of s's n positions that fits its answers and
// count bounds, trying all K^n codes.
func bruteFits(s *searcher) [][]uint8 {
	var fits [][]uint8
	code := make([]uint8, s.n)
	var try func(i int)
	try = func(i int) {
		if i == s.n {
			counts := make([]int, s.K)
			for _, c := range code {
				counts[c]++
			}
			for c, k := range counts {
				if k < s.lo[c] || k > s.hi[c] {
					return
				}
			}
			for j, g := range s.guesses {
				sum := 0
				for p, c := range code {
					if c == g[p] && int(c) != s.filler[j] {
						sum++
					}
					if int(c) == s.filler[j] && c != g[p] {
						sum--
					}
				}
				if sum != s.target[j] {
					return
				}
			}
			fits = append(fits, slices.Clone(code))
			return
		}
		for c := range s.K {
			code[i] = uint8(c)
			try(i + 1)
		}
	}
	try(0)
	return fits
}

// randomWindow returns a searcher of a window of n positions and K colours
// with m answers: those of a random secret (returned), or with random
// targets when secret is false, so that some windows have no code.
func randomWindow(r *rand.Rand, n, K, m int, secret bool) (*searcher, []uint8) {
	x := make([]uint8, n)
	counts := make([]int, K)
	for i := range x {
		x[i] = uint8(r.IntN(K))
		counts[x[i]]++
	}
	lo, hi := make([]int, K), make([]int, K)
	for c := range lo {
		lo[c], hi[c] = max(0, counts[c]-r.IntN(3)), counts[c]+r.IntN(3)
	}
	s := newSearcher(n, K, lo, hi, windowEffort, r)
	for range m {
		g := make([]uint8, n)
		for i := range g {
			g[i] = uint8(r.IntN(K))
		}
		f := r.IntN(K+1) - 1
		t := 0
		for i, c := range x {
			switch {
			case c == g[i] && int(c) != f:
				t++
			case int(c) == f && c != g[i]:
				t--
			}
		}
		if !secret {
			t += r.IntN(3) - 1
		}
		s.add(g, f, t, 0)
	}
	return s, x
}

// key returns a code as a string, to compare sets of codes.
func key(c []uint8) string { return string(c) }

// TestEnumerateMatchesBruteForce checks the enumeration of small random
// windows against every code tried: the same codes when it says it is
// complete, a subset within the limit when not, and settled positions that
// every fitting code has.
func TestEnumerateMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	short, stopped := 0, 0
	for trial := range 400 {
		n, K := 6, 4+trial%2
		s, _ := randomWindow(r, n, K, 2+r.IntN(5), trial%4 != 0)
		want := bruteFits(s)
		wantSet := map[string]bool{}
		for _, c := range want {
			wantSet[key(c)] = true
		}
		for _, lim := range []struct{ limit, budget int }{{1 << 20, 1 << 30}, {3, 1 << 30}, {1 << 20, 4}} {
			e := enumerate(s, lim.limit, lim.budget)
			for _, c := range e.codes {
				if !wantSet[key(c)] {
					t.Fatalf("trial %d: code %v listed, but it does not fit", trial, c)
				}
			}
			listed := map[string]bool{}
			for _, c := range e.codes {
				listed[key(c)] = true
			}
			if len(listed) != len(e.codes) {
				t.Fatalf("trial %d: a code listed twice", trial)
			}
			switch {
			case e.complete && len(e.codes) != len(want):
				t.Fatalf("trial %d (limit %d, budget %d): complete with %d codes, %d fit", trial, lim.limit, lim.budget, len(e.codes), len(want))
			case !e.complete && len(want) <= lim.limit && lim.budget > 1<<20:
				t.Fatalf("trial %d: incomplete with %d codes that fit, limit %d", trial, len(want), lim.limit)
			case !e.complete && lim.limit == 3:
				short++
			case !e.complete:
				stopped++
			}
			for i, c := range e.settled() {
				for _, x := range want {
					if c >= 0 && int(x[i]) != c {
						t.Fatalf("trial %d: position %d settled as %d, but %v fits", trial, i, c, x)
					}
				}
				if e.complete && len(want) > 0 && c < 0 && !slices.ContainsFunc(want, func(x []uint8) bool { return x[i] != want[0][i] }) {
					t.Fatalf("trial %d: position %d not settled, but every code has %d", trial, i, want[0][i])
				}
			}
		}
	}
	if short == 0 || stopped == 0 {
		t.Errorf("the limit stopped %d enumerations and the budget %d: want some of each", short, stopped)
	}
}
