// Package topcoder is TopCoder's Marathon Match 2 (Mastermind, 2006): its
// games ([Cases], [Examples], [Secret]) and their score ([Score]), the
// evaluation of a breaker on many games, each in a process of its own
// under the contest's limits ([Play], through package judge), its [Report]
// (JSON or text), and the comparison of two reports ([ReadReport],
// [Compare]) with a sign test.
package topcoder

import (
	"iter"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// A Case is a game of the contest and its secret.
type Case struct {
	Game   mastermind.Game
	Secret mastermind.Code
}

// casesStream is the PCG stream Cases draws from: "topcoder" in ASCII, so
// that its draws differ from those of other packages' seeds.
const casesStream = 0x746f70636f646572

// Cases draws games without end as the contest's generator did: k colours
// uniform in 5..20, length l uniform in 5..100, then the secret (Secret).
// The same seed gives the same games.
func Cases(seed uint64) iter.Seq[Case] {
	return func(yield func(Case) bool) {
		r := rand.New(rand.NewPCG(seed, casesStream))
		for {
			k, l := 5+r.IntN(16), 5+r.IntN(96)
			g := mastermind.Game{Positions: l, Colors: k}
			if !yield(Case{g, Secret(r, g)}) {
				return
			}
		}
	}
}

// FirstCases returns the first n games of [Cases](seed).
func FirstCases(seed uint64, n int) []Case {
	var cases []Case
	for c := range Cases(seed) {
		if len(cases) == n {
			break
		}
		cases = append(cases, c)
	}
	return cases
}

// Secret draws a secret of game g as the contest's generator did: each
// colour gets a random weight in [0, 1), and each peg is drawn by weight.
func Secret(r *rand.Rand, g mastermind.Game) mastermind.Code {
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

// Score is the contest's score of a game of l positions and k colours
// solved in the given guesses: l·log2(k)/guesses.
func Score(g mastermind.Game, guesses int) float64 {
	return float64(g.Positions) * math.Log2(float64(g.Colors)) / float64(guesses)
}

// Examples returns the 20 example games of the problem statement.
func Examples() []Case {
	games := make([]Case, len(examples))
	for i, e := range examples {
		f := strings.Fields(e)
		k, _ := strconv.Atoi(f[0])
		l, _ := strconv.Atoi(f[1])
		secret := make(mastermind.Code, l)
		for p := range secret {
			c, _ := strconv.Atoi(f[2+p])
			secret[p] = uint8(c)
		}
		games[i] = Case{mastermind.Game{Positions: l, Colors: k}, secret}
	}
	return games
}

// examples are the example codes of TopCoder Marathon Match 2's
// problem statement, as "k l code".
var examples = []string{
	"5 5 4 3 3 3 0",
	"6 6 1 2 4 4 4 1",
	"7 7 1 2 5 3 4 5 2",
	"8 8 3 7 2 3 6 1 7 3",
	"9 9 4 3 5 8 3 1 3 6 1",
	"10 10 8 1 2 4 8 7 9 0 8 4",
	"11 11 1 8 9 6 3 0 2 2 8 8 2",
	"12 12 8 0 8 6 10 0 4 11 5 4 4 3",
	"13 13 8 10 8 1 11 3 0 5 6 1 4 3 1",
	"14 14 2 8 6 2 5 11 5 6 1 2 7 11 9 8",
	"14 16 4 6 10 4 6 10 4 2 13 9 6 2 9 6 13 9",
	"16 13 3 9 12 8 12 8 9 0 12 2 11 11 9",
	"9 70 5 0 6 7 0 3 5 2 7 0 2 5 5 2 4 7 2 2 1 5 1 4 3 3 0 0 4 5 7 0 7 5 7 7 8 7 0 5 5 3 7 3 1 5 0 6 7 8 5 5 2 5 7 7 3 5 2 2 2 8 5 7 1 7 5 0 5 5 3 5",
	"12 54 10 10 11 7 2 6 4 4 5 1 9 5 11 8 1 0 0 6 8 9 0 11 10 6 1 0 4 0 5 5 3 6 9 6 6 3 7 11 5 0 0 4 5 9 3 2 3 11 2 8 10 11 8 0",
	"19 19 14 4 17 4 3 4 17 10 14 10 9 0 8 12 6 1 9 12 15",
	"18 51 10 10 4 9 2 9 2 4 9 16 14 9 16 17 12 6 5 11 13 4 2 13 13 16 13 16 4 2 6 11 14 13 12 2 17 2 12 2 14 6 15 2 9 2 16 9 16 10 4 17 15",
	"9 32 4 0 6 7 0 5 4 5 1 2 5 3 7 3 6 0 4 6 7 2 1 4 5 1 0 5 1 6 0 0 5 5",
	"5 80 0 0 0 4 4 2 3 0 3 0 2 2 2 0 2 2 4 2 0 1 2 3 2 2 1 2 0 0 0 2 2 0 4 2 1 2 1 0 0 0 2 2 2 4 0 4 3 0 2 0 2 0 2 4 0 0 4 3 2 3 3 2 2 0 3 0 3 2 4 4 2 4 2 1 0 2 1 0 3 0",
	"13 91 11 9 3 11 5 2 1 5 5 11 11 8 7 9 11 7 7 7 7 7 11 6 5 11 7 2 9 9 12 3 9 1 5 9 2 3 3 3 5 9 0 12 6 7 9 6 9 5 11 7 6 11 3 9 7 9 3 3 7 4 5 3 6 2 7 11 6 12 4 3 4 12 9 5 3 3 5 7 8 8 2 7 11 7 4 12 5 0 1 2 6",
	"13 17 7 11 0 5 11 2 4 11 1 7 11 8 8 0 12 9 2",
}
