package optimal

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// canonSets returns sets of a space to canonize: the codes still possible
// after one to three random guesses answered by a random secret (sets
// with the symmetry of their history, as the search meets them), and
// random subsets, of 3 to canonMax codes.
func canonSets(s *mastermind.Space, rng *rand.Rand, count int) [][]int32 {
	var sets [][]int32
	for len(sets) < count {
		var set []int32
		if len(sets)%3 == 2 {
			k := 3 + rng.IntN(min(canonMax, s.Len())-2)
			for _, i := range rng.Perm(s.Len())[:k] {
				set = append(set, int32(i))
			}
			slices.Sort(set)
		} else {
			secret := rng.IntN(s.Len())
			var h []mastermind.Turn
			for range 1 + rng.IntN(3) {
				g := rng.IntN(s.Len())
				h = append(h, mastermind.Turn{Guess: s.Code(g), Feedback: s.Score(secret, g)})
			}
			set = consistent.Candidates(s, h)
		}
		if len(set) >= 3 && len(set) <= canonMax {
			sets = append(sets, set)
		}
	}
	return sets
}

// randomMap returns the image of set under a random permutation of the
// positions and renaming of the colours (with repeats allowed, of each
// position's), ascending.
func randomMap(s *mastermind.Space, set []int32, rng *rand.Rand) []int32 {
	g := s.Game()
	pos := rng.Perm(g.Positions)
	col := make([][]int, g.Positions)
	for p := range col {
		col[p] = rng.Perm(g.Colors)
		if g.Distinct && p > 0 {
			col[p] = col[0]
		}
	}
	image := make([]int32, len(set))
	for i, x := range set {
		c := s.Code(int(x))
		d := make(mastermind.Code, len(c))
		for k := range d {
			d[k] = uint8(col[pos[k]][c[pos[k]]])
		}
		j, ok := s.Index(d)
		if !ok {
			panic("a map left the space")
		}
		image[i] = int32(j)
	}
	slices.Sort(image)
	return image
}

// formOf returns the canonical form of a set, checking that the frame
// maps the set onto the form and back; false if the set has none (too
// large, or too symmetric for canonical's search).
func formOf(t *testing.T, s *mastermind.Space, set []int32) ([]int32, bool) {
	t.Helper()
	form, f := canonical(s, set)
	if f == nil {
		return nil, false
	}
	var image []int32
	for _, x := range set {
		y := f.to(s, x)
		if back := f.from(s, y); back != x {
			t.Fatalf("the frame takes %v to %v and back to %v", s.Code(int(x)), s.Code(int(y)), s.Code(int(back)))
		}
		image = append(image, y)
	}
	slices.Sort(image)
	if !slices.Equal(image, form) {
		t.Fatalf("the frame maps the set of %d onto another set than its form", len(set))
	}
	return form, true
}

// TestCanonicalForms checks the canonical forms of sets under black: a
// set and its image under a random map of positions and colours (with
// repeats, of each position's colours) have the same form, the frame maps
// each onto it; and, on 3 of 4 and 3 of 5 distinct, 3x3 and 2x4, where
// every map can be tried (144, 720, 1296 and 1152), two sets have the same
// form exactly when some map carries one onto the other.
func TestCanonicalForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 70))
	games := []mastermind.Game{{Positions: 3, Colors: 5, Distinct: true}, {Positions: 4, Colors: 6, Distinct: true},
		{Positions: 3, Colors: 8, Distinct: true}, {Positions: 5, Colors: 6, Distinct: true},
		{Positions: 3, Colors: 5}, {Positions: 4, Colors: 4}, {Positions: 5, Colors: 3}, {Positions: 7, Colors: 3}}
	for _, g := range games {
		g.Rule = mastermind.BlackOnly
		s, _ := mastermind.NewSpace(g)
		formed := 0
		for _, set := range canonSets(s, rng, 100) {
			image := randomMap(s, set, rng)
			a, oka := formOf(t, s, set)
			b, okb := formOf(t, s, image)
			if oka && okb {
				formed++
				if !slices.Equal(a, b) {
					t.Fatalf("%s: a set of %d and its image have other forms", g.Name(), len(set))
				}
			}
		}
		// A set too symmetric for the search keeps its own key: with few
		// colours renamed in each position alone, many of the random ones.
		if formed < 50 {
			t.Errorf("%s: %d sets of 100 and their images have forms", g.Name(), formed)
		}
	}
	for _, g := range []mastermind.Game{{Positions: 3, Colors: 4, Distinct: true}, {Positions: 3, Colors: 5, Distinct: true},
		{Positions: 3, Colors: 3}, {Positions: 2, Colors: 4}} {
		g.Rule = mastermind.BlackOnly
		s, _ := mastermind.NewSpace(g)
		maps := allMaps(s)
		sets := canonSets(s, rng, 60)
		for i := range 20 { // some images, so that some pairs are alike
			sets = append(sets, randomMap(s, sets[i], rng))
		}
		forms := make([][]int32, len(sets))
		for i, set := range sets {
			var ok bool
			if forms[i], ok = formOf(t, s, set); !ok {
				t.Fatalf("%s: no form for a set of %d", g.Name(), len(set))
			}
		}
		alike := 0
		for i := range sets {
			for j := range i {
				if len(sets[i]) != len(sets[j]) {
					continue
				}
				same := slices.Equal(forms[i], forms[j])
				mapped := false
				for _, m := range maps {
					if slices.Equal(applyMap(sets[i], m), sets[j]) {
						mapped = true
						break
					}
				}
				if same != mapped {
					t.Fatalf("%s: sets %v and %v: same form %v, some map carries one onto the other %v", g.Name(), sets[i], sets[j], same, mapped)
				}
				if same {
					alike++
				}
			}
		}
		if alike < 10 {
			t.Errorf("%s: %d pairs alike, want at least the 20 images", g.Name(), alike)
		}
	}
}

// allMaps returns, for every permutation of the positions and renaming
// of the colours (with repeats allowed, of each position's), the index
// each code maps to.
func allMaps(s *mastermind.Space) [][]int32 {
	g := s.Game()
	renamings := [][][]int{}
	colours := permutations(g.Colors)
	if g.Distinct {
		for _, c := range colours {
			r := make([][]int, g.Positions)
			for p := range r {
				r[p] = c
			}
			renamings = append(renamings, r)
		}
	} else {
		var each func(r [][]int)
		each = func(r [][]int) {
			if len(r) == g.Positions {
				renamings = append(renamings, slices.Clone(r))
				return
			}
			for _, c := range colours {
				each(append(r, c))
			}
		}
		each(nil)
	}
	var maps [][]int32
	for _, pos := range permutations(g.Positions) {
		for _, col := range renamings {
			m := make([]int32, s.Len())
			for i := range m {
				c := s.Code(i)
				d := make(mastermind.Code, len(c))
				for k := range d {
					d[k] = uint8(col[pos[k]][c[pos[k]]])
				}
				j, _ := s.Index(d)
				m[i] = int32(j)
			}
			maps = append(maps, m)
		}
	}
	return maps
}

// applyMap returns the image of set under m, ascending.
func applyMap(set []int32, m []int32) []int32 {
	image := make([]int32, len(set))
	for i, x := range set {
		image[i] = m[x]
	}
	slices.Sort(image)
	return image
}

// TestCanonicalKeys checks the search with the memo keyed by canonical
// forms against the search without (which TestRulesMatchReference checks
// against the reference on the smallest games, and on 3 of 5 distinct in
// the long lane): the optimal total, the fewest guesses and the total
// within them, with trees whose every guess is the set's own and whose
// answers are the reference's scorer's, on games of black too large for
// the reference.
func TestCanonicalKeys(t *testing.T) {
	games := []mastermind.Game{{Positions: 3, Colors: 5, Distinct: true}, {Positions: 4, Colors: 5, Distinct: true},
		{Positions: 3, Colors: 6, Distinct: true}, {Positions: 3, Colors: 7, Distinct: true},
		{Positions: 3, Colors: 5}, {Positions: 4, Colors: 4}, {Positions: 5, Colors: 3}}
	if testkit.LongLane {
		games = append(games, mastermind.Game{Positions: 4, Colors: 6, Distinct: true}, mastermind.Game{Positions: 5, Colors: 6, Distinct: true},
			mastermind.Game{Positions: 3, Colors: 7})
	}
	defer func() { canonOn = true }()
	for _, g := range games {
		g.Rule = mastermind.BlackOnly
		s, _ := mastermind.NewSpace(g)
		r := newReference(g.Positions, g.Colors, g.Distinct, "black")
		figures := func() (total, worst, within int) {
			tr, err := Solve(context.Background(), s, Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkTreeAnswers(t, r, tr)
			total, worst = tr.Stats().Total, tr.Stats().Max
			if tr, err := Solve(context.Background(), s, Options{MaxDepth: worst - 1}); err == nil {
				checkTreeAnswers(t, r, tr)
				within = tr.Stats().Total
			} else if !errors.Is(err, ErrInfeasible) {
				t.Fatal(err)
			}
			return total, worst, within
		}
		canonOn = true
		a, b, c := figures()
		canonOn = false
		x, y, z := figures()
		if a != x || b != y || c != z {
			t.Errorf("%s: with canonical keys total %d, max %d, within max-1 %d; without %d, %d, %d", g.Name(), a, b, c, x, y, z)
		}
		t.Logf("%s: %d, %d, %d", g.Name(), a, b, c)
	}
}
