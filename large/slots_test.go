package large

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// allCodes returns every code of game g, in lexicographic order.
func allCodes(g mastermind.Game) []mastermind.Code {
	var codes []mastermind.Code
	code := make(mastermind.Code, g.Positions)
	var rec func(i int)
	rec = func(i int) {
		if i == g.Positions {
			if g.ValidCode(code) == nil {
				codes = append(codes, slices.Clone(code))
			}
			return
		}
		for c := range g.Colors {
			code[i] = uint8(c)
			rec(i + 1)
		}
	}
	rec(0)
	return codes
}

// allMarks returns every string of n marks G, Y and ., answers that no
// code may give among them.
func allMarks(n int) []string {
	marks := []string{""}
	for range n {
		var next []string
		for _, m := range marks {
			for _, x := range "GY." {
				next = append(next, m+string(x))
			}
		}
		marks = next
	}
	return marks
}

// marksOf is the answer of the rule slots by its definition (testkit's
// scorer, not the engine's).
func marksOf(secret, guess mastermind.Code) mastermind.Feedback {
	m := testkit.Marks(secret, guess)
	f := mastermind.Feedback{Marks: m}
	for _, x := range m {
		switch x {
		case 'G':
			f.Black++
		case 'Y':
			f.White++
		}
	}
	return f
}

// admits reports whether code lies within the bounds, position by
// position and colour by colour.
func (b *slotsBounds) admits(code mastermind.Code) bool {
	if b.bad {
		return false
	}
	counts := make([]int, b.K)
	for i, x := range code {
		if !b.allow(i, int(x)) {
			return false
		}
		counts[x]++
	}
	for c, n := range counts {
		if n < b.lo[c] || n > b.hi[c] {
			return false
		}
	}
	return true
}

var slotsGames = []mastermind.Game{
	{Positions: 3, Colors: 3, Rule: mastermind.Slots},
	{Positions: 4, Colors: 3, Rule: mastermind.Slots},
	{Positions: 3, Colors: 4, Rule: mastermind.Slots},
	{Positions: 4, Colors: 2, Rule: mastermind.Slots},
	{Positions: 3, Colors: 5, Distinct: true, Rule: mastermind.Slots},
	{Positions: 4, Colors: 4, Distinct: true, Rule: mastermind.Slots},
}

// TestSlotsBoundsCharacterise checks slotsBounds against brute force: for
// every guess and every string of marks of small games, the codes within
// the bounds of the one answer are exactly the codes that give it (by
// testkit's scorer), and the bounds find a code exactly when one gives
// the answer (so an answer with a Y right of a . of its colour has none).
func TestSlotsBoundsCharacterise(t *testing.T) {
	for _, g := range slotsGames {
		codes := allCodes(g)
		for _, guess := range codes {
			for _, m := range allMarks(g.Positions) {
				f := slotsFeedback(m)
				b := newSlotsBounds(g)
				b.add(guess, f)
				some := false
				for _, x := range codes {
					gives := marksOf(x, guess).Marks == m
					some = some || gives
					if b.admits(x) != gives {
						t.Fatalf("%v, guess %v, marks %s: code %v gives them %v, the bounds admit it %v", g, guess, m, x, gives, !gives)
					}
				}
				if found := b.code(nil); (found != nil) != some || found != nil && marksOf(found, guess).Marks != m {
					t.Fatalf("%v, guess %v, marks %s: some code gives them %v, the assignment found %v", g, guess, m, some, found)
				}
			}
		}
	}
}

// slotsFeedback returns the Feedback of the marks m.
func slotsFeedback(m string) mastermind.Feedback {
	f := mastermind.Feedback{Marks: m}
	for _, x := range m {
		switch x {
		case 'G':
			f.Black++
		case 'Y':
			f.White++
		}
	}
	return f
}

// randomHistory returns n turns of game g: random guesses, answered by
// secret, and with probability wrong each answer replaced by random marks
// that some code gives to its guess.
func randomHistory(r *rand.Rand, g mastermind.Game, codes []mastermind.Code, secret mastermind.Code, n int, wrong float64) []mastermind.Turn {
	var h []mastermind.Turn
	for range n {
		guess := codes[r.IntN(len(codes))]
		f := marksOf(secret, guess)
		if r.Float64() < wrong {
			f = marksOf(codes[r.IntN(len(codes))], guess)
		}
		h = append(h, mastermind.Turn{Guess: guess, Feedback: f})
	}
	return h
}

// bruteFits reports whether some code gives the answers of the turns.
func bruteSlotsFit(codes []mastermind.Code, h []mastermind.Turn, turns []int) bool {
	for _, x := range codes {
		ok := true
		for _, t := range turns {
			if marksOf(x, h[t].Guess).Marks != h[t].Feedback.Marks {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestSlotsFitMatchesBruteForce checks slotsFit, and the code it finds, on
// random histories of several answers, some of them wrong.
func TestSlotsFitMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 70))
	for _, g := range slotsGames {
		codes := allCodes(g)
		for range 300 {
			h := randomHistory(r, g, codes, codes[r.IntN(len(codes))], 1+r.IntN(5), 0.3)
			all := allTurns(len(h))
			want := bruteSlotsFit(codes, h, all)
			if got := slotsFit(g, h, all); got != want {
				t.Fatalf("%v %v: slotsFit %v, brute force %v", g, h, got, want)
			}
			b := newSlotsBounds(g)
			for _, turn := range h {
				b.add(turn.Guess, turn.Feedback)
			}
			if code := b.code(r); code != nil && !g.Consistent(code, h) {
				t.Fatalf("%v %v: code %v does not give the answers", g, h, code)
			}
		}
	}
}

// TestSlotsConflictIsSmallest checks the conflicts of the slots breaker on
// random histories of small games with wrong answers: the set named
// conflicts, and no set of fewer answers does (brute force over every
// subset).
func TestSlotsConflictIsSmallest(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 80))
	seen := 0
	for _, g := range slotsGames {
		codes := allCodes(g)
		for range 200 {
			h := randomHistory(r, g, codes, codes[r.IntN(len(codes))], 2+r.IntN(6), 0.25)
			if bruteSlotsFit(codes, h, allTurns(len(h))) {
				continue
			}
			seen++
			b := newSlotsBreaker(g, 1)
			b.history = h
			_, err := b.Next(t.Context())
			c, ok := err.(*mastermind.ConflictError)
			if !ok {
				t.Fatalf("%v %v: %v, want a conflict", g, h, err)
			}
			var turns []int
			for _, a := range c.Answers {
				turns = append(turns, a-1)
			}
			if bruteSlotsFit(codes, h, turns) {
				t.Fatalf("%v %v: answers %v do not conflict", g, h, c.Answers)
			}
			smallest := len(h)
			for set := 1; set < 1<<len(h); set++ {
				var sub []int
				for i := range h {
					if set&(1<<i) != 0 {
						sub = append(sub, i)
					}
				}
				if len(sub) < smallest && !bruteSlotsFit(codes, h, sub) {
					smallest = len(sub)
				}
			}
			if len(turns) != smallest {
				t.Fatalf("%v %v: answers %v conflict, but a set of %d does", g, h, c.Answers, smallest)
			}
		}
	}
	if seen < 100 {
		t.Fatalf("only %d conflicting histories", seen)
	}
}

// TestAssignmentMatchesBruteForce checks the flow with bounds against
// every code of small random problems.
func TestAssignmentMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 90))
	for range 2000 {
		n, K := 1+r.IntN(5), 1+r.IntN(4)
		allowed := make([]bool, n*K)
		for i := range allowed {
			allowed[i] = r.IntN(3) > 0
		}
		lo, hi := make([]int, K), make([]int, K)
		for c := range K {
			lo[c] = r.IntN(3)
			hi[c] = lo[c] + r.IntN(3)
		}
		a := &assignment{n: n, K: K, allow: func(i, c int) bool { return allowed[i*K+c] }, lo: lo, hi: hi}
		fits := func(code []uint8) bool {
			counts := make([]int, K)
			for i, c := range code {
				if !allowed[i*K+int(c)] {
					return false
				}
				counts[c]++
			}
			for c := range K {
				if counts[c] < lo[c] || counts[c] > hi[c] {
					return false
				}
			}
			return true
		}
		some := false
		for _, code := range allCodes(mastermind.Game{Positions: n, Colors: max(K, 2)}) {
			if !slices.ContainsFunc(code, func(c uint8) bool { return int(c) >= K }) && fits(code) {
				some = true
				break
			}
		}
		for _, rng := range []*rand.Rand{nil, r} {
			code := a.solve(rng)
			if (code != nil) != some || code != nil && !fits(code) {
				t.Fatalf("n %d K %d allowed %v lo %v hi %v: found %v, some code fits: %v", n, K, allowed, lo, hi, code, some)
			}
		}
	}
}

// TestBlackUnsatMatchesBruteForce checks the proof of conflicts under
// black on random histories of small games, some answers wrong: with
// repeats it proves a conflict exactly when no code gives the answers;
// with distinct colours only when none does.
func TestBlackUnsatMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 100))
	proven := 0
	for _, g := range []mastermind.Game{{Positions: 4, Colors: 3}, {Positions: 3, Colors: 4}, {Positions: 5, Colors: 2}, {Positions: 4, Colors: 5, Distinct: true}, {Positions: 4, Colors: 4, Distinct: true}} {
		g.Rule = mastermind.BlackOnly
		codes := allCodes(g)
		for range 500 {
			secret := codes[r.IntN(len(codes))]
			var h []mastermind.Turn
			for range 1 + r.IntN(5) {
				guess := codes[r.IntN(len(codes))]
				b := testkit.Blacks(secret, guess)
				if r.IntN(4) == 0 {
					b = r.IntN(g.Positions + 1)
				}
				h = append(h, mastermind.Turn{Guess: guess, Feedback: mastermind.Feedback{Black: b}})
			}
			some := false
			for _, x := range codes {
				if g.Consistent(x, h) {
					some = true
					break
				}
			}
			budget := 1 << 30
			unsat := blackUnsat(g, h, allTurns(len(h)), &budget)
			if unsat && some || !g.Distinct && !unsat && !some {
				t.Fatalf("%v %v: proven %v, some code gives the answers %v", g, h, unsat, some)
			}
			if unsat {
				proven++
				spent := 0
				set := blackConflict(g, h, &spent)
				for _, x := range codes {
					sub := make([]mastermind.Turn, len(set))
					for i, t := range set {
						sub[i] = h[t]
					}
					if set == nil || g.Consistent(x, sub) {
						t.Fatalf("%v %v: conflict %v, but code %v gives those answers", g, h, set, x)
					}
				}
				if g.Distinct {
					continue
				}
				// With repeats the proof is exact: no fewer answers conflict.
				for mask := 1; mask < 1<<len(h); mask++ {
					var sub []mastermind.Turn
					for i := range h {
						if mask&(1<<i) != 0 {
							sub = append(sub, h[i])
						}
					}
					if len(sub) >= len(set) {
						continue
					}
					if !slices.ContainsFunc(codes, func(x mastermind.Code) bool { return g.Consistent(x, sub) }) {
						t.Fatalf("%v %v: conflict %v, but %v conflict too", g, h, set, sub)
					}
				}
			}
		}
	}
	if proven < 200 {
		t.Fatalf("only %d conflicts proven", proven)
	}
}

// FuzzSlotsBounds reads any guess and any marks (not only valid ones) of
// a game of 4 positions and 3 colours: the bounds never panic, and find a
// code exactly when some code gives those marks to that guess.
func FuzzSlotsBounds(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2}, ".YG.")
	f.Add([]byte{1, 1, 1, 1}, "Y...")
	f.Add([]byte{2, 0}, "GGGGG")
	g := mastermind.Game{Positions: 4, Colors: 3, Rule: mastermind.Slots}
	codes := allCodes(g)
	f.Fuzz(func(t *testing.T, guess []byte, marks string) {
		if g.ValidCode(guess) != nil {
			return
		}
		b := newSlotsBounds(g)
		b.add(guess, slotsFeedback(marks))
		some := false
		for _, x := range codes {
			if marksOf(x, guess).Marks == marks {
				some = true
				break
			}
		}
		if found := b.code(nil); (found != nil) != some {
			t.Fatalf("guess %v, marks %q: found %v, some code gives them: %v", guess, marks, found, some)
		}
	})
}
