package consistent

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/cputime"
)

// referenceConflict is the conflict search by its definition: a deletion
// filter dropping the turns from the first on, each as long as the rest
// conflict, then every smaller set in order of size and lexicographic order
// if there are no more than budget of them; sat decides by brute force.
func referenceConflict(n int, sat func([]int) bool, budget int) []int {
	kept := make([]int, n)
	for i := range kept {
		kept[i] = i
	}
	if sat(kept) {
		return nil
	}
	for i := 0; i < len(kept); {
		without := slices.Delete(slices.Clone(kept), i, i+1)
		if !sat(without) {
			kept = without
		} else {
			i++
		}
	}
	total := 0.0
	for k := 1; k < len(kept); k++ {
		total += binomial(n, k)
	}
	if total > float64(budget) {
		return kept
	}
	for k := 1; k < len(kept); k++ {
		var found []int
		var walk func(from int, set []int) bool
		walk = func(from int, set []int) bool {
			if len(set) == k {
				if !sat(set) {
					found = slices.Clone(set)
					return true
				}
				return false
			}
			for i := from; i < n; i++ {
				if walk(i+1, append(set, i)) {
					return true
				}
			}
			return false
		}
		if walk(0, nil) {
			return found
		}
	}
	return kept
}

// repeatedHistory is a random history whose turns are often repeats of
// earlier ones, with corrupted answers: conflicts of several turns.
func repeatedHistory(r *rand.Rand, s *mastermind.Space, n int) []mastermind.Turn {
	h := randomHistory(r, s, n, false)
	for i := range h {
		switch r.IntN(6) {
		case 0:
			h[i] = h[r.IntN(i+1)]
		case 1:
			h[i] = randomHistory(r, s, 1, true)[0]
		}
	}
	return h
}

// TestConflictMatchesReference checks Conflict against the definition, on
// histories long enough that only some have their smaller sets searched.
func TestConflictMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	conflicts, big := 0, 0
	for _, g := range []mastermind.Game{{Positions: 4, Colors: 6}, {Positions: 3, Colors: 5, Distinct: true}, {Positions: 3, Colors: 3}} {
		s, _ := mastermind.NewSpace(g)
		for range 40 {
			h := repeatedHistory(r, s, 1+r.IntN(60))
			want := referenceConflict(len(h), func(turns []int) bool { return satisfiable(s, pick(h, turns)) }, 1<<16)
			got, err := Conflict(context.Background(), s, h)
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("%v: Conflict(%v) = %v, %v; want %v", g, h, got, err, want)
			}
			if want != nil {
				conflicts++
				if len(want) > 2 {
					big++
				}
			}
		}
	}
	if conflicts < 60 || big < 5 {
		t.Fatalf("only %d conflicts, %d of more than two turns: the test is too weak", conflicts, big)
	}
}

// TestConflictInMatchesReference checks ConflictIn against the definition
// on games small enough to decide by enumeration.
func TestConflictInMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	conflicts := 0
	for range 150 {
		g := mastermind.Game{Positions: 1 + r.IntN(4), Colors: 2 + r.IntN(5)}
		s, err := mastermind.NewSpace(g)
		if err != nil {
			t.Fatalf("%v: %v", g, err)
		}
		h := repeatedHistory(r, s, 1+r.IntN(40))
		want := referenceConflict(len(h), func(turns []int) bool { return satisfiable(s, pick(h, turns)) }, 2000)
		got, err := ConflictIn(context.Background(), g.Positions, g.Colors, h)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%v: ConflictIn(%v) = %v, %v; want %v", g, h, got, err, want)
		}
		if want != nil {
			conflicts++
		}
	}
	if conflicts < 50 {
		t.Fatalf("only %d conflicts: the test is too weak", conflicts)
	}
}

// longConflict returns a CERC history of n turns (10 positions, 100
// colours) of which one answer is wrong.
func longConflict(t testing.TB, n int, seed uint64) []mastermind.Turn {
	r := rand.New(rand.NewPCG(seed, 0))
	for {
		secret := randomCode(r, 10, 100)
		h := make([]mastermind.Turn, n)
		for i := range h {
			guess := randomCode(r, 10, 100)
			if r.IntN(2) == 0 { // close to the secret
				guess = slices.Clone(secret)
				for range 1 + r.IntN(4) {
					guess[r.IntN(10)] = uint8(r.IntN(100))
				}
			}
			h[i] = mastermind.Turn{Guess: guess, Feedback: mastermind.Score(secret, guess)}
		}
		wrong := &h[r.IntN(n)].Feedback
		wrong.Black = (wrong.Black + 1 + r.IntN(3)) % 11
		wrong.White = min(wrong.White, 10-wrong.Black)
		if !Satisfiable(10, 100, h) {
			return h
		}
	}
}

// TestConflictNearLinear checks that the search looks at each turn a number
// of times that grows with the size of the conflict and the logarithm of
// the history's length, not with the length (the deletion filter looked at
// n*n/2 turns).
func TestConflictNearLinear(t *testing.T) {
	const n = 3000
	bound := func(conflict int) int { return 2 * (conflict + 1) * n * (int(math.Log2(n)) + 2) }
	for seed := range uint64(3) {
		h := longConflict(t, n, seed)
		ts := &searchTurns{positions: 10, colors: 100, history: h}
		got, err := smallestConflict(context.Background(), n, ts, 2000)
		if err != nil || got == nil {
			t.Fatalf("seed %d: the conflict search = %v, %v", seed, got, err)
		}
		if ts.work > bound(len(got)) {
			t.Errorf("seed %d: a conflict of %d turns in %d: the search looked at %d turns, more than %d", seed, len(got), n, ts.work, bound(len(got)))
		}
	}
	// Classic, a long history of few distinct turns ending in a contradiction.
	s, _ := mastermind.NewSpace(mastermind.Classic())
	r := rand.New(rand.NewPCG(9, 9))
	h := randomHistory(r, s, 30, false)
	for len(h) < n-1 {
		h = append(h, h[r.IntN(30)])
	}
	h = append(h, mastermind.Turn{Guess: h[0].Guess, Feedback: mastermind.Feedback{Black: (h[0].Feedback.Black + 1) % 4}})
	ts := &spaceTurns{space: s, history: h}
	got, err := smallestConflict(context.Background(), n, ts, 1<<16)
	if err != nil || got == nil {
		t.Fatalf("classic: the conflict search = %v, %v", got, err)
	}
	if ts.work > 31*(len(got)+1) {
		t.Errorf("classic: %d turns narrowed by, more than the 31 distinct turns per pass", ts.work)
	}
}

// A pollContext ends at the n-th call of its Err: a deadline that passes
// at a known point of a search, whatever the load of the machine. It
// counts the calls and keeps the longest CPU time between two of them.
type pollContext struct {
	context.Context
	n, polls int
	done     chan struct{}
	last     time.Duration // the process's CPU time at the last call
	gap      time.Duration // the longest CPU time between two calls
}

func newPollContext(n int) *pollContext {
	return &pollContext{Context: context.Background(), n: n, done: make(chan struct{}), last: cputime.Process()}
}

func (c *pollContext) Done() <-chan struct{} { return c.done }

func (c *pollContext) Err() error {
	now := cputime.Process()
	c.gap, c.last = max(c.gap, now-c.last), now
	c.polls++
	if c.polls == c.n {
		close(c.done)
	}
	if c.polls >= c.n {
		return context.DeadlineExceeded
	}
	return nil
}

// TestConflictStops checks that a search on a long history returns ctx's
// error when ctx is cancelled or its deadline passes: at once when it is
// cancelled before, and otherwise at the first look at ctx after its end,
// looking at it often (at most maxGap of CPU time apart). Events, not the
// wall clock: the machine may be loaded.
func TestConflictStops(t *testing.T) {
	const maxGap = 2 * time.Second
	h := longConflict(t, 10000, 1)
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 6, Colors: 9})
	long := randomHistory(rand.New(rand.NewPCG(10, 10)), s, 20000, true)
	searches := map[string]func(ctx context.Context) ([]int, error){
		"ConflictIn": func(ctx context.Context) ([]int, error) { return ConflictIn(ctx, 10, 100, h) },
		"Conflict":   func(ctx context.Context) ([]int, error) { return Conflict(ctx, s, long) },
	}
	for name, search := range searches {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if got, err := search(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled: %v, %v; want the context's error", name, got, err)
		}
		for _, n := range []int{1, 2, 5, 50} {
			ctx := newPollContext(n)
			got, err := search(ctx)
			switch {
			case err == nil && got != nil && ctx.polls < n: // done before the deadline
			case !errors.Is(err, context.DeadlineExceeded):
				t.Errorf("%s, deadline at look %d: %v, %v; want the context's error", name, n, got, err)
			case ctx.polls > n+2:
				t.Errorf("%s, deadline at look %d: stopped at look %d, want the first one after it", name, n, ctx.polls)
			}
			if ctx.gap > maxGap {
				t.Errorf("%s, deadline at look %d: %v of CPU between two looks at ctx, more than %v", name, n, ctx.gap, maxGap)
			}
		}
	}
}

// BenchmarkConflict finds the conflict of a classic history of 23,000
// answers ending in an impossible one (about 920 KB as an API request), and
// of a CERC history of 10,000.
func BenchmarkConflict(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	h := randomHistory(rand.New(rand.NewPCG(11, 11)), s, 23000, false)
	h = append(h, mastermind.Turn{Guess: h[0].Guess, Feedback: mastermind.Feedback{Black: (h[0].Feedback.Black + 1) % 4}})
	b.Run("classic", func(b *testing.B) {
		for b.Loop() {
			if c, err := Conflict(context.Background(), s, h); c == nil || err != nil {
				b.Fatal(c, err)
			}
		}
	})
	long := longConflict(b, 10000, 1)
	b.Run("cerc", func(b *testing.B) {
		for b.Loop() {
			if c, err := ConflictIn(context.Background(), 10, 100, long); c == nil || err != nil {
				b.Fatal(c, err)
			}
		}
	})
}

// Possible gives the candidates of a history some code fits, and for one
// no code fits the conflict (numbered from 1), checked by brute force: the
// codes that fit every answer, and no code fitting the answers named.
func TestPossible(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 3})
	turn := func(g mastermind.Code, b, w int) mastermind.Turn {
		return mastermind.Turn{Guess: g, Feedback: mastermind.Feedback{Black: b, White: w}}
	}
	fits := func(c mastermind.Code, h []mastermind.Turn) bool {
		for _, t := range h {
			if mastermind.Score(c, t.Guess) != t.Feedback {
				return false
			}
		}
		return true
	}
	secret := mastermind.Code{2, 1, 1}
	var h []mastermind.Turn
	for _, g := range []mastermind.Code{{0, 1, 2}, {0, 0, 1}} {
		h = append(h, mastermind.Turn{Guess: g, Feedback: mastermind.Score(secret, g)})
	}
	cands, err := Possible(context.Background(), s, h)
	var want []int32
	for i := range s.Len() {
		if fits(s.Code(i), h) {
			want = append(want, int32(i))
		}
	}
	if err != nil || len(want) == 0 || !slices.Equal(cands, want) {
		t.Fatalf("Possible = %v, %v; want %v", cands, err, want)
	}
	h = append(h, turn(mastermind.Code{2, 2, 2}, 0, 0), turn(mastermind.Code{1, 1, 1}, 3, 0))
	cands, err = Possible(context.Background(), s, h)
	var c *mastermind.ConflictError
	if !errors.As(err, &c) || cands != nil || len(c.Answers) == 0 {
		t.Fatalf("Possible = %v, %v; want a conflict", cands, err)
	}
	var named []mastermind.Turn
	for _, a := range c.Answers {
		named = append(named, h[a-1])
	}
	for i := range s.Len() {
		if fits(s.Code(i), named) {
			t.Errorf("code %v fits the answers %v named as a conflict", s.Code(i), c.Answers)
		}
	}
}
