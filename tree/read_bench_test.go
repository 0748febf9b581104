package tree

import (
	"bytes"
	"os"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// BenchmarkReadJSON times ReadJSON, with all its checks, on classic's
// shipped optimal tree: the work of optimal.Known that the static site does
// before its first guess.
func BenchmarkReadJSON(b *testing.B) {
	data, err := os.ReadFile("../optimal/trees/classic.json")
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
