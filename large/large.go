// Package large breaks codes of games far too large to enumerate (up to 100
// positions and 100 colours, repeats allowed) with a plain, always-correct
// method and a few hundred guesses at the largest sizes: far from the best
// known (see issue 6), but within the TopCoder limits of 3000 guesses, 20 s
// and 64 MB.
//
// First a guess of one colour per colour counts each colour. Then a
// background colour whose positions are all known is found: a colour the
// secret lacks, or else the commonest colour, located by one guess per
// position (the commonest colour everywhere but there). Against the
// background, a guess that puts colour c on a set of unknown positions gets
// as many blacks as c has there, beyond the background's known blacks; so
// each colour's positions are found by splitting sets in halves. The last
// colour fills what is left.
package large

import (
	"errors"

	"github.com/mastermind-go/mastermind"
)

// ErrInconsistent reports answers that no secret gives.
var ErrInconsistent = errors.New("no secret gives these answers")

// errFound stops the play once a guess is right.
var errFound = errors.New("found")

// Play finds the secret of game g (repeats allowed) by asking guesses; ask
// returns the answer to a guess. It returns nil once a guess gets all
// blacks, ErrInconsistent if the answers contradict each other, or ask's
// error.
func Play(g mastermind.Game, ask func(mastermind.Code) (mastermind.Feedback, error)) error {
	p := &player{g: g, ask: ask}
	err := p.play()
	if err == errFound {
		return nil
	}
	return err
}

type player struct {
	g      mastermind.Game
	ask    func(mastermind.Code) (mastermind.Feedback, error)
	counts []int
	known  []int // per position its colour, or -1
}

// blacks asks a guess and returns its blacks; errFound if it is the secret.
func (p *player) blacks(guess mastermind.Code) (int, error) {
	f, err := p.ask(guess)
	if err != nil {
		return 0, err
	}
	if f.Black == p.g.Positions {
		return 0, errFound
	}
	return f.Black, nil
}

func (p *player) fill(c int) mastermind.Code {
	code := make(mastermind.Code, p.g.Positions)
	for i := range code {
		code[i] = uint8(c)
	}
	return code
}

func (p *player) play() error {
	L, K := p.g.Positions, p.g.Colors
	p.counts = make([]int, K)
	p.known = make([]int, L)
	for i := range p.known {
		p.known[i] = -1
	}
	// Count each colour.
	sum := 0
	for c := 0; c < K && sum < L; c++ {
		if c == K-1 {
			p.counts[c] = L - sum
		} else {
			n, err := p.blacks(p.fill(c))
			if err != nil {
				return err
			}
			p.counts[c] = n
		}
		sum += p.counts[c]
	}
	if sum != L {
		return ErrInconsistent
	}
	// The background: an absent colour, or the commonest, located.
	bg := -1
	for c, n := range p.counts {
		if n == 0 {
			bg = c
			break
		}
	}
	if bg < 0 {
		if err := p.locateCommonest(&bg); err != nil {
			return err
		}
	}
	// Each other colour, commonest last (it fills what is left).
	order := make([]int, 0, K)
	for c := range K {
		if c != bg && p.counts[c] > p.found(c) {
			order = append(order, c)
		}
	}
	for i := 1; i < len(order); i++ { // by count, ascending
		for j := i; j > 0 && p.counts[order[j]] < p.counts[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for i, c := range order {
		unknown := p.unknown()
		need := p.counts[c] - p.found(c)
		if i == len(order)-1 {
			if need != len(unknown) {
				return ErrInconsistent
			}
			for _, q := range unknown {
				p.known[q] = c
			}
			break
		}
		if err := p.split(c, bg, unknown, need); err != nil {
			return err
		}
	}
	if len(p.unknown()) != 0 {
		return ErrInconsistent
	}
	code := make(mastermind.Code, L)
	for i, c := range p.known {
		code[i] = uint8(c)
	}
	if _, err := p.blacks(code); err != errFound {
		if err == nil {
			return ErrInconsistent
		}
		return err
	}
	return errFound
}

// found counts the positions known to hold colour c.
func (p *player) found(c int) int {
	n := 0
	for _, k := range p.known {
		if k == c {
			n++
		}
	}
	return n
}

func (p *player) unknown() []int {
	var u []int
	for q, k := range p.known {
		if k < 0 {
			u = append(u, q)
		}
	}
	return u
}

// locateCommonest finds the positions of the commonest colour d, and of the
// next commonest e on the way: the guess of d everywhere but e at one
// position gets one black more than d's count if e is there, one less if d
// is, the same otherwise.
func (p *player) locateCommonest(bg *int) error {
	d, e := -1, -1
	for c, n := range p.counts {
		switch {
		case d < 0 || n > p.counts[d]:
			d, e = c, d
		case e < 0 || n > p.counts[e]:
			e = c
		}
	}
	*bg = d
	foundD, foundE := 0, 0
	for q := range p.known {
		if foundD == p.counts[d] && foundE == p.counts[e] {
			break
		}
		guess := p.fill(d)
		guess[q] = uint8(e)
		b, err := p.blacks(guess)
		if err != nil {
			return err
		}
		switch b - p.counts[d] {
		case 1:
			p.known[q] = e
			foundE++
		case -1:
			p.known[q] = d
			foundD++
		case 0:
		default:
			return ErrInconsistent
		}
	}
	if foundD != p.counts[d] || foundE != p.counts[e] {
		return ErrInconsistent
	}
	return nil
}

// split finds which of the positions hold colour c, need of them, against
// the background colour bg, whose positions are all known.
func (p *player) split(c, bg int, positions []int, need int) error {
	switch {
	case need == 0:
		return nil
	case need == len(positions):
		for _, q := range positions {
			p.known[q] = c
		}
		return nil
	case need < 0 || need > len(positions):
		return ErrInconsistent
	}
	half := positions[:len(positions)/2]
	guess := p.fill(bg)
	for _, q := range half {
		guess[q] = uint8(c)
	}
	b, err := p.blacks(guess)
	if err != nil {
		return err
	}
	// The background's blacks: its known positions outside the half.
	inHalf := b - p.counts[bg]
	if err := p.split(c, bg, half, inHalf); err != nil {
		return err
	}
	return p.split(c, bg, positions[len(positions)/2:], need-inHalf)
}
