package large

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/topcoder"
)

// BenchmarkSearchSample measures the order search alone: it plays
// MM_SEARCH TopCoder games (default 5; seed 7) of MM_MINL to MM_MAXL
// positions (default 21 to 30) as whole codes, keeps every set of answers
// of 12 or more that a guess was searched for, then runs on each two
// searches from scratch (one try of 40,000 moves) and reports the share
// that found a consistent code (found-%). To compare search settings (such
// as tempEnd), change them and run it again: the problems are the same as
// long as the plays that gather them are (they use the search too).
//
//	go test ./large -run '^$' -bench SearchSample -benchtime 1x
func BenchmarkSearchSample(b *testing.B) {
	games := envInt(b, "MM_SEARCH", 5)
	minL, maxL := lengths(b, 21, 30)
	var problems []problem
	played := 0
	for tg := range topcoder.Cases(7) {
		if played == games {
			break
		}
		if l := tg.Game.Positions; l < minL || l > maxL {
			continue
		}
		played++
		s := newSearcher(tg.Game.Positions, tg.Game.Colors, nil, nil, wholeEffort, rand.New(rand.NewPCG(1, 2)))
		for range MaxGuesses {
			if len(s.guesses) >= 12 {
				problems = append(problems, snapshot(s))
			}
			code := s.next()
			f := mastermind.Score(tg.Secret, code)
			if f.Black == len(code) {
				break
			}
			s.add(code, -1, f.Black, f.Black+f.White)
		}
	}
	if len(problems) == 0 {
		b.Fatalf("%d games of %d to %d positions left no problem", played, minL, maxL)
	}
	found, tries := 0, 0
	for b.Loop() {
		found, tries = 0, 0
		for i, pr := range problems {
			for r := range 2 {
				s := pr.searcher(effort{tries: 1, budget: 40_000, pop: 1}, rand.New(rand.NewPCG(uint64(i), uint64(r))))
				s.next()
				tries++
				if s.pop[0].err == 0 {
					found++
				}
			}
		}
	}
	b.Logf("%d games, %d problems: %d of %d searches found a consistent code", played, len(problems), found, tries)
	b.ReportMetric(100*float64(found)/float64(tries), "found-%")
	b.ReportMetric(float64(len(problems)), "problems")
}

// A problem is the answers a searcher had: what a search is asked.
type problem struct {
	n, K                  int
	lo, hi                []int
	guesses               [][]uint8
	target, filler, total []int
}

// snapshot returns the problem of s (its guesses are never changed once
// added, so they are shared).
func snapshot(s *searcher) problem {
	return problem{s.n, s.K, slices.Clone(s.lo), slices.Clone(s.hi), slices.Clone(s.guesses),
		slices.Clone(s.target), slices.Clone(s.filler), slices.Clone(s.total)}
}

// searcher returns a new searcher of the problem with effort e.
func (pr problem) searcher(e effort, rng *rand.Rand) *searcher {
	s := newSearcher(pr.n, pr.K, slices.Clone(pr.lo), slices.Clone(pr.hi), e, rng)
	for j := range pr.guesses {
		s.add(pr.guesses[j], pr.filler[j], pr.target[j], pr.total[j])
	}
	return s
}
