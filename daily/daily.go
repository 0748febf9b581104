// Package daily is the rule of the daily code: one code a day for each
// preset, the same for everyone, numbered from #1 on 2026-11-01 (UTC).
//
// The code of a day is You guess's secret for a seed (Secret), as the page draws it
// (web/static/breaker.js, secretOf). The seed of date D (written
// "YYYY-MM-DD") and preset P is the first 8 bytes of SHA-256("D|P"), read
// as a big-endian unsigned integer, modulo 1,000,000. For example, with a
// shell and Python:
//
//	printf '%s' '2026-11-01|classic' | sha256sum | cut -c1-16 |
//	    python3 -c 'print(int(input(), 16) % 1000000)'
//
// The number of date D is the count of days from 2026-11-01 to D, plus one:
// 2026-11-01 is #1, 2026-11-02 is #2. Dates before the first are refused,
// dates after today are not (the rule has no clock; the page offers today
// and the days before it).
package daily

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
)

// First is the date of daily #1.
const First = "2026-11-01"

// Seeds is the number of seeds of the page's You guess: they are 0..Seeds-1.
const Seeds = 1_000_000

// layout is the form of a date: "YYYY-MM-DD".
const layout = "2006-01-02"

// A Daily is the daily code of a date and preset: its number and the seed
// of You guess that draws it. In JSON it is the answer of the web API's
// /api/daily.
type Daily struct {
	Number int `json:"number"`
	Seed   int `json:"seed"`
}

// Of returns the daily of date (UTC, "YYYY-MM-DD") for the preset named
// game. A malformed date, one before First, or an unknown preset is a
// *mastermind.InputError naming "date" or "game".
func Of(date, game string) (Daily, error) {
	n, err := Number(date)
	if err != nil {
		return Daily{}, err
	}
	if _, err := mastermind.Preset(game); err != nil {
		return Daily{}, &mastermind.InputError{Where: "game", Err: err}
	}
	return Daily{Number: n, Seed: Seed(date, game)}, nil
}

// Number returns the number of date: 1 for First, 2 for the day after. A
// malformed date or one before First is a *mastermind.InputError about
// "date".
func Number(date string) (int, error) {
	d, err := parse(date)
	if err != nil {
		return 0, err
	}
	first, _ := parse(First)
	days := (d.Unix() - first.Unix()) / 86400 // UTC days have 86400 s
	if days < 0 {
		return 0, mastermind.Invalid("date", "%s is before the first daily code (#1 is %s)", date, First)
	}
	return int(days) + 1, nil
}

// Seed returns the seed of date and game by the rule of the package doc,
// without checking either.
func Seed(date, game string) int {
	sum := sha256.Sum256([]byte(date + "|" + game))
	return int(binary.BigEndian.Uint64(sum[:8]) % Seeds)
}

// parse reads a date written "YYYY-MM-DD", a day of the calendar. Its
// length and places are counted in characters, not bytes ("２026-11-01" is
// ten characters, the first not a digit).
func parse(date string) (time.Time, error) {
	bad := func(why string) (time.Time, error) {
		return time.Time{}, mastermind.Invalid("date", "%q is not a date written YYYY-MM-DD (%s)", quote.Cut(date, quote.Max), why)
	}
	if n := utf8.RuneCountInString(date); n != len(layout) {
		return bad(fmt.Sprintf("%d characters, not %d", n, len(layout)))
	}
	i := 0
	for _, c := range date {
		i++
		if i == 5 || i == 8 {
			if c != '-' {
				return bad(fmt.Sprintf("character %d is not -: %q", i, c))
			}
		} else if c < '0' || c > '9' {
			return bad(fmt.Sprintf("character %d is not a digit: %q", i, c))
		}
	}
	t, err := time.Parse(layout, date)
	if err != nil {
		return bad("no such day in the calendar")
	}
	return t, nil
}

// Secret returns the secret of You guess for seed as the page draws it
// (web/static/breaker.js, secretOf): mulberry32 from the seed, a colour a
// position (drawn without repeats when g has none).
func Secret(g mastermind.Game, seed int) mastermind.Code {
	a := uint32(seed)
	next := func() float64 { // mulberry32
		a += 0x6D2B79F5
		t := a
		t = (t ^ t>>15) * (t | 1)
		t ^= t + (t^t>>7)*(t|61)
		return float64(t^t>>14) / 4294967296
	}
	colors := make([]uint8, g.Colors)
	for i := range colors {
		colors[i] = uint8(i)
	}
	code := make(mastermind.Code, g.Positions)
	for i := range code {
		if g.Distinct {
			j := i + int(next()*float64(g.Colors-i))
			colors[i], colors[j] = colors[j], colors[i]
			code[i] = colors[i]
		} else {
			code[i] = uint8(next() * float64(g.Colors))
		}
	}
	return code
}
