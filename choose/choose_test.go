package choose_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/strategy"
)

// plainScore is the definition of black and white, apart from the engine.
var plainScore = testkit.Feedback[mastermind.Feedback, mastermind.Code]

// TestAuto checks what auto plays on each size of game: the one place the
// choice is tested.
func TestAuto(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		game mastermind.Game
		want string // the strategy's name, or "large"
	}{
		{mastermind.Classic(), "optimal"},
		{mastermind.Bulls(), "optimal"},
		{mastermind.Super(), "entropy"},                                       // 32,768 codes
		{mastermind.Game{Positions: 6, Colors: 6}, "entropy"},                 // 46,656
		{mastermind.Game{Positions: 6, Colors: 7}, "random"},                  // 117,649
		{mastermind.Game{Positions: 6, Colors: 10}, "random"},                 // 10^6
		{mastermind.Game{Positions: 7, Colors: 8}, "large"},                   // 2,097,152
		{mastermind.Game{Positions: 100, Colors: 20}, "large"},                // TopCoder's largest
		{mastermind.Game{Positions: 7, Colors: 10, Distinct: true}, "random"}, // 604,800
		{mastermind.Game{Positions: 9, Colors: 10, Distinct: true}, "random"}, // 3,628,800
	} {
		if !choose.Enumerated(tt.game, choose.Options{}) {
			if tt.want != "large" {
				t.Errorf("%v: auto plays package large, want %s", tt.game, tt.want)
			}
			continue
		}
		if tt.game.Count() > 200_000 {
			// Enumerating is slow; the choice depends on the size only.
			if tt.want != "random" {
				t.Errorf("%v: auto enumerates, want %s", tt.game, tt.want)
			}
			continue
		}
		s, err := choose.Space(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		st, err := choose.Strategy(ctx, s, choose.Options{})
		if err != nil || st.Name() != tt.want {
			t.Errorf("%v: auto plays %v (%v), want %s", tt.game, st, err, tt.want)
		}
	}
}

// TestConsistent checks that consistent asks only codes that fit every
// answer so far, over every secret of classic (where auto plays
// the optimal tree, which does not) and of a game of distinct colours.
func TestConsistent(t *testing.T) {
	ctx := context.Background()
	for _, g := range []mastermind.Game{mastermind.Classic(), {Positions: 3, Colors: 6, Distinct: true}} {
		s, err := choose.Space(g)
		if err != nil {
			t.Fatal(err)
		}
		st, err := choose.Strategy(ctx, s, choose.Options{Strategy: "consistent"})
		if err != nil {
			t.Fatal(err)
		}
		if name := st.Name(); name != "entropy (consistent)" {
			t.Errorf("%v: consistent plays %s, want entropy (consistent)", g, name)
		}
		for secret := range s.Len() {
			var history []mastermind.Turn
			for {
				if len(history) == 10 {
					t.Fatalf("%v, secret %v: not found in 10 guesses", g, s.Code(secret))
				}
				cands := consistent.Candidates(s, history)
				guess := st.Next(&mastermind.State{Space: s, History: history, Candidates: cands})
				if !slices.Contains(cands, int32(guess)) {
					t.Fatalf("%v, secret %v: after %v, guess %v does not fit every answer", g, s.Code(secret), history, s.Code(guess))
				}
				f := s.Score(secret, guess)
				if f.Black == g.Positions {
					break
				}
				history = append(history, mastermind.Turn{Guess: s.Code(guess), Feedback: f})
			}
		}
	}
}

// TestRefusals checks that unknown names and strategies too big for a game
// are bad input.
func TestRefusals(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		game mastermind.Game
		o    choose.Options
	}{
		{mastermind.Classic(), choose.Options{Strategy: "nope"}},
		{mastermind.Game{Positions: 6, Colors: 6}, choose.Options{Strategy: "optimal"}},
		{mastermind.Game{Positions: 20, Colors: 10}, choose.Options{Strategy: "entropy"}},
		{mastermind.Game{Positions: 0, Colors: 10}, choose.Options{}},
		// Within the enumeration limit but beyond what the strategy plays
		// within the contest's 20 s and 64 MB a game.
		{mastermind.Game{Positions: 7, Colors: 10}, choose.Options{Strategy: "minimax"}},
		{mastermind.Game{Positions: 6, Colors: 9}, choose.Options{Strategy: "entropy"}},
		{mastermind.Game{Positions: 7, Colors: 10}, choose.Options{Strategy: "first"}},
		{mastermind.Game{Positions: 7, Colors: 10}, choose.Options{Strategy: "random"}},
		{mastermind.Game{Positions: 7, Colors: 10}, choose.Options{First: make(mastermind.Code, 7)}},
	} {
		_, err := choose.Breaker(ctx, tt.game, tt.o)
		var input *mastermind.InputError
		if !errors.As(err, &input) {
			t.Errorf("Breaker(%v, %+v) error = %v, want an InputError", tt.game, tt.o, err)
		}
	}
}

// An unknown strategy is quoted by the one quoting rule (internal/quote):
// cut short, control characters written as escapes.
func TestUnknownQuoted(t *testing.T) {
	name := "\x1b[31m" + strings.Repeat("x", 200)
	_, err := choose.Breaker(context.Background(), mastermind.Classic(), choose.Options{Strategy: name})
	msg := fmt.Sprint(err)
	if strings.Contains(msg, "\x1b") || strings.Count(msg, "x") > 60 || !strings.Contains(msg, `"\\x1b[31mxxx`) || !strings.Contains(msg, `..."`) {
		t.Errorf("unknown strategy of %d bytes: %q", len(name), msg)
	}
}

// The heuristics of package strategy, and only they, are refused by name
// beyond NamedHeuristicLimit.
func TestHeuristicLimit(t *testing.T) {
	g := mastermind.Game{Positions: 7, Colors: 7} // 823,543 codes
	for _, name := range choose.Names() {
		_, err := choose.Breaker(context.Background(), g, choose.Options{Strategy: name})
		refused := err != nil && strings.Contains(err.Error(), fmt.Sprint(choose.NamedHeuristicLimit))
		if refused != slices.Contains(strategy.Heuristics(), name) {
			t.Errorf("%s on 7x7: %v", name, err)
		}
	}
}

// TestBreakersFindTheSecret plays a game with each kind of breaker, scored
// by plainScore: every guess a code of the game, the secret found.
func TestBreakersFindTheSecret(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		game   mastermind.Game
		o      choose.Options
		secret mastermind.Code
	}{
		{mastermind.Classic(), choose.Options{}, mastermind.Code{5, 1, 2, 3}},
		{mastermind.Bulls(), choose.Options{Strategy: "minimax"}, mastermind.Code{9, 0, 3, 7}},
		{mastermind.Super(), choose.Options{Strategy: "random", Seed: 3}, mastermind.Code{7, 7, 0, 1, 7}},
		{mastermind.Game{Positions: 3, Colors: 4}, choose.Options{Strategy: "optimal"}, mastermind.Code{3, 3, 0}},
		{mastermind.Classic(), choose.Options{First: mastermind.Code{0, 0, 1, 2}}, mastermind.Code{2, 2, 2, 2}},
		{mastermind.Game{Positions: 8, Colors: 8}, choose.Options{Seed: 2}, mastermind.Code{0, 1, 2, 3, 4, 5, 6, 7}},
	} {
		b, err := choose.Breaker(ctx, tt.game, tt.o)
		if err != nil {
			t.Fatalf("Breaker(%v, %+v): %v", tt.game, tt.o, err)
		}
		for n := 1; ; n++ {
			guess, err := b.Next(ctx)
			if err != nil {
				t.Fatalf("%v %+v: guess %d: %v", tt.game, tt.o, n, err)
			}
			if err := tt.game.ValidCode(guess); err != nil {
				t.Fatalf("%v %+v: guess %d %v: %v", tt.game, tt.o, n, guess, err)
			}
			f := plainScore(tt.secret, guess)
			if f.Black == tt.game.Positions {
				break
			}
			if n > 100 {
				t.Fatalf("%v %+v: no secret after %d guesses", tt.game, tt.o, n)
			}
			if err := b.Record(guess, f); err != nil {
				t.Fatal(err)
			}
			if r := b.Remaining(); r.Known() && r.Exact && r.N < 1 {
				t.Fatalf("%v %+v: %v codes remain after guess %d, but the secret does", tt.game, tt.o, r, n)
			}
		}
	}
}

// TestConflictAndRepair gives breakers answers that contradict each other,
// expects the conflict to name them, then corrects one and plays on.
func TestConflictAndRepair(t *testing.T) {
	ctx := context.Background()
	// An enumerated game takes any guess: 0000 cannot have one right and
	// then two right.
	classic := mastermind.Classic()
	b, err := choose.Breaker(ctx, classic, choose.Options{Strategy: "first"})
	if err != nil {
		t.Fatal(err)
	}
	zeros := mastermind.Code{0, 0, 0, 0}
	b.Record(zeros, mastermind.Feedback{Black: 1})
	b.Record(zeros, mastermind.Feedback{Black: 2})
	_, err = b.Next(ctx)
	var conflict *mastermind.ConflictError
	if !errors.As(err, &conflict) || fmt.Sprint(conflict.Answers) != "[1 2]" {
		t.Fatalf("Next after conflicting answers = %v, want answers 1 and 2 to conflict", err)
	}
	if err := b.Replace(1, mastermind.Feedback{Black: 1}); err != nil {
		t.Fatal(err)
	}
	// The codes with exactly one 0: 4 places for it, 5^3 for the rest.
	if r := b.Remaining(); r != (mastermind.Remaining{N: 500, Exact: true}) {
		t.Errorf("Remaining after the fix = %v, want exactly 500", r)
	}
	if _, err := b.Next(ctx); err != nil {
		t.Errorf("Next after the fix: %v", err)
	}

	// A game too large to enumerate (package large) takes only its own
	// guesses: answering "0 0" to each leaves no colour for the code.
	g := mastermind.Game{Positions: 8, Colors: 8}
	b, err = choose.Breaker(ctx, g, choose.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; ; n++ {
		guess, err := b.Next(ctx)
		if errors.As(err, &conflict) {
			break
		}
		if err != nil || n > 10 {
			t.Fatalf("%v: guess %d: %v, want a conflict within 10 answers \"0 0\"", g, n, err)
		}
		if err := b.Record(guess, mastermind.Feedback{}); err != nil {
			t.Fatal(err)
		}
	}
	h := b.History()
	if len(conflict.Answers) == 0 || conflict.Answers[len(conflict.Answers)-1] != len(h) {
		t.Errorf("%v: conflict names answers %v of %d, want a set ending with the last", g, conflict.Answers, len(h))
	}
	if err := b.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Next(ctx); err != nil {
		t.Errorf("%v: Next after undo: %v", g, err)
	}
}
