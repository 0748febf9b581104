package optimal

import (
	"context"
	"testing"

	"github.com/mastermind-go/mastermind"
)

func BenchmarkClassic(b *testing.B) {
	s, _ := mastermind.NewSpace(mastermind.Presets["classic"])
	for b.Loop() {
		if _, err := Solve(context.Background(), s, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
