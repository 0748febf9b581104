package optimal

import (
	"slices"
	"sync"

	"github.com/mastermind-go/mastermind"
)

// Under the rule black with distinct colours a renaming of the colours of
// one position makes codes with repeats, so that the classes per position
// of the games with repeats (see positions.go) do not hold; and a history
// fixes few permutations of positions and colours, so that the orbits of
// package symmetry (its first two guesses only) do little. But a set's
// optimal total depends only on the set, not on how the search came to it,
// and a permutation of positions with a renaming of the colours maps the
// space onto itself keeping every answer (under every rule but slots):
// sets that such a map carries onto one another cost the same, and their
// optimal guesses correspond. Far apart in the tree, and under different
// histories, the search meets such sets again and again (3 of 8 distinct:
// 369,103 sets scored, of 7,569 canonical forms).
// So the memo keeps such a set under the key of its canonical form (see
// canonical), its guess written in the canonical form's codes: every key
// names the set it is made of, whoever wrote it, and a guess read under it
// is taken back through the map (see keyFrame).

// canonOn turns the canonical keys on (a variable for the tests, which
// compare with the search without them).
var canonOn = true

// canonMax is the most candidates of a set whose key is its canonical
// form: larger sets are few, met seldom, and cost more to canonize (3 of
// 9 distinct: 25 s of CPU with forms up to 64 codes, 7.4 s up to 256, as
// up to 512). Sets of up to parts+1 keep their own keys too: the memo
// holds little of them (see solver.tiny).
const canonMax = 256

// canonNodes bounds the steps of canonical's search: a set whose form
// takes more (one very symmetric) keeps its own key.
const canonNodes = 4096

// canonKeys reports whether the memo of game g keys sets by their
// canonical forms: under black, but for 2 colours, where the forms cost
// more than they save (CPU of mastermind optimal --feedback black,
// without them and with: 8x2 13.5 s and 70 s, 7x2 0.22 and 2.8, 6x2 0.00
// and 0.07; with 3 colours and more they pay, 5x4 9.5 and 2.1, 4x6 3.5
// and 0.7, 3x10 0.9 and 0.15, 4 of 7 distinct 17 and 6.6, though not
// everywhere: 6x3 3.5 and 9.2, 6 of 6 distinct 0.2 and 1.2).
func canonKeys(g mastermind.Game) bool {
	return canonOn && g.Rule == mastermind.BlackOnly && g.Colors > 2
}

// A frame maps a set's codes onto those of its canonical form: the code c
// becomes d with d[k] = colour[p*K+c[p]], p = pos[k] (K the colours):
// each position's colours are renamed, alike in every position where
// colours are distinct.
type frame struct {
	pos    []uint8
	colour []uint8 // per position and colour its image
	back   []uint8 // per position and image its colour
}

// to returns the index of the image of code i.
func (f *frame) to(s *mastermind.Space, i int32) int32 {
	c := s.Code(int(i))
	K := s.Game().Colors
	d := make(mastermind.Code, len(c))
	for k, p := range f.pos {
		d[k] = f.colour[int(p)*K+int(c[p])]
	}
	j, _ := s.Index(d)
	return int32(j)
}

// from returns the index of the code whose image is code j.
func (f *frame) from(s *mastermind.Space, j int32) int32 {
	d := s.Code(int(j))
	K := s.Game().Colors
	c := make(mastermind.Code, len(d))
	for k, p := range f.pos {
		c[p] = f.back[int(p)*K+int(d[k])]
	}
	i, _ := s.Index(c)
	return int32(i)
}

// A keyFrame says how an entry under a set's memo key relates to the set:
// its own (a nil frame, not a twin), a twin's (see pairForms: the guess is
// not kept), or its canonical form's (the guess mapped by the frame).
type keyFrame struct {
	twin bool
	f    *frame
}

// store returns the entry to remember under the key.
func (kf keyFrame) store(s *mastermind.Space, e memoEntry) memoEntry {
	switch {
	case kf.twin:
		return e.of(false)
	case kf.f != nil && e.exact && e.guess >= 0:
		e.guess = kf.f.to(s, e.guess)
	}
	return e
}

// load returns an entry read under the key, its guess the set's own.
func (kf keyFrame) load(s *mastermind.Space, e memoEntry) memoEntry {
	if kf.f != nil && e.exact && e.guess >= 0 {
		e.guess = kf.f.from(s, e.guess)
	}
	return e
}

// ownKey returns the memo's key of a set (see key), that of its canonical
// form in games of canonKeys, with the frame of its entries.
func (sv *solver) ownKey(buf *keyBuffer, cands []int32, depth int) ([]byte, keyFrame) {
	key := sv.key(buf, cands, depth)
	if !canonKeys(sv.game) || len(cands) <= sv.parts+1 || len(cands) > canonMax {
		return key, keyFrame{}
	}
	form := sv.forms.get(key[:len(key)-1], func() canonForm {
		set, f := canonical(sv.space, cands)
		if f != nil && slices.Equal(set, cands) {
			f = nil // the set is its own form: its own frame
		}
		return canonForm{set, f}
	})
	if form.f == nil {
		return key, keyFrame{}
	}
	return sv.key(buf, form.set, depth), keyFrame{f: form.f}
}

// A canonForm is a set's canonical form and the frame that maps it there
// (nil if the set keeps its own key: see canonical).
type canonForm struct {
	set []int32
	f   *frame
}

// formCache remembers the canonical forms of sets by their own keys
// (without the depth), within formBytes: a search meets most sets several
// times (3 of 8 distinct: 154,000 forms asked for, of 55,000 sets). It is
// safe for concurrent use.
type formCache struct {
	shards [16]struct {
		mu    sync.Mutex
		forms map[string]canonForm
		bytes int
		_     [40]byte
	}
}

// formBytes bounds the bytes of a formCache: a shard that reaches its
// share forgets all it holds.
const formBytes = 128 << 20

// get returns the form of the set of key, from make if not known.
func (fc *formCache) get(key []byte, make func() canonForm) canonForm {
	h := uint32(2166136261)
	for _, b := range key {
		h = (h ^ uint32(b)) * 16777619
	}
	sh := &fc.shards[h%uint32(len(fc.shards))]
	sh.mu.Lock()
	form, ok := sh.forms[string(key)]
	sh.mu.Unlock()
	if ok {
		return form
	}
	form = make()
	size := 2*len(key) + 4*len(form.set) + 160
	sh.mu.Lock()
	if sh.forms == nil || sh.bytes+size > formBytes/len(fc.shards) {
		sh.forms, sh.bytes = map[string]canonForm{}, 0
	}
	sh.forms[string(key)] = form
	sh.bytes += size
	sh.mu.Unlock()
	return form
}

// canonical returns the canonical form of a set of codes of a space
// under black, ascending, and the frame that maps the set onto it; a nil
// frame if the set is too large or too symmetric to search (see canonMax,
// canonNodes). The maps are those of the rule's symmetry: a permutation
// of the positions with a renaming of the colours, with repeats allowed
// one for each position.
//
// The form is the least image of the set, its codes read as numbers of N
// digits in base K and listed in order, over the maps the search below
// allows; those maps are fixed by invariants (what is counted is kept by
// every map), so that sets that some map carries onto one another have
// the same form, and two sets of the same form are images of each other.
// Positions go in the order of their sorted counts of each colour (the
// permutations of positions of equal counts are each tried); the first
// code is, of the codes of the least invariant (the sorted counts, over
// its positions, of its colour there and, if distinct, anywhere; if more
// than four are alike, of those the least counts of codes giving it each
// answer), one mapped onto 0 1 .. N-1 (with repeats 0 0 .. 0). Then, as
// long as some colour of the set (with repeats, of a position) has no
// image, the next code of the image is the least any code not yet placed
// can have, its colours without an image given the next ones in order:
// each code that can have it is tried, but of codes that differ by an
// exchange of twin colours without an image (see twins), one. The rest of
// the image follows.
func canonical(s *mastermind.Space, cands []int32) ([]int32, *frame) {
	n := len(cands)
	g := s.Game()
	N, K := g.Positions, g.Colors
	if n < 3 || n > canonMax || N > 8 || K > 16 {
		return nil, nil
	}
	c, _ := canonSearches.Get().(*canonSearch)
	if c == nil {
		c = &canonSearch{}
	}
	defer canonSearches.Put(c)
	c.reset(s, cands)
	cnt := c.cnt
	// weight is what a colour counts at a position: its codes there and,
	// if colours are renamed in every position alike, anywhere.
	weight := func(p, col int) int {
		if c.perPos {
			return cnt[p*K+col]
		}
		return cnt[p*K+col]*(n+1) + c.tot[col]
	}
	// Positions by the sorted weights of their colours; the orders of
	// ties.
	sig := make([][]int, N)
	for p := range N {
		sig[p] = make([]int, K)
		for col := range K {
			sig[p][col] = weight(p, col)
		}
		slices.Sort(sig[p])
	}
	order := make([]int, N)
	for p := range order {
		order[p] = p
	}
	slices.SortStableFunc(order, func(a, b int) int { return slices.Compare(sig[a], sig[b]) })
	var perms [][]int
	var permute func(k int)
	permute = func(k int) {
		if k == N {
			perms = append(perms, slices.Clone(order))
			return
		}
		// order[k] takes each position of its tie not yet placed.
		for j := k; j < N && slices.Equal(sig[order[j]], sig[order[k]]); j++ {
			order[k], order[j] = order[j], order[k]
			permute(k + 1)
			order[k], order[j] = order[j], order[k]
		}
	}
	permute(0)
	// The first codes: of the least invariant, the sorted weights of their
	// colours, and if more than a few are alike, of those the least count
	// of codes giving each answer.
	var inv, least [17]int
	firsts := c.firsts[:0]
	keep := func(v []int, i int) {
		switch {
		case len(firsts) == 0 || slices.Compare(v, least[:len(v)]) < 0:
			firsts = append(firsts[:0], i)
			copy(least[:], v)
		case slices.Equal(v, least[:len(v)]):
			firsts = append(firsts, i)
		}
	}
	for i := range n {
		v := inv[:N]
		for p, col := range c.flat[i*N:][:N] {
			v[p] = weight(p, int(col))
		}
		slices.Sort(v)
		keep(v, i)
	}
	if len(firsts) > 4 {
		alike := slices.Clone(firsts)
		firsts = firsts[:0]
		for _, i := range alike {
			v := inv[:N+1]
			clear(v)
			x := c.flat[i*N:][:N]
			for j := range n {
				y := c.flat[j*N:][:N]
				b := 0
				for p, col := range x {
					if y[p] == col {
						b++
					}
				}
				v[b]++
			}
			keep(v, i)
		}
	}
	c.firsts = firsts

	c.twins()
	for _, perm := range perms {
		c.setPos(perm)
		for _, x := range firsts {
			if c.skip(x) {
				continue
			}
			c.prefix = append(c.prefix[:0], c.value(x))
			next, labelled := c.next, c.labelled
			c.extend(x)
			c.place()
			c.undo(x, next, labelled)
			if c.nodes > canonNodes {
				return nil, nil
			}
		}
	}
	// The frame: the best map, the colours without an image (of each
	// position) given the rest in order.
	f := &frame{pos: make([]uint8, N), colour: make([]uint8, N*K), back: make([]uint8, N*K)}
	for k, p := range c.bestPos[:N] {
		f.pos[k] = uint8(p)
	}
	for p := range N {
		var taken [16]bool
		for col := range K {
			if l := c.bestLabel[c.cell(p, col)]; l >= 0 {
				f.colour[p*K+col] = uint8(l)
				taken[l] = true
			}
		}
		next := 0
		for col := range K {
			if c.bestLabel[c.cell(p, col)] < 0 {
				for taken[next] {
					next++
				}
				f.colour[p*K+col], taken[next] = uint8(next), true
			}
		}
		for col := range K {
			f.back[p*K+int(f.colour[p*K+col])] = uint8(col)
		}
	}
	set := make([]int32, n)
	d := make(mastermind.Code, N)
	for i, v := range c.best {
		for k := N - 1; k >= 0; k-- {
			d[k] = uint8(v % uint64(K))
			v /= uint64(K)
		}
		j, _ := s.Index(d)
		set[i] = int32(j)
	}
	slices.Sort(set)
	return set, f
}

// canonSearches holds canonSearches for reuse.
var canonSearches sync.Pool

// canonCells is the most cells (colours, or with repeats colours of a
// position) a canonSearch labels: 8 positions of 16 colours.
const canonCells = 128

// A canonSearch is the search of canonical: the codes, the map so far
// (pos, label), the image so far (prefix) and the best complete one. What
// it labels are cells: a colour where colours are distinct (renamed alike
// in every position), with repeats a colour of a position; each group of
// cells (all of them, or a position's) takes its images in order.
type canonSearch struct {
	N, K      int
	n         int
	perPos    bool    // whether each position's colours are renamed alone
	flat      []uint8 // the codes, N colours each
	inPos     []uint8 // the same, each in the order of pos
	cnt, tot  []int   // codes with colour c at p (p*K+c), and anywhere
	present   int     // the cells the codes have
	labelled  int     // the cells with an image
	pos       []int
	label     [canonCells]int8 // per cell its image, -1 if none yet
	next      [8]int8          // per group the next image to give
	used      []bool
	prefix    []uint64
	work      []uint64
	best      []uint64 // the least image found, empty before
	bestPos   [8]int
	bestLabel [canonCells]int8
	nodes     int
	firsts    []int
	classOf   [canonCells]int8 // per cell the lowest of its twins (see twins)
	shared    bool             // whether some cell has a twin
	in        []uint64         // the codes as numbers, a bit each (see twins)
}

// cell returns the cell of colour col at position p.
func (c *canonSearch) cell(p, col int) int {
	if c.perPos {
		return p*c.K + col
	}
	return col
}

// group returns the group of the cells of position p.
func (c *canonSearch) group(p int) int {
	if c.perPos {
		return p
	}
	return 0
}

// reset makes the search that of the set.
func (c *canonSearch) reset(s *mastermind.Space, cands []int32) {
	g := s.Game()
	N, K, n := g.Positions, g.Colors, len(cands)
	c.N, c.K, c.n, c.perPos = N, K, n, !g.Distinct
	c.flat = grow(c.flat, n*N)
	c.inPos = grow(c.inPos, n*N)
	c.cnt, c.tot = grow(c.cnt, N*K), grow(c.tot, K)
	clear(c.cnt)
	clear(c.tot)
	for i, x := range cands {
		code := s.Code(int(x))
		copy(c.flat[i*N:], code)
		for p, col := range code {
			c.cnt[p*K+int(col)]++
			c.tot[col]++
		}
	}
	for i := range c.label {
		c.label[i] = -1
	}
	c.present, c.labelled, c.next = 0, 0, [8]int8{}
	for p := range N {
		for col := range K {
			if c.perPos && c.cnt[p*K+col] > 0 || !c.perPos && p == 0 && c.tot[col] > 0 {
				c.present++
			}
		}
	}
	c.used = grow(c.used, n)
	clear(c.used)
	c.prefix, c.work, c.best = c.prefix[:0], c.work[:0], c.best[:0]
	c.nodes = 0
}

// grow returns s resized to n, reusing it if it has room.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// setPos makes pos the order of the positions.
func (c *canonSearch) setPos(pos []int) {
	c.pos = pos
	N := c.N
	for i := range c.n {
		x, y := c.flat[i*N:][:N], c.inPos[i*N:][:N]
		for k, p := range pos {
			y[k] = x[p]
		}
	}
}

// code returns code i's colours in the order of pos.
func (c *canonSearch) code(i int) []uint8 { return c.inPos[i*c.N:][:c.N] }

// twins finds the classes of twin cells of the set, two colours (of a
// position, with repeats) whose exchange (there) maps it onto itself; a
// cell's twins and their twins are its twins: classOf, per cell, the
// lowest of its class.
func (c *canonSearch) twins() {
	N, K := c.N, c.K
	size := 1
	for range N {
		size *= K
	}
	c.shared = false
	for i := range c.classOf {
		c.classOf[i] = int8(i)
	}
	if size > 1<<22 {
		return // too many codes for the bits: no twins
	}
	c.in = grow(c.in, (size+63)/64)
	clear(c.in)
	for i := range c.n {
		v := c.number(c.flat[i*N:][:N], -1, -1, -1)
		c.in[v/64] |= 1 << (v % 64)
	}
	groups, at := 1, -1 // positions whose colours are exchanged: all (-1), or each
	if c.perPos {
		groups = N
	}
	for gr := range groups {
		if c.perPos {
			at = gr
		}
		present := func(col int) bool {
			if c.perPos {
				return c.cnt[at*K+col] > 0
			}
			return c.tot[col] > 0
		}
		for a := range K {
			if !present(a) {
				continue // absent: the frame maps it alone
			}
			for b := range a {
				cb := c.cell(max(at, 0), b)
				if int(c.classOf[cb]) != cb || !present(b) {
					continue
				}
				twin := true
				for i := range c.n {
					v := c.number(c.flat[i*N:][:N], at, a, b)
					if c.in[v/64]&(1<<(v%64)) == 0 {
						twin = false
						break
					}
				}
				if twin {
					c.classOf[c.cell(max(at, 0), a)] = int8(cb)
					c.shared = true
					break
				}
			}
		}
	}
}

// number returns code x with colours a and b exchanged (at position at
// only, if not -1) as a number.
func (c *canonSearch) number(x []uint8, at, a, b int) uint64 {
	v := uint64(0)
	for p, col := range x {
		if at < 0 || p == at {
			switch int(col) {
			case a:
				col = uint8(b)
			case b:
				col = uint8(a)
			}
		}
		v = v*uint64(c.K) + uint64(col)
	}
	return v
}

// skip reports whether placing code i next leads to an image that another
// code leads to: one whose cells without an image are, in each class of
// twins and in the order of pos, the lowest of the class without one.
// Exchanging twins without an image maps the set and the map so far onto
// themselves, and code i onto that code.
func (c *canonSearch) skip(i int) bool {
	if !c.shared {
		return false
	}
	var seen [canonCells]bool // the cells of the code met so far
	for k, col := range c.code(i) {
		p := c.pos[k]
		cl := c.cell(p, int(col))
		if c.label[cl] >= 0 {
			continue
		}
		// The lowest cell of cl's class without an image, not met yet.
		class := int(c.classOf[cl])
		for low := range c.K {
			l := c.cell(p, low)
			if int(c.classOf[l]) != class || c.label[l] >= 0 || seen[l] {
				continue
			}
			if l != cl {
				return true
			}
			break
		}
		seen[cl] = true
	}
	return false
}

// value returns code i's image as a number: its positions in the order
// of pos, its cells' images, those without one the next ones of their
// group in order.
func (c *canonSearch) value(i int) uint64 {
	v, fresh, K := uint64(0), c.next, uint64(c.K)
	for k, col := range c.code(i) {
		p := c.pos[k]
		l := c.label[c.cell(p, int(col))]
		if l < 0 {
			g := c.group(p)
			l = fresh[g]
			fresh[g]++
		}
		v = v*K + uint64(l)
	}
	return v
}

// extend places code i: its cells without an image get the next ones.
func (c *canonSearch) extend(i int) {
	for k, col := range c.code(i) {
		p := c.pos[k]
		if cl := c.cell(p, int(col)); c.label[cl] < 0 {
			g := c.group(p)
			c.label[cl] = c.next[g]
			c.next[g]++
			c.labelled++
		}
	}
	c.used[i] = true
}

// undo takes code i back, with the next images and count of cells
// labelled before extend.
func (c *canonSearch) undo(i int, next [8]int8, labelled int) {
	for k, col := range c.code(i) {
		p := c.pos[k]
		if cl := c.cell(p, int(col)); c.label[cl] >= next[c.group(p)] {
			c.label[cl] = -1
		}
	}
	c.next, c.labelled = next, labelled
	c.used[i] = false
}

// place extends the image by the least next code, each code that gives
// it in turn, until every cell has an image; then completes it.
func (c *canonSearch) place() {
	c.nodes++
	if c.nodes > canonNodes {
		return
	}
	cmp := -1 // the image so far against the best's beginning
	if len(c.best) > 0 {
		if cmp = slices.Compare(c.prefix, c.best[:len(c.prefix)]); cmp > 0 {
			return
		}
	}
	if c.labelled == c.present {
		c.work = c.work[:0]
		for i := range c.n {
			if !c.used[i] {
				c.work = append(c.work, c.value(i))
			}
		}
		slices.Sort(c.work)
		k := len(c.prefix)
		if cmp == 0 && slices.Compare(c.work, c.best[k:]) >= 0 {
			return
		}
		c.best = append(append(c.best[:0], c.prefix...), c.work...)
		copy(c.bestPos[:], c.pos)
		c.bestLabel = c.label
		return
	}
	least := uint64(1<<63 - 1)
	var buf [canonMax]int
	ties := buf[:0]
	for i := range c.n {
		if c.used[i] {
			continue
		}
		switch v := c.value(i); {
		case v < least:
			least, ties = v, append(ties[:0], i)
		case v == least:
			ties = append(ties, i)
		}
	}
	c.prefix = append(c.prefix, least)
	for _, i := range ties {
		if c.skip(i) {
			continue
		}
		next, labelled := c.next, c.labelled
		c.extend(i)
		c.place()
		c.undo(i, next, labelled)
	}
	c.prefix = c.prefix[:len(c.prefix)-1]
}
