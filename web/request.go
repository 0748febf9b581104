package web

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/strategy"
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
	Preset   string // the name the game was given by, "" for a game given by its size
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
		if err == nil && strict(raw, &r.Preset) != nil {
			r.Preset = ""
		}
		return err
	}},
	{"strategy", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		if null(raw) {
			return nil
		}
		if err := strict(raw, &r.Strategy); err != nil {
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
		case null(raw):
			return mastermind.Invalid("mode", `missing: "adversary" (the evil codemaker) or "secret"`)
		case strict(raw, &r.Mode) != nil || r.Mode != "adversary" && r.Mode != "secret":
			return mastermind.Invalid("mode", `want "adversary" (the evil codemaker) or "secret", not %s`, cut(string(raw)))
		}
		return nil
	}},
	{"secret", func(_ context.Context, r *request, raw json.RawMessage, optional bool) (err error) {
		if raw == nil && optional {
			return nil
		}
		r.Secret, err = decodeCode(r.Game, raw, "secret")
		return err
	}},
	{"guess", func(_ context.Context, r *request, raw json.RawMessage, optional bool) (err error) {
		if null(raw) && optional {
			return nil
		}
		r.Guess, err = decodeCode(r.Game, raw, "guess")
		return err
	}},
	{"history", func(ctx context.Context, r *request, raw json.RawMessage, _ bool) error {
		return each(raw, "history", 0, "", func(i int, t json.RawMessage) error {
			if i%1024 == 1023 && ctx.Err() != nil {
				return ctx.Err()
			}
			turn, err := decodeTurn(r.Game, t, fmt.Sprintf("history[%d]", i))
			r.History = append(r.History, turn)
			return err
		})
	}},
	{"guesses", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		err := each(raw, "guesses", maxGuesses, "%d guesses, more than the %d a review takes", func(i int, x json.RawMessage) error {
			c, err := decodeCode(r.Game, x, fmt.Sprintf("guesses[%d]", i))
			r.Guesses = append(r.Guesses, c)
			return err
		})
		if err == nil && len(r.Guesses) == 0 {
			return mastermind.Invalid("guesses", "missing: want the guesses played, [[...],...]")
		}
		return err
	}},
	{"path", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		return each(raw, "path", maxPath, "longer than any game of a tree: %d answers, at most %d", func(i int, a json.RawMessage) error {
			f, err := decodeAnswer(r.Game, a, fmt.Sprintf("path[%d]", i))
			r.Path = append(r.Path, f)
			return err
		})
	}},
	{"date", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		if null(raw) {
			return mastermind.Invalid("date", "missing: a day written YYYY-MM-DD")
		}
		if err := strict(raw, &r.Date); err != nil {
			return mastermind.Invalid("date", "want a day written YYYY-MM-DD: %v", err)
		}
		return nil
	}},
	{"tree", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		if raw != nil && (strict(raw, &r.Tree) != nil || r.Tree != "json" && r.Tree != "dot") {
			return mastermind.Invalid("tree", `want "json" or "dot" (the decision tree's form), not %s`, cut(string(raw)))
		}
		return nil
	}},
	{"limit", func(_ context.Context, r *request, raw json.RawMessage, _ bool) error {
		if null(raw) {
			return nil
		}
		if err := strict(raw, &r.Limit); err != nil {
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

// decode reads a request body: a JSON object with the keys of its endpoint
// (those "?" marks may be left out), nothing after it. Every error is a
// *mastermind.InputError naming the field (and the history entry) that is
// wrong, or ctx's error when it ends first (a long history takes a tenth
// of a second).
func decode(ctx context.Context, data []byte, keys []string) (*request, error) {
	given, optional := map[string]*json.RawMessage{}, map[string]bool{}
	for _, k := range keys {
		name, opt := strings.CutSuffix(k, "?")
		given[name], optional[name] = new(json.RawMessage), opt
	}
	if err := object(data, given); err != nil {
		var unknown unknownField // a key another endpoint takes is one this endpoint does not
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

// null reports whether raw is absent or JSON null.
func null(raw json.RawMessage) bool { return raw == nil || string(raw) == "null" }

// each calls f for each element of the JSON array raw of field name (none
// when absent or null); more than most of them (when not 0) is refused by
// the message tooMany of their number and most.
func each(raw json.RawMessage, name string, most int, tooMany string, f func(int, json.RawMessage) error) error {
	var elems []json.RawMessage
	if null(raw) {
		return nil
	}
	if err := strict(raw, &elems); err != nil {
		return mastermind.Invalid(name, "%v", err)
	}
	if most > 0 && len(elems) > most {
		return mastermind.Invalid(name, tooMany, len(elems), most)
	}
	for i, e := range elems {
		if err := f(i, e); err != nil {
			return err
		}
	}
	return nil
}

// decodeGame reads a preset name or {"positions":N,"colors":K,"distinct":B}.
func decodeGame(data json.RawMessage) (mastermind.Game, error) {
	if null(data) {
		return mastermind.Game{}, mastermind.Invalid("game", "missing: a preset (%s) or {\"positions\":N,\"colors\":K}", strings.Join(presetNames(), ", "))
	}
	var name string
	if strict(data, &name) == nil {
		g, err := preset(name)
		if err != nil {
			return g, &mastermind.InputError{Where: "game", Err: err} // the root's "unknown game" message
		}
		return g, nil
	}
	var positions, colors *int
	var g mastermind.Game
	if err := object(data, map[string]any{"positions": &positions, "colors": &colors, "distinct": &g.Distinct}); err != nil {
		return mastermind.Game{}, mastermind.Invalid("game", "want a preset name or {\"positions\":N,\"colors\":K,\"distinct\":false}: %v", err)
	}
	switch {
	case positions == nil:
		return mastermind.Game{}, mastermind.Invalid("game.positions", "missing")
	case colors == nil:
		return mastermind.Game{}, mastermind.Invalid("game.colors", "missing")
	}
	g.Positions, g.Colors = *positions, *colors
	if err := g.Validate(); err != nil {
		return g, &mastermind.InputError{Where: "game", Err: err}
	}
	return g, nil
}

// decodeCode reads a code of game g at where.
func decodeCode(g mastermind.Game, data json.RawMessage, where string) (mastermind.Code, error) {
	if null(data) {
		return nil, mastermind.Invalid(where, "missing: want %d colour numbers", g.Positions)
	}
	var nums []*int // a null is told, not read as colour 0
	if err := strict(data, &nums); err != nil {
		return nil, mastermind.Invalid(where, "want an array of %d colour numbers: %v", g.Positions, err)
	}
	if len(nums) != g.Positions {
		return nil, mastermind.Invalid(where, "a code has %d colours, not %d", g.Positions, len(nums))
	}
	c := make(mastermind.Code, len(nums))
	for i, x := range nums {
		switch {
		case x == nil:
			return nil, mastermind.Invalid(fmt.Sprintf("%s[%d]", where, i), "want a colour number, not null")
		case *x < 0 || *x >= g.Colors:
			return nil, mastermind.Invalid(fmt.Sprintf("%s[%d]", where, i), "colour %d is out of range 0..%d", *x, g.Colors-1)
		}
		c[i] = uint8(*x)
	}
	if err := g.ValidCode(c); err != nil {
		return nil, &mastermind.InputError{Where: where, Err: err}
	}
	return c, nil
}

// decodeAnswer reads an answer [B,W] of game g at where.
func decodeAnswer(g mastermind.Game, data json.RawMessage, where string) (mastermind.Feedback, error) {
	var bw []*int
	if err := strict(data, &bw); err != nil || len(bw) != 2 || bw[0] == nil || bw[1] == nil {
		if err == nil {
			err = errors.New("not two numbers")
		}
		return mastermind.Feedback{}, mastermind.Invalid(where, "want an answer [black,white]: %v", err)
	}
	f := mastermind.Feedback{Black: *bw[0], White: *bw[1]}
	if f.Black < 0 || f.Black > g.Positions || f.White < 0 || f.White > g.Positions {
		return f, mastermind.Invalid(where, "black and white must be between 0 and %d, not %d %d", g.Positions, f.Black, f.White)
	}
	if err := g.ValidFeedback(f); err != nil {
		return f, &mastermind.InputError{Where: where, Err: err}
	}
	return f, nil
}

// decodeTurn reads {"guess":[...],"black":B,"white":W} at where.
func decodeTurn(g mastermind.Game, data json.RawMessage, where string) (mastermind.Turn, error) {
	var guess json.RawMessage
	var black, white *int
	if err := object(data, map[string]any{"guess": &guess, "black": &black, "white": &white}); err != nil {
		return mastermind.Turn{}, mastermind.Invalid(where, "want {\"guess\":[...],\"black\":B,\"white\":W}: %v", err)
	}
	code, err := decodeCode(g, guess, where+".guess")
	if err != nil {
		return mastermind.Turn{}, err
	}
	for _, x := range []struct {
		n    *int
		name string
	}{{black, "black"}, {white, "white"}} {
		switch {
		case x.n == nil:
			return mastermind.Turn{}, mastermind.Invalid(where+"."+x.name, "missing")
		case *x.n < 0 || *x.n > g.Positions:
			return mastermind.Turn{}, mastermind.Invalid(where+"."+x.name, "must be between 0 and %d, not %d", g.Positions, *x.n)
		}
	}
	f := mastermind.Feedback{Black: *black, White: *white}
	if err := g.ValidFeedback(f); err != nil {
		return mastermind.Turn{}, &mastermind.InputError{Where: where, Err: err}
	}
	return mastermind.Turn{Guess: code, Feedback: f}, nil
}

// strict decodes one JSON value from data into v, nothing after it (a
// syntax error), in the API's words (jsonError). Objects are read by object.
func strict(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty body: want a JSON object")
	}
	return jsonError(json.Unmarshal(data, v))
}

// object decodes the JSON object data into fields, by key: exactly the keys
// of fields, each at most once, in any order, each value decoded into its
// pointer as it is read; nothing may follow the object, and null leaves the
// fields as they are. It reads by encoding/json's tokenizer rather than by
// github.com/go-json-experiment/json (which checks keys so by default)
// because that library was measured to add 58 to 341 KB gzipped to the
// static site's engine (1.58 MB gzipped, its budget 1.6 MB).
func object[V any](data []byte, fields map[string]V) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty body: want a JSON object")
	}
	d := json.NewDecoder(bytes.NewReader(data))
	tok, err := d.Token()
	switch tok := tok.(type) {
	case nil:
		if err != nil {
			return jsonError(err)
		}
	case json.Delim:
		if tok != '{' {
			return errors.New("want an object, not array")
		}
		if err := members(d, fields); err != nil {
			return err
		}
	case string:
		return errors.New("want an object, not string")
	case float64:
		return errors.New("want an object, not number")
	case bool:
		return errors.New("want an object, not bool")
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// members reads an object's keys and values after its '{', and its '}'.
func members[V any](d *json.Decoder, fields map[string]V) error {
	seen := map[string]bool{}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return jsonError(err)
		}
		name, _ := tok.(string)
		v, ok := fields[name]
		switch {
		case !ok:
			return unknownField(name)
		case seen[name]:
			return fmt.Errorf("field %q given twice", cut(name))
		}
		seen[name] = true
		if err := jsonError(d.Decode(v)); err != nil {
			return err
		}
	}
	_, err := d.Token()
	return jsonError(err)
}

// cut returns a value of the input for a message: cut short, control
// characters shown as text (the one rule for quoting input).
func cut(s string) string { return quote.Cut(s, quote.Max) }

// jsonError rewrites the errors of encoding/json without their Go types;
// nil when err is nil.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("malformed JSON: unexpected end")
	case errors.As(err, &syntax):
		return fmt.Errorf("malformed JSON at byte %d: %v", syntax.Offset, syntax)
	case errors.As(err, &typ):
		return fmt.Errorf("want %s, not %s", cmp.Or(kinds[typ.Type.Kind()], typ.Type.Kind().String()), cut(typ.Value))
	}
	return errors.New(cut(strings.TrimPrefix(err.Error(), "json: ")))
}

// kinds name Go's kinds for people.
var kinds = map[reflect.Kind]string{
	reflect.Int: "a whole number", reflect.Int64: "a whole number", reflect.Slice: "an array",
	reflect.Struct: "an object", reflect.Map: "an object", reflect.String: "a string", reflect.Bool: "true or false",
}

// An unknownField is a key that no field of the object has.
type unknownField string

func (k unknownField) Error() string { return fmt.Sprintf("unknown field %q", cut(string(k))) }
