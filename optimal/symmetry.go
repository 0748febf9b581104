package optimal

import (
	"slices"
	"sync"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

// Permuting the positions of every code, and its colours, changes no
// feedback. A permutation that maps every guess of the history onto itself
// maps the candidates onto themselves, so guesses that it maps onto each
// other split the candidates alike: one of them is enough. Beyond the
// colour classes of strategy.Representatives, the optimal search keeps only
// the lowest guess of each such orbit.

// A symmetry is the group of permutations that fix a history: for each
// position permutation that fits, the colour map it forces on the colours of
// the history's guesses; the other colours are free to permute.
type symmetry struct {
	game   mastermind.Game
	perms  [][]int    // position permutations (x'[i] = x[perm[i]])
	colors [][]int    // per permutation: the image of each used colour, -1 if free
	group  []int8     // per colour: its mastermind.ColorGroup
	rank   []int      // per colour: rank within its group
	byRank [3][]uint8 // byRank[group][rank]: the colour

	img  mastermind.Code // scratch for lowest
	seen []int16         // scratch for canonical: per colour, its image + 1
}

// newSymmetry returns the symmetry of a history at the candidates, or nil
// when only the identity fits.
func newSymmetry(s *mastermind.Space, history []mastermind.Turn, cands []int32) *symmetry {
	g := s.Game()
	groups, rank := s.ColorGroups(history, cands)
	sy := &symmetry{game: g, group: make([]int8, g.Colors), rank: rank,
		img: make(mastermind.Code, g.Positions), seen: make([]int16, g.Colors)}
	for c, grp := range groups {
		sy.group[c] = int8(grp)
		sy.byRank[grp] = append(sy.byRank[grp], uint8(c))
	}
	perm := make([]int, g.Positions)
	for i := range perm {
		perm[i] = i
	}
	cmap, inv := make([]int, g.Colors), make([]int, g.Colors)
	for {
		if !isIdentity(perm) && fixes(history, perm, cmap, inv) {
			sy.perms = append(sy.perms, slices.Clone(perm))
			sy.colors = append(sy.colors, slices.Clone(cmap))
		}
		if !nextPermutation(perm) {
			break
		}
	}
	if len(sy.perms) == 0 {
		return nil
	}
	return sy
}

// fixes reports whether a colour map, with the position permutation, maps
// every guess of the history onto itself, and writes it to cmap (-1 for
// colours the history lacks); inv is scratch of the same length.
func fixes(history []mastermind.Turn, perm []int, cmap, inv []int) bool {
	for c := range cmap {
		cmap[c], inv[c] = -1, -1
	}
	for _, t := range history {
		for i, c := range t.Guess {
			from, to := int(t.Guess[perm[i]]), int(c)
			switch {
			case cmap[from] == -1 && inv[to] == -1:
				cmap[from], inv[to] = to, from
			case cmap[from] != to:
				return false
			}
		}
	}
	return true
}

func isIdentity(perm []int) bool {
	for i, p := range perm {
		if i != p {
			return false
		}
	}
	return true
}

// nextPermutation advances perm to the next in lexicographic order.
func nextPermutation(perm []int) bool {
	i := len(perm) - 2
	for i >= 0 && perm[i] >= perm[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(perm) - 1
	for perm[j] <= perm[i] {
		j--
	}
	perm[i], perm[j] = perm[j], perm[i]
	slices.Reverse(perm[i+1:])
	return true
}

// lowest reports whether code, the lowest of its colour class, is also the
// lowest of its orbit: no permutation of the group maps it to a code whose
// class's lowest code is lower.
func (sy *symmetry) lowest(code mastermind.Code) bool {
	img := sy.img
	for k, perm := range sy.perms {
		for i := range img {
			c := code[perm[i]]
			if to := sy.colors[k][c]; to >= 0 {
				c = uint8(to)
			}
			img[i] = c
		}
		sy.canonical(img)
		if slices.Compare(img, code) < 0 {
			return false
		}
	}
	return true
}

// canonical rewrites a code as the lowest of its colour class: absent
// colours become the lowest absent ones (in order with distinct colours),
// free colours the lowest free ones in order of first appearance.
func (sy *symmetry) canonical(code mastermind.Code) {
	var next [3]int
	clear(sy.seen)
	for i, c := range code {
		grp := sy.group[c]
		switch {
		case grp == 0:
		case grp == 2 && !sy.game.Distinct:
			code[i] = sy.byRank[2][0]
		default:
			if sy.seen[c] == 0 {
				sy.seen[c] = int16(sy.byRank[grp][next[grp]]) + 1
				next[grp]++
			}
			code[i] = uint8(sy.seen[c] - 1)
		}
	}
}

// An orbitCache remembers which guesses of a class list are the lowest of
// their orbits under a history's symmetry: the answer depends only on the
// history's guesses and on the colours the candidates have. Only histories
// of up to symmetricGuesses guesses are filtered: later ones rarely have
// symmetry, and finding it out cost more than it saved. Entries are kept
// while the cache holds fewer than orbitCacheMax bytes. It is safe for
// concurrent use.
type orbitCache struct {
	mu   sync.Mutex
	kept map[string][]int32 // by history and colours: the kept classes, nil for all
	size int                // the bytes kept, about
}

// symmetricGuesses is the longest history whose symmetry is used.
const symmetricGuesses = 2

// orbitCacheMax bounds the size of an orbitCache, in bytes.
const orbitCacheMax = 32 << 20

// lowest returns the guesses of classes, the lowest code of each class of
// guesses at st, that are also the lowest of their orbits.
func (oc *orbitCache) lowest(s *mastermind.Space, st *strategy.State, classes []int32) []int32 {
	h := st.History
	if len(h) > symmetricGuesses {
		return classes
	}
	key := make([]byte, 0, len(h)*s.Game().Positions+s.Game().Colors)
	for _, t := range h {
		key = append(key, t.Guess...)
	}
	present := make([]byte, s.Game().Colors)
	for _, x := range st.Candidates {
		for _, c := range s.Code(int(x)) {
			present[c] = 1
		}
	}
	key = append(key, present...)
	oc.mu.Lock()
	kept, ok := oc.kept[string(key)]
	oc.mu.Unlock()
	if ok {
		if kept == nil {
			return classes
		}
		return kept
	}
	if sym := newSymmetry(s, h, st.Candidates); sym != nil {
		kept = []int32{}
		for _, g := range classes {
			if sym.lowest(s.Code(int(g))) {
				kept = append(kept, g)
			}
		}
	}
	oc.mu.Lock()
	if oc.kept == nil {
		oc.kept = map[string][]int32{}
	}
	if oc.size < orbitCacheMax {
		oc.kept[string(key)] = kept
		oc.size += 64 + len(key) + 4*len(kept)
	}
	oc.mu.Unlock()
	if kept == nil {
		return classes
	}
	return kept
}
