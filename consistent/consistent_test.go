package consistent

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// satisfiable reports by brute force whether some code satisfies the turns.
func satisfiable(s *mastermind.Space, turns []mastermind.Turn) bool {
	for i := range s.Len() {
		if mastermind.Consistent(s.Code(i), turns) {
			return true
		}
	}
	return false
}

func pick(history []mastermind.Turn, idx []int) []mastermind.Turn {
	var ts []mastermind.Turn
	for _, i := range idx {
		ts = append(ts, history[i])
	}
	return ts
}

// randomHistory returns guesses answered for a random secret, with some
// answers corrupted when corrupt is set.
func randomHistory(r *rand.Rand, s *mastermind.Space, n int, corrupt bool) []mastermind.Turn {
	g := s.Game()
	secret := s.Code(r.IntN(s.Len()))
	var h []mastermind.Turn
	for range n {
		guess := s.Code(r.IntN(s.Len()))
		f := mastermind.Score(secret, guess)
		if corrupt && r.IntN(3) == 0 {
			for {
				f2 := mastermind.Feedback{Black: r.IntN(g.Positions + 1), White: r.IntN(g.Positions + 1)}
				if g.ValidFeedback(f2) == nil && f2.Black < g.Positions {
					f = f2
					break
				}
			}
		}
		h = append(h, mastermind.Turn{Guess: guess, Feedback: f})
	}
	return h
}

func TestCandidatesMatchBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, g := range []mastermind.Game{{Positions: 4, Colors: 6}, {Positions: 3, Colors: 6, Distinct: true}, {Positions: 5, Colors: 3}} {
		s, _ := mastermind.NewSpace(g)
		for range 50 {
			h := randomHistory(r, s, r.IntN(4), r.IntN(2) == 0)
			var want []int32
			for i := range s.Len() {
				if mastermind.Consistent(s.Code(i), h) {
					want = append(want, int32(i))
				}
			}
			if got := Candidates(s, h); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Fatalf("%v: Candidates(%v) = %d codes, want %d", g, h, len(got), len(want))
			}
		}
	}
}

// TestConflictIsSmallest checks Conflict against a brute-force search over
// all subsets of answers.
func TestConflictIsSmallest(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	games := []mastermind.Game{{Positions: 4, Colors: 6}, {Positions: 3, Colors: 5, Distinct: true}, {Positions: 3, Colors: 3}}
	conflicts := 0
	for _, g := range games {
		s, _ := mastermind.NewSpace(g)
		for range 60 {
			h := randomHistory(r, s, 1+r.IntN(7), true)
			got, _ := Conflict(context.Background(), s, h)
			if satisfiable(s, h) {
				if got != nil {
					t.Fatalf("%v: Conflict(%v) = %v for a satisfiable history", g, h, got)
				}
				continue
			}
			conflicts++
			if got == nil || satisfiable(s, pick(h, got)) {
				t.Fatalf("%v: Conflict(%v) = %v, which is satisfiable", g, h, got)
			}
			for mask := 1; mask < 1<<len(h); mask++ {
				var idx []int
				for i := range h {
					if mask&(1<<i) != 0 {
						idx = append(idx, i)
					}
				}
				if len(idx) < len(got) && !satisfiable(s, pick(h, idx)) {
					t.Fatalf("%v: Conflict(%v) = %v, but %v is a smaller conflicting set", g, h, got, idx)
				}
			}
		}
	}
	if conflicts < 30 {
		t.Fatalf("only %d conflicting histories generated; the test is too weak", conflicts)
	}
}

// TestConflictLongHistory checks the irreducible set returned for histories
// too long to search every subset.
func TestConflictLongHistory(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	s, _ := mastermind.NewSpace(mastermind.Classic())
	for range 10 {
		h := randomHistory(r, s, 20, true)
		h[19].Feedback = mastermind.Feedback{Black: 0, White: 0}
		h = append(h, mastermind.Turn{Guess: h[19].Guess, Feedback: mastermind.Feedback{Black: 1, White: 0}})
		got, _ := Conflict(context.Background(), s, h)
		if got == nil {
			t.Fatalf("Conflict(%v) = nil, but the last two answers conflict", h)
		}
		if satisfiable(s, pick(h, got)) {
			t.Fatalf("Conflict = %v, which is satisfiable", got)
		}
		for i := range got {
			without := append(append([]int(nil), got[:i]...), got[i+1:]...)
			if !satisfiable(s, pick(h, without)) {
				t.Fatalf("Conflict = %v is reducible: %v conflicts too", got, without)
			}
		}
	}
}

func TestHistory(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	h := NewHistory(s)
	secret := mastermind.Code{1, 2, 3, 4}
	turn := func(g mastermind.Code) mastermind.Turn {
		return mastermind.Turn{Guess: g, Feedback: mastermind.Score(secret, g)}
	}
	h.Add(turn(mastermind.Code{0, 0, 1, 1}))
	h.Add(turn(mastermind.Code{2, 2, 3, 3}))
	want := len(h.Candidates())
	conflict := func() []int {
		c, err := h.Conflict(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if conflict() != nil || want == 0 {
		t.Fatalf("a true history has %d candidates and conflict %v", want, conflict())
	}
	// A wrong answer, then its correction.
	h.Add(mastermind.Turn{Guess: mastermind.Code{1, 2, 3, 4}, Feedback: mastermind.Feedback{Black: 0, White: 0}})
	if len(h.Candidates()) != 0 || !slices.Equal(conflict(), []int{1, 2}) {
		t.Fatalf("after a wrong answer: %d candidates, conflict %v; want 0 and [1 2]", len(h.Candidates()), conflict())
	}
	h.Fix(2, mastermind.Feedback{Black: 4})
	if got := h.Candidates(); len(got) != 1 || s.Code(int(got[0])).String() != "1 2 3 4" {
		t.Fatalf("after the fix the candidates are %v, want just 1 2 3 4", got)
	}
	h.Undo()
	if len(h.Candidates()) != want || len(h.Turns()) != 2 {
		t.Fatalf("after undo: %d candidates and %d turns, want %d and 2", len(h.Candidates()), len(h.Turns()), want)
	}
}
