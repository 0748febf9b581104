package optimal

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// kindSets returns sets of candidates of the game as the search meets
// them: the codes consistent with one to three random guesses, of sizes
// from lo to hi.
func kindSets(s *mastermind.Space, seed uint64, count, lo, hi int) [][]int32 {
	r := rand.New(rand.NewPCG(seed, 7))
	var sets [][]int32
	for tries := 0; len(sets) < count && tries < 100*count; tries++ {
		secret := r.IntN(s.Len())
		cands := consistent.All(s)
		for range 1 + tries%3 {
			guess := r.IntN(s.Len())
			cands = consistent.Narrow(s, cands, mastermind.Turn{Guess: s.Code(guess), Feedback: s.Score(secret, guess)})
			if len(cands) >= lo && len(cands) <= hi {
				sets = append(sets, cands)
				break
			}
		}
	}
	return sets
}

var kindGames = []mastermind.Game{
	{Positions: 4, Colors: 6},
	{Positions: 4, Colors: 9},
	{Positions: 5, Colors: 4},
	{Positions: 3, Colors: 7, Distinct: true},
	{Positions: 4, Colors: 8, Distinct: true},
}

// TestSplitter compares table.splitter, which tries only the guesses of
// some multisets of colours, with every guess in turn.
func TestSplitter(t *testing.T) {
	for _, g := range kindGames {
		s, _ := mastermind.NewSpace(g)
		tb := newTable(s, tableMax)
		found := 0
		for _, cands := range kindSets(s, 1, 200, 3, 14) {
			want := -1
			for guess := range s.Len() {
				if tb.splits(cands, guess) {
					want = guess
					break
				}
			}
			got, ok := tb.splitter(cands)
			if !ok {
				got = -1
			}
			if got != want {
				t.Fatalf("%v, %d candidates: splitter %d, want %d", g, len(cands), got, want)
			}
			if ok {
				found++
			}
		}
		if found == 0 {
			t.Errorf("%v: no set split: the test tests nothing", g)
		}
	}
}

// TestRefine checks the bound of each multiset of colours (pending.refine)
// against the bound of every guess of it that is not a candidate, computed
// from its parts, and that the floor is the least of them.
func TestRefine(t *testing.T) {
	for _, g := range kindGames {
		s, _ := mastermind.NewSpace(g)
		sv := newSolver(s, 0)
		raised := 0
		for _, cands := range kindSets(s, 2, 40, 3, tableCands) {
			var guesses []int32
			for x := range s.Len() {
				guesses = append(guesses, int32(x))
			}
			r := &pending{cands: cands, guesses: guesses, limit: infinite, floor: sv.floors[len(cands)]}
			r.refine(sv)
			least := infinite
			for _, x := range guesses {
				if slices.Contains(cands, x) {
					continue
				}
				c := definition(sv, cands, int(x))
				if c.bound() < int(r.kinds[sv.table.kind[x]]) {
					t.Fatalf("%v, %d candidates, guess %v: bound %d below its multiset's %d", g, len(cands), s.Code(int(x)), c.bound(), r.kinds[sv.table.kind[x]])
				}
				least = min(least, c.bound())
			}
			if r.floor > least {
				t.Fatalf("%v, %d candidates: floor %d above the least bound %d", g, len(cands), r.floor, least)
			}
			if r.floor > sv.floors[len(cands)] {
				raised++
			}
		}
		if raised == 0 {
			t.Errorf("%v: no floor raised: the test tests nothing", g)
		}
	}
}
