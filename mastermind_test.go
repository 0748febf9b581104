package mastermind

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// referenceScore is the definition, written apart from the engine (testkit).
var referenceScore = testkit.Feedback[Feedback, Code]

func TestScoreExamples(t *testing.T) {
	digits := Game{Positions: 4, Colors: 10}
	// TopCoder's table uses letters: R=0, G=1, B=2.
	letters := map[rune]uint8{'R': 0, 'G': 1, 'B': 2}
	fromLetters := func(s string) Code {
		c := make(Code, len(s))
		for i, r := range s {
			c[i] = letters[r]
		}
		return c
	}
	tests := []struct {
		secret, guess Code
		want          Feedback
	}{
		// The scores of kwanghoon's blog post on a Haskell program that
		// guesses a number (github.com/kwanghoon/mastermind), secret 2113.
		{mustParse(digits, "2113"), mustParse(digits, "1234"), Feedback{Black: 0, White: 3}},
		{mustParse(digits, "2113"), mustParse(digits, "1111"), Feedback{Black: 2, White: 0}},
		{mustParse(digits, "2113"), mustParse(digits, "1212"), Feedback{Black: 1, White: 2}},
		{mustParse(digits, "2113"), mustParse(digits, "2113"), Feedback{Black: 4, White: 0}},
		// The examples of the statement of TopCoder Marathon Match 2,
		// "MasterMind" (secret RRGR).
		{fromLetters("RRGR"), fromLetters("RRRG"), Feedback{Black: 2, White: 2}},
		{fromLetters("RRGR"), fromLetters("RRRB"), Feedback{Black: 2, White: 1}},
		{fromLetters("RRGR"), fromLetters("RBRB"), Feedback{Black: 1, White: 1}},
		{fromLetters("RRGR"), fromLetters("GGRG"), Feedback{Black: 0, White: 2}},
		{fromLetters("RRGR"), fromLetters("RBGB"), Feedback{Black: 2, White: 0}},
	}
	for _, tt := range tests {
		if got := Score(tt.secret, tt.guess); got != tt.want {
			t.Errorf("Score(%v, %v) = %v, want %v", tt.secret, tt.guess, got, tt.want)
		}
	}
}

func mustParse(g Game, s string) Code {
	c, err := g.ParseCode(s)
	if err != nil {
		panic(err)
	}
	return c
}

func randomCode(r *rand.Rand, n, k int) Code {
	c := make(Code, n)
	for i := range c {
		c[i] = uint8(r.IntN(k))
	}
	return c
}

func TestScoreMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n, k := 1+r.IntN(100), 2+r.IntN(99)
		if r.IntN(2) == 0 { // small games have many more coincidences
			n, k = 1+r.IntN(8), 2+r.IntN(5)
		}
		s, g := randomCode(r, n, k), randomCode(r, n, k)
		if got, want := Score(s, g), referenceScore(s, g); got != want {
			t.Fatalf("Score(%v, %v) = %v, want %v", s, g, got, want)
		}
		if a, b := Score(s, g), Score(g, s); a != b {
			t.Fatalf("Score is not symmetric: Score(%v, %v) = %v but Score(%v, %v) = %v", s, g, a, g, s, b)
		}
	}
}

func FuzzScore(f *testing.F) {
	f.Add([]byte{2, 1, 1, 3}, []byte{1, 2, 3, 4})
	f.Add([]byte{0, 0, 1, 0}, []byte{0, 0, 0, 1})
	f.Add([]byte{9, 9, 9}, []byte{9, 9, 9})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		n := min(len(a), len(b), MaxPositions)
		s, g := Code(a[:n]), Code(b[:n])
		for i := range n {
			s[i] %= MaxColors
			g[i] %= MaxColors
		}
		got, want := Score(s, g), referenceScore(s, g)
		if got != want {
			t.Fatalf("Score(%v, %v) = %v, want %v", s, g, got, want)
		}
	})
}

var spaceGames = []Game{
	{Positions: 1, Colors: 2},
	{Positions: 4, Colors: 6},
	{Positions: 4, Colors: 10, Distinct: true},
	{Positions: 3, Colors: 5, Distinct: true},
	{Positions: 5, Colors: 3},
	{Positions: 8, Colors: 2},  // too many positions for packed counts
	{Positions: 3, Colors: 20}, // too many colours to pack
	{Positions: 3, Colors: 20, Distinct: true},
	{Positions: 7, Colors: 3},
}

func TestSpaceEnumeratesInOrder(t *testing.T) {
	for _, g := range spaceGames {
		s, err := NewSpace(g)
		if err != nil {
			t.Fatalf("NewSpace(%v): %v", g, err)
		}
		if float64(s.Len()) != g.Count() {
			t.Errorf("NewSpace(%v).Len() = %d, want %v", g, s.Len(), g.Count())
		}
		for i := range s.Len() {
			c := s.Code(i)
			if err := g.ValidCode(c); err != nil {
				t.Fatalf("%v: code %d (%v) is invalid: %v", g, i, c, err)
			}
			if j, ok := s.Index(c); !ok || j != i {
				t.Fatalf("%v: Index(%v) = %d, %v, want %d, true", g, c, j, ok, i)
			}
			if i > 0 && !less(s.Code(i-1), c) {
				t.Fatalf("%v: code %d (%v) does not come after %v", g, i, c, s.Code(i-1))
			}
		}
	}
}

func less(a, b Code) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func TestSpaceScoreMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, g := range spaceGames {
		s, _ := NewSpace(g)
		secrets := make([]int32, 0, 64)
		for range 64 {
			secrets = append(secrets, int32(r.IntN(s.Len())))
		}
		out := make([]Outcome, len(secrets))
		for range 200 {
			guess := r.IntN(s.Len())
			s.Outcomes(guess, secrets, out)
			for i, x := range secrets {
				want := referenceScore(s.Code(int(x)), s.Code(guess))
				if got := s.Score(int(x), guess); got != want {
					t.Fatalf("%v: Space.Score(%v, %v) = %v, want %v", g, s.Code(int(x)), s.Code(guess), got, want)
				}
				if got := g.FeedbackOf(out[i]); got != want {
					t.Fatalf("%v: Space.Outcomes for %v, %v = %v, want %v", g, s.Code(int(x)), s.Code(guess), got, want)
				}
			}
		}
	}
}

// TestSplit checks Split against its definition: the candidates of each
// outcome, in their order, at starts[o]:starts[o+1], with buffers reused
// from a larger game so that stale contents would show.
func TestSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	parts := make([]int32, 4096)
	starts := make([]int, 100)
	for i := range starts {
		starts[i] = -7
	}
	for _, g := range spaceGames {
		s, _ := NewSpace(g)
		for _, n := range []int{0, 1, 2, 50, min(s.Len(), 1000)} {
			cands := make([]int32, 0, n)
			for range n {
				cands = append(cands, int32(r.IntN(s.Len())))
			}
			guess := r.IntN(s.Len())
			out := make([]Outcome, n)
			s.Outcomes(guess, cands, out)
			for i := range parts {
				parts[i] = -1
			}
			g.Split(cands, out, parts[:n], starts)
			if starts[0] != 0 || starts[g.Outcomes()] != n {
				t.Fatalf("%v, %d candidates: starts run from %d to %d", g, n, starts[0], starts[g.Outcomes()])
			}
			for o := range g.Outcomes() {
				var want []int32
				for i, x := range cands {
					if out[i] == Outcome(o) {
						want = append(want, x)
					}
				}
				got := parts[starts[o]:starts[o+1]]
				if len(got) != len(want) {
					t.Fatalf("%v, %d candidates, outcome %d: %d codes, want %d", g, n, o, len(got), len(want))
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%v, %d candidates, outcome %d: %v, want %v", g, n, o, got, want)
					}
				}
			}
		}
	}
}

// TestValidFeedback checks that ValidFeedback accepts all feedback that some
// pair of codes produces, and, in the usual games, only that feedback.
func TestValidFeedback(t *testing.T) {
	exact := map[Game]bool{Classic(): true, Bulls(): true, {Positions: 4, Colors: 5, Distinct: true}: true, {Positions: 3, Colors: 5, Distinct: true}: true, {Positions: 4, Colors: 4, Distinct: true}: true}
	games := append(spaceGames, Game{Positions: 4, Colors: 5, Distinct: true}, Game{Positions: 4, Colors: 4, Distinct: true})
	for _, g := range games {
		if g.Count() > 6000 {
			continue
		}
		s, _ := NewSpace(g)
		seen := map[Feedback]bool{}
		for i := range s.Len() {
			for j := range s.Len() {
				seen[s.Score(i, j)] = true
			}
		}
		for b := -1; b <= g.Positions+1; b++ {
			for w := -1; w <= g.Positions+1; w++ {
				f := Feedback{Black: b, White: w}
				err := g.ValidFeedback(f)
				if seen[f] && err != nil || exact[g] && !seen[f] && err == nil {
					t.Errorf("%v: ValidFeedback(%v) = %v, but feedback occurs: %v", g, f, err, seen[f])
				}
			}
		}
	}
}

func TestParseCode(t *testing.T) {
	classic := Classic()
	big := Game{Positions: 3, Colors: 40}
	tests := []struct {
		g    Game
		in   string
		want string // String() of the code, or "" for an error
	}{
		{classic, "0123", "0 1 2 3"},
		{classic, "0 1 2 3", "0 1 2 3"},
		{classic, " 5,5,5,5 ", "5 5 5 5"},
		{classic, "0126", ""},
		{classic, "012", ""},
		{classic, "0 1 2 x", ""},
		{Bulls(), "0012", ""},
		{Game{Positions: 2, Colors: 12}, "AL", "0 11"},
		{big, "39 0 12", "39 0 12"},
		{big, "40 0 12", ""},
		{Game{Positions: 1, Colors: 5}, "4", "4"},
	}
	for _, tt := range tests {
		c, err := tt.g.ParseCode(tt.in)
		got := ""
		if err == nil {
			got = c.String()
		}
		if got != tt.want {
			t.Errorf("%v: ParseCode(%q) = %q (error %v), want %q", tt.g, tt.in, got, err, tt.want)
		}
	}
}

func TestCompact(t *testing.T) {
	tests := []struct {
		c      Code
		colors int
		want   string
	}{
		{Code{0, 1, 2, 3}, 6, "0123"},
		{Code{0, 11, 2}, 12, "ALC"},
		{Code{0, 30}, 40, "0 30"},
	}
	for _, tt := range tests {
		if got := tt.c.Compact(tt.colors); got != tt.want {
			t.Errorf("%v.Compact(%d) = %q, want %q", tt.c, tt.colors, got, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	bad := []Game{{Positions: 0, Colors: 6, Distinct: false}, {Positions: 101, Colors: 6, Distinct: false}, {Positions: 4, Colors: 1, Distinct: false}, {Positions: 4, Colors: 101, Distinct: false}, {Positions: 5, Colors: 4, Distinct: true}}
	for _, g := range bad {
		if g.Validate() == nil {
			t.Errorf("Game%+v.Validate() = nil, want an error", g)
		}
	}
	for _, p := range Presets() {
		name, g := p.Name, p.Game
		if err := g.Validate(); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
	if _, err := NewSpace(Game{Positions: 10, Colors: 10}); err == nil {
		t.Errorf("NewSpace(10x10) enumerated 10^10 codes")
	}
}

func BenchmarkOutcomes(b *testing.B) {
	for _, name := range []string{"classic", "bulls", "super"} {
		b.Run(name, func(b *testing.B) {
			g, _ := Preset(name)
			s, _ := NewSpace(g)
			secrets := make([]int32, s.Len())
			for i := range secrets {
				secrets[i] = int32(i)
			}
			out := make([]Outcome, len(secrets))
			guess := 0
			for b.Loop() {
				s.Outcomes(guess, secrets, out)
				guess = (guess + 7) % s.Len()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(secrets)), "ns/score")
		})
	}
}

func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, g := range []Game{{Positions: 4, Colors: 6, Distinct: false}, {Positions: 4, Colors: 10, Distinct: true}, {Positions: 100, Colors: 20, Distinct: false}, {Positions: 10, Colors: 10, Distinct: true}} {
		seen := map[string]bool{}
		for range 50 {
			c := g.Random(r)
			if err := g.ValidCode(c); err != nil {
				t.Fatalf("%v: Random gave %v: %v", g, c, err)
			}
			seen[c.String()] = true
		}
		if len(seen) < 40 {
			t.Errorf("%v: only %d different codes in 50 draws", g, len(seen))
		}
	}
}

// TestPresetsIsACopy checks that changing the slice Presets returns
// changes no preset.
func TestPresetsIsACopy(t *testing.T) {
	p := Presets()
	p[0].Game = Game{Positions: 9, Colors: 9}
	p[1].Name = "cows"
	if g, err := Preset("classic"); err != nil || g != (Game{Positions: 4, Colors: 6}) || Classic() != g {
		t.Errorf(`Preset("classic") = %v, %v after a change of Presets(), want 4 positions of 6 colours`, g, err)
	}
	if _, err := Preset("bulls"); err != nil || Presets()[1].Name != "bulls" {
		t.Errorf(`Preset("bulls") = %v after a change of Presets(), want Bulls and Cows`, err)
	}
}

// TestPresetsFixed checks that the presets are no variables a caller could
// change: the root package exports no variable that holds a Game.
func TestPresetsFixed(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.VAR {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					holdsGame := false
					if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "Game" {
						holdsGame = true
					}
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.CompositeLit); ok {
							if id, ok := lit.Type.(*ast.Ident); ok && id.Name == "Game" {
								holdsGame = true
							}
						}
					}
					if name.IsExported() && holdsGame {
						t.Errorf("%s: the exported variable %s holds a Game that any caller can change", file, name.Name)
					}
				}
			}
		}
	}
}

// TestGameName checks that ParseGame reads back what Name writes, for the
// presets and for games given by their size, and refuses what is no game.
func TestGameName(t *testing.T) {
	want := map[Game]string{
		{Positions: 4, Colors: 6}:                  "classic",
		{Positions: 4, Colors: 10, Distinct: true}: "bulls",
		{Positions: 4, Colors: 7}:                  "4x7",
		{Positions: 4, Colors: 8, Distinct: true}:  "4of8",
		{Positions: 10, Colors: 100}:               "10x100",
	}
	for g, name := range want {
		if got := g.Name(); got != name {
			t.Errorf("%+v.Name() = %q, want %q", g, got, name)
		}
		if back, err := ParseGame(name); err != nil || back != g {
			t.Errorf("ParseGame(%q) = %+v, %v, want %+v", name, back, err, g)
		}
	}
	for _, p := range Presets() {
		if back, err := ParseGame(p.Name); err != nil || back != p.Game || p.Game.Name() != p.Name {
			t.Errorf("preset %s: ParseGame = %+v, %v; Name = %q", p.Name, back, err, p.Game.Name())
		}
		if back, err := ParseGame(p.Game.Size()); err != nil || back != p.Game {
			t.Errorf("preset %s: ParseGame(%q) = %+v, %v", p.Name, p.Game.Size(), back, err)
		}
	}
	if got := (Game{Positions: 4, Colors: 10, Distinct: true}).Size(); got != "4of10" {
		t.Errorf("Size of bulls = %q, want 4of10", got)
	}
	for _, bad := range []string{"", "4x", "x4", "4of", "4 x 6", "+4x6", "4x-6", "4x1", "5of4", "0x6", "classics", "4x6d", "4x6 distinct"} {
		if g, err := ParseGame(bad); err == nil {
			t.Errorf("ParseGame(%q) = %+v, want an error", bad, g)
		}
	}
}

// TestAnswerVectors checks ValidFeedback against the answers the page and
// the engine share (internal/testkit's vectors, each checked there by
// brute force): possible answers taken, impossible ones refused.
func TestAnswerVectors(t *testing.T) {
	for file, possible := range map[string]bool{"answer-possible": true, "answer-impossible": false} {
		for _, v := range testkit.Vectors(file) {
			var x [4]int
			for i, f := range []string{v.Fields[0], v.Fields[1], v.Fields[3], v.Fields[4]} {
				x[i], _ = strconv.Atoi(f)
			}
			g := Game{Positions: x[0], Colors: x[1], Distinct: v.Fields[2] == "distinct"}
			if err := g.ValidFeedback(Feedback{Black: x[2], White: x[3]}); (err == nil) != possible {
				t.Errorf("%s: %v.ValidFeedback(%d %d) = %v, want possible %v", v.Where, g, x[2], x[3], err, possible)
			}
		}
	}
}
