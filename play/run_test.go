package play

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/play/board"
)

// breakerOf returns a breaker of game g playing strategy.
func breakerOf(t *testing.T, g mastermind.Game, strategy string) mastermind.Breaker {
	t.Helper()
	b, err := choose.Breaker(context.Background(), g, choose.Options{Strategy: strategy, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The code to guess: none when the computer guesses; a seed's (Secret);
// the clock's; the daily of the person's local date, not UTC's, for the
// game's preset; no daily for a game given by its size.
func TestRunSecret(t *testing.T) {
	classic := mastermind.Classic()
	// 23:30 on December 2 five hours west of Greenwich: December 3 in UTC.
	now := time.Date(2026, 12, 2, 23, 30, 0, 0, time.FixedZone("west", -5*3600))
	seed := uint64(3)
	for _, tt := range []struct {
		name string
		o    Options
		want mastermind.Code
		day  *board.Daily
	}{
		{"computer", Options{Role: board.Computer}, nil, nil},
		{"seeded", Options{Role: board.You, Seed: &seed}, Secret(classic, 3), nil},
		{"clock", Options{Role: board.You}, Secret(classic, uint64(now.UnixNano())), nil},
		// 2026-12-02 is daily #32: #1 is 2026-11-01, and November has 30 days.
		{"daily", Options{Role: board.You, Daily: true}, daily.Secret(classic, daily.Seed("2026-12-02", "classic")), &board.Daily{Date: "2026-12-02", Number: 32}},
	} {
		tt.o.Breaker = breakerOf(t, classic, "first")
		got, day, err := tt.o.secret(now)
		if err != nil || !slices.Equal(got, tt.want) || (day == nil) != (tt.day == nil) || day != nil && *day != *tt.day {
			t.Errorf("%s: secret %v, daily %+v, %v; want %v, %+v", tt.name, got, day, err, tt.want, tt.day)
		}
	}
	if other := Secret(classic, 4); slices.Equal(other, Secret(classic, 3)) {
		t.Errorf("seeds 3 and 4 draw the same secret, %v: the seed is not used", other)
	}
	o := Options{Breaker: breakerOf(t, mastermind.Game{Positions: 3, Colors: 4}, "first"), Role: board.You, Daily: true}
	if secret, _, err := o.secret(now); err == nil {
		t.Errorf("a daily of a game given by its size: %v, no error", secret)
	}
}

// Where In and Out are no terminal, the line dialogue plays, repeating
// each line read (they were not typed); the person guesses the seed's
// code, or the computer guesses.
func TestRunDialogue(t *testing.T) {
	classic := mastermind.Classic()
	seed := uint64(3)
	var out strings.Builder
	err := Run(Options{Breaker: breakerOf(t, classic, "minimax"), Role: board.You, Seed: &seed, In: strings.NewReader("0011\ngiveup\n"), Out: &out})
	want := "The code was " + Secret(classic, seed).Compact(classic.Colors) + ".\n"
	if err != nil || !strings.HasPrefix(out.String(), "I have chosen a code: ") || !strings.Contains(out.String(), "Guess 1: 0011\n") || !strings.HasSuffix(out.String(), want) {
		t.Errorf("You guess: %v, output\n%s\nwant the dialogue, 0011 echoed, ending %q", err, out.String(), want)
	}

	out.Reset()
	err = Run(Options{Breaker: breakerOf(t, classic, "first"), Role: board.Computer, In: strings.NewReader("4 0\n"), Out: &out})
	if err != nil || !strings.HasPrefix(out.String(), "Think of a code: ") || !strings.Contains(out.String(), "Found it in 1 guess: 0000.") {
		t.Errorf("Computer guesses: %v, output\n%s", err, out.String())
	}
}
