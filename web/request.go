package web

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/strictjson"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/web/decode"
)

// Limits on a request's contents, beyond the game's own.
const (
	// maxBody is the largest request body, in bytes (413 beyond).
	maxBody = 1 << 20
	// maxLimit is the largest "limit" of /api/candidates, defaultLimit
	// the one when none is given.
	maxLimit     = 10_000
	defaultLimit = 100
	// maxGuesses is the most guesses /api/review takes, and maxPath the
	// longest path of /api/tree (no game of a tree lasts longer).
	maxGuesses = 100
	maxPath    = 100
	// bigBody is the size beyond which a body is read on a slot of its
	// own: the history of a cheap request is shorter (770 classic
	// answers, 31 KB).
	bigBody = 64 << 10
)

// A request is the body of any API call, decoded and checked: the fields an
// endpoint does not take are zero.
type request struct {
	Game     mastermind.Game
	Preset   string // the preset the game was given by, "" for a game given by its size
	Strategy string
	Secret   mastermind.Code
	Guess    mastermind.Code
	History  []mastermind.Turn
	Limit    int
	Guesses  []mastermind.Code     // /api/review's
	Path     []mastermind.Feedback // /api/tree's
	Mode     string                // /api/answer's: "adversary" or "secret"
	Date     string                // /api/daily's day, as given (package daily reads it)
	Tree     string                // /api/eval's form of the tree: "json", "dot", or "" for none
}

// readers read the keys of the bodies into a request, in this order (the
// game first: the others are read in it): the one decoder of every
// endpoint, which takes the keys its endpoint lists (endpoint.keys). A
// reader is called for each key its endpoint takes, with the key's JSON,
// nil when it is absent; optional says that the endpoint marks the key
// "?" (it may be left out where the reader would want it).
var readers = []reader{
	{"game", func(_ context.Context, r *request, raw json.RawMessage, _ bool) (err error) {
		r.Game, err = decodeGame(raw)
		r.Preset = decode.PresetName(raw)
		return err
	}},
	{"strategy", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		if strictjson.Null(raw) {
			return nil
		}
		if err := strictjson.Value(raw, &r.Strategy); err != nil {
			return mastermind.Invalid("strategy", "want a name: %v", err)
		}
		if err := choose.Check(r.Strategy); err != nil {
			return err
		}
		r.Strategy = cmp.Or(r.Strategy, strategy.AutoName)
		return nil
	}},
	{"mode", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		switch {
		case strictjson.Null(raw):
			return mastermind.Invalid("mode", `missing: "adversary" (the evil codemaker) or "secret"`)
		case strictjson.Value(raw, &r.Mode) != nil || r.Mode != "adversary" && r.Mode != "secret":
			return mastermind.Invalid("mode", `want "adversary" (the evil codemaker) or "secret", not %s`, cut(string(raw)))
		}
		return nil
	}},
	{"secret", func(_ context.Context, r *request, raw json.RawMessage, optional bool) (err error) {
		if raw == nil && optional {
			return nil
		}
		r.Secret, err = decode.Code(r.Game, raw, "secret")
		return err
	}},
	{"guess", func(_ context.Context, r *request, raw json.RawMessage, optional bool) (err error) {
		if strictjson.Null(raw) && optional {
			return nil
		}
		r.Guess, err = decode.Code(r.Game, raw, "guess")
		return err
	}},
	{"history", func(ctx context.Context, r *request, raw json.RawMessage, _ bool) (err error) {
		r.History, err = list(ctx, raw, "history", 0, "", decode.TurnOf(r.Game))
		return err
	}},
	{"guesses", func(ctx context.Context, r *request, raw json.RawMessage, _ bool) (err error) {
		r.Guesses, err = list(ctx, raw, "guesses", maxGuesses, "%d guesses, more than the %d a review takes", decode.CodeOf(r.Game))
		if err == nil && len(r.Guesses) == 0 {
			return mastermind.Invalid("guesses", "missing: want the guesses played, [[...],...]")
		}
		return err
	}},
	{"path", func(ctx context.Context, r *request, raw json.RawMessage, _ bool) (err error) {
		r.Path, err = list(ctx, raw, "path", maxPath, "longer than any game of a tree: %d answers, at most %d", decode.AnswerOf(r.Game))
		return err
	}},
	{"date", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		if strictjson.Null(raw) {
			return mastermind.Invalid("date", "missing: a day written YYYY-MM-DD")
		}
		if err := strictjson.Value(raw, &r.Date); err != nil {
			return mastermind.Invalid("date", "want a day written YYYY-MM-DD: %v", err)
		}
		return nil
	}},
	{"tree", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		if raw != nil && (strictjson.Value(raw, &r.Tree) != nil || r.Tree != "json" && r.Tree != "dot") {
			return mastermind.Invalid("tree", `want "json" or "dot" (the decision tree's form), not %s`, cut(string(raw)))
		}
		return nil
	}},
	{"limit", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		if strictjson.Null(raw) {
			return nil
		}
		if err := strictjson.Value(raw, &r.Limit); err != nil {
			return mastermind.Invalid("limit", "%v", err)
		}
		if r.Limit < 0 || r.Limit > maxLimit {
			return mastermind.Invalid("limit", "must be between 0 and %d, not %d", maxLimit, r.Limit)
		}
		return nil
	}},
}

// A reader reads the key of the bodies into r.
type reader struct {
	key  string
	read func(ctx context.Context, r *request, raw json.RawMessage, optional bool) error
}

// readRequest reads a request body: a JSON object with the keys of its endpoint
// (those "?" marks may be left out), nothing after it. Every error is a
// *mastermind.InputError naming the field (and the history entry) that is
// wrong, or ctx's error when it ends first (a long history takes a tenth
// of a second).
func readRequest(ctx context.Context, data []byte, keys []string) (*request, error) {
	given, optional := map[string]*json.RawMessage{}, map[string]bool{}
	for _, k := range keys {
		name, opt := strings.CutSuffix(k, "?")
		given[name], optional[name] = new(json.RawMessage), opt
	}
	if err := strictjson.Object(data, given); err != nil {
		var unknown strictjson.UnknownField // a key another endpoint takes is one this endpoint does not
		if errors.As(err, &unknown) && slices.ContainsFunc(readers, func(f reader) bool { return f.key == string(unknown) }) {
			return nil, mastermind.Invalid(string(unknown), "this endpoint takes no %s", string(unknown))
		}
		return nil, mastermind.Invalid("body", "%v", err)
	}
	r := &request{Strategy: strategy.AutoName, Limit: defaultLimit}
	for _, f := range readers {
		if raw, takes := given[f.key]; takes {
			if err := f.read(ctx, r, *raw, optional[f.key]); err != nil {
				return nil, err
			}
		}
	}
	return r, nil
}

// list reads the JSON array raw of key name (none when absent or null),
// each element by read (an engine's decoder) at name[i]; more than most of
// them (when not 0) is refused by the message tooMany of their number and
// most. It stops when ctx ends (a long history takes a tenth of a second).
func list[T any](ctx context.Context, raw json.RawMessage, name string, most int, tooMany string, read func([]byte, string) (T, error)) ([]T, error) {
	var elems []json.RawMessage
	if strictjson.Null(raw) {
		return nil, nil
	}
	if err := strictjson.Value(raw, &elems); err != nil {
		return nil, mastermind.Invalid(name, "%v", err)
	}
	if most > 0 && len(elems) > most {
		return nil, mastermind.Invalid(name, tooMany, len(elems), most)
	}
	out := make([]T, len(elems))
	for i, e := range elems {
		if i%1024 == 1023 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var err error
		if out[i], err = read(e, fmt.Sprintf("%s[%d]", name, i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// decodeGame reads the request's game: a preset name or a game by its size
// (decode.Game).
func decodeGame(data json.RawMessage) (mastermind.Game, error) {
	if strictjson.Null(data) {
		return mastermind.Game{}, mastermind.Invalid("game", "missing: a preset (%s) or {\"positions\":N,\"colors\":K}", presetNames())
	}
	return decode.Game(data, "game")
}
