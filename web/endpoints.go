package web

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/strategy"
)

// Limits of what the API computes, so that every request answers well
// within its deadline; beyond them it answers 400.
const (
	// maxCodes is the largest game the API plays: it enumerates the codes
	// (larger games are played by the command line's breaker, which follows
	// only its own guesses).
	maxCodes = choose.EnumerateLimit
	// maxHeuristicCodes is the largest game on which the API plays
	// minimax, expected, entropy and parts: they score every code against
	// every candidate, which takes seconds beyond it.
	maxHeuristicCodes = choose.HeuristicLimit
	// maxWork bounds the answers times the codes of a game that a request
	// checks (the search for conflicting answers looks at every code once
	// per answer).
	maxWork = 100_000_000
	// smallCodes and cheapWork bound the cheap computations: games of up
	// to smallCodes codes whose history's answers (plus one) times the
	// codes are at most cheapWork. mediumCodes bounds the games whose
	// codes are enumerated once and kept; larger games run one at a time.
	smallCodes  = 10_000
	cheapWork   = 1_000_000
	mediumCodes = 100_000
)

// The answers of the API.
type (
	guessAnswer struct {
		Guess     mastermind.Code `json:"guess"`
		Remaining int             `json:"remaining"`
	}
	solvedAnswer struct {
		Solved  bool `json:"solved"`
		Guesses int  `json:"guesses"`
	}
	conflictAnswer struct {
		Remaining int   `json:"remaining"`
		Conflict  []int `json:"conflict"`
		// Message says it in words, as the command line does.
		Message string `json:"message"`
	}
	candidatesAnswer struct {
		Remaining int               `json:"remaining"`
		Codes     []mastermind.Code `json:"codes"`
		Conflict  []int             `json:"conflict,omitempty"`
		Message   string            `json:"message,omitempty"`
	}
)

// score answers POST /api/score: a mastermind.Feedback.
func score(_ context.Context, r *request) (any, error) {
	return r.Game.Answer(r.Secret, r.Guess), nil
}

// next answers POST /api/next: the breaker of the strategy, told every
// answer of the history, guesses.
func (a *API) next(ctx context.Context, r *request) (any, error) {
	h := r.History
	if n := len(h); n > 0 && r.Game.Wins(h[n-1].Feedback) && r.Game.Consistent(h[n-1].Guess, h) {
		return solvedAnswer{true, n}, nil
	}
	ga, err := a.guess(ctx, r.Game, r.Strategy, h)
	if err != nil {
		return conflicted(err)
	}
	return ga, nil
}

// conflicted returns the answer of a history that no code fits, when err
// is a *mastermind.ConflictError, or err.
func conflicted(err error) (any, error) {
	var c *mastermind.ConflictError
	if errors.As(err, &c) {
		return conflictAnswer{0, c.Answers, c.Error()}, nil
	}
	return nil, err
}

// guess returns the strategy's guess after history and how many codes are
// still possible: /api/next's answer, recalled when it is kept.
func (a *API) guess(ctx context.Context, g mastermind.Game, strategy string, history []mastermind.Turn) (guessAnswer, error) {
	if ga, ok := a.recall(g, strategy, history); ok {
		return ga, nil
	}
	b, err := choose.Breaker(ctx, g, choose.Options{Strategy: strategy, Trees: a.trees})
	if err != nil {
		return guessAnswer{}, err
	}
	for i, t := range history {
		if err := b.Record(t.Guess, t.Feedback); err != nil {
			return guessAnswer{}, &mastermind.InputError{Where: fmt.Sprintf("history[%d]", i), Err: err}
		}
	}
	return a.breakerGuess(ctx, b, strategy)
}

// breakerGuess returns the guess of b, which plays strategy, and how many
// codes are still possible, recalled when it is kept, or computed (on a
// costly slot when that is expensive: spend) and kept.
func (a *API) breakerGuess(ctx context.Context, b mastermind.Breaker, strategy string) (guessAnswer, error) {
	g, h, r := b.Game(), b.History(), b.Remaining().N
	if ga, ok := a.recall(g, strategy, h); ok {
		return ga, nil
	}
	if err := spend(ctx, choose.GuessWork(g, strategy, h, r)); err != nil {
		return guessAnswer{}, err
	}
	if ga, ok := a.recall(g, strategy, h); ok { // computed while this one waited
		return ga, nil
	}
	guess, err := b.Next(ctx)
	if err != nil {
		return guessAnswer{}, err
	}
	ga := guessAnswer{slices.Clone(guess), int(r)} // kept: the breaker's own is not
	if k, keep := guessKey(g, strategy, h, nil); keep {
		a.guesses.put(k, ga)
	}
	return ga, nil
}

// recall returns the strategy's guess after history, when it is kept.
func (a *API) recall(g mastermind.Game, strategy string, history []mastermind.Turn) (guessAnswer, bool) {
	k, keep := guessKey(g, strategy, history, nil)
	if !keep {
		return guessAnswer{}, false
	}
	v, _ := a.guesses.get(k)
	ga, ok := v.(guessAnswer)
	return ga, ok
}

// candidates answers POST /api/candidates.
func candidates(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cands, err := consistent.Possible(ctx, s, r.History)
	var c *mastermind.ConflictError
	switch {
	case errors.As(err, &c):
		return candidatesAnswer{0, []mastermind.Code{}, c.Answers, c.Error()}, nil
	case err != nil:
		return nil, err
	}
	codes := make([]mastermind.Code, min(r.Limit, len(cands)))
	for i := range codes {
		codes[i] = s.Code(int(cands[i]))
	}
	return candidatesAnswer{Remaining: len(cands), Codes: codes}, nil
}

// serveable reports, as an *mastermind.InputError, a request the API does
// not compute because it could not answer within its deadline.
func serveable(r *request) error {
	n := r.Game.Count()
	switch {
	case n > maxCodes:
		return mastermind.Invalid("game", "too large for the API: %.3g codes, more than the %d it plays (\"mastermind break\" plays games of any size)", n, maxCodes)
	case n > maxHeuristicCodes && heuristic(r.Strategy):
		return mastermind.Invalid("strategy", "%s is too slow for the API on games of more than %d codes (this one has %.0f): use auto, first or random", r.Strategy, maxHeuristicCodes, n)
	case r.Strategy == strategy.OptimalName && n > choose.OptimalLimit && !choose.Shipped(r.Game):
		return mastermind.Invalid("strategy", "optimal is played on games of up to %d codes and on those with a shipped tree (%s and the games of docs/optima.md), and this one has %.0f: use auto", choose.OptimalLimit, strings.Join(choose.ShippedPresets(), ", "), n)
	case float64(len(r.History))*n > maxWork:
		return mastermind.Invalid("history", "too long for the API: %d answers in a game of %.0f codes, more than the %.0f answers it checks", len(r.History), n, maxWork/n)
	case float64(len(r.Guesses))*n > maxWork:
		return mastermind.Invalid("guesses", "too many for the API: %d guesses in a game of %.0f codes, more than the %.0f it reviews", len(r.Guesses), n, maxWork/n)
	}
	return nil
}

// explainable is serveable for /api/explain: with a guess of its own, the
// request needs of the strategy only what it plays (its guess is left out
// where it does not), as /api/candidates.
func explainable(r *request) error {
	if r.Guess != nil {
		q := *r
		q.Strategy = strategy.AutoName
		return serveable(&q)
	}
	return serveable(r)
}

// heuristic reports whether strategy s scores every code against every
// candidate.
func heuristic(s string) bool { return slices.Contains(strategy.Heuristics(), s) }
