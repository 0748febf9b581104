package large

import "math/rand/v2"

// An assignment problem gives each of n positions one of K colours: a
// position may take only the colours allowed to it, and each colour c is
// given to at least lo[c] and at most hi[c] positions. It is a flow with
// lower bounds through a bipartite graph (positions to colours), solved by
// augmenting paths: first the lower bounds are filled (each colour's
// capacity lo[c]), then every position is placed (capacity hi[c]). An
// augmenting path never lowers a colour's load, so the lower bounds stay
// filled; the second phase reaches n exactly when some assignment exists,
// as it ends at a maximum flow of the capacities hi. Each augmentation
// visits every colour at most once and every placed position once, so a
// solution costs O(n·(n+K)·K) at worst: about 10^5 steps for 100 positions
// of 20 colours.
type assignment struct {
	n, K   int
	allow  func(i, c int) bool // whether position i may take colour c
	lo, hi []int

	at   []int   // per position its colour, or -1
	load []int   // per colour the positions given it
	by   [][]int // per colour the positions given it
	seen []bool  // per colour: visited by the augmentation under way
	cols []int   // the order colours are tried in
}

// solve returns a code of the assignment (colours by position), or nil if
// there is none. With rng not nil, positions and colours are tried in a
// random order, so that the code is one of many; with nil, in order.
func (a *assignment) solve(rng *rand.Rand) []uint8 {
	a.at, a.load, a.by = make([]int, a.n), make([]int, a.K), make([][]int, a.K)
	a.seen, a.cols = make([]bool, a.K), make([]int, a.K)
	order := make([]int, a.n)
	for i := range order {
		order[i], a.at[i] = i, -1
	}
	for c := range a.cols {
		a.cols[c] = c
	}
	want := 0
	for c := range a.K {
		want += a.lo[c]
		if a.lo[c] > a.hi[c] {
			return nil
		}
	}
	if want > a.n {
		return nil
	}
	if rng != nil {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	placed := 0
	for phase, capacity := range [2][]int{a.lo, a.hi} {
		for _, i := range order {
			if a.at[i] >= 0 {
				continue
			}
			clear(a.seen)
			if rng != nil {
				rng.Shuffle(len(a.cols), func(x, y int) { a.cols[x], a.cols[y] = a.cols[y], a.cols[x] })
			}
			if a.augment(i, capacity) {
				placed++
			}
			if phase == 0 && placed == want {
				break
			}
		}
		if phase == 0 && placed < want {
			return nil
		}
	}
	if placed < a.n {
		return nil
	}
	code := make([]uint8, a.n)
	for i, c := range a.at {
		code[i] = uint8(c)
	}
	return code
}

// augment finds room for position i (not placed) among the colours under
// capacity, moving placed positions to other colours as needed.
func (a *assignment) augment(i int, capacity []int) bool {
	for _, c := range a.cols {
		if a.seen[c] || !a.allow(i, c) {
			continue
		}
		a.seen[c] = true
		if a.load[c] < capacity[c] {
			a.place(i, c)
			return true
		}
	}
	for _, c := range a.cols {
		if !a.seen[c] || !a.allow(i, c) || a.load[c] < capacity[c] {
			continue
		}
		for _, j := range a.by[c] {
			if a.moveAway(j, c, capacity) {
				a.place(i, c)
				return true
			}
		}
	}
	return false
}

// moveAway moves position j off colour c to another colour, along an
// augmenting path; the colours visited stay marked seen.
func (a *assignment) moveAway(j, c int, capacity []int) bool {
	for _, d := range a.cols {
		if a.seen[d] || !a.allow(j, d) {
			continue
		}
		a.seen[d] = true
		if a.load[d] < capacity[d] {
			a.unplace(j, c)
			a.place(j, d)
			return true
		}
		for _, k := range a.by[d] {
			if a.moveAway(k, d, capacity) {
				a.unplace(j, c)
				a.place(j, d)
				return true
			}
		}
	}
	return false
}

// place gives position i colour c.
func (a *assignment) place(i, c int) {
	a.at[i] = c
	a.load[c]++
	a.by[c] = append(a.by[c], i)
}

// unplace takes colour c from position i.
func (a *assignment) unplace(i, c int) {
	a.at[i] = -1
	a.load[c]--
	for x, j := range a.by[c] {
		if j == i {
			a.by[c] = append(a.by[c][:x], a.by[c][x+1:]...)
			break
		}
	}
}
