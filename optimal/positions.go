package optimal

import "github.com/mastermind-go/mastermind"

// Under the rule black with repeats allowed an answer counts the positions
// where two codes agree, position by position, so that renaming the
// colours of one position alone keeps every answer: a far larger symmetry
// than renaming colours in every position at once. At a set of
// candidates, two colours that no guess of the history has at a position
// p can be exchanged at p: that fixes the history, maps the candidates
// onto themselves, and maps a guess's parts onto those of its image, each
// onto one of the same total. And a colour that no candidate has at p
// matches none there, so that any other such colour splits the
// candidates alike. So at each position a guess needs only the colours
// some guess has there that some candidate has there too, the lowest of
// the others that some candidate has there, and the lowest of those no
// candidate has there: before the first guess every code is alike, and
// one is tried. (With distinct colours a renaming at one position makes
// codes with repeats: those games keep the classes of package symmetry.)

// blackClasses reports whether the search of game g takes its guesses by
// their classes per position (see positionClasses).
func blackClasses(g mastermind.Game) bool {
	return positionsOn && g.Rule == mastermind.BlackOnly && !g.Distinct
}

// positionsOn turns the classes per position on (a variable for the
// tests, which compare with the search without them).
var positionsOn = true

// positionClasses returns, ascending, the lowest code of each class of
// guesses alike per position at the candidates of history (see above),
// in a game of blackClasses.
func positionClasses(s *mastermind.Space, history []mastermind.Turn, cands []int32) []int32 {
	g := s.Game()
	N, K := g.Positions, g.Colors
	guessed := make([]bool, N*K) // guessed[p*K+c]: some guess has c at p
	present := make([]bool, N*K) // present[p*K+c]: some candidate has c at p
	for _, t := range history {
		for p, c := range t.Guess {
			guessed[p*K+int(c)] = true
		}
	}
	for _, x := range cands {
		for p, c := range s.Code(int(x)) {
			present[p*K+int(c)] = true
		}
	}
	options := make([][]uint8, N)
	for p := range N {
		free, absent := false, false
		for c := range K {
			switch i := p*K + c; {
			case !present[i]:
				if !absent {
					absent = true
					options[p] = append(options[p], uint8(c))
				}
			case guessed[i]:
				options[p] = append(options[p], uint8(c))
			case !free:
				free = true
				options[p] = append(options[p], uint8(c))
			}
		}
	}
	var out []int32
	code := make(mastermind.Code, N)
	var each func(p int)
	each = func(p int) {
		if p == N {
			if i, ok := s.Index(code); ok {
				out = append(out, int32(i))
			}
			return
		}
		for _, c := range options[p] {
			code[p] = c
			each(p + 1)
		}
	}
	each(0)
	return out
}
