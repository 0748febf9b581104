package strategy

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// referenceNext chooses a heuristic's guess by brute force: every code of
// the game scored on the candidates in floating point, the best taken, ties
// to a candidate, then to the lowest code.
func referenceNext(m Measure, st *mastermind.State, consistent bool) int {
	s := st.Space
	isCand := map[int32]bool{}
	for _, x := range st.Candidates {
		isCand[x] = true
	}
	best, bestGuess := math.Inf(1), -1
	for g := range s.Len() {
		if consistent && !isCand[int32(g)] {
			continue
		}
		counts := map[mastermind.Feedback]int{}
		for _, x := range st.Candidates {
			counts[s.Score(int(x), g)]++
		}
		var v float64
		for _, c := range counts {
			n := float64(c)
			switch m {
			case Minimax:
				v = math.Max(v, n)
			case Expected:
				v += n * n
			case Entropy:
				v += n * math.Log2(n)
			case Parts:
				v--
			}
		}
		switch {
		case v < best-1e-6:
		case v < best+1e-6 && isCand[int32(g)] && !isCand[int32(bestGuess)]:
		default:
			continue
		}
		best, bestGuess = v, g
	}
	return bestGuess
}

func randomState(r *rand.Rand, s *mastermind.Space, turns int) *mastermind.State {
	secret := s.Code(r.IntN(s.Len()))
	var h []mastermind.Turn
	for range turns {
		guess := s.Code(r.IntN(s.Len()))
		h = append(h, mastermind.Turn{Guess: guess, Feedback: mastermind.Score(secret, guess)})
	}
	return &mastermind.State{Space: s, History: h, Candidates: consistent.Candidates(s, h)}
}

// TestHeuristicsMatchBruteForce checks the class reduction, the early exits
// and the parallel search against plain scoring of every code, or of every
// candidate for the consistent heuristics.
func TestHeuristicsMatchBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	games := []struct {
		game  mastermind.Game
		turns int
		runs  int
	}{
		{mastermind.Game{Positions: 3, Colors: 4}, 1, 30},
		{mastermind.Classic(), 0, 1},
		{mastermind.Classic(), 1, 20},
		{mastermind.Classic(), 2, 20},
		{mastermind.Game{Positions: 3, Colors: 7, Distinct: true}, 1, 20},
		{mastermind.Bulls(), 1, 3}, // large enough to search in parallel
		{mastermind.Bulls(), 2, 5},
		{mastermind.Game{Positions: 16, Colors: 2}, 7, 2}, // too long for outcome vectors
	}
	for _, tc := range games {
		s, err := mastermind.NewSpace(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		for range tc.runs {
			st := randomState(r, s, tc.turns)
			for m := Minimax; m <= Parts; m++ {
				for _, c := range []bool{false, true} {
					h := Heuristic{Measure: m, Consistent: c}
					got, want := h.Next(st), referenceNext(m, st, c)
					if got != want {
						t.Fatalf("%v after %v: %v chooses %v, want %v", tc.game, st.History, h.Name(), s.Code(got), s.Code(want))
					}
				}
			}
		}
	}
}

func TestFirstAndRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	s, _ := mastermind.NewSpace(mastermind.Classic())
	differ := 0
	for range 50 {
		st := randomState(r, s, 2)
		if got := (First{}).Next(st); got != int(st.Candidates[0]) {
			t.Fatalf("First chooses %d, want the lowest candidate %d", got, st.Candidates[0])
		}
		a, b := Random{Seed: 1}.Next(st), Random{Seed: 1}.Next(st)
		if a != b {
			t.Fatalf("Random with one seed chose %d and %d", a, b)
		}
		if !slices.Contains(st.Candidates, int32(a)) {
			t.Fatalf("Random chose %v, not a candidate", s.Code(a))
		}
		if len(st.Candidates) > 5 && (Random{Seed: 2}).Next(st) != a {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("Random chooses the same with seeds 1 and 2 every time")
	}
}

func TestOpening(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	o := Opening{Strategy: Heuristic{Measure: Minimax}, First: mastermind.Code{0, 1, 2, 3}}
	st := &mastermind.State{Space: s, Candidates: consistent.All(s)}
	if got := o.Next(st); s.Code(got).String() != "0 1 2 3" {
		t.Errorf("Opening plays %v first, want 0 1 2 3", s.Code(got))
	}
	st = randomState(rand.New(rand.NewPCG(1, 2)), s, 1)
	if got, want := o.Next(st), (Heuristic{Measure: Minimax}).Next(st); got != want {
		t.Errorf("Opening plays %v second, want %v", s.Code(got), s.Code(want))
	}
}

func TestNew(t *testing.T) {
	for _, name := range Names() {
		st, err := New(name, 1)
		if err != nil || st.Name() != name {
			t.Errorf("New(%q) = %v, %v", name, st, err)
		}
	}
	if _, err := New("best", 1); err == nil {
		t.Errorf("New(\"best\") succeeded")
	}
}

// Heuristics is the one list of the heuristics' names: each is a name of
// Names, and New makes of it the Heuristic whose Measure has that name;
// the other names are not heuristics.
func TestHeuristics(t *testing.T) {
	h := Heuristics()
	if len(h) != 4 {
		t.Errorf("Heuristics() = %v, want the four measures", h)
	}
	for _, name := range Names() {
		st, err := New(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		heur, isHeur := st.(Heuristic)
		if isHeur != slices.Contains(h, name) || isHeur && heur.Measure.String() != name {
			t.Errorf("New(%q) = %#v; Heuristics() = %v", name, st, h)
		}
	}
	h[0] = "changed"
	if Heuristics()[0] == "changed" {
		t.Error("Heuristics() returns the list itself: a caller changed it")
	}
}

// BenchmarkNext times one choice of guess at states of a super game with
// few candidates left, the bulk of an evaluation, and with many; "+done" with
// a Done channel to look at, as under a server's deadline.
func BenchmarkNext(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Super())
	r := rand.New(rand.NewPCG(4, 4))
	for _, band := range []struct {
		name     string
		lo, hi   int
		turns    int
		measures []Measure
	}{
		{"few", 9, 19, 3, []Measure{Entropy}},
		{"many", 150, 400, 2, []Measure{Entropy}},
	} {
		var states []*mastermind.State
		for len(states) < 8 {
			st := randomState(r, s, band.turns)
			if len(st.Candidates) >= band.lo && len(st.Candidates) <= band.hi {
				states = append(states, st)
			}
		}
		for _, m := range band.measures {
			b.Run(band.name+"/"+m.String(), func(b *testing.B) {
				for b.Loop() {
					for _, st := range states {
						Heuristic{Measure: m}.Next(st)
					}
				}
			})
			b.Run(band.name+"/"+m.String()+"+done", func(b *testing.B) {
				done := make(chan struct{})
				for b.Loop() {
					for _, st := range states {
						withDone := *st
						withDone.Done = done
						Heuristic{Measure: m}.Next(&withDone)
					}
				}
			})
		}
	}
}

// TestDone checks that a channel Done that stays open changes no choice,
// and that once it is closed the heuristics still return a code of the
// game.
func TestDone(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	s, err := mastermind.NewSpace(mastermind.Super())
	if err != nil {
		t.Fatal(err)
	}
	open, closed := make(chan struct{}), make(chan struct{})
	close(closed)
	for range 3 {
		st := randomState(r, s, 1)
		for m := Minimax; m <= Parts; m++ {
			want := (Heuristic{Measure: m}).Next(st)
			withOpen := *st
			withOpen.Done = open
			if got := (Heuristic{Measure: m}).Next(&withOpen); got != want {
				t.Errorf("%v after %v: %v chooses %v with Done open, %v without", s.Game(), st.History, m, s.Code(got), s.Code(want))
			}
			withClosed := *st
			withClosed.Done = closed
			if got := (Heuristic{Measure: m}).Next(&withClosed); got < 0 || got >= s.Len() {
				t.Errorf("%v after %v: %v chooses index %d with Done closed", s.Game(), st.History, m, got)
			}
		}
	}
}
