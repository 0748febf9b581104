package explain

import (
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// TestPartitionUnderRules checks Partition under black and slots against
// the answers of testkit's reference: each part's answer and size, each
// answer once, most blacks first.
func TestPartitionUnderRules(t *testing.T) {
	for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
		g := mastermind.Classic()
		g.Rule = rule
		s, _ := mastermind.NewSpace(g)
		for _, x := range []string{"0011", "0123", "5555"} {
			guess, _ := g.ParseCode(x)
			want := map[mastermind.Feedback]int{}
			for i := range s.Len() {
				want[testkit.Answer[mastermind.Feedback](rule.String(), s.Code(i), guess)]++
			}
			parts, sp := Partition(s, consistent.All(s), guess)
			if len(parts) != len(want) || sp.Parts != len(want) {
				t.Fatalf("%v, %s: %d parts, want %d", g, x, len(parts), len(want))
			}
			for i, p := range parts {
				if want[p.Feedback] != p.Codes {
					t.Errorf("%v, %s: %s leaves %d codes, want %d", g, x, rule.Format(p.Feedback), p.Codes, want[p.Feedback])
				}
				if i > 0 && parts[i-1].Black < p.Black {
					t.Errorf("%v, %s: %s before %s", g, x, rule.Format(parts[i-1].Feedback), rule.Format(p.Feedback))
				}
			}
		}
	}
}
