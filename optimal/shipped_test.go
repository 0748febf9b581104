package optimal

import (
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestShipped checks that Shipped agrees with Known on every preset: a tree
// is reported exactly when Known returns one.
func TestShipped(t *testing.T) {
	for _, p := range mastermind.Presets() {
		name, g := p.Name, p.Game
		if g.Count() > 1e6 {
			if Shipped(g) {
				t.Errorf("%s: Shipped true for a game of %.0f codes", name, g.Count())
			}
			continue
		}
		s, err := mastermind.NewSpace(g)
		if err != nil {
			continue
		}
		_, want := Known(s)
		if got := Shipped(g); got != want {
			t.Errorf("%s: Shipped = %v, Known found a tree: %v", name, got, want)
		}
	}
}
