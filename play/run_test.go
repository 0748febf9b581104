package play

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/daily"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/play/stats"
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

// The line dialogue plays the daily by the daily's rules (issue 69): it
// says it is the daily, gives no hint, counts the guesses left, ends at
// the tenth with the page's share text, and counts it once in the
// statistics; a daily left (quit) is taken up again where it was.
func TestDialogueDaily(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	classic := mastermind.Classic()
	now := time.Now()
	o := Options{Breaker: breakerOf(t, classic, "minimax"), Role: You, Daily: true}
	secret, day, err := o.Secret(now)
	if err != nil {
		t.Fatal(err)
	}
	wrong := "0000"
	if secret.Compact(6) == wrong {
		wrong = "1111"
	}
	play := func(input string) string {
		t.Helper()
		var out strings.Builder
		o.Breaker, o.In, o.Out = breakerOf(t, classic, "minimax"), strings.NewReader(input), &out
		if err := Dialogue(o); err != nil {
			t.Fatalf("%v; the dialogue:\n%s", err, out.String())
		}
		if today := time.Now().Format(time.DateOnly); today != day.Date {
			t.Skipf("the date changed during the test, from %s to %s", day.Date, today)
		}
		return out.String()
	}

	out := play(wrong + "\nhint\nquit\n")
	for _, want := range []string{
		fmt.Sprintf("Daily #%d (%s) of classic: I have chosen a code: ", day.Number, day.Date),
		"Guess it in 10 guesses!",
		"; 9 guesses left)",
		"The daily is played alone: no hint till it ends.",
		fmt.Sprintf("Bye. Daily #%d is kept: play --daily takes it up again.", day.Number),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the daily's dialogue says no %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "I would guess") || strings.Contains(out, secret.Compact(6)) {
		t.Errorf("the daily's dialogue gives a hint or the code:\n%s", out)
	}

	out = play(strings.Repeat(wrong+"\n", 9) + "list\n")
	for _, want := range []string{
		"Taken up again where you left it, 9 guesses left:\n  1. " + wrong,
		fmt.Sprintf("Not found in 10 guesses: the code was %s.\nMastermind classic #%d X/10\n", secret.Compact(6), day.Number),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the daily taken up again says no %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Guess 11") || strings.Count(out, "\n····") > 10 {
		t.Errorf("the daily takes an 11th guess:\n%s", out)
	}
	st, _ := stats.Load(stats.Dir())
	if got := st.Tally("classic"); got.Played != 1 || got.Won != 0 {
		t.Errorf("the statistics after the daily lost: %+v", got)
	}
	if out = play(""); !strings.Contains(out, fmt.Sprintf("You played daily #%d (%s) already: not found.", day.Number, day.Date)) {
		t.Errorf("the daily played again:\n%s", out)
	}
}
