// Package large breaks codes of games far too large to enumerate (repeats
// allowed, up to 100 positions and 100 colours), as in TopCoder's Marathon
// Match 2: every guess is a code consistent with all the answers so far,
// found by local search (see searcher), or the least wrong code found.
//
// Up to 30 positions the search works on the whole code. Beyond, it would
// fail more and more often, so the play narrows it: the code is found a
// window of up to 24 positions at a time. A guess gives the window its
// candidate, the solved positions their colours and every other position
// one filler colour (one the secret lacks, if any, else its rarest); the
// filler's pegs outside the window are its count less the window's, so the
// answer depends on the window alone. A window is solved when a guess
// matches all of it. The first window's guesses also count the colours:
// their filler is a colour not yet counted, and their candidate uses only
// counted colours and that one, so that blacks plus whites give its count.
package large

import (
	"errors"
	"math/rand/v2"
	"time"

	"github.com/mastermind-go/mastermind"
)

// ErrInconsistent reports answers that no secret gives.
var ErrInconsistent = errors.New("no secret gives these answers")

// A Conflict reports answers that no secret gives together: the answers to
// guesses Turns (0-based).
type Conflict struct{ Turns []int }

func (c *Conflict) Error() string { return ErrInconsistent.Error() }

// Unwrap makes a Conflict an ErrInconsistent.
func (c *Conflict) Unwrap() error { return ErrInconsistent }

// ErrGaveUp reports that no code consistent with the answers was found
// within MaxGuesses guesses: the answers most likely contradict each other.
var ErrGaveUp = errors.New("no code consistent with the answers found in 3000 guesses: they most likely contradict each other")

// MaxGuesses is the most guesses Play asks, TopCoder's limit.
const MaxGuesses = 3000

// wholeLimit is the most positions searched as a whole code.
const wholeLimit = 30

// windowSize returns the number of positions of a window in a game of K
// colours: fewer colours, smaller windows. Measured on 4 games each of 100
// positions, the best sizes were 16 for 5 colours, 18 for 7, 20 for 10 and
// 24 for 15 and 20.
func windowSize(K int) int { return min(24, 10+K) }

// The effort of the search for a guess, on whole codes and on windows
// (where it is cheaper and pays more), and once a game has taken more than
// slowGame.
var (
	wholeEffort  = effort{tries: 10, budget: 40_000, pop: 30}
	windowEffort = effort{tries: 20, budget: 50_000, pop: 30}
	lateEffort   = effort{tries: 1, budget: 10_000, pop: 4}
)

// slowGame is the search work (answers looked at) after which a game
// searches with lateEffort, so that it stays well inside TopCoder's 20 s:
// about 11 s on this machine. Counting work rather than seconds keeps the
// guesses a function of the answers and the seed; slowTime is a safety net
// for slower machines, where they are not.
const (
	slowGame = 2_500_000_000
	slowTime = 12 * time.Second
)

// errFound stops the play once a guess is right.
var errFound = errors.New("found")

// Play finds the secret of game g (repeats allowed) by asking guesses; ask
// returns the answer to a guess. It returns nil once a guess gets all
// blacks, ErrInconsistent (perhaps as a *Conflict) or ErrGaveUp if the
// answers contradict each
// other, or ask's error. The guesses are a function of the answers and seed.
func Play(g mastermind.Game, seed uint64, ask func(mastermind.Code) (mastermind.Feedback, error)) error {
	p := &player{g: g, rng: rand.New(rand.NewPCG(seed, uint64(g.Positions)<<8|uint64(g.Colors))), ask: ask, start: time.Now()}
	var err error
	if g.Positions <= wholeLimit {
		err = p.whole()
	} else {
		err = p.windows()
	}
	if err == errFound {
		return nil
	}
	return err
}

type player struct {
	g       mastermind.Game
	rng     *rand.Rand
	ask     func(mastermind.Code) (mastermind.Feedback, error)
	guesses int
	work    int // search work of the windows done

	counts     []int // of the secret's colours, -1 while unknown
	countTurns []int // the guesses that gave them
	start      time.Time
}

// effort returns the effort for the next guess of searcher s: e, or
// lateEffort in a slow game.
func (p *player) effort(s *searcher, e effort) effort {
	if p.work+s.work > slowGame || time.Since(p.start) > slowTime {
		return lateEffort
	}
	return e
}

// guess asks a guess; errFound if it is the secret.
func (p *player) guess(code mastermind.Code) (mastermind.Feedback, error) {
	if p.guesses == MaxGuesses {
		return mastermind.Feedback{}, ErrGaveUp
	}
	p.guesses++
	f, err := p.ask(code)
	if err == nil && f.Black == p.g.Positions {
		err = errFound
	}
	return f, err
}

// whole plays consistent codes of the whole game.
func (p *player) whole() error {
	s := newSearcher(p.g.Positions, p.g.Colors, nil, nil, wholeEffort, p.rng)
	for {
		s.effort = p.effort(s, wholeEffort)
		code := s.next()
		f, err := p.guess(code)
		if err != nil {
			return err
		}
		s.add(code, -1, f.Black, f.Black+f.White)
	}
}

// windows solves the code a window at a time, counting the colours with
// the first window's guesses (see window).
func (p *player) windows() error {
	L, K := p.g.Positions, p.g.Colors
	p.counts = make([]int, K)
	for c := range p.counts {
		p.counts[c] = -1
	}
	known := make([]int, L) // each position's colour, or -1
	order := make([]int, L) // the unknown positions, those left with the filler last
	carried := 0            // how many of those
	for i := range known {
		known[i], order[i] = -1, i
	}
	for len(order) > 0 {
		window, dormant := order, []int(nil)
		if size := windowSize(K); len(order)-size > carried {
			window, dormant = order[:size], order[size:]
		}
		if err := p.window(known, window, dormant); err != nil {
			return err
		}
		var left, fill []int
		for _, i := range window {
			if known[i] < 0 {
				fill = append(fill, i)
			}
		}
		for _, i := range dormant {
			if known[i] < 0 {
				left = append(left, i)
			}
		}
		carried = len(fill) + min(carried, len(dormant))
		order = append(left, fill...)
	}
	return ErrInconsistent // every position known, yet not found
}

// uncounted returns the least colour whose count is unknown, or -1 if all
// are known, after settling the counts that the others imply.
func (p *player) uncounted() int {
	sum, open, first := 0, 0, -1
	for c, n := range p.counts {
		if n < 0 {
			open++
			if first < 0 {
				first = c
			}
		} else {
			sum += n
		}
	}
	if open > 0 && (open == 1 || sum == p.g.Positions) {
		for c, n := range p.counts {
			if n < 0 {
				p.counts[c] = 0
				if open == 1 {
					p.counts[c] = p.g.Positions - sum
				}
			}
		}
		return -1
	}
	return first
}

// setCount records that the secret has n pegs of colour c, as the answer
// to guess turn implies, or returns the conflict if that cannot be.
func (p *player) setCount(c, n, turn int) error {
	p.countTurns = append(p.countTurns, turn)
	sum := n
	for _, k := range p.counts {
		sum += max(k, 0)
	}
	if n < 0 || sum > p.g.Positions {
		return &Conflict{Turns: p.countTurns} // more pegs than positions
	}
	p.counts[c] = n
	return nil
}

// countAlone counts colour c with a guess of that colour alone.
func (p *player) countAlone(c int) error {
	code := make(mastermind.Code, p.g.Positions)
	for i := range code {
		code[i] = uint8(c)
	}
	f, err := p.guess(code)
	if err != nil {
		return err
	}
	_, err = p.count(c, code, f)
	return err
}

// count learns the count of colour c from the answer f to the last guess,
// code, whose other colours are all counted. It returns false if the answer
// shows only that the count is at least code's pegs of c.
func (p *player) count(c int, code mastermind.Code, f mastermind.Feedback) (bool, error) {
	shown := make([]int, p.g.Colors) // the guess's colour counts
	for _, k := range code {
		shown[k]++
	}
	if shown[c] == len(code) && f.White != 0 {
		return false, &Conflict{Turns: []int{p.guesses - 1}} // one colour cannot be misplaced
	}
	n := f.Black + f.White
	for k, m := range p.counts {
		if k != c {
			n -= min(max(m, 0), shown[k])
		}
	}
	if n >= shown[c] && shown[c] < len(code) {
		return false, nil
	}
	return true, p.setCount(c, n, p.guesses-1)
}

// rest returns the counts of the colours of the positions not known
// (negative while the colour is uncounted).
func (p *player) rest(known []int) []int {
	rest := append([]int(nil), p.counts...)
	for _, k := range known {
		if k >= 0 {
			rest[k]--
		}
	}
	return rest
}

// window plays guesses until every position of the window but those that
// hold the filler of the last guess is known.
//
// While some colour counts are unknown, the filler is the least uncounted
// colour c, and the window's candidate has its uncounted colours made c.
// The guess then shares with the secret min(count, pegs in the guess) of
// each counted colour and, as the filler's pegs exceed the count but in
// rare games, all of c: its blacks plus whites give c's count.
func (p *player) window(known, window, dormant []int) error {
	K := p.g.Colors
	solved := 0
	for _, c := range known {
		if c >= 0 {
			solved++
		}
	}
	var s *searcher
	for {
		c := p.uncounted()
		if c >= 0 && len(dormant) == 0 {
			if err := p.countAlone(c); err != nil {
				return err
			}
			continue
		}
		// The colours of the unknown positions, and their bounds in the
		// window; a colour's count is -1 while unknown.
		sum := 0
		for _, k := range p.counts {
			sum += max(k, 0)
		}
		rest := p.rest(known)
		lo, hi := make([]int, K), make([]int, K)
		var los, his int
		for k := range lo {
			if p.counts[k] < 0 {
				lo[k], hi[k] = 0, min(len(window), p.g.Positions-sum)
			} else {
				lo[k], hi[k] = max(0, rest[k]-len(dormant)), rest[k]
			}
			los, his = los+lo[k], his+hi[k]
			if hi[k] < 0 || los > len(window) || his < len(window) && k == K-1 {
				return ErrInconsistent
			}
		}
		// The filler: the colour being counted, else the rarest colour
		// left, absent if one is.
		fill := c
		if c < 0 && len(dormant) > 0 {
			fill = 0
			for k := range rest {
				if rest[k] < rest[fill] {
					fill = k
				}
			}
		}
		if s == nil {
			s = newSearcher(len(window), K, lo, hi, windowEffort, p.rng)
		} else {
			s.setBounds(lo, hi)
		}
		s.effort = p.effort(s, windowEffort)
		part := s.next()
		code := make(mastermind.Code, p.g.Positions)
		for i, k := range known {
			code[i] = uint8(k)
		}
		for _, i := range dormant {
			code[i] = uint8(max(fill, 0))
		}
		fillers := 0
		for k, i := range window {
			if c >= 0 && p.counts[part[k]] < 0 {
				part[k] = uint8(c)
			}
			code[i] = part[k]
			if int(part[k]) == fill {
				fillers++
			}
		}
		f, err := p.guess(code)
		if err != nil {
			return err
		}
		if c >= 0 {
			ok, err := p.count(c, code, f)
			if err == nil && !ok {
				err = p.countAlone(c) // the answer shows only a least count
			}
			if err != nil {
				return err
			}
			rest = p.rest(known)
		}
		target := f.Black - solved
		if fill >= 0 {
			target -= rest[fill]
		}
		s.add(part, fill, target, 0)
		if c < 0 && target == len(window)-fillers {
			p.work += s.work
			// Every window position without the filler matches.
			for k, i := range window {
				if int(part[k]) != fill {
					known[i] = int(part[k])
				}
			}
			return nil
		}
	}
}

// TopCoderSecret draws a secret of game g as TopCoder's generator did: each
// colour gets a random weight in [0, 1), and each peg is drawn by weight.
func TopCoderSecret(r *rand.Rand, g mastermind.Game) mastermind.Code {
	weights := make([]float64, g.Colors)
	sum := 0.0
	for c := range weights {
		weights[c] = r.Float64()
		sum += weights[c]
	}
	secret := make(mastermind.Code, g.Positions)
	for p := range secret {
		x := r.Float64() * sum
		c := 0
		for c < g.Colors-1 && x >= weights[c] {
			x -= weights[c]
			c++
		}
		secret[p] = uint8(c)
	}
	return secret
}
