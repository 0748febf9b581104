// Package mastermind is the engine's core. A [Game] (a preset by its name:
// [Preset]; all of them: [Presets]; its own name: [Game.Name]) has codes
// ([Code], read by [Game.ParseCode]) and an answer [Rule] (black-white,
// black or slots); [Game.Answer] answers a guess with a [Feedback] under
// it ([Score] is black-white's), [Rule.Format] writes an answer and
// [Game.ParseFeedback] reads one; [NewSpace] lists every code of a game. A [Breaker] is a
// code-breaker in play, the one interface every front end drives (package
// choose gives the best for a game); enumerated breakers play a [Strategy].
// Bad input is an [InputError], answers no code gives a [ConflictError].
//
// Nothing here knows about strategies or I/O: packages strategy, optimal
// and large implement them, consistent reasons about histories, and tree
// evaluates strategies.
package mastermind

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/words"
)

// Limits on the size of a game.
const (
	MaxPositions = 100
	MaxColors    = 100
)

// A Game is the set of rules: how many positions a code has, how many colours
// each position can take (numbered 0..Colors-1), whether the colours of a
// code must be distinct, and how a guess is answered (its [Rule]; the zero
// value is BlackWhite). In JSON it is {"positions":N,"colors":K,"distinct":B},
// the web API's form, with "feedback":RULE when the rule is not
// black-white.
type Game struct {
	Positions int  `json:"positions"`
	Colors    int  `json:"colors"`
	Distinct  bool `json:"distinct"`
	Rule      Rule `json:"feedback,omitempty"`
}

// The presets, the games known by name, each written here once. They are
// functions, so that no caller can change a preset for the others; Preset
// finds one by its name, Presets lists them all.

// Classic is Mastermind (Knuth 1976): 4 positions, 6 colours, repeats.
func Classic() Game { return Game{Positions: 4, Colors: 6} }

// Bulls is Bulls and Cows: 4 positions, 10 colours, distinct.
func Bulls() Game { return Game{Positions: 4, Colors: 10, Distinct: true} }

// Super is Super Mastermind (Logik): 5 positions, 8 colours, repeats.
func Super() Game { return Game{Positions: 5, Colors: 8} }

// Digits is n-digit numbers with repeats: 4 positions, 10 colours.
func Digits() Game { return Game{Positions: 4, Colors: 10} }

// A PresetInfo describes a preset: a game known by name.
type PresetInfo struct {
	Name  string // what --game and the web API take: "classic"
	Title string // its name in menus: "Classic"
	About string // what it is: "Mastermind (Knuth 1976)"
	Game
}

// presets is the one table of the presets, in the order of the
// documentation (the README's table is checked against it).
var presets = [...]PresetInfo{
	{"classic", "Classic", "Mastermind (Knuth 1976)", Classic()},
	{"bulls", "Bulls and Cows", "Bulls and Cows", Bulls()},
	{"super", "Super", "Super Mastermind", Super()},
	{"digits", "Digits", "n-digit numbers (-p changes n)", Digits()},
}

// Presets returns the presets in the order of the documentation (classic,
// bulls, super, digits), a new slice at each call.
func Presets() []PresetInfo { return slices.Clone(presets[:]) }

// Preset returns the game of the preset named name: the one lookup of the
// presets, for the commands and the web API alike. An unknown name is an
// error that lists the known ones.
func Preset(name string) (Game, error) {
	for _, p := range presets {
		if p.Name == name {
			return p.Game, nil
		}
	}
	return Game{}, fmt.Errorf("unknown game \"%s\" (known: %s)", quote.Cut(name, quote.Max), strings.Join(presetNames(), ", "))
}

// presetNames returns the names of the presets in alphabetical order, as
// messages list them.
func presetNames() []string {
	names := make([]string, 0, len(presets))
	for _, p := range presets {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	return names
}

// Name returns the game's one short name: its preset's ("classic"), else
// its Size ("4x7", "4of8"); under a rule other than black-white, followed
// by "-" and the rule's name ("classic-slots", "4x7-black"). ParseGame
// reads it back.
func (g Game) Name() string {
	base := g
	base.Rule = BlackWhite
	for _, p := range presets {
		if p.Game == base {
			return p.Name + g.ruleSuffix()
		}
	}
	return g.Size()
}

// Size names the game by its size, preset or not: "PxK" with repeats
// ("4x6", "4x7") or "PofK" with distinct colours ("4of10"), as the
// shipped trees' files are named, followed as in Name by the rule when it
// is not black-white ("4x6-slots"). ParseGame reads it back.
func (g Game) Size() string {
	sep := "x"
	if g.Distinct {
		sep = "of"
	}
	return fmt.Sprintf("%d%s%d", g.Positions, sep, g.Colors) + g.ruleSuffix()
}

// ruleSuffix returns what Name and Size add for the game's rule: nothing
// under black-white, else "-" and the rule's name.
func (g Game) ruleSuffix() string {
	if g.Rule == BlackWhite {
		return ""
	}
	return "-" + g.Rule.String()
}

// ParseGame returns the game of a name as Name or Size writes it: a
// preset, "PxK" or "PofK", each possibly followed by "-" and an answer
// rule ("classic-slots"). A name of no valid game is an error that says
// so.
func ParseGame(name string) (Game, error) {
	for _, r := range Rules() {
		if base, ok := strings.CutSuffix(name, "-"+r.String()); ok && base != "" {
			g, err := parseSize(base)
			if err != nil {
				return Game{}, err
			}
			g.Rule = r
			return g, nil
		}
	}
	return parseSize(name)
}

// parseSize returns the game of a preset's name, "PxK" or "PofK".
func parseSize(name string) (Game, error) {
	if g, err := Preset(name); err == nil {
		return g, nil
	}
	for _, sep := range []string{"x", "of"} {
		a, b, ok := strings.Cut(name, sep)
		if !ok {
			continue
		}
		p, err1 := strconv.Atoi(a)
		k, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || a[0] == '+' || b[0] == '+' || a[0] == '-' || b[0] == '-' {
			continue
		}
		g := Game{Positions: p, Colors: k, Distinct: sep == "of"}
		if err := g.Validate(); err != nil {
			return Game{}, fmt.Errorf("game \"%s\": %v", quote.Cut(name, quote.Max), err)
		}
		return g, nil
	}
	return Game{}, fmt.Errorf("unknown game \"%s\" (known: %s, or PxK, or PofK with distinct colours)", quote.Cut(name, quote.Max), strings.Join(presetNames(), ", "))
}

// Validate reports whether the game is within the supported limits.
func (g Game) Validate() error {
	switch {
	case g.Positions < 1 || g.Positions > MaxPositions:
		return fmt.Errorf("positions must be between 1 and %d, not %d", MaxPositions, g.Positions)
	case g.Colors < 2 || g.Colors > MaxColors:
		return fmt.Errorf("colours must be between 2 and %d, not %d", MaxColors, g.Colors)
	case g.Distinct && g.Colors < g.Positions:
		return fmt.Errorf("a game with distinct colours needs at least as many colours (%d) as positions (%d)", g.Colors, g.Positions)
	case int(g.Rule) >= len(ruleNames):
		return fmt.Errorf("no answer rule %d (known: %s)", int(g.Rule), strings.Join(ruleNames[:], ", "))
	}
	return nil
}

// String describes the game, for example "4 positions, 6 colours, repeats
// allowed", followed under another rule than black-white by what it
// answers: ", blacks only" or ", a mark per position".
func (g Game) String() string {
	rep := "repeats allowed"
	if g.Distinct {
		rep = "distinct colours"
	}
	s := fmt.Sprintf("%s, %d colours, %s", words.Count(g.Positions, "position"), g.Colors, rep)
	if a := g.Rule.about(); a != "" {
		s += ", " + a
	}
	return s
}

// Count returns the number of codes of the game as a float64, which is exact
// up to 2^53 and a good estimate beyond.
func (g Game) Count() float64 {
	if !g.Distinct {
		return math.Pow(float64(g.Colors), float64(g.Positions))
	}
	n := 1.0
	for i := 0; i < g.Positions; i++ {
		n *= float64(g.Colors - i)
	}
	return n
}

// ValidCode reports whether c is a code of the game.
func (g Game) ValidCode(c Code) error {
	if len(c) != g.Positions {
		return fmt.Errorf("a code has %d positions, not %d", g.Positions, len(c))
	}
	var seen [256]bool
	for i, x := range c {
		if int(x) >= g.Colors {
			return fmt.Errorf("colour %d at position %d is out of range 0..%d", x, i+1, g.Colors-1)
		}
		if g.Distinct && seen[x] {
			return fmt.Errorf("colour %d repeats, but the game needs distinct colours", x)
		}
		seen[x] = true
	}
	return nil
}

// ValidFeedback reports whether some secret could give feedback f to some
// guess of the game. It rejects negative numbers, B+W > N, B = N-1 with W = 1
// and, with distinct colours, B+W below the number of common colours that
// the pigeonhole principle forces (2N-K). Under BlackOnly it rejects B out
// of 0..N, a White, and with distinct colours and K = N, B = N-1; under
// Slots, what validSlots does.
func (g Game) ValidFeedback(f Feedback) error {
	n := g.Positions
	switch g.Rule {
	case Slots:
		return g.validSlots(f)
	case BlackOnly:
		switch {
		case f.White != 0 || f.Marks != "":
			return fmt.Errorf("answer %v: under the rule black an answer is B only", f)
		case f.Black < 0 || f.Black > n:
			return fmt.Errorf("answer %d is out of range 0..%d", f.Black, n)
		case g.Distinct && g.Colors == n && n > 1 && f.Black == n-1:
			return fmt.Errorf("answer %d is impossible: with %d distinct of %d colours the last colour is right too", f.Black, n, g.Colors)
		}
		return nil
	}
	switch {
	case f.Marks != "":
		return fmt.Errorf("answer %q: marks are answers of the rule slots", quote.Cut(f.Marks, quote.Max))
	case f.Black < 0 || f.White < 0:
		return fmt.Errorf("feedback %d %d has a negative number", f.Black, f.White)
	case f.Black+f.White > n:
		return fmt.Errorf("feedback %d %d adds up to more than the %d positions", f.Black, f.White, n)
	case f.Black == n-1 && f.White == 1:
		return fmt.Errorf("feedback %d %d is impossible: with %d right, the last colour cannot be misplaced", f.Black, f.White, n-1)
	case g.Distinct && f.Black+f.White < 2*n-g.Colors:
		return fmt.Errorf("feedback %d %d is impossible: with %d distinct of %d colours at least %d colours are common", f.Black, f.White, n, g.Colors, 2*n-g.Colors)
	}
	return nil
}

// Wins reports whether f is the answer that ends a game: every position
// right.
func (g Game) Wins(f Feedback) bool { return f.Black == g.Positions }

// Random returns a code of the game drawn uniformly at random with r.
func (g Game) Random(r *rand.Rand) Code {
	c := make(Code, g.Positions)
	if !g.Distinct {
		for i := range c {
			c[i] = uint8(r.IntN(g.Colors))
		}
		return c
	}
	perm := r.Perm(g.Colors)
	for i := range c {
		c[i] = uint8(perm[i])
	}
	return c
}
