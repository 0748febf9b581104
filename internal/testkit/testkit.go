// Package testkit is what the tests of every package share: the reference
// scorer ([Score], written from the definition, apart from the engine's
// packed scoring) and the test vectors of the rules the page shares with
// the engine ([Vectors]: files of vectors/ named by outcome, as
// filippo.io/age's testkit names them). It imports nothing of the
// project, so that any test, the root package's own included, can use
// it. The presets are the root package's values (mastermind.Classic(), ...);
// the misbehaving program of judge's tests, and the TestMain that runs it,
// are package bot's.
//
// Kind: a test helper, imported by tests only (internal/README.md).
package testkit

import (
	"bufio"
	"embed"
	"fmt"
	"strings"
)

// Score returns the black and white pegs of guess against secret by their
// definition: black the positions where they agree, white the colours
// they have in common (each as often as the fewer of them has it) less
// the blacks. Colours are any comparable values: uint8 as the engine's
// codes, int as JSON's, bytes of a string of digits. Codes of different
// lengths are a mistake of the test: Score panics.
func Score[S ~[]E, E comparable](secret, guess S) (black, white int) {
	if len(secret) != len(guess) {
		panic(fmt.Sprintf("testkit.Score: a secret of %d positions and a guess of %d", len(secret), len(guess)))
	}
	left := map[E]int{} // the secret's colours not yet matched
	for i := range secret {
		if secret[i] == guess[i] {
			black++
		}
		left[secret[i]]++
	}
	common := 0
	for _, c := range guess {
		if left[c] > 0 {
			left[c]--
			common++
		}
	}
	return black, common - black
}

// Blacks returns the positions where secret and guess agree: the answer of
// the rule "black" (black-peg Mastermind), by its definition.
func Blacks[S ~[]E, E comparable](secret, guess S) int {
	if len(secret) != len(guess) {
		panic(fmt.Sprintf("testkit.Blacks: a secret of %d positions and a guess of %d", len(secret), len(guess)))
	}
	n := 0
	for i := range secret {
		if secret[i] == guess[i] {
			n++
		}
	}
	return n
}

// Marks returns the answer of the rule "slots" (Wordle's) by its
// definition, position by position from the left: "G" where the secret
// has the guess's colour; else "Y" if the secret has that colour at a
// position that is neither a "G" nor the colour a "Y" further left already
// took; else ".". It searches the secret for each position anew, marking
// the positions it takes, as a person does on paper.
func Marks[S ~[]E, E comparable](secret, guess S) string {
	if len(secret) != len(guess) {
		panic(fmt.Sprintf("testkit.Marks: a secret of %d positions and a guess of %d", len(secret), len(guess)))
	}
	taken := make([]bool, len(secret)) // positions of the secret used up
	for i := range secret {
		taken[i] = secret[i] == guess[i]
	}
	var b strings.Builder
	for i := range guess {
		if secret[i] == guess[i] {
			b.WriteByte('G')
			continue
		}
		mark := byte('.')
		for j := range secret {
			if !taken[j] && secret[j] == guess[i] {
				taken[j] = true
				mark = 'Y'
				break
			}
		}
		b.WriteByte(mark)
	}
	return b.String()
}

// Feedback is Score as an answer of the engine's type, which testkit
// does not import: testkit.Feedback[mastermind.Feedback](secret, guess).
// Its fields carry the engine's JSON tags, part of the type.
func Feedback[F ~struct {
	Black int    `json:"black"`
	White int    `json:"white"`
	Marks string `json:"marks,omitempty"`
}, S ~[]E, E comparable](secret, guess S) F {
	b, w := Score(secret, guess)
	return F{Black: b, White: w}
}

// Answer is the answer of a rule by its name ("black-white", "black",
// "slots") as an answer of the engine's type: under "black" White is 0,
// under "slots" Black counts the G, White the Y, and Marks holds them.
func Answer[F ~struct {
	Black int    `json:"black"`
	White int    `json:"white"`
	Marks string `json:"marks,omitempty"`
}, S ~[]E, E comparable](rule string, secret, guess S) F {
	switch rule {
	case "black-white":
		return Feedback[F](secret, guess)
	case "black":
		return F{Black: Blacks(secret, guess)}
	case "slots":
		m := Marks(secret, guess)
		return F{Black: strings.Count(m, "G"), White: strings.Count(m, "Y"), Marks: m}
	}
	panic("testkit.Answer: no rule " + rule)
}

//go:embed vectors/*.txt
var vectors embed.FS

// A Vector is a line of a file of vectors: its fields, separated by
// spaces (or, for a file whose header says so, by " | "), and where it is.
type Vector struct {
	Fields []string
	Where  string // "vectors/FILE.txt:LINE"
}

// Vectors returns the vectors of vectors/name.txt, skipping blank lines
// and comments (#). Each file begins with comments that say what its
// vectors are, field by field; its name says the outcome they share
// ("answer-possible", "answer-impossible"). A missing file panics: the
// name is the test's.
func Vectors(name string) []Vector {
	data, err := vectors.ReadFile("vectors/" + name + ".txt")
	if err != nil {
		panic(err)
	}
	var out []Vector
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if strings.Contains(line, " | ") {
			fields = strings.Split(line, " | ")
		}
		out = append(out, Vector{Fields: fields, Where: fmt.Sprintf("vectors/%s.txt:%d", name, n)})
	}
	return out
}

// File returns the text of vectors/name.txt, for a test that hands it on
// (to the page's JavaScript in a browser).
func File(name string) string {
	data, err := vectors.ReadFile("vectors/" + name + ".txt")
	if err != nil {
		panic(err)
	}
	return string(data)
}
