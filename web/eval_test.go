package web

import (
	"fmt"
	"io"
	"log"
	"slices"
	"testing"
)

// /api/eval plays the strategy against every secret: on classic, auto
// (the shipped optimal tree) takes 5625 guesses in all, at most 6 (Koyama
// and Lai 1993), and minimax 5801, at most 5 (Knuth 1976); on 3 positions of 4 colours, for every strategy, the
// figures are those of every secret played through /api/next.
func TestEvalBruteForce(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	var classic struct{ Secrets, Total, Most int }
	do(t, a, "/api/eval", `{"game":"classic","strategy":"auto"}`, &classic)
	if classic.Secrets != 1296 || classic.Total != 5625 || classic.Most != 6 {
		t.Errorf("classic, auto: %+v, want 1296 secrets, 5625 guesses, at most 6", classic)
	}
	var knuth struct{ Total, Most int }
	do(t, a, "/api/eval", `{"game":"classic","strategy":"minimax"}`, &knuth)
	if knuth.Total != 5801 || knuth.Most != 5 {
		t.Errorf("classic, minimax: %+v, want Knuth's (1976) 5801 guesses, at most 5", knuth)
	}
	g := refGame{`{"positions":3,"colors":4}`, 3, 4, false}
	for _, strategy := range []string{"auto", "minimax", "expected", "entropy", "parts", "first", "random", "optimal", "consistent"} {
		var got struct {
			Strategy             string
			Secrets, Total, Most int
			Average              float64
			Histogram            []int
		}
		do(t, a, "/api/eval", fmt.Sprintf(`{"game":%s,"strategy":%q}`, g.name, strategy), &got)
		total, most, hist := 0, 0, []int{0}
		for _, secret := range g.codes() {
			var history []refTurn
			for {
				var next struct {
					Guess  []int
					Solved bool
				}
				do(t, a, "/api/next", fmt.Sprintf(`{"game":%s,"strategy":%q,"history":%s}`, g.name, strategy, js(history)), &next)
				if next.Solved {
					break
				}
				b, w := refScore(secret, next.Guess)
				history = append(history, refTurn{next.Guess, b, w})
				if len(history) > 20 {
					t.Fatalf("%s: %v not found in 20 guesses", strategy, secret)
				}
			}
			n := len(history)
			total += n
			most = max(most, n)
			for len(hist) <= n {
				hist = append(hist, 0)
			}
			hist[n]++
		}
		if got.Strategy != strategy || got.Secrets != 64 || got.Total != total || got.Most != most || !slices.Equal(got.Histogram, hist) || !near(got.Average, float64(total)/64) {
			t.Errorf("%s on 3x4: %+v; played through /api/next: %d guesses, at most %d, %v", strategy, got, total, most, hist)
		}
	}
	status, answer := a.Do(t.Context(), "/api/eval", []byte(`{"game":"super"}`))
	if status != 400 || !slices.Contains([]string{`{"error":"game: too large to evaluate in the API: 32768 codes, more than 10000 (\"mastermind eval\" evaluates any game)"}`}, string(answer[:len(answer)-1])) {
		t.Errorf("eval of super: %d %s", status, answer)
	}
}
