package mastermind

import (
	"fmt"
	"math/bits"
)

// MaxSpaceLen is the largest number of codes a Space enumerates.
const MaxSpaceLen = 10_000_000

// An Outcome is a feedback as a dense index, for use as an array index when
// partitioning codes by their feedback: under BlackWhite
// Black*(Positions+1)+White, under BlackOnly Black, under Slots the marks
// as a number in base 3 (. 0, Y 1, G 2), the first position the most
// significant, so that outcomes sort as their marks do.
type Outcome uint16

// Outcomes returns the number of outcome indices of the game (not all of
// them are possible feedback): (N+1)^2 under BlackWhite, N+1 under
// BlackOnly, 3^N under Slots (for N up to MaxSlotsPositions; beyond, 0: no
// Space enumerates such a game).
func (g Game) Outcomes() int {
	n := g.Positions
	switch g.Rule {
	case BlackOnly:
		return n + 1
	case Slots:
		if n > MaxSlotsPositions {
			return 0
		}
		return pow3[n]
	}
	return (n + 1) * (n + 1)
}

// pow3 holds the powers of 3 up to 3^MaxSlotsPositions.
var pow3 = func() (p [MaxSlotsPositions + 1]int) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = 3 * p[i-1]
	}
	return p
}()

// OutcomeOf returns the dense index of feedback f.
func (g Game) OutcomeOf(f Feedback) Outcome {
	switch g.Rule {
	case BlackOnly:
		return Outcome(f.Black)
	case Slots:
		o := 0
		for i := 0; i < len(f.Marks); i++ {
			v, _ := markValue(f.Marks[i])
			o = 3*o + v
		}
		return Outcome(o)
	}
	return Outcome(f.Black*(g.Positions+1) + f.White)
}

// FeedbackOf returns the feedback with dense index o.
func (g Game) FeedbackOf(o Outcome) Feedback {
	switch g.Rule {
	case BlackOnly:
		return Feedback{Black: int(o)}
	case Slots:
		marks := make([]byte, g.Positions)
		x := int(o)
		for i := len(marks) - 1; i >= 0; i-- {
			marks[i] = ".YG"[x%3]
			x /= 3
		}
		return slotsFeedback(marks)
	}
	return Feedback{Black: int(o) / (g.Positions + 1), White: int(o) % (g.Positions + 1)}
}

// Solved returns the outcome of a guess that equals the secret.
func (g Game) Solved() Outcome {
	switch g.Rule {
	case BlackOnly:
		return Outcome(g.Positions)
	case Slots:
		return Outcome(g.Outcomes() - 1)
	}
	return Outcome(g.Positions * (g.Positions + 1))
}

// A Space is the list of all codes of a game in lexicographic order, each
// known by its index, with fast scoring between indices. It is read-only once
// built and safe for concurrent use.
type Space struct {
	game  Game
	n     int
	codes []uint8 // n codes of game.Positions colours each

	// Packed forms for fast scoring, when the game is small enough:
	// pegs holds 4 bits per position; sets holds per colour either a 4-bit
	// count (repeats allowed) or one bit (distinct colours).
	packed bool
	pegs   []uint64
	sets   []uint64
	// tern[m], for a packed Slots game: the outcome of the marks 1 at the
	// positions of the bits of m (bit i position i), 0 elsewhere.
	tern []uint16
}

// NewSpace enumerates the codes of game g. It fails when the game has more
// than MaxSpaceLen codes.
func NewSpace(g Game) (*Space, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	if g.Count() > MaxSpaceLen {
		return nil, fmt.Errorf("the game (%v) has %.3g codes, more than the %d that can be enumerated", g, g.Count(), MaxSpaceLen)
	}
	if g.Rule == Slots && g.Positions > MaxSlotsPositions {
		return nil, fmt.Errorf("the game (%v) has 3^%d answers, more than the 3^%d of the games that can be enumerated under the rule slots", g, g.Positions, MaxSlotsPositions)
	}
	s := &Space{game: g, n: int(g.Count())}
	N := g.Positions
	s.codes = make([]uint8, 0, s.n*N)
	code := make(Code, N)
	var used [MaxColors]bool
	var fill func(i int)
	fill = func(i int) {
		if i == N {
			s.codes = append(s.codes, code...)
			return
		}
		for c := 0; c < g.Colors; c++ {
			if g.Distinct && used[c] {
				continue
			}
			code[i] = uint8(c)
			used[c] = true
			fill(i + 1)
			used[c] = false
		}
	}
	fill(0)

	s.packed = g.Colors <= 16 && N <= 16 && (g.Distinct || N <= 7)
	if s.packed {
		s.pegs = make([]uint64, s.n)
		s.sets = make([]uint64, s.n)
		for i := range s.n {
			var pegs, set uint64
			for p, c := range s.Code(i) {
				pegs |= uint64(c) << (4 * p)
				if g.Distinct {
					set |= 1 << c
				} else {
					set += 1 << (4 * c)
				}
			}
			s.pegs[i], s.sets[i] = pegs, set
		}
		if g.Rule == Slots {
			s.tern = make([]uint16, 1<<N)
			for m := range s.tern {
				for i := range N {
					if m>>i&1 != 0 {
						s.tern[m] += uint16(pow3[N-1-i])
					}
				}
			}
		}
	}
	return s, nil
}

// Game returns the game whose codes s lists.
func (s *Space) Game() Game { return s.game }

// Len returns the number of codes.
func (s *Space) Len() int { return s.n }

// Code returns the code with index i. The caller must not modify it.
func (s *Space) Code(i int) Code {
	N := s.game.Positions
	return Code(s.codes[i*N : (i+1)*N : (i+1)*N])
}

// Index returns the index of code c, and false if c is not a code of the game.
func (s *Space) Index(c Code) (int, bool) {
	g := s.game
	if g.ValidCode(c) != nil {
		return 0, false
	}
	if !g.Distinct {
		i := 0
		for _, x := range c {
			i = i*g.Colors + int(x)
		}
		return i, true
	}
	// Rank of a partial permutation in lexicographic order: at each position,
	// the number of unused colours below c[p] times the number of ways to
	// complete the remaining positions.
	i := 0
	var used [MaxColors]bool
	for p, x := range c {
		below := 0
		for y := 0; y < int(x); y++ {
			if !used[y] {
				below++
			}
		}
		used[x] = true
		ways := 1
		for q := p + 1; q < g.Positions; q++ {
			ways *= g.Colors - q
		}
		i += below * ways
	}
	return i, true
}

// Outcome returns the feedback of secret to guess (both indices) as a dense
// outcome index.
func (s *Space) Outcome(secret, guess int) Outcome {
	if !s.packed {
		return s.game.OutcomeOf(s.game.Answer(s.Code(secret), s.Code(guess)))
	}
	switch s.game.Rule {
	case BlackOnly:
		return Outcome(s.game.Positions - bits.OnesCount64(nonzeroNibbles(s.pegs[secret]^s.pegs[guess])))
	case Slots:
		return s.slotsOutcome(s.pegs[secret], s.sets[secret], s.pegs[guess])
	}
	return s.packedOutcome(s.pegs[secret], s.sets[secret], s.pegs[guess], s.sets[guess])
}

// slotsOutcome scores packed codes by the Slots rule (see slotsScorer).
func (s *Space) slotsOutcome(sp, ss, gp uint64) Outcome {
	sc := s.slotsScorer(gp)
	return sc.outcome(sp, ss)
}

// A slotsScorer scores packed secrets against one packed guess by the
// Slots rule, a nibble per position at once: the positions of the guess
// not right of each of its colours c get Y as far as the secret's copies
// of c not right go, from the left. Its colours are the guess's own, each
// with the nibbles of its positions.
type slotsScorer struct {
	distinct bool
	gp       uint64
	lanes    uint64     // the low bit of each position's nibble
	tern     []uint16   // the Space's (see Space.tern)
	colors   [16]uint8  // the guess's colours
	at       [16]uint64 // per colour of colors: the low bits of its positions
	k        int        // how many colours
}

// slotsScorer returns the scorer of guess gp (packed).
func (s *Space) slotsScorer(gp uint64) slotsScorer {
	N := s.game.Positions
	sc := slotsScorer{distinct: s.game.Distinct, gp: gp, lanes: nibbleLows >> (64 - 4*N), tern: s.tern}
	var seen [16]int
	for i := range N {
		c := uint8(gp >> (4 * i) & 15)
		if seen[c] == 0 {
			sc.colors[sc.k] = c
			sc.k++
			seen[c] = sc.k
		}
		sc.at[seen[c]-1] |= 1 << (4 * i)
	}
	return sc
}

// outcome returns the outcome of the secret of pegs sp and counts (or set)
// ss.
func (sc *slotsScorer) outcome(sp, ss uint64) Outcome {
	other := nonzeroNibbles(sp^sc.gp) & sc.lanes // the positions not right
	var y uint64
	for j, c := range sc.colors[:sc.k] {
		open := other & sc.at[j]
		if open == 0 {
			continue
		}
		if sc.distinct { // one position, Y if the secret has c
			y |= open * (ss >> c & 1)
			continue
		}
		left := ss>>(4*c)&15 - uint64(bits.OnesCount64(sc.at[j]&^other))
		// A position of open gets Y when the open positions up to it are
		// no more than left: lane-wise left >= prefix, counts below 8.
		prefix := open * nibbleLows
		ge := ((left*nibbleLows | nibbleHighs) - prefix) & nibbleHighs
		y |= ge >> 3 & open
	}
	return Outcome(2*sc.tern[compressLanes(sc.lanes&^other)] + sc.tern[compressLanes(y)])
}

// compressLanes gathers the low bits of the 16 nibbles of x into bits 0-15.
func compressLanes(x uint64) uint64 {
	x &= nibbleLows
	x = (x | x>>3) & 0x0303030303030303
	x = (x | x>>6) & 0x000F000F000F000F
	x = (x | x>>12) & 0x000000FF000000FF
	return (x | x>>24) & 0xFFFF
}

// Score returns the feedback of secret to guess (both indices).
func (s *Space) Score(secret, guess int) Feedback {
	return s.game.FeedbackOf(s.Outcome(secret, guess))
}

// Outcomes writes to out[i] the outcome of secrets[i] against guess. It is
// the hot loop of every strategy.
func (s *Space) Outcomes(guess int, secrets []int32, out []Outcome) {
	out = out[:len(secrets)]
	if !s.packed || s.game.Rule != BlackWhite {
		s.ruleOutcomes(guess, secrets, out)
		return
	}
	gp, gs := s.pegs[guess], s.sets[guess]
	N := s.game.Positions
	if s.game.Distinct {
		for i, x := range secrets {
			black := N - bits.OnesCount64(nonzeroNibbles(s.pegs[x]^gp))
			common := bits.OnesCount64(s.sets[x] & gs)
			out[i] = Outcome(black*N + common)
		}
		return
	}
	pegs, sets := s.pegs, s.sets
	for i, x := range secrets {
		ss := sets[x]
		black := N - bits.OnesCount64(nonzeroNibbles(pegs[x]^gp))
		ge := (((ss | nibbleHighs) - gs) & nibbleHighs) >> 3
		mask := ge<<4 - ge
		m := (gs & mask) | (ss &^ mask)
		out[i] = Outcome(black*N + int((m*nibbleLows)>>60))
	}
}

// ruleOutcomes is Outcomes for games not packed or not under BlackWhite.
func (s *Space) ruleOutcomes(guess int, secrets []int32, out []Outcome) {
	if !s.packed {
		for i, x := range secrets {
			out[i] = s.Outcome(int(x), guess)
		}
		return
	}
	gp := s.pegs[guess]
	N := s.game.Positions
	if s.game.Rule == BlackOnly {
		for i, x := range secrets {
			out[i] = Outcome(N - bits.OnesCount64(nonzeroNibbles(s.pegs[x]^gp)))
		}
		return
	}
	sc := s.slotsScorer(gp)
	pegs, sets := s.pegs, s.sets
	for i, x := range secrets {
		out[i] = sc.outcome(pegs[x], sets[x])
	}
}

const (
	nibbleLows  = 0x1111111111111111
	nibbleHighs = 0x8888888888888888
)

// nonzeroNibbles returns a word with bit 4i set when nibble i of x is not zero.
func nonzeroNibbles(x uint64) uint64 {
	return (x | x>>1 | x>>2 | x>>3) & nibbleLows
}

// packedOutcome scores packed codes: 4-bit pegs, and 4-bit colour counts
// (at most 7) or one bit per colour with distinct colours.
func (s *Space) packedOutcome(sp, ss, gp, gs uint64) Outcome {
	N := s.game.Positions
	black := N - bits.OnesCount64(nonzeroNibbles(sp^gp))
	var common int
	if s.game.Distinct {
		common = bits.OnesCount64(ss & gs)
	} else {
		// Lane-wise min of the colour counts: lanes hold 0..7, so (a|8)-b
		// never borrows across lanes and its high bit says a >= b.
		ge := (((ss | nibbleHighs) - gs) & nibbleHighs) >> 3
		mask := ge<<4 - ge
		m := (gs & mask) | (ss &^ mask)
		common = int((m * nibbleLows) >> 60)
	}
	return Outcome(black*N + common)
}

// Split sorts the codes cands, whose outcomes against some guess are
// outcomes (as Outcomes computes them), by outcome into parts, which must
// be as long as cands; the order within each outcome is kept. It writes
// into starts, which must have g.Outcomes()+1 elements, where each
// outcome's codes start: those of outcome o are parts[starts[o]:starts[o+1]].
// It allocates nothing, so that callers can reuse parts and starts.
func (g Game) Split(cands []int32, outcomes []Outcome, parts []int32, starts []int) {
	n := g.Outcomes()
	starts = starts[:n+1]
	clear(starts)
	outcomes = outcomes[:len(cands)]
	for _, o := range outcomes {
		starts[o]++
	}
	sum := 0
	for o, c := range starts[:n] {
		starts[o] = sum
		sum += c
	}
	// Each outcome's cursor moves from its start to its end, which is the
	// next outcome's start: shifted by one, the cursors are the starts.
	for i, o := range outcomes {
		parts[starts[o]] = cands[i]
		starts[o]++
	}
	copy(starts[1:], starts[:n])
	starts[0] = 0
}
