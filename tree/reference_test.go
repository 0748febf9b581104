package tree

import (
	"math"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// plainFeedback scores a guess by the definition: black is the positions
// that agree, white the sum over colours of the smaller count, less black.
func plainFeedback(secret, guess mastermind.Code) mastermind.Feedback {
	black := 0
	var inSecret, inGuess [mastermind.MaxColors]int
	for i := range secret {
		if secret[i] == guess[i] {
			black++
		}
		inSecret[secret[i]]++
		inGuess[guess[i]]++
	}
	common := 0
	for c := range inSecret {
		common += min(inSecret[c], inGuess[c])
	}
	return mastermind.Feedback{Black: black, White: common - black}
}

// referenceScore scores the partition of cands by guess under a heuristic's
// measure, lower is better, from the part sizes alone: the largest part
// (minimax), the sum of squared parts (expected), the sum of c*log2(c) in
// units of 2^-32, each term rounded (entropy), minus the number of parts.
func referenceScore(measure string, s *mastermind.Space, guess int, cands []int32) int64 {
	n := s.Game().Positions + 1
	sizes := make([]int64, n*n)
	for _, x := range cands {
		f := plainFeedback(s.Code(int(x)), s.Code(guess))
		sizes[f.Black*n+f.White]++
	}
	var v int64
	for _, c := range sizes {
		if c == 0 {
			continue
		}
		switch measure {
		case "minimax":
			v = max(v, c)
		case "expected":
			v += c * c
		case "entropy":
			if c > 1 {
				v += int64(math.Round(float64(c) * math.Log2(float64(c)) * (1 << 32)))
			}
		case "parts":
			v--
		}
	}
	return v
}

// referenceGuess is the heuristic's choice by brute force: every code is
// scored, candidates first, in ascending order, and a code replaces the
// best so far only if it scores strictly better (for entropy, by more than
// 64 units: rounding makes equal partitions of different parts differ).
func referenceGuess(measure string, s *mastermind.Space, cands []int32) int {
	tol := int64(0)
	if measure == "entropy" {
		tol = 64
	}
	isCand := make([]bool, s.Len())
	for _, x := range cands {
		isCand[x] = true
	}
	best, guess := int64(math.MaxInt64), -1
	try := func(g int) {
		if v := referenceScore(measure, s, g, cands); guess < 0 || v < best-tol {
			best, guess = v, g
		}
	}
	for _, x := range cands {
		try(int(x))
	}
	for g := range s.Len() {
		if !isCand[g] {
			try(g)
		}
	}
	return guess
}

// TestHeuristicsAgainstReference builds each heuristic's tree on small games
// (repeated and distinct colours, two and three colours) and checks every
// guess in it against the brute-force choice, so that no speed-up of the
// search (classes of guesses, symmetry, bounds, filters, parallel search)
// changes a choice.
func TestHeuristicsAgainstReference(t *testing.T) {
	games := []mastermind.Game{
		{Positions: 2, Colors: 2},
		{Positions: 4, Colors: 2},
		{Positions: 5, Colors: 2},
		{Positions: 3, Colors: 3},
		{Positions: 5, Colors: 3},
		{Positions: 3, Colors: 4},
		{Positions: 2, Colors: 6},
		{Positions: 3, Colors: 6},
		{Positions: 3, Colors: 5, Distinct: true},
		{Positions: 4, Colors: 5, Distinct: true},
		{Positions: 4, Colors: 6, Distinct: true},
		{Positions: 3, Colors: 8, Distinct: true},
	}
	if testkit.LongLane {
		games = append(games, mastermind.Classic(), mastermind.Game{Positions: 4, Colors: 7, Distinct: true})
	}
	for _, g := range games {
		for _, measure := range []string{"minimax", "expected", "entropy", "parts"} {
			tr, _ := evaluate(t, g, measure)
			s := tr.Space
			var check func(n *Node, cands []int32, depth int) bool
			check = func(n *Node, cands []int32, depth int) bool {
				if want := referenceGuess(measure, s, cands); n.Guess != want {
					t.Errorf("%v %s: at depth %d with %d candidates the tree guesses %v, the reference %v",
						g, measure, depth, len(cands), s.Code(n.Guess), s.Code(want))
					return false
				}
				parts := map[mastermind.Feedback][]int32{}
				for _, x := range cands {
					if x != int32(n.Guess) {
						f := plainFeedback(s.Code(int(x)), s.Code(n.Guess))
						parts[f] = append(parts[f], x)
					}
				}
				if len(parts) != len(n.Children) {
					t.Errorf("%v %s: at depth %d the tree has %d answers, the reference %d", g, measure, depth, len(n.Children), len(parts))
					return false
				}
				for _, c := range n.Children {
					if !check(c.Node, parts[c.Feedback], depth+1) {
						return false
					}
				}
				return true
			}
			check(tr.Root, allCodes(s), 1)
		}
	}
}

func allCodes(s *mastermind.Space) []int32 {
	all := make([]int32, s.Len())
	for i := range all {
		all[i] = int32(i)
	}
	return all
}
