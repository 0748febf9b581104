package optimal

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

func TestScratchParts(t *testing.T) {
	g := mastermind.Game{Positions: 7, Colors: 7, Distinct: true}
	if os.Getenv("SCR") == "6" {
		g = mastermind.Game{Positions: 6, Colors: 7, Distinct: true}
	}
	s, _ := mastermind.NewSpace(g)
	f, err := os.Open(os.Getenv("CKPT"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadCheckpoint(f, s, 0)
	if err != nil {
		t.Fatal(err)
	}
	sv := newSolver(s, 0)
	sv.resume(c)
	all := consistent.All(s)
	h, _ := NewHybrid(context.Background(), s, strategy.Heuristic{Measure: strategy.Entropy}, 100)
	sum := len(all)
	for _, p := range sv.partition(all, 0, make([]mastermind.Outcome, len(all))) {
		hist := []mastermind.Turn{{Guess: s.Code(0), Feedback: p.feedback}}
		var kb keyBuffer
		e, ok := sv.recall(sv.key(&kb, p.cands, sv.maxDepth))
		var b [5]int
		var ds [5]time.Duration
		for lv := 0; lv <= 4; lv++ {
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Second)
			sv.ctx = ctx
			t0 := time.Now()
			b[lv] = sv.provenBound(hist, p.cands, sv.maxDepth, lv)
			ds[lv] = time.Since(t0).Round(time.Millisecond)
			if ctx.Err() != nil {
				b[lv] = -1
			}
			cancel()
			if b[lv] < 0 {
				break
			}
		}
		t.Logf("   times %v", ds)
		sum += b[2]
		// hybrid total of the part
		st := &mastermind.State{Space: s, History: hist, Candidates: p.cands}
		_ = st
		_ = tree.MaxDepth
		t.Logf("part %v: %d codes, least %d, memo %v %v, proven lv0..3 %v", p.feedback, len(p.cands), sv.least[len(p.cands)], e, ok, b)
	}
	_ = h
	t.Logf("sum (lv2) %d", sum)
}
