package web

import (
	"context"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/explain"
)

// explain answers POST /api/explain: how the guess (or the strategy's)
// splits the codes still possible, beside the strategy's own guess where
// the API plays it (an explain.Explanation, as it is).
func (a *API) explain(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	var pick explain.Picker
	if r.Guess == nil || serveable(&request{Game: r.Game, Strategy: r.Strategy}) == nil {
		pick = func(ctx context.Context, h []mastermind.Turn) (mastermind.Code, error) {
			ga, err := a.guess(ctx, r.Game, r.Strategy, h)
			return ga.Guess, err
		}
	}
	e, err := explain.Guess(ctx, s, r.History, r.Guess, pick)
	if err != nil {
		return conflicted(err)
	}
	return e, nil
}

// review answers POST /api/review: each guess of a game against the
// secret, set beside the strategy's guess at the same point, and how many
// guesses the strategy needs for the secret (an explain.Report, as it is).
func (a *API) review(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	return explain.Review(ctx, s, r.Secret, r.Guesses, explain.Engine{
		Name: r.Strategy,
		New: func(ctx context.Context) (mastermind.Breaker, error) {
			return choose.Breaker(ctx, r.Game, choose.Options{Strategy: r.Strategy, Trees: a.trees})
		},
		Next: func(ctx context.Context, b mastermind.Breaker) (mastermind.Code, error) {
			ga, err := a.breakerGuess(ctx, b, r.Strategy)
			return ga.Guess, err
		},
	})
}
