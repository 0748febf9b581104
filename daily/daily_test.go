package daily

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// The seeds of a few dates and presets, computed outside Go by the rule of
// the package doc:
//
//	printf '%s' '2026-11-01|classic' | sha256sum | cut -c1-16 |
//	    python3 -c 'print(int(input(), 16) % 1000000)'
func TestSeedShell(t *testing.T) {
	for _, c := range []struct {
		date, game string
		seed       int
	}{
		{"2026-11-01", "classic", 53912},
		{"2026-11-01", "bulls", 245742},
		{"2026-11-01", "super", 702798},
		{"2026-11-01", "digits", 909352},
		{"2026-11-02", "classic", 203525},
		{"2026-11-02", "bulls", 20938},
		{"2027-03-01", "super", 341156},
		{"2027-03-01", "digits", 448136},
	} {
		d, err := Of(c.date, c.game)
		if err != nil || d.Seed != c.seed {
			t.Errorf("Of(%q, %q) = %+v, %v, want seed %d", c.date, c.game, d, err, c.seed)
		}
	}
}

// Number counts days from First: checked against time.Sub, and against a
// walk one calendar day at a time, across a year's end and 29 February 2028.
func TestNumber(t *testing.T) {
	for _, c := range []struct {
		date string
		n    int
	}{{"2026-11-01", 1}, {"2026-11-27", 27}, {"2026-11-30", 30}, {"2026-12-01", 31}, {"2027-01-01", 62}} {
		if n, err := Number(c.date); n != c.n || err != nil {
			t.Errorf("Number(%q) = %d, %v, want %d", c.date, n, err, c.n)
		}
	}
	first := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	walk := 1
	for d := first; d.Year() < 2029; d = d.AddDate(0, 0, 1) {
		date := d.Format("2006-01-02")
		n, err := Number(date)
		if err != nil {
			t.Fatalf("Number(%q): %v", date, err)
		}
		bySub := int(math.Round(d.Sub(first).Hours()/24)) + 1
		if n != walk || n != bySub {
			t.Fatalf("Number(%q) = %d, want %d (walk) and %d (time.Sub)", date, n, walk, bySub)
		}
		walk++
	}
	if n, _ := Number("2028-02-29"); n != 486 { // 2027-01-01 is #62, 2028-01-01 #427, 2028-02-01 #458
		t.Errorf("Number(2028-02-29) = %d, want 486", n)
	}
	if n, _ := Number("2028-03-01"); n != 487 {
		t.Errorf("Number(2028-03-01) = %d, want 487", n)
	}
}

// Bad dates and games are refused with an *mastermind.InputError naming the
// field, in the project's words.
func TestRefused(t *testing.T) {
	for _, c := range []struct{ date, game, where, says string }{
		{"2026-10-31", "classic", "date", "before the first daily code (#1 is 2026-11-01)"},
		{"1999-01-01", "classic", "date", "before the first"},
		{"2026-11-1", "classic", "date", "9 characters, not 10"},
		{"2026/11/01", "classic", "date", "character 5 is not -"},
		{"2026-1a-01", "classic", "date", "character 7 is not a digit"},
		{"2027-02-29", "classic", "date", "no such day"},
		{"2026-13-01", "classic", "date", "no such day"},
		{"2026-11-31", "classic", "date", "no such day"},
		{"", "classic", "date", "0 characters"},
		{"+2026-11-01", "classic", "date", "11 characters"},
		{"２026-11-01", "classic", "date", `character 1 is not a digit: '２'`},
		{"2026-11-0é", "classic", "date", `character 10 is not a digit: 'é'`},
		{"2026–11-01", "classic", "date", `character 5 is not -: '–'`},
		{strings.Repeat("9", 100000), "classic", "date", "100000 characters, not 10"},
		{"2026-11-01", "Classic", "game", `unknown game "Classic"`},
		{"2026-11-01", "", "game", "unknown game"},
	} {
		_, err := Of(c.date, c.game)
		var in *mastermind.InputError
		if !errors.As(err, &in) || in.Where != c.where || !strings.Contains(err.Error(), c.says) {
			t.Errorf("Of(%q, %q) = %v, want an input error about %s saying %q", c.date, c.game, err, c.where, c.says)
		}
		if err != nil && strings.Contains(err.Error(), "parsing time") {
			t.Errorf("Of(%q, %q) = %v: Go's words", c.date, c.game, err)
		}
	}
}

// The same inputs give the same seed; 60 days in a row of each preset give
// at least 55 different secrets, and the presets of a day differ.
func TestSpread(t *testing.T) {
	for _, p := range mastermind.Presets() {
		name, g := p.Name, p.Game
		secrets := map[string]bool{}
		d := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		for i := 0; i < 60; i++ {
			date := d.AddDate(0, 0, i).Format("2006-01-02")
			a, err := Of(date, name)
			b, _ := Of(date, name)
			if err != nil || a != b || a.Seed < 0 || a.Seed >= Seeds {
				t.Fatalf("Of(%q, %q) = %+v, %v then %+v", date, name, a, err, b)
			}
			secrets[secretOf(g, a.Seed)] = true
		}
		if len(secrets) < 55 {
			t.Errorf("%s: 60 days give %d different secrets, want at least 55", name, len(secrets))
		}
	}
	seeds := map[int]bool{}
	for _, p := range mastermind.Presets() {
		seeds[Seed("2026-12-25", p.Name)] = true
	}
	if len(seeds) != 4 {
		t.Errorf("the 4 presets of 2026-12-25 have %d different seeds", len(seeds))
	}
}

// secretOf is Secret as a string of colour numbers.
func secretOf(g mastermind.Game, seed int) string {
	var b strings.Builder
	for _, c := range Secret(g, seed) {
		b.WriteByte('0' + c)
	}
	return b.String()
}

// The port draws what the page draws, and the dailies are what the page
// and the engine share: the vectors of internal/testkit, the seeds
// computed outside Go (sha256sum, python3) and the secrets by node from
// web/static/breaker.js itself; the dates it refuses are refused.
func TestVectors(t *testing.T) {
	for _, v := range testkit.Vectors("secret-of-seed") {
		g, _ := mastermind.Preset(v.Fields[0])
		if seed, _ := strconv.Atoi(v.Fields[1]); secretOf(g, seed) != v.Fields[2] {
			t.Errorf("%s: secretOf(%s, %d) = %s, want %s", v.Where, v.Fields[0], seed, secretOf(g, seed), v.Fields[2])
		}
	}
	for _, v := range testkit.Vectors("daily") {
		date, game, want := v.Fields[0], v.Fields[1], strings.Join(v.Fields[2:], " ")
		d, err := Of(date, game)
		g, _ := mastermind.Preset(game)
		if got := fmt.Sprintf("%d %d %s", d.Number, d.Seed, secretOf(g, d.Seed)); err != nil || got != want {
			t.Errorf("%s: the daily of %s %s is %s (%v), want %s", v.Where, date, game, got, err, want)
		}
	}
	for _, v := range testkit.Vectors("daily-refused") {
		_, err := Number(v.Fields[0])
		var in *mastermind.InputError
		if !errors.As(err, &in) || in.Where != "date" {
			t.Errorf("%s: Number(%q) = %v, want an input error about the date", v.Where, v.Fields[0], err)
		}
	}
}
