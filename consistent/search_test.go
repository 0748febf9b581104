package consistent

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// bruteSmallest is the reference: every code in lexicographic order.
func bruteSmallest(p, c int, history []mastermind.Turn) (mastermind.Code, bool) {
	code := make(mastermind.Code, p)
	for {
		if mastermind.Consistent(code, history) {
			return code, true
		}
		i := p - 1
		for i >= 0 && int(code[i]) == c-1 {
			code[i] = 0
			i--
		}
		if i < 0 {
			return nil, false
		}
		code[i]++
	}
}

// TestSmallestSample is the sample of CERC 2000, colours from 1.
func TestSmallestSample(t *testing.T) {
	turn := func(guess []uint8, b, w int) mastermind.Turn {
		g := make(mastermind.Code, len(guess))
		for i, x := range guess {
			g[i] = x - 1
		}
		return mastermind.Turn{Guess: g, Feedback: mastermind.Feedback{Black: b, White: w}}
	}
	cases := []struct {
		p, c    int
		history []mastermind.Turn
		want    []uint8 // nil: cheating
	}{
		{4, 3, []mastermind.Turn{turn([]uint8{1, 2, 3, 2}, 1, 1), turn([]uint8{2, 1, 3, 2}, 1, 1)}, []uint8{1, 1, 1, 3}},
		{4, 6, []mastermind.Turn{turn([]uint8{3, 3, 3, 3}, 3, 0), turn([]uint8{4, 4, 4, 4}, 2, 0)}, nil},
		{8, 9, []mastermind.Turn{turn([]uint8{1, 2, 3, 4, 5, 6, 7, 8}, 0, 0), turn([]uint8{2, 3, 4, 5, 6, 7, 8, 9}, 1, 0), turn([]uint8{3, 4, 5, 6, 7, 8, 9, 9}, 2, 0)}, []uint8{9, 9, 9, 9, 9, 9, 9, 9}},
	}
	for _, tc := range cases {
		got, ok := Smallest(tc.p, tc.c, tc.history)
		if tc.want == nil {
			if ok {
				t.Errorf("Smallest(%v) = %v, want cheating", tc.history, got)
			}
			continue
		}
		want := make(mastermind.Code, len(tc.want))
		for i, x := range tc.want {
			want[i] = x - 1
		}
		if !ok || !slices.Equal(got, want) {
			t.Errorf("Smallest(%v) = %v, %v; want %v", tc.history, got, ok, want)
		}
	}
}

// TestSmallestMatchesBruteForce compares with the reference on many small
// random instances, with and without corrupted answers.
func TestSmallestMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	cheating := 0
	for range 3000 {
		p, c := 1+r.IntN(5), 1+r.IntN(6)
		secret := randomCode(r, p, c)
		var history []mastermind.Turn
		for range r.IntN(7) {
			guess := randomCode(r, p, c)
			if r.IntN(3) == 0 { // close to the secret
				guess = slices.Clone(secret)
				guess[r.IntN(p)] = uint8(r.IntN(c))
			}
			f := mastermind.Score(secret, guess)
			if r.IntN(4) == 0 {
				f.Black = r.IntN(p + 1)
				f.White = r.IntN(p + 1 - f.Black)
			}
			history = append(history, mastermind.Turn{Guess: guess, Feedback: f})
		}
		want, wantOK := bruteSmallest(p, c, history)
		got, ok := Smallest(p, c, history)
		if ok != wantOK || ok && !slices.Equal(got, want) {
			t.Fatalf("%d positions, %d colours, %v: Smallest = %v, %v; want %v, %v", p, c, history, got, ok, want, wantOK)
		}
		if !ok {
			cheating++
		}
	}
	if cheating < 100 {
		t.Errorf("only %d inconsistent instances: the test is too weak", cheating)
	}
}

func randomCode(r *rand.Rand, p, c int) mastermind.Code {
	code := make(mastermind.Code, p)
	for i := range code {
		code[i] = uint8(r.IntN(c))
	}
	return code
}

// TestCountAndConflictMatchBruteForce checks Count, Satisfiable and
// ConflictIn against enumeration on small random instances.
func TestCountAndConflictMatchBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for range 500 {
		p, c := 1+r.IntN(4), 1+r.IntN(6)
		secret := randomCode(r, p, c)
		var history []mastermind.Turn
		for range r.IntN(6) {
			guess := randomCode(r, p, c)
			f := mastermind.Score(secret, guess)
			if r.IntN(4) == 0 {
				f.Black = r.IntN(p + 1)
				f.White = r.IntN(p + 1 - f.Black)
			}
			history = append(history, mastermind.Turn{Guess: guess, Feedback: f})
		}
		want := 0
		code := make(mastermind.Code, p)
		var all func(i int)
		all = func(i int) {
			if i == p {
				if mastermind.Consistent(code, history) {
					want++
				}
				return
			}
			for x := range c {
				code[i] = uint8(x)
				all(i + 1)
			}
		}
		all(0)
		got, ok := Count(p, c, history, 1<<20)
		if !ok || got.Int64() != int64(want) {
			t.Fatalf("%d positions, %d colours, %v: Count = %v, %v; want %d", p, c, history, got, ok, want)
		}
		if Satisfiable(p, c, history) != (want > 0) {
			t.Fatalf("%v: Satisfiable = %v with %d codes", history, !(want > 0), want)
		}
		conflict, _ := ConflictIn(context.Background(), p, c, history)
		if (conflict == nil) != (want > 0) {
			t.Fatalf("%v: ConflictIn = %v with %d codes", history, conflict, want)
		}
		if conflict != nil {
			var sub []mastermind.Turn
			for _, i := range conflict {
				sub = append(sub, history[i])
			}
			if n, _ := Count(p, c, sub, 1<<20); n.Sign() != 0 {
				t.Fatalf("%v: ConflictIn = %v, which %v codes satisfy", history, conflict, n)
			}
		}
	}
	// Colours in no guess count together: 100^10 codes at once.
	want := new(big.Int).Exp(big.NewInt(100), big.NewInt(10), nil)
	if got, ok := Count(10, 100, nil, 100); !ok || got.Cmp(want) != 0 {
		t.Errorf("Count(10 positions, 100 colours, no answers) = %v, %v; want %v", got, ok, want)
	}
	guess := mastermind.Code{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	if _, ok := Count(10, 100, []mastermind.Turn{{Guess: guess, Feedback: mastermind.Feedback{Black: 1, White: 2}}}, 10); ok {
		t.Errorf("Count within 10 steps claims success on a hard instance")
	}
}
