package symmetry

import (
	"slices"

	"github.com/mastermind-go/mastermind"
)

// Permuting the positions of every code, and its colours, changes no
// feedback. A permutation that maps every guess of a history onto itself
// maps the codes still possible onto themselves, so guesses that it maps
// onto each other split them alike: one guess of each orbit is enough.
// Beyond the colour classes (colorGroups), the strategies and the optimal
// search keep only the lowest guess of each orbit: the lowest of the codes
// the permutations map it to, each made the lowest of its colour class.

// MaxOrder bounds the size of a group worth using in the heuristics.
const MaxOrder = 5040

// A Group is the group of permutations that fix a history: for each
// position permutation that fits, other than the identity, the colour map
// it forces on the colours of the history's guesses; the other colours are
// free or absent, and the colour classes take care of them.
type Group struct {
	game   mastermind.Game
	group  [mastermind.MaxColors]colorGroup
	byRank [3][]uint8 // byRank[group][rank]: the colour
	perms  []int8     // position permutations, N each: x'[i] = x[perm[i]]
	colors []int16    // per permutation, K each: the image of each colour, -1 if none is forced
}

// Of returns the symmetry of history where cands (indices into s) are the
// codes still possible, or nil when only the identity fixes the history or
// the group has more than limit permutations.
//
// Under the rule slots a permutation of positions does not keep answers
// (a Y depends on the positions to its left): there it must also map each
// answer's marks onto themselves, position by position (see slotsFit).
func Of(s *mastermind.Space, history []mastermind.Turn, cands []int32, limit int) *Group {
	g := s.Game()
	slots := g.Rule == mastermind.Slots
	N, K := g.Positions, g.Colors
	sy := &Group{game: g}
	var rank [mastermind.MaxColors]int
	colorGroups(s, history, cands, sy.group[:], rank[:])
	colors := make([]uint8, 0, K) // in order of group, then of colour
	for grp := range sy.byRank {
		start := len(colors)
		for c := range K {
			if sy.group[c] == colorGroup(grp) {
				colors = append(colors, uint8(c))
			}
		}
		sy.byRank[grp] = colors[start:len(colors):len(colors)]
	}
	perm := make([]int8, N)
	used := make([]bool, N)
	cmap, inv := make([]int16, K), make([]int16, K)
	for c := range K {
		cmap[c], inv[c] = -1, -1
	}
	var undo []int16 // colours mapped, in order, to unmap on the way back
	identity := true
	// place chooses perm[i], the position whose colours go to position i.
	var place func(i int) bool
	place = func(i int) bool {
		if i == N {
			if identity {
				return true
			}
			if sy.Order() == limit {
				return false
			}
			sy.perms = append(sy.perms, perm...)
			sy.colors = append(sy.colors, cmap...)
			return true
		}
		for j := range N {
			if used[j] {
				continue
			}
			mark := len(undo)
			fits := !slots || slotsFit(history, i, j)
			for _, t := range history {
				from, to := int16(t.Guess[j]), int16(t.Guess[i])
				switch {
				case cmap[from] == -1 && inv[to] == -1:
					cmap[from], inv[to] = to, from
					undo = append(undo, from)
				case cmap[from] != to:
					fits = false
				}
				if !fits {
					break
				}
			}
			if fits {
				used[j], perm[i] = true, int8(j)
				wasIdentity := identity
				identity = identity && i == j
				more := place(i + 1)
				identity = wasIdentity
				used[j] = false
				if !more {
					return false
				}
			}
			for _, from := range undo[mark:] {
				inv[cmap[from]], cmap[from] = -1, -1
			}
			undo = undo[:mark]
		}
		return true
	}
	if !place(0) || len(sy.perms) == 0 {
		return nil
	}
	return sy
}

// Order returns the number of permutations of the group other than the
// identity.
func (sy *Group) Order() int { return len(sy.perms) / sy.game.Positions }

// An OrbitCheck tells the lowest codes of orbits apart; it is one
// goroutine's scratch.
type OrbitCheck struct {
	sy   *Group
	img  mastermind.Code
	seen []int16
}

// Check returns a new OrbitCheck of the symmetry.
func (sy *Group) Check() *OrbitCheck {
	return &OrbitCheck{sy: sy, img: make(mastermind.Code, sy.game.Positions), seen: make([]int16, sy.game.Colors)}
}

// Lowest reports whether code, the lowest of its colour class, is also the
// lowest of its orbit.
func (oc *OrbitCheck) Lowest(code []uint8) bool {
	for k := range oc.sy.Order() {
		if slices.Compare(oc.image(k, code), code) < 0 {
			return false
		}
	}
	return true
}

// canonical rewrites a code as the lowest of its colour class: absent
// colours become the lowest absent ones (in order with distinct colours),
// free colours the lowest free ones in order of first appearance.
func (oc *OrbitCheck) canonical(code mastermind.Code) {
	sy := oc.sy
	var next [3]int
	clear(oc.seen)
	for i, c := range code {
		grp := sy.group[c]
		switch {
		case grp == plain:
		case grp == absent && !sy.game.Distinct:
			code[i] = sy.byRank[absent][0]
		default:
			if oc.seen[c] == 0 {
				oc.seen[c] = int16(sy.byRank[grp][next[grp]]) + 1
				next[grp]++
			}
			code[i] = uint8(oc.seen[c] - 1)
		}
	}
}

// Least returns the lowest image of code under the group, the identity
// included: the lowest code of its orbit, the same for every code of it.
func (oc *OrbitCheck) Least(code mastermind.Code) mastermind.Code {
	least := slices.Clone(code)
	oc.canonical(least)
	for k := range oc.sy.Order() {
		if img := oc.image(k, code); slices.Compare(img, least) < 0 {
			copy(least, img)
		}
	}
	return least
}

// image returns code's image under the k-th permutation, made the lowest of
// its colour class, in the check's scratch.
func (oc *OrbitCheck) image(k int, code []uint8) mastermind.Code {
	sy, img := oc.sy, oc.img
	N, K := sy.game.Positions, sy.game.Colors
	perm, cmap := sy.perms[k*N:(k+1)*N], sy.colors[k*K:(k+1)*K]
	for i := range img {
		c := code[perm[i]]
		if to := cmap[c]; to >= 0 {
			c = uint8(to)
		}
		img[i] = c
	}
	oc.canonical(img)
	return img
}

// slotsFit reports whether moving position j to position i keeps every
// answer of history under the rule slots: both positions have the same
// mark in each. Then a permutation of positions and colours that fixes
// the guesses keeps the answers too: the answer of a permuted secret to a
// permuted guess has the G of the original at the permuted positions and
// as many Y of each permuted colour, and the Y of a colour are the open
// positions of that colour from the left, which the permutation keeps
// where it keeps the marks. So it maps the codes still possible onto
// themselves, and a guess's parts onto its image's, part for part.
func slotsFit(history []mastermind.Turn, i, j int) bool {
	for _, t := range history {
		m := t.Feedback.Marks
		if len(m) <= max(i, j) || m[i] != m[j] { // no marks: no symmetry
			return false
		}
	}
	return true
}
