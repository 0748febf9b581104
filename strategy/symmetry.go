package strategy

import (
	"slices"

	"github.com/mastermind-go/mastermind"
)

// Permuting the positions of every code, and its colours, changes no
// feedback. A permutation that maps every guess of the history onto itself
// maps the candidates onto themselves, so guesses it maps onto each other
// split the candidates alike, and are candidates alike: beyond the colour
// classes, only the lowest guess of each such orbit needs scoring. The
// lowest guess of an orbit is the lowest of the codes it maps the guess to,
// each made the lowest of its colour class; since ties go to the lowest
// code, scoring the lowest of each orbit chooses the same guess as scoring
// all. This is mmstrat's constraint equivalence.

// maxSymmetry bounds the size of a group worth using.
const maxSymmetry = 5040

// A symmetry is the group of permutations that fix a history: for each
// position permutation that fits, other than the identity, the colour map it
// forces on the colours of the history's guesses; the other colours are
// free or absent, and the colour classes take care of them.
type symmetry struct {
	gc     *guessClasses
	perms  [][]int8   // position permutations: x'[i] = x[perm[i]]
	colors [][]int16  // per permutation: the image of each colour, -1 if none is forced
	byRank [3][]uint8 // byRank[group][rank]: the colour
}

// newSymmetry returns the symmetry of the history, or nil when only the
// identity fixes it or the group has more than maxSymmetry permutations.
func newSymmetry(gc *guessClasses, history []mastermind.Turn) *symmetry {
	g := gc.game
	N, K := g.Positions, g.Colors
	sy := &symmetry{gc: gc}
	for c := range K {
		grp := gc.group[c]
		sy.byRank[grp] = append(sy.byRank[grp], uint8(c))
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
			if len(sy.perms) == maxSymmetry {
				return false
			}
			sy.perms = append(sy.perms, slices.Clone(perm))
			sy.colors = append(sy.colors, slices.Clone(cmap))
			return true
		}
		for j := range N {
			if used[j] {
				continue
			}
			mark := len(undo)
			fits := true
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

// An orbitCheck is one goroutine's scratch for symmetry.lowest.
type orbitCheck struct {
	sy   *symmetry
	img  mastermind.Code
	seen []int16
}

func (sy *symmetry) check() *orbitCheck {
	return &orbitCheck{sy: sy, img: make(mastermind.Code, sy.gc.game.Positions), seen: make([]int16, sy.gc.game.Colors)}
}

// lowest reports whether code, the lowest of its colour class, is also the
// lowest of its orbit.
func (oc *orbitCheck) lowest(code []uint8) bool {
	sy, img := oc.sy, oc.img
	for k, perm := range sy.perms {
		cmap := sy.colors[k]
		for i := range img {
			c := code[perm[i]]
			if to := cmap[c]; to >= 0 {
				c = uint8(to)
			}
			img[i] = c
		}
		oc.canonical(img)
		if slices.Compare(img, code) < 0 {
			return false
		}
	}
	return true
}

// canonical rewrites a code as the lowest of its colour class: absent
// colours become the lowest absent ones (in order with distinct colours),
// free colours the lowest free ones in order of first appearance.
func (oc *orbitCheck) canonical(code mastermind.Code) {
	sy := oc.sy
	gc := sy.gc
	var next [3]int
	clear(oc.seen)
	for i, c := range code {
		grp := gc.group[c]
		switch {
		case grp == plain:
		case grp == absent && !gc.game.Distinct:
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
