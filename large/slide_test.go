package large

import (
	"math/rand/v2"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/topcoder"
)

// TestSlideKeepsAnswersTrue plays random guesses on a sliding window
// against a secret, scored by mastermind.Score, and settles random
// positions of the window with their colours in the secret: after every
// slide, the secret's window part must fit every re-expressed answer.
func TestSlideKeepsAnswersTrue(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for trial := range 20 {
		g := mastermind.Game{Positions: 40, Colors: 3 + trial%6}
		secret := topcoder.Secret(r, g)
		p := newPlayer(g, Options{Seed: uint64(trial)}, nil)
		p.counts = make([]int, g.Colors)
		for _, c := range secret {
			p.counts[c]++
		}
		known := make([]int, g.Positions)
		order := make([]int, g.Positions)
		for i := range known {
			known[i], order[i] = -1, i
		}
		w := &window{at: order[:12], dormant: order[12:], size: 12}
		w.s = newSearcher(12, g.Colors, nil, nil, windowEffort, r)
		slides := 0
		for len(w.at) > 0 {
			for range 1 + r.IntN(4) {
				// A random guess: the window part, the known colours, the
				// filler on the dormant positions.
				part := make([]uint8, len(w.at))
				for k := range part {
					part[k] = uint8(r.IntN(g.Colors))
				}
				fill := -1
				if len(w.dormant) > 0 {
					fill = r.IntN(g.Colors)
				}
				code := make(mastermind.Code, g.Positions)
				solved := 0
				for i, k := range known {
					if k >= 0 {
						code[i] = uint8(k)
						solved++
					}
				}
				for _, i := range w.dormant {
					code[i] = uint8(fill)
				}
				for k, i := range w.at {
					code[i] = part[k]
				}
				target := mastermind.Score(secret, code).Black - solved
				if fill >= 0 {
					target -= p.rest(known)[fill]
				}
				w.s.add(part, fill, target, 0)
				w.turns = append(w.turns, len(w.turns))
			}
			fix := make([]int, len(w.at))
			for k, i := range w.at {
				fix[k] = -1
				if r.IntN(3) == 0 {
					fix[k] = int(secret[i])
				}
			}
			if err := p.slide(known, w, fix); err != nil {
				t.Fatalf("trial %d: slide: %v", trial, err)
			}
			slides++
			if len(w.at) > w.size || len(w.at) < min(w.size, len(w.at)+len(w.dormant)) {
				t.Fatalf("trial %d: window of %d positions with %d dormant, size %d", trial, len(w.at), len(w.dormant), w.size)
			}
			if len(w.at) == 0 {
				break
			}
			m := &member{code: make([]uint8, len(w.at)), counts: make([]int, g.Colors)}
			for k, i := range w.at {
				m.code[k] = secret[i]
				m.counts[secret[i]]++
			}
			for j := range w.s.guesses {
				if e := w.s.memberError(m, j); e != 0 {
					t.Fatalf("trial %d, slide %d: the secret misses re-expressed answer %d (turn %d) by %d", trial, slides, j, w.turns[j], e)
				}
			}
		}
		for i, k := range known {
			if k >= 0 && k != int(secret[i]) {
				t.Fatalf("trial %d: position %d known as %d, secret has %d", trial, i, k, secret[i])
			}
		}
	}
}
