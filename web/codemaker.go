package web

import (
	"context"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/adversary"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/daily"
)

// The page's codemaker: /api/answer answers a guess, as the evil
// codemaker (package adversary) or for a secret, and /api/daily gives the
// seed of the daily code (package daily); their answers are those
// packages' results, as they are.

// answer answers POST /api/answer.
func answer(ctx context.Context, r *request) (any, error) {
	switch {
	case r.Mode == "adversary" && r.Secret != nil:
		return nil, mastermind.Invalid("secret", `the evil codemaker holds no secret: give none, or "mode":"secret"`)
	case r.Mode == "secret" && r.Secret == nil:
		return nil, mastermind.Invalid("secret", `missing: "mode":"secret" answers for a secret of %d colour numbers`, r.Game.Positions)
	}
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	if r.Mode == "adversary" {
		return adversary.Answer(ctx, s, r.History, r.Guess)
	}
	return adversary.Plain(ctx, s, r.History, r.Secret, r.Guess)
}

// dailyCode answers POST /api/daily.
func dailyCode(_ context.Context, r *request) (any, error) {
	if r.Game.Rule != mastermind.BlackWhite {
		return nil, mastermind.Invalid("game", "the daily code is played black-white only, not under the rule %v", r.Game.Rule)
	}
	if r.Preset == "" {
		return nil, mastermind.Invalid("game", "the daily code is drawn for a preset (%s), not a game given by its size", presetNames())
	}
	return daily.Of(r.Date, r.Preset)
}
