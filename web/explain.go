package web

import (
	"context"
	"errors"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/explain"
)

// The answers of /api/explain and /api/review: package explain's figures
// in the API's words.
type (
	// split is how a guess splits the codes still possible (explain.Split).
	split struct {
		Parts    int     `json:"parts"`
		Largest  int     `json:"largest"`
		Expected float64 `json:"expected"`
		Entropy  float64 `json:"entropy"`
	}
	part struct {
		Black int `json:"black"`
		White int `json:"white"`
		Codes int `json:"codes"`
	}
	bestGuess struct {
		Guess []int `json:"guess"`
		split
	}
	explainAnswer struct {
		Guess      []int      `json:"guess"`
		Remaining  int        `json:"remaining"`
		Consistent bool       `json:"consistent"`
		Answers    []part     `json:"answers"`
		Best       *bestGuess `json:"best"` // nil where the strategy does not play
		split
	}
	step struct {
		Guess    []int   `json:"guess"`
		Black    int     `json:"black"`
		White    int     `json:"white"`
		Before   int     `json:"before"`
		After    int     `json:"after"`
		Bits     float64 `json:"bits"`
		Expected float64 `json:"expected"`
		Best     struct {
			Guess    []int   `json:"guess"`
			Expected float64 `json:"expected"`
		} `json:"best"`
		Skill int  `json:"skill"`
		Luck  *int `json:"luck"` // nil where there was no luck to have
	}
	reviewAnswer struct {
		Steps  []step `json:"steps"`
		Engine int    `json:"engine"`
	}
)

// explain answers POST /api/explain: how the guess (or the strategy's)
// splits the codes still possible, beside the strategy's own guess where
// the API plays it.
func (a *API) explain(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	var pick explain.Picker
	if r.Guess == nil || serveable(&request{Game: r.Game, Strategy: r.Strategy}) == nil {
		pick = func(ctx context.Context, h []mastermind.Turn) (mastermind.Code, error) {
			ga, err := a.guess(ctx, r.Game, r.Strategy, h)
			return code(ga.Guess), err
		}
	}
	e, err := explain.Guess(ctx, s, r.History, r.Guess, pick)
	var conflict *mastermind.ConflictError
	switch {
	case errors.As(err, &conflict):
		return conflictAnswer{0, conflict.Answers, conflict.Error()}, nil
	case err != nil:
		return nil, err
	}
	ea := explainAnswer{Guess: ints(e.Guess), Remaining: e.Remaining, Consistent: e.Consistent, split: split(e.Split)}
	for _, p := range e.Parts {
		ea.Answers = append(ea.Answers, part{p.Feedback.Black, p.Feedback.White, p.Codes})
	}
	if e.Best != nil {
		ea.Best = &bestGuess{ints(e.Best.Guess), split(e.Best.Split)}
	}
	return ea, nil
}

// review answers POST /api/review: each guess of a game against the
// secret, set beside the strategy's guess at the same point, and how many
// guesses the strategy needs for the secret.
func (a *API) review(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	rep, err := explain.Review(ctx, s, r.Secret, r.Guesses, explain.Engine{
		Name: r.Strategy,
		New: func(ctx context.Context) (mastermind.Breaker, error) {
			return choose.Breaker(ctx, r.Game, choose.Options{Strategy: r.Strategy})
		},
		Next: func(ctx context.Context, b mastermind.Breaker) (mastermind.Code, error) {
			ga, err := a.breakerGuess(ctx, b, r.Strategy)
			return code(ga.Guess), err
		},
	})
	if err != nil {
		return nil, err
	}
	ra := reviewAnswer{Steps: []step{}, Engine: rep.Engine}
	for _, x := range rep.Steps {
		st := step{Guess: ints(x.Guess), Black: x.Feedback.Black, White: x.Feedback.White, Before: x.Before, After: x.After,
			Bits: x.Bits, Expected: x.Expected, Skill: x.Skill, Luck: x.Luck}
		st.Best.Guess, st.Best.Expected = ints(x.Best.Guess), x.Best.Expected
		ra.Steps = append(ra.Steps, st)
	}
	return ra, nil
}
