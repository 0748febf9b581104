package tree

import (
	"bytes"
	"os"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// classicFile is classic's shipped optimal tree, gzipped JSON.
const classicFile = "../optimal/optima/4x6.json.gz"

// BenchmarkReadJSON times ReadJSON, with all its checks, on classic's
// shipped optimal tree as it is shipped, gzipped: the work of optimal.Known
// that the static site does before its first guess.
func BenchmarkReadJSON(b *testing.B) {
	data, err := os.ReadFile(classicFile)
	if err != nil {
		b.Fatal(err)
	}
	s, err := mastermind.NewSpace(mastermind.Classic())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := ReadJSON(bytes.NewReader(data), s); err != nil {
			b.Fatal(err)
		}
	}
}
