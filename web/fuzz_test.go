package web

import (
	"errors"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// FuzzDecode checks that the request decoder never panics, and that what it
// accepts is a valid request of a valid game: every error is an input error.
// Its seed corpus (the bad requests of the tests and a few good ones) runs
// with go test.
func FuzzDecode(f *testing.F) {
	for _, c := range badRequests {
		if len(c.body) < 4096 {
			f.Add(c.body)
		}
	}
	f.Add(`{"game":"classic","strategy":"auto","history":[{"guess":[0,0,1,1],"black":1,"white":0}]}`)
	f.Add(`{"game":{"positions":3,"colors":5,"distinct":true},"history":[{"guess":[0,1,2],"black":0,"white":3}],"limit":5}`)
	f.Add(`{"game":"bulls","secret":[1,2,3,4],"guess":[4,3,2,1]}`)
	f.Fuzz(func(t *testing.T, body string) {
		r, err := decode(strings.NewReader(body), fields{strategy: true, secret: true, guess: true, history: true, limit: true})
		if err != nil {
			var input *mastermind.InputError
			if !errors.As(err, &input) {
				t.Fatalf("decode(%q): %v is not an input error", body, err)
			}
			return
		}
		g := r.Game
		if err := g.Validate(); err != nil {
			t.Fatalf("decode(%q) accepted game %v: %v", body, g, err)
		}
		for i, turn := range r.History {
			if g.ValidCode(turn.Guess) != nil || g.ValidFeedback(turn.Feedback) != nil {
				t.Fatalf("decode(%q) accepted turn %d: %v", body, i, turn)
			}
		}
		for _, c := range []mastermind.Code{r.Secret, r.Guess} {
			if c != nil && g.ValidCode(c) != nil {
				t.Fatalf("decode(%q) accepted code %v", body, c)
			}
		}
		if r.Limit < 0 || r.Limit > MaxLimit {
			t.Fatalf("decode(%q) accepted limit %d", body, r.Limit)
		}
		_ = serveable(r)
	})
}
