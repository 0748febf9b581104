package web

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// /api/daily: the numbers counted by hand from 2026-11-01 and the seeds
// computed outside Go by the rule of docs/web-api.md:
//
//	printf '%s' '2026-11-27|bulls' | sha256sum | cut -c1-16 | python3 -c 'print(int(input(), 16) % 1000000)'
func TestDaily(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, c := range []struct {
		date, game   string
		number, seed int
	}{
		{"2026-11-01", "classic", 1, 53912},
		{"2026-11-27", "bulls", 27, 511716},
		{"2028-02-29", "super", 486, 41251},
	} {
		status, v := post(t, srv, "/api/daily", fmt.Sprintf(`{"date":%q,"game":%q}`, c.date, c.game))
		if status != 200 || v["number"] != float64(c.number) || v["seed"] != float64(c.seed) {
			t.Errorf("daily %s %s = %d %v, want number %d, seed %d", c.date, c.game, status, v, c.number, c.seed)
		}
	}
}

// /api/answer against brute force (every code listed, filtered by the
// history with refScore, parts counted): the evil codemaker's answer is
// the largest part, of equal parts the fewest black then white; the
// secret's answer is refScore's; remaining counts the codes left.
func TestAnswer(t *testing.T) {
	srv := newTestServer(t, Options{})
	r := rand.New(rand.NewPCG(47, 2))
	for _, g := range []struct {
		name     string
		n, k     int
		distinct bool
	}{{"classic", 4, 6, false}, {"bulls", 4, 10, true}} {
		var codes [][]int
		for x := 0; x < pow(g.k, g.n); x++ {
			c := make([]int, g.n)
			seen := map[int]bool{}
			ok := true
			for i, y := g.n-1, x; i >= 0; i, y = i-1, y/g.k {
				c[i] = y % g.k
				ok = ok && !(g.distinct && seen[c[i]])
				seen[c[i]] = true
			}
			if ok {
				codes = append(codes, c)
			}
		}
		type turn struct {
			Guess []int `json:"guess"`
			Black int   `json:"black"`
			White int   `json:"white"`
		}
		fits := func(c []int, h []turn) bool {
			for _, t := range h {
				if b, w := refScore(c, t.Guess); b != t.Black || w != t.White {
					return false
				}
			}
			return true
		}
		for round := 0; round < 10; round++ {
			var h []turn
			var left [][]int
			for len(h) < 4 {
				guess := codes[r.IntN(len(codes))]
				left = left[:0]
				for _, c := range codes {
					if fits(c, h) {
						left = append(left, c)
					}
				}
				best, most := refAdversary(left, guess)
				hj, _ := json.Marshal(h)
				gj, _ := json.Marshal(guess)
				status, v := post(t, srv, "/api/answer", fmt.Sprintf(`{"game":%q,"history":%s,"guess":%s,"mode":"adversary"}`, g.name, hj, gj))
				if status != 200 || v["black"] != float64(best[0]) || v["white"] != float64(best[1]) || v["remaining"] != float64(most) {
					t.Fatalf("%s: adversary after %s to %v = %d %v; brute force: %v keeps %d", g.name, hj, guess, status, v, best, most)
				}
				secret := left[r.IntN(len(left))]
				sj, _ := json.Marshal(secret)
				b, w := refScore(secret, guess)
				n := 0
				for _, c := range left {
					if cb, cw := refScore(c, guess); cb == b && cw == w {
						n++
					}
				}
				status, v = post(t, srv, "/api/answer", fmt.Sprintf(`{"game":%q,"history":%s,"guess":%s,"mode":"secret","secret":%s}`, g.name, hj, gj, sj))
				if status != 200 || v["black"] != float64(b) || v["white"] != float64(w) || v["remaining"] != float64(n) {
					t.Fatalf("%s: secret %v after %s to %v = %d %v; want %d %d, %d left", g.name, secret, hj, guess, status, v, b, w, n)
				}
				h = append(h, turn{guess, best[0], best[1]})
				if best[0] == g.n {
					break
				}
			}
		}
	}
}

func pow(k, n int) int {
	p := 1
	for range n {
		p *= k
	}
	return p
}

// refAdversary is the evil codemaker by brute force: the answer to guess
// that keeps the most of the codes left, ties to fewest black, then fewest
// white, and how many it keeps.
func refAdversary(left [][]int, guess []int) ([2]int, int) {
	parts := map[[2]int]int{}
	for _, c := range left {
		b, w := refScore(c, guess)
		parts[[2]int{b, w}]++
	}
	best, most := [2]int{}, 0
	for f, n := range parts {
		if n > most || n == most && (f[0] < best[0] || f[0] == best[0] && f[1] < best[1]) {
			best, most = f, n
		}
	}
	return best, most
}
