package optimal

import (
	"context"
	"os"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

func TestZZParts(t *testing.T) {
	name := os.Getenv("ZZ_CKPT")
	if name == "" {
		t.Skip()
	}
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 6, Colors: 7, Distinct: true})
	f, _ := os.Open(name)
	c, err := ReadCheckpoint(f, s, 0)
	if err != nil {
		t.Fatal(err)
	}
	all, exact := c.Sets()
	t.Logf("sets %d exact %d", all, exact)
	sv, _ := start(context.Background(), s, Options{Resume: c})
	cands := consistent.All(s)
	sv.pairs = newPairForms(cands)
	_, classes := sv.firstGuesses(cands, sv.maxDepth)
	for _, parts := range classes {
		tot := len(cands)
		for _, p := range parts {
			t.Logf("part %d least %d bound %d", len(p.cands), sv.least[len(p.cands)], p.bound)
			tot += p.bound
		}
		t.Logf("total %d", tot)
	}
}
