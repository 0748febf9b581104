package symmetry

import "github.com/mastermind-go/mastermind"

// The colours of a game fall into three groups at a point of a game, and
// colours of one group (but plain ones) are interchangeable:
//
//   - a free colour, one that no guess of the history used, can be exchanged
//     for any other free colour: the permutation fixes the history, hence
//     maps the codes still possible onto themselves;
//   - an absent colour, one that no code still possible contains, scores
//     nothing wherever it stands: any absent colour can replace it.
//
// Guesses that differ only by such exchanges split the codes still possible
// alike, so strategies score one guess of each class.

// A colorGroup is the group of a colour at a point of a game.
type colorGroup int8

// The colour groups.
const (
	plain  colorGroup = iota // used by some guess and in some code still possible
	free                     // in no guess of the history, in some code still possible
	absent                   // in no code still possible
)

// colorGroups writes, per colour, its group at the point of a game where
// history has been played and cands (indices into s) are the codes still
// possible into group, and its rank within its group (0 for the lowest
// colour of the group) into rank; each needs a place per colour. It
// allocates nothing.
func colorGroups(s *mastermind.Space, history []mastermind.Turn, cands []int32, group []colorGroup, rank []int) {
	g := s.Game()
	var inGuess, inCandidate [mastermind.MaxColors]bool
	for _, t := range history {
		for _, c := range t.Guess {
			inGuess[c] = true
		}
	}
	for _, x := range cands {
		for _, c := range s.Code(int(x)) {
			inCandidate[c] = true
		}
	}
	group, rank = group[:g.Colors], rank[:g.Colors]
	var sizes [3]int
	for c := range g.Colors {
		switch {
		case !inCandidate[c]:
			group[c] = absent
		case !inGuess[c]:
			group[c] = free
		default:
			group[c] = plain
		}
		rank[c] = sizes[group[c]]
		sizes[group[c]]++
	}
}
