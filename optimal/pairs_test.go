package optimal

import (
	"context"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// TestPairForms checks the twins of the sets two guesses deep, whose keys
// Bound's memo uses for them: a permutation of positions and colours,
// found by trying them all, maps each set onto its twin.
func TestPairForms(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 4, Colors: 5, Distinct: true}, {Positions: 3, Colors: 5, Distinct: true},
		{Positions: 4, Colors: 4, Distinct: true}, {Positions: 3, Colors: 4}, {Positions: 4, Colors: 3},
	} {
		s, _ := mastermind.NewSpace(g)
		all := consistent.All(s)
		sv := newSolver(s, tree.MaxDepth)
		sv.pairs = newPairForms(all)
		perms := permutations(g.Positions)
		colours := permutations(g.Colors)
		twins, swapped := 0, 0
		for _, first := range all {
			if !colourLowest(s.Code(int(first))) {
				continue // one first guess per class of colour exchanges
			}
			for _, one := range sv.split(nil, all, int(first)) {
				for h := range s.Len() {
					for _, p := range sv.split(one.history, one.cands, h) {
						twin := sv.pairs.twin(sv, p.history, p.cands)
						if twin == nil {
							continue // its own
						}
						twins++
						if sameSet(twin, p.cands) {
							t.Fatalf("%v: %v has itself as a twin", g, p.history)
						}
						if !alike(s, p.cands, twin, perms, colours) {
							t.Fatalf("%v: %v: no permutation maps %v onto its twin %v", g, p.history, p.cands, twin)
						}
						if mastermind.Consistent(s.Code(int(twin[0])), []mastermind.Turn{{Guess: one.history[0].Guess, Feedback: one.history[0].Feedback}}) != true {
							swapped++
						}
					}
				}
			}
		}
		t.Logf("%v: %d twins, %d with the answers exchanged", g, twins, swapped)
		if g.Distinct && swapped == 0 {
			t.Errorf("%v: %d twins, none with the answers exchanged", g, twins)
		}
	}
}

// sameSet reports whether a and b hold the same codes.
func sameSet(a, b []int32) bool {
	in := map[int32]bool{}
	for _, x := range a {
		in[x] = true
	}
	if len(a) != len(b) {
		return false
	}
	for _, x := range b {
		if !in[x] {
			return false
		}
	}
	return true
}

// alike reports whether a permutation of positions and one of colours map
// the codes a onto b.
func alike(s *mastermind.Space, a, b []int32, perms, colours [][]int) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[int32]bool{}
	for _, x := range b {
		in[x] = true
	}
	img := make(mastermind.Code, s.Game().Positions)
	for _, p := range perms {
	colour:
		for _, c := range colours {
			for _, x := range a {
				code := s.Code(int(x))
				for i := range img {
					img[i] = uint8(c[code[p[i]]])
				}
				j, ok := s.Index(img)
				if !ok || !in[int32(j)] {
					continue colour
				}
			}
			return true
		}
	}
	return false
}

// permutations returns every permutation of 0..n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// colourLowest reports whether code's colours come in order of first
// appearance, 0 first: the lowest code of its class under colour exchanges.
func colourLowest(code mastermind.Code) bool {
	next := uint8(0)
	for _, c := range code {
		if c > next {
			return false
		}
		if c == next {
			next++
		}
	}
	return true
}

// TestBoundTwinsResume checks that a search resumed from the checkpoint of
// Bound, whose memo holds twins' totals without their guesses, builds a
// tree that plays every secret to the optimum (an evaluation by play, and
// the total of a search from nothing).
func TestBoundTwinsResume(t *testing.T) {
	for _, g := range []mastermind.Game{{Positions: 4, Colors: 7, Distinct: true}, {Positions: 5, Colors: 6, Distinct: true}, {Positions: 4, Colors: 5}} {
		s, _ := mastermind.NewSpace(g)
		fresh, err := Solve(context.Background(), s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := fresh.Stats().Total
		var last *Checkpoint
		got, exact, err := Bound(context.Background(), s, Options{Save: func(c *Checkpoint) error { last = c; return nil }}, time.Minute)
		if err != nil || got != want || !exact {
			t.Fatalf("%v: Bound = %d, %v, %v; want %d, exact", g, got, exact, err, want)
		}
		resumed, err := Solve(context.Background(), s, Options{Resume: last})
		if err != nil {
			t.Fatal(err)
		}
		played, err := tree.Evaluate(context.Background(), s, resumed.Strategy("resumed", nil))
		if err != nil || played.Total != want {
			t.Errorf("%v: the resumed search's tree plays a total of %d (%v); want %d", g, played.Total, err, want)
		}
	}
}
