package large

import (
	"context"
	"fmt"
	"slices"

	"github.com/mastermind-go/mastermind"
)

// A blackBreaker breaks codes of games too large to enumerate under the
// rule black (repeats allowed), where an answer counts the positions right
// and nothing else. It asks each colour's count (the code of that colour
// alone, all but the last colour), then each position's colour in turn:
// the code of colour 0 but colour c at position i answers n0 - [s_i = 0] +
// [s_i = c], so it tells whether s_i is c, 0 or neither. Colours whose
// positions are all found, and positions left a single colour, are not
// asked: about N*K/2 guesses in all, within TopCoder's 3000 up to 100
// positions of 20 colours. Its guesses are a function of the history alone
// (Next derives them again each time), so that any answer can be corrected
// or taken back.
//
// What the answers prove is checked at each Next: the colour counts, each
// position's colour or the colours it is not, whether some code of those
// counts has those colours (a flow of positions to colours), and once one
// code is left, every answer against it. A conflict names answers that
// prove it: each left out in turn, from the first, while the others still
// prove one. That is a true conflict, but not always the smallest: a
// guess of colour r but at one position proves something only beside the
// answer that counts r, so a set without that answer is not seen to
// conflict.
type blackBreaker struct {
	answers
}

// newBlackBreaker returns the breaker of g, a game of repeats under the
// rule black.
func newBlackBreaker(g mastermind.Game) *blackBreaker { return &blackBreaker{answers{g: g}} }

// Remaining is exact when the code is known (1) or nothing is asked yet;
// unknown otherwise.
func (b *blackBreaker) Remaining() mastermind.Remaining {
	if len(b.history) == 0 {
		return mastermind.Remaining{N: b.g.Count(), Exact: b.g.Count() < 1<<53}
	}
	k := b.knowledge(allTurns(len(b.history)))
	if k.conflict || !k.solved() {
		return mastermind.Unknown
	}
	return mastermind.Remaining{N: 1, Exact: true}
}

// Next returns the next guess, or the *ConflictError of answers that no
// code gives.
func (b *blackBreaker) Next(ctx context.Context) (mastermind.Code, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	k := b.knowledge(allTurns(len(b.history)))
	if k.conflict {
		return nil, b.g.Conflict(b.history, b.blame())
	}
	g := b.g
	N, K := g.Positions, g.Colors
	for c := 0; c < K-1; c++ {
		if k.count[c] < 0 {
			return mono(N, c), nil
		}
	}
	code := make(mastermind.Code, N)
	for i := range N {
		if k.colour[i] >= 0 {
			code[i] = uint8(k.colour[i])
			continue
		}
		// The lowest colour other than 0 that s_i may still be (0 itself
		// shows as a drop).
		for c := 1; c < K; c++ {
			if k.may(i, c) {
				probe := mono(N, 0)
				probe[i] = uint8(c)
				return probe, nil
			}
		}
		return nil, fmt.Errorf("large: position %d has no colour left to ask, yet is unknown", i+1)
	}
	return code, nil
}

// mono returns the code of n positions of colour c.
func mono(n, c int) mastermind.Code {
	code := make(mastermind.Code, n)
	for i := range code {
		code[i] = uint8(c)
	}
	return code
}

// allTurns returns 0..n-1.
func allTurns(n int) []int {
	t := make([]int, n)
	for i := range t {
		t[i] = i
	}
	return t
}

// blame returns a conflicting set of turns of the history (0-based), none
// of them needless: each turn is left out in turn, from the first, while
// the others still conflict.
func (b *blackBreaker) blame() []int {
	kept := allTurns(len(b.history))
	for i := 0; i < len(kept); {
		without := slices.Delete(slices.Clone(kept), i, i+1)
		if b.knowledge(without).conflict {
			kept = without
		} else {
			i++
		}
	}
	return kept
}

// What a set of turns proves about the secret.
type blackKnowledge struct {
	n        int
	count    []int    // per colour its count, -1 if unknown
	found    []int    // per colour the positions known to be of it
	colour   []int    // per position its colour, -1 if unknown
	not      [][]bool // per position and colour: the position is not of that colour
	conflict bool     // no code fits the turns
}

// may reports whether position i, of unknown colour, may still be of
// colour c: not ruled out, and c has positions left to find.
func (k *blackKnowledge) may(i, c int) bool {
	return !k.not[i][c] && (k.count[c] < 0 || k.found[c] < k.count[c])
}

// solved reports whether every position's colour is known.
func (k *blackKnowledge) solved() bool { return !slices.Contains(k.colour, -1) }

// knowledge returns what the turns of the history (indices) prove: the
// counts their one-colour guesses give, and what each guess of one colour
// r but at one position i tells of s_i once r's count is known; other
// guesses prove nothing here. It is sound: a conflict is proven. Counts
// full of their positions, and positions left one colour, are propagated,
// and a flow of positions to colours checks that some code fits.
func (b *blackBreaker) knowledge(turns []int) *blackKnowledge {
	g := b.g
	N, K := g.Positions, g.Colors
	k := &blackKnowledge{n: N, count: make([]int, K), found: make([]int, K), colour: make([]int, N), not: make([][]bool, N)}
	for c := range k.count {
		k.count[c] = -1
	}
	for i := range k.colour {
		k.colour[i] = -1
		k.not[i] = make([]bool, K)
	}
	type probe struct{ i, r, c, black int }
	var probes []probe
	for _, t := range turns {
		guess, black := b.history[t].Guess, b.history[t].Feedback.Black
		r, i, c, ok := shape(guess)
		switch {
		case !ok:
		case i < 0: // one colour: its count
			if k.count[r] >= 0 && k.count[r] != black {
				k.conflict = true
				return k
			}
			k.count[r] = black
		default:
			probes = append(probes, probe{i, r, c, black})
		}
	}
	known, sum := 0, 0
	for _, n := range k.count {
		if n >= 0 {
			known++
			sum += n
		}
	}
	switch {
	case sum > N, known == K && sum != N:
		k.conflict = true
		return k
	case known == K-1, sum == N: // the other counts follow
		for c, n := range k.count {
			if n < 0 {
				k.count[c] = N - sum
				sum = N
			}
		}
	}
	set := func(i, c int) {
		if k.colour[i] >= 0 && k.colour[i] != c || k.not[i][c] {
			k.conflict = true
		}
		k.colour[i] = c
	}
	for _, p := range probes {
		if k.count[p.r] < 0 {
			continue
		}
		switch p.black - k.count[p.r] {
		case -1:
			set(p.i, p.r)
			k.not[p.i][p.c] = true
		case 1:
			set(p.i, p.c)
		case 0:
			k.not[p.i][p.r], k.not[p.i][p.c] = true, true
		default:
			k.conflict = true
		}
		if k.colour[p.i] >= 0 && k.not[p.i][k.colour[p.i]] {
			k.conflict = true
		}
	}
	if k.conflict {
		return k
	}
	k.propagate()
	if !k.conflict && !k.fits() {
		k.conflict = true
	}
	if !k.conflict && k.solved() {
		// The one code left must give every answer, of any guess.
		for _, t := range turns {
			black := 0
			for i, x := range b.history[t].Guess {
				if int(x) == k.colour[i] {
					black++
				}
			}
			if black != b.history[t].Feedback.Black {
				k.conflict = true
				break
			}
		}
	}
	return k
}

// shape tells a guess of colour r but for position i of colour c (i = -1
// for a guess of one colour); ok is false for any other guess.
func shape(guess mastermind.Code) (r, i, c int, ok bool) {
	n := len(guess)
	if n == 1 {
		return int(guess[0]), -1, 0, true
	}
	// r is the colour of at least two of the first three positions.
	r = int(guess[0])
	if n >= 3 && guess[0] != guess[1] && guess[0] != guess[2] {
		r = int(guess[1])
	}
	i = -1
	for p, x := range guess {
		if int(x) == r {
			continue
		}
		if i >= 0 {
			return 0, 0, 0, false
		}
		i, c = p, int(x)
	}
	if n == 2 && i >= 0 {
		return 0, 0, 0, false // two colours of one each: which is r is not told
	}
	return r, i, c, true
}

// propagate fixes the positions left one colour and rules out the colours
// whose positions are all found, until nothing changes; it notes a
// position left no colour, or a colour with more positions than its count.
func (k *blackKnowledge) propagate() {
	K := len(k.count)
	for changed := true; changed && !k.conflict; {
		changed = false
		found := k.found
		clear(found)
		for _, c := range k.colour {
			if c >= 0 {
				found[c]++
			}
		}
		for c, n := range k.count {
			if n >= 0 && found[c] > n {
				k.conflict = true
				return
			}
		}
		for i, c := range k.colour {
			if c >= 0 {
				continue
			}
			left, last := 0, -1
			for x := range K {
				if !k.not[i][x] && k.count[x] != 0 && !(k.count[x] > 0 && found[x] == k.count[x]) {
					left, last = left+1, x
				}
			}
			switch left {
			case 0:
				k.conflict = true
				return
			case 1:
				k.colour[i], changed = last, true
				found[last]++
			}
		}
	}
}

// fits reports whether some code has the known counts and fits what is
// known of each position: a flow of positions to colours, the known
// counts' colours filled first (the flow into the sink never falls, so
// they stay full as the others are added).
func (k *blackKnowledge) fits() bool {
	N, K := k.n, len(k.count)
	// owner[c] lists the positions given colour c; at[i] is i's colour.
	at := make([]int, N)
	for i := range at {
		at[i] = -1
	}
	load := make([]int, K)
	capacity := func(c int, phase int) int {
		switch {
		case k.count[c] >= 0:
			return k.count[c]
		case phase == 0:
			return 0
		}
		return N
	}
	may := func(i, c int) bool {
		if k.colour[i] >= 0 {
			return k.colour[i] == c
		}
		return !k.not[i][c] && k.count[c] != 0
	}
	var seen []bool
	// augment finds room for position i, moving others as needed.
	var augment func(i, phase int) bool
	augment = func(i, phase int) bool {
		for c := range K {
			if !may(i, c) || seen[c] {
				continue
			}
			seen[c] = true
			if load[c] < capacity(c, phase) {
				at[i] = c
				load[c]++
				return true
			}
			for j := range N {
				if at[j] == c && augment(j, phase) {
					at[i] = c
					return true
				}
			}
		}
		return false
	}
	want := 0
	for _, n := range k.count {
		want += max(n, 0)
	}
	placed := 0
	for phase := range 2 {
		for i := range N {
			if at[i] >= 0 {
				continue
			}
			seen = make([]bool, K)
			if augment(i, phase) {
				placed++
			}
		}
		if phase == 0 && placed < want {
			return false
		}
	}
	return placed == N
}
