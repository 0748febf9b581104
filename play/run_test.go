package play

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/internal/testkit"
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

// The code to guess: none when the computer guesses; a seed's, as the
// page's #seed=S (daily.Secret); the clock's, one of the page's seeds; the daily of the person's local date, not UTC's, for the
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
		day  *Daily
	}{
		{"computer", Options{Role: Computer}, nil, nil},
		{"seeded", Options{Role: You, Seed: &seed}, daily.Secret(classic, 3), nil},
		{"clock", Options{Role: You}, daily.Secret(classic, int(uint64(now.UnixNano())%daily.Seeds)), nil},
		// 2026-12-02 is daily #32: #1 is 2026-11-01, and November has 30 days.
		{"daily", Options{Role: You, Daily: true}, daily.Secret(classic, daily.Seed("2026-12-02", "classic")), &Daily{Date: "2026-12-02", Number: 32}},
	} {
		tt.o.Breaker = breakerOf(t, classic, "first")
		got, day, err := tt.o.Secret(now)
		if err != nil || !slices.Equal(got, tt.want) || (day == nil) != (tt.day == nil) || day != nil && *day != *tt.day {
			t.Errorf("%s: secret %v, daily %+v, %v; want %v, %+v", tt.name, got, day, err, tt.want, tt.day)
		}
	}
	four := uint64(4)
	if other, _, _ := (Options{Breaker: breakerOf(t, classic, "first"), Role: You, Seed: &four}).Secret(now); slices.Equal(other, daily.Secret(classic, 3)) {
		t.Errorf("seeds 3 and 4 draw the same secret, %v: the seed is not used", other)
	}
	o := Options{Breaker: breakerOf(t, mastermind.Game{Positions: 3, Colors: 4}, "first"), Role: You, Daily: true}
	if secret, _, err := o.Secret(now); err == nil {
		t.Errorf("a daily of a game given by its size: %v, no error", secret)
	}
}

// The line dialogue plays, repeating
// each line read (they were not typed); the person guesses the seed's
// code, or the computer guesses.
func TestRunDialogue(t *testing.T) {
	classic := mastermind.Classic()
	seed := uint64(3)
	var out strings.Builder
	err := Dialogue(Options{Breaker: breakerOf(t, classic, "minimax"), Role: You, Seed: &seed, In: strings.NewReader("0011\ngiveup\n"), Out: &out})
	want := "The code was " + daily.Secret(classic, int(seed)).Compact(classic.Colors) + ".\n"
	if err != nil || !strings.HasPrefix(out.String(), "I have chosen a code: ") || !strings.Contains(out.String(), "Guess 1: 0011\n") || !strings.HasSuffix(out.String(), want) {
		t.Errorf("You guess: %v, output\n%s\nwant the dialogue, 0011 echoed, ending %q", err, out.String(), want)
	}

	out.Reset()
	err = Dialogue(Options{Breaker: breakerOf(t, classic, "first"), Role: Computer, In: strings.NewReader("4 0\n"), Out: &out})
	if err != nil || !strings.HasPrefix(out.String(), "Think of a code: ") || !strings.Contains(out.String(), "Found it in 1 guess: 0000.") {
		t.Errorf("Computer guesses: %v, output\n%s", err, out.String())
	}
}

// play --seed S draws the code the page's #seed=S draws, for each game of
// the shared vectors (web/static/breaker.js's secretOf, run by node).
func TestSeedVectors(t *testing.T) {
	now := time.Now()
	for _, v := range testkit.Vectors("secret-of-seed") {
		g, err := mastermind.Preset(v.Fields[0])
		if err != nil {
			t.Fatal(err)
		}
		seed, err := strconv.ParseUint(v.Fields[1], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := (Options{Breaker: breakerOf(t, g, "first"), Role: You, Seed: &seed}).Secret(now)
		if err != nil || got.Compact(g.Colors) != v.Fields[2] {
			t.Errorf("%s --seed %d: %v, %v; the page draws %s", v.Fields[0], seed, got, err, v.Fields[2])
		}
	}
}
