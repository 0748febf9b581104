// Package large breaks codes of games far too large to enumerate (repeats
// allowed, up to 100 positions and 100 colours), as in TopCoder's Marathon
// Match 2: every guess is a code consistent with all the answers so far,
// found by local search (see searcher), or the least wrong code found.
//
// Up to 40 positions the search works on the whole code. Beyond, it would
// fail more and more often, so the play narrows it: one guess per colour
// counts the colours, and then the code is found a window of up to 24
// positions at a time. A guess gives the window its candidate, the solved
// positions their colours and every other position one filler colour (one
// the secret lacks, if any, else its rarest); the filler's pegs outside the
// window are its count less the window's, so the answer depends on the
// window alone. A window is solved when a guess matches all of it.
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
const wholeLimit = 40

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
	start   time.Time
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

// windows counts the colours, then solves the code a window at a time.
func (p *player) windows() error {
	L, K := p.g.Positions, p.g.Colors
	counts := make([]int, K)
	sum := 0
	for c := 0; c < K-1 && sum < L; c++ {
		code := make(mastermind.Code, L)
		for i := range code {
			code[i] = uint8(c)
		}
		f, err := p.guess(code)
		if err != nil {
			return err
		}
		if f.White != 0 {
			return &Conflict{Turns: []int{c}} // one colour cannot be misplaced
		}
		counts[c] = f.Black
		sum += f.Black
		if sum > L {
			turns := make([]int, c+1)
			for i := range turns {
				turns[i] = i
			}
			return &Conflict{Turns: turns} // more pegs than positions
		}
	}
	counts[K-1] += L - sum
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
		if err := p.window(counts, known, window, dormant); err != nil {
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

// window plays guesses until every position of the window but those that
// hold the filler of the last guess is known.
func (p *player) window(counts, known, window, dormant []int) error {
	K := p.g.Colors
	rest := append([]int(nil), counts...) // colours of the unknown positions
	solved := 0
	for _, c := range known {
		if c >= 0 {
			rest[c]--
			solved++
		}
	}
	lo, hi := make([]int, K), append([]int(nil), rest...)
	for c := range lo {
		lo[c] = max(0, rest[c]-len(dormant))
		if hi[c] < 0 {
			return ErrInconsistent
		}
	}
	// The filler: the rarest colour left, absent if one is.
	fill := -1
	if len(dormant) > 0 {
		fill = 0
		for c := range rest {
			if rest[c] < rest[fill] {
				fill = c
			}
		}
	}
	s := newSearcher(len(window), K, lo, hi, windowEffort, p.rng)
	for {
		s.effort = p.effort(s, windowEffort)
		part := s.next()
		code := make(mastermind.Code, p.g.Positions)
		for i, c := range known {
			code[i] = uint8(c)
		}
		for _, i := range dormant {
			code[i] = uint8(max(fill, 0))
		}
		fillers := 0
		for k, i := range window {
			code[i] = part[k]
			if int(part[k]) == fill {
				fillers++
			}
		}
		f, err := p.guess(code)
		if err != nil {
			return err
		}
		target := f.Black - solved
		if fill >= 0 {
			target -= rest[fill]
		}
		s.add(part, fill, target, 0)
		if target == len(window)-fillers {
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
