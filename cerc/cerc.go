package cerc

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// Families lists the kinds of instances Generate makes.
var Families = []string{"random", "close", "few", "mixed"}

// generateStream is the PCG stream WriteGenerated draws from: "cerc" in
// ASCII, so that its draws differ from those of other packages' seeds.
const generateStream = 0x63657263

// WriteGenerated writes, in the solve format, n instances of the family
// drawn from seed (see [Generate]), each one cheated with probability
// cheat. An unknown family is an *InputError, and then nothing is written.
//
// A count or size beyond the limits the reader checks (MaxCases,
// MaxCasePositions, MaxCaseColors, MaxCaseGuesses) is an *InputError too:
// what is written reads back.
func WriteGenerated(w io.Writer, family string, n int, seed uint64, p, c, m int, cheat float64) error {
	if n < 0 || n > MaxCases {
		return mastermind.Invalid("", "%d cases: want 0..%d", n, MaxCases)
	}
	if msg := checkSize(p, c, m); msg != "" {
		return mastermind.Invalid("", "%s", msg)
	}
	if !slices.Contains(Families, family) {
		return unknownFamily(family)
	}
	r := rand.New(rand.NewPCG(seed, generateStream))
	out := bufio.NewWriter(w)
	fmt.Fprintln(out, n)
	for range n {
		k, err := Generate(r, family, p, c, m, r.Float64() < cheat)
		if err != nil {
			return err
		}
		if err := WriteCase(out, k); err != nil {
			return err
		}
	}
	return out.Flush()
}

// unknownFamily is the *InputError of a family Generate does not know.
func unknownFamily(family string) error {
	return mastermind.Invalid("", "unknown family %q (known: %s)", family, strings.Join(Families, ", "))
}

// Generate returns an instance of the family with p positions, c colours and
// m answers from a random secret; with cheat, one answer is changed so that
// (usually) no code satisfies them all.
//
//   - random: guesses uniformly at random;
//   - close: guesses that differ from the secret in one to four positions;
//   - few: guesses over two or three colours each;
//   - mixed: a mix of the three.
func Generate(r *rand.Rand, family string, p, c, m int, cheat bool) (Case, error) {
	if !slices.Contains(Families, family) {
		return Case{}, unknownFamily(family)
	}
	g := mastermind.Game{Positions: p, Colors: c}
	secret := g.Random(r)
	k := Case{Positions: p, Colors: c}
	for range m {
		fam := family
		if fam == "mixed" {
			fam = Families[r.IntN(3)]
		}
		var guess mastermind.Code
		switch fam {
		case "random":
			guess = g.Random(r)
		case "close":
			guess = slices.Clone(secret)
			for range 1 + r.IntN(min(4, p)) {
				guess[r.IntN(p)] = uint8(r.IntN(c))
			}
		case "few":
			palette := []uint8{uint8(r.IntN(c)), uint8(r.IntN(c)), uint8(r.IntN(c))}[:2+r.IntN(2)]
			if r.IntN(2) == 0 {
				palette[0] = secret[r.IntN(p)] // keep some answers non-zero
			}
			guess = make(mastermind.Code, p)
			for i := range guess {
				guess[i] = palette[r.IntN(len(palette))]
			}
		}
		k.History = append(k.History, mastermind.Turn{Guess: guess, Feedback: mastermind.Score(secret, guess)})
	}
	if cheat && m > 0 {
		t := &k.History[r.IntN(m)]
		for {
			f := mastermind.Feedback{Black: r.IntN(p + 1)}
			f.White = r.IntN(p + 1 - f.Black)
			if f != t.Feedback {
				t.Feedback = f
				break
			}
		}
	}
	return k, nil
}
