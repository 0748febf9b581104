package web

import (
	"context"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/adversary"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/daily"
)

// The page's codemaker: /api/answer answers a guess, as the evil
// codemaker (package adversary) or for a secret, and /api/daily gives the
// seed of the daily code (package daily).

type (
	replyAnswer struct {
		Black     int `json:"black"`
		White     int `json:"white"`
		Remaining int `json:"remaining"`
	}
	dailyAnswer struct {
		Number int `json:"number"`
		Seed   int `json:"seed"`
	}
)

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
	var a adversary.Reply
	if r.Mode == "adversary" {
		a, err = adversary.Answer(ctx, s, r.History, r.Guess)
	} else {
		a, err = adversary.Plain(ctx, s, r.History, r.Secret, r.Guess)
	}
	if err != nil {
		return nil, err
	}
	return replyAnswer{a.Black, a.White, a.Remaining}, nil
}

// dailyCode answers POST /api/daily.
func dailyCode(_ context.Context, r *request) (any, error) {
	if r.Preset == "" {
		return nil, mastermind.Invalid("game", "the daily code is drawn for a preset (%s), not a game given by its size", strings.Join(presetNames(), ", "))
	}
	d, err := daily.Of(r.Date, r.Preset)
	if err != nil {
		return nil, err
	}
	return dailyAnswer{d.Number, d.Seed}, nil
}
