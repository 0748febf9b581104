// Package adversary is the codemaker of the page's evil mode, which holds no
// fixed code: each answer is the one that keeps the most codes still
// possible, so that the person must corner it. Of answers keeping as many
// codes, it gives the one with the fewest black, then the fewest white: it
// tells least. So it says "all black" only when the guess is the last code
// left, and the game ends exactly then. Plain answers for a fixed secret.
package adversary

import (
	"context"
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
)

// A Reply is a codemaker's answer to a guess and Remaining, the number of
// codes that give every answer of the history and this one. In JSON it is
// the answer of the web API's /api/answer.
type Reply struct {
	mastermind.Feedback
	Remaining int `json:"remaining"`
}

// Answer returns the evil codemaker's answer to guess after history, on the
// codes of space s, under its game's rule: of the answers the codes still
// possible give, the one the most of them give, the fewest black then the
// fewest white among equals (under slots, the first in the order . Y G
// from the first position). A guess not of the game is a
// *mastermind.InputError about "guess", a history no code fits one about "history" (its Err a
// *mastermind.ConflictError); ctx's error if it ends first.
func Answer(ctx context.Context, s *mastermind.Space, history []mastermind.Turn, guess mastermind.Code) (Reply, error) {
	g, cands, err := start(ctx, s, history, guess)
	if err != nil {
		return Reply{}, err
	}
	gi, _ := s.Index(guess)
	count := make([]int, g.Outcomes())
	var buf [256]mastermind.Outcome
	for at := 0; at < len(cands); at += len(buf) {
		chunk := cands[at:min(at+len(buf), len(cands))]
		s.Outcomes(gi, chunk, buf[:])
		for _, o := range buf[:len(chunk)] {
			count[o]++
		}
	}
	// Outcomes are numbered Black*(N+1)+White: in ascending order, the
	// fewest black then the fewest white come first, and > keeps the first
	// of equals.
	best := 0
	for o, n := range count {
		if n > count[best] {
			best = o
		}
	}
	return Reply{g.FeedbackOf(mastermind.Outcome(best)), count[best]}, nil
}

// Plain returns secret's answer to guess after history, on the codes of
// space s under its game's rule, and how many codes give every answer. A
// secret or guess not of the game, or a secret that does not give an answer of the history, is a
// *mastermind.InputError naming it.
func Plain(ctx context.Context, s *mastermind.Space, history []mastermind.Turn, secret, guess mastermind.Code) (Reply, error) {
	g := s.Game()
	if err := g.ValidCode(secret); err != nil {
		return Reply{}, &mastermind.InputError{Where: "secret", Err: err}
	}
	for i, t := range history {
		f := g.Answer(secret, t.Guess)
		switch {
		case f != t.Feedback && g.Rule == mastermind.BlackWhite:
			return Reply{}, mastermind.Invalid(fmt.Sprintf("history[%d]", i), "the secret gives %d black, %d white to this guess, not %d black, %d white", f.Black, f.White, t.Feedback.Black, t.Feedback.White)
		case f != t.Feedback:
			return Reply{}, mastermind.Invalid(fmt.Sprintf("history[%d]", i), "the secret answers %s to this guess, not %s", g.Rule.Format(f), g.Rule.Format(t.Feedback))
		}
	}
	_, cands, err := start(ctx, s, history, guess)
	if err != nil {
		return Reply{}, err
	}
	f := g.Answer(secret, guess)
	cands = consistent.Narrow(s, cands, mastermind.Turn{Guess: guess, Feedback: f})
	return Reply{f, len(cands)}, nil
}

// start checks guess and returns the game and the codes that fit history.
func start(ctx context.Context, s *mastermind.Space, history []mastermind.Turn, guess mastermind.Code) (mastermind.Game, []int32, error) {
	g := s.Game()
	if err := g.ValidCode(guess); err != nil {
		return g, nil, &mastermind.InputError{Where: "guess", Err: err}
	}
	for i, t := range history {
		if err := g.ValidCode(t.Guess); err != nil {
			return g, nil, &mastermind.InputError{Where: fmt.Sprintf("history[%d].guess", i), Err: err}
		}
	}
	cands := consistent.Candidates(s, history)
	if len(cands) > 0 {
		return g, cands, ctx.Err()
	}
	turns, err := consistent.Conflict(ctx, s, history)
	if err != nil {
		return g, nil, err
	}
	return g, nil, &mastermind.InputError{Where: "history", Err: g.Conflict(history, turns)}
}
