package consistent

import (
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

// TestSmallestSample is the sample of CERC 2000 (seed 004), colours from 1.
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
