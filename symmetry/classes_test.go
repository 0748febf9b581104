package symmetry

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// lowestOfClass reports, by brute force, whether code x is the lowest code
// that splits every state's candidates like it under the class rules: it
// tries every replacement of a colour by another of its group.
func isLowestOfClass(s *mastermind.Space, gc *Classes, x int) bool {
	code := s.Code(x)
	g := s.Game()
	// Greedy lexicographic minimum over the class.
	min := make(mastermind.Code, len(code))
	next := map[colorGroup]int{}
	used := map[uint8]bool{}
	mapping := map[uint8]uint8{}
	for p, c := range code {
		grp := gc.group[c]
		switch {
		case grp == plain:
			min[p] = c
		case grp == absent && !g.Distinct:
			min[p] = lowest(gc, absent, 0)
		default:
			if m, ok := mapping[c]; ok {
				min[p] = m
			} else {
				m := lowest(gc, grp, next[grp])
				next[grp]++
				mapping[c] = m
				min[p] = m
			}
		}
		used[min[p]] = true
	}
	return slices.Equal(min, code)
}

func lowest(gc *Classes, grp colorGroup, rank int) uint8 {
	for c := range gc.group {
		if gc.group[c] == grp && gc.rank[c] == rank {
			return uint8(c)
		}
	}
	panic("no colour")
}

func TestGuessClassesEnumerateLowestCodes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	games := []mastermind.Game{
		{Positions: 4, Colors: 6}, {Positions: 4, Colors: 10, Distinct: true},
		{Positions: 3, Colors: 7, Distinct: true}, {Positions: 5, Colors: 4},
	}
	for _, g := range games {
		s, _ := mastermind.NewSpace(g)
		for range 30 {
			secret := r.IntN(s.Len())
			var history []mastermind.Turn
			for range r.IntN(3) {
				guess := s.Code(r.IntN(s.Len()))
				history = append(history, mastermind.Turn{Guess: guess, Feedback: mastermind.Score(s.Code(secret), guess)})
			}
			st := &mastermind.State{Space: s, History: history, Candidates: consistent.Candidates(s, history)}
			gc := NewClasses(st)
			var got, want []int
			gc.each(func(x int) bool { got = append(got, x); return true })
			for x := range s.Len() {
				if isLowestOfClass(s, gc, x) {
					want = append(want, x)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%v after %v: classes enumerate %d codes, want %d (%v...)", g, history, len(got), len(want), want[:min(5, len(want))])
			}
		}
	}
}

// TestRepresentativesUnderRules checks the outcomes Representatives gives
// under black and slots against the Space's, for every class's lowest code.
func TestRepresentativesUnderRules(t *testing.T) {
	for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
		g := mastermind.Classic()
		g.Rule = rule
		s, _ := mastermind.NewSpace(g)
		cands := consistent.Candidates(s, []mastermind.Turn{{Guess: mastermind.Code{0, 0, 1, 1}, Feedback: g.Answer(mastermind.Code{0, 1, 2, 3}, mastermind.Code{0, 0, 1, 1})}})
		st := &mastermind.State{Space: s, Candidates: cands}
		want := make([]mastermind.Outcome, len(cands))
		n := 0
		Representatives(st, func(guess int, out []byte) bool {
			n++
			s.Outcomes(guess, cands, want)
			for i, o := range want {
				if mastermind.Outcome(out[i]) != o {
					t.Fatalf("%v: guess %v, candidate %v: outcome %d, want %d", g, s.Code(guess), s.Code(int(cands[i])), out[i], o)
				}
			}
			return true
		})
		if n == 0 {
			t.Fatalf("%v: no representative", g)
		}
	}
}

// TestSkipAlike checks, by brute force, the codes a Walk leaves out after
// SkipAlike under the rule black: each must have a lower code of the
// game (any, not only one the walk gives) whose answers to the candidates
// are the same, counted by their definition; and the walk must give every
// other code it gives without SkipAlike. Histories of random guesses and
// of guesses answered 0, which leave many colours nowhere at a position.
func TestSkipAlike(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 72))
	blacks := func(a, b mastermind.Code) int { return testkit.Blacks(a, b) }
	for _, g := range []mastermind.Game{
		{Positions: 4, Colors: 7, Distinct: true, Rule: mastermind.BlackOnly},
		{Positions: 3, Colors: 6, Distinct: true, Rule: mastermind.BlackOnly},
		{Positions: 5, Colors: 6, Distinct: true, Rule: mastermind.BlackOnly},
		{Positions: 4, Colors: 5, Rule: mastermind.BlackOnly},
		{Positions: 3, Colors: 6, Rule: mastermind.BlackOnly},
	} {
		s, err := mastermind.NewSpace(g)
		if err != nil {
			t.Fatal(err)
		}
		skipped := 0
		for run := range 24 {
			secret := s.Code(r.IntN(s.Len()))
			var history []mastermind.Turn
			for range 1 + run%3 {
				guess := s.Code(r.IntN(s.Len()))
				history = append(history, mastermind.Turn{Guess: guess, Feedback: g.Answer(secret, guess)})
			}
			cands := consistent.Candidates(s, history)
			st := &mastermind.State{Space: s, History: history, Candidates: cands}
			walk := func(skip bool) []int {
				gc := NewClasses(st)
				cw := NewWalk(gc, s, cands)
				if skip {
					cw.SkipAlike()
				}
				var xs []int
				cw.Walker().From(Prefix{}, func(x int, _ []byte) bool { xs = append(xs, x); return true }, nil)
				return xs
			}
			all, kept := walk(false), walk(true)
			answers := func(x int) string {
				b := make([]byte, len(cands))
				for i, c := range cands {
					b[i] = byte(blacks(s.Code(int(c)), s.Code(x)))
				}
				return string(b)
			}
			seen := map[string]int{} // answers: the lowest code giving them
			for x := range s.Len() {
				if _, ok := seen[answers(x)]; !ok {
					seen[answers(x)] = x
				}
			}
			k := 0
			for _, x := range all {
				if k < len(kept) && kept[k] == x {
					k++
					continue
				}
				skipped++
				if low := seen[answers(x)]; low >= x {
					t.Fatalf("%v after %v: the walk leaves out %v, the lowest code that splits the %d candidates so", g, history, s.Code(x), len(cands))
				}
			}
			if k != len(kept) {
				t.Fatalf("%v after %v: the walk with SkipAlike gives %v, which it does not give without", g, history, s.Code(kept[k]))
			}
		}
		if skipped == 0 {
			t.Errorf("%v: no code left out: the test tests nothing", g)
		}
	}
}
