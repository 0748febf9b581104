package web

import (
	"bytes"
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
)

// Limits on a request's contents, beyond the game's own.
const (
	// maxBody is the largest request body, in bytes (413 beyond).
	maxBody = 1 << 20
	// maxLimit is the largest "limit" of /api/candidates.
	maxLimit = 10_000
	// defaultLimit is the "limit" of /api/candidates when none is given.
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
	Game mastermind.Game
	// Preset is the name the game was given by, "" for a game given by
	// its size.
	Preset   string
	Strategy string
	Secret   mastermind.Code
	Guess    mastermind.Code
	History  []mastermind.Turn
	Limit    int
	Guesses  []mastermind.Code     // /api/review's
	Path     []mastermind.Feedback // /api/tree's
	// Mode is how /api/answer answers: "adversary" or "secret".
	Mode string
	// Date is the day of /api/daily, as given (package daily reads it).
	Date string
	// Tree is the form /api/eval writes the decision tree in: "json",
	// "dot", or "" for none.
	Tree string
}

// rawRequest is a request body as JSON: every field is decoded on its own
// so that an error can name it.
type rawRequest struct {
	Game     json.RawMessage   `json:"game"`
	Strategy json.RawMessage   `json:"strategy"`
	Secret   json.RawMessage   `json:"secret"`
	Guess    json.RawMessage   `json:"guess"`
	History  []json.RawMessage `json:"history"`
	Limit    json.RawMessage   `json:"limit"`
	Guesses  []json.RawMessage `json:"guesses"`
	Path     []json.RawMessage `json:"path"`
	Mode     json.RawMessage   `json:"mode"`
	Date     json.RawMessage   `json:"date"`
	Tree     json.RawMessage   `json:"tree"`
}

// rawGame is a game given by its size.
type rawGame struct {
	Positions *int `json:"positions"`
	Colors    *int `json:"colors"`
	Distinct  bool `json:"distinct"`
}

// rawTurn is one entry of a history.
type rawTurn struct {
	Guess json.RawMessage `json:"guess"`
	Black *int            `json:"black"`
	White *int            `json:"white"`
}

// Fields says which fields an endpoint takes; the others are rejected.
type fields struct {
	strategy, secret, guess, history, limit, guesses, path, mode, date, tree bool
	// maybeGuess: the guess may be left out (nil).
	maybeGuess bool
}

// decode reads a request body: a JSON object with the fields f allows,
// nothing after it. Every error is a *mastermind.InputError naming the field
// (and the history entry) that is wrong, or ctx's error when it ends first
// (a long history takes a tenth of a second).
func decode(ctx context.Context, data []byte, f fields) (*request, error) {
	var raw rawRequest
	if err := strict(data, &raw); err != nil {
		where := "body"
		var typ *typeError
		if errors.As(err, &typ) && typ.field != "" && !strings.Contains(typ.field, ".") {
			where = typ.field // a field of the wrong type: "path": 5
		}
		return nil, mastermind.Invalid(where, "%v", err)
	}
	for _, x := range []struct {
		name          string
		given, wanted bool
	}{
		{"strategy", raw.Strategy != nil, f.strategy},
		{"secret", raw.Secret != nil, f.secret},
		{"guess", raw.Guess != nil, f.guess},
		{"history", raw.History != nil, f.history},
		{"limit", raw.Limit != nil, f.limit},
		{"guesses", raw.Guesses != nil, f.guesses},
		{"path", raw.Path != nil, f.path},
		{"mode", raw.Mode != nil, f.mode},
		{"date", raw.Date != nil, f.date},
		{"tree", raw.Tree != nil, f.tree},
	} {
		if x.given && !x.wanted {
			return nil, mastermind.Invalid(x.name, "this endpoint takes no %s", x.name)
		}
	}
	r := &request{Strategy: "auto", Limit: defaultLimit}
	var err error
	if r.Game, err = decodeGame(raw.Game); err != nil {
		return nil, err
	}
	if strict(raw.Game, &r.Preset) != nil {
		r.Preset = ""
	}
	if raw.Strategy != nil {
		if err := strict(raw.Strategy, &r.Strategy); err != nil {
			return nil, mastermind.Invalid("strategy", "want a name: %v", err)
		}
		if !slices.Contains(choose.Names(), r.Strategy) {
			return nil, mastermind.Invalid("strategy", "unknown strategy %q (known: %s)", cut(r.Strategy), strings.Join(choose.Names(), ", "))
		}
	}
	if f.mode {
		if r.Mode, err = decodeMode(raw.Mode); err != nil {
			return nil, err
		}
	}
	// With a mode, a secret is given with "secret" alone (answer checks).
	if f.secret && (!f.mode || raw.Secret != nil) {
		if r.Secret, err = decodeCode(r.Game, raw.Secret, "secret"); err != nil {
			return nil, err
		}
	}
	if f.guess && !(f.maybeGuess && (raw.Guess == nil || string(raw.Guess) == "null")) {
		if r.Guess, err = decodeCode(r.Game, raw.Guess, "guess"); err != nil {
			return nil, err
		}
	}
	for i, t := range raw.History {
		if i%1024 == 1023 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		turn, err := decodeTurn(r.Game, t, fmt.Sprintf("history[%d]", i))
		if err != nil {
			return nil, err
		}
		r.History = append(r.History, turn)
	}
	if f.guesses {
		if r.Guesses, err = decodeGuesses(r.Game, raw.Guesses); err != nil {
			return nil, err
		}
	}
	if len(raw.Path) > maxPath {
		return nil, mastermind.Invalid("path", "longer than any game of a tree: %d answers, at most %d", len(raw.Path), maxPath)
	}
	for i, a := range raw.Path {
		f, err := decodeAnswer(r.Game, a, fmt.Sprintf("path[%d]", i))
		if err != nil {
			return nil, err
		}
		r.Path = append(r.Path, f)
	}
	if f.date {
		if raw.Date == nil || string(raw.Date) == "null" {
			return nil, mastermind.Invalid("date", "missing: a day written YYYY-MM-DD")
		}
		if err := strict(raw.Date, &r.Date); err != nil {
			return nil, mastermind.Invalid("date", "want a day written YYYY-MM-DD: %v", err)
		}
	}
	if raw.Tree != nil {
		if err := strict(raw.Tree, &r.Tree); err != nil || r.Tree != "json" && r.Tree != "dot" {
			return nil, mastermind.Invalid("tree", `want "json" or "dot" (the decision tree's form), not %s`, cut(string(raw.Tree)))
		}
	}
	if raw.Limit != nil {
		if err := strict(raw.Limit, &r.Limit); err != nil {
			return nil, mastermind.Invalid("limit", "%v", err)
		}
		if r.Limit < 0 || r.Limit > maxLimit {
			return nil, mastermind.Invalid("limit", "must be between 0 and %d, not %d", maxLimit, r.Limit)
		}
	}
	return r, nil
}

// decodeGame reads a preset name or {"positions":N,"colors":K,"distinct":B}.
func decodeGame(data json.RawMessage) (mastermind.Game, error) {
	if data == nil || string(data) == "null" {
		return mastermind.Game{}, mastermind.Invalid("game", "missing: a preset (%s) or {\"positions\":N,\"colors\":K}", strings.Join(presetNames(), ", "))
	}
	var name string
	if strict(data, &name) == nil {
		g, err := preset(name)
		if err != nil {
			return g, mastermind.Invalid("game", "unknown game %q (known: %s)", cut(name), strings.Join(presetNames(), ", "))
		}
		return g, nil
	}
	var rg rawGame
	if err := strict(data, &rg); err != nil {
		return mastermind.Game{}, mastermind.Invalid("game", "want a preset name or {\"positions\":N,\"colors\":K,\"distinct\":false}: %v", err)
	}
	switch {
	case rg.Positions == nil:
		return mastermind.Game{}, mastermind.Invalid("game.positions", "missing")
	case rg.Colors == nil:
		return mastermind.Game{}, mastermind.Invalid("game.colors", "missing")
	}
	g := mastermind.Game{Positions: *rg.Positions, Colors: *rg.Colors, Distinct: rg.Distinct}
	if err := g.Validate(); err != nil {
		return g, &mastermind.InputError{Where: "game", Err: err}
	}
	return g, nil
}

// decodeMode reads the mode of /api/answer.
func decodeMode(data json.RawMessage) (string, error) {
	var m string
	switch {
	case data == nil || string(data) == "null":
		return "", mastermind.Invalid("mode", `missing: "adversary" (the evil codemaker) or "secret"`)
	case strict(data, &m) != nil || m != "adversary" && m != "secret":
		return "", mastermind.Invalid("mode", `want "adversary" (the evil codemaker) or "secret", not %s`, cut(string(data)))
	}
	return m, nil
}

// decodeCode reads a code of game g at where.
func decodeCode(g mastermind.Game, data json.RawMessage, where string) (mastermind.Code, error) {
	if data == nil || string(data) == "null" {
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

// decodeGuesses reads /api/review's guesses: at least one, at most
// maxGuesses.
func decodeGuesses(g mastermind.Game, raw []json.RawMessage) ([]mastermind.Code, error) {
	switch {
	case len(raw) == 0:
		return nil, mastermind.Invalid("guesses", "missing: want the guesses played, [[...],...]")
	case len(raw) > maxGuesses:
		return nil, mastermind.Invalid("guesses", "%d guesses, more than the %d a review takes", len(raw), maxGuesses)
	}
	out := make([]mastermind.Code, len(raw))
	for i, x := range raw {
		c, err := decodeCode(g, x, fmt.Sprintf("guesses[%d]", i))
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
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
	var rt rawTurn
	if err := strict(data, &rt); err != nil {
		return mastermind.Turn{}, mastermind.Invalid(where, "want {\"guess\":[...],\"black\":B,\"white\":W}: %v", err)
	}
	guess, err := decodeCode(g, rt.Guess, where+".guess")
	if err != nil {
		return mastermind.Turn{}, err
	}
	switch {
	case rt.Black == nil:
		return mastermind.Turn{}, mastermind.Invalid(where+".black", "missing")
	case rt.White == nil:
		return mastermind.Turn{}, mastermind.Invalid(where+".white", "missing")
	case *rt.Black < 0 || *rt.Black > g.Positions:
		return mastermind.Turn{}, mastermind.Invalid(where+".black", "must be between 0 and %d, not %d", g.Positions, *rt.Black)
	case *rt.White < 0 || *rt.White > g.Positions:
		return mastermind.Turn{}, mastermind.Invalid(where+".white", "must be between 0 and %d, not %d", g.Positions, *rt.White)
	}
	f := mastermind.Feedback{Black: *rt.Black, White: *rt.White}
	if err := g.ValidFeedback(f); err != nil {
		return mastermind.Turn{}, &mastermind.InputError{Where: where, Err: err}
	}
	return mastermind.Turn{Guess: guess, Feedback: f}, nil
}

// strict decodes one JSON value from data into v: unknown object fields and
// anything after the value are errors, and the message is short. The keys
// of an object decoded into a struct are matched exactly, each at most once
// (encoding/json alone matches them whatever their case, and keeps the last
// of a key given twice).
func strict(data []byte, v any) error {
	known, err := exactKeys(data, v)
	if err != nil {
		return err
	}
	if known {
		// One value, every key checked: the quicker Unmarshal will do.
		if err := json.Unmarshal(data, v); err != nil {
			return jsonError(err)
		}
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// exactKeys checks the keys of data, when it is a JSON object and v points
// to a struct: each the name of one of the struct's fields, exactly, and
// none given twice. It reports whether data is one such object and nothing
// else; JSON it cannot read is left to the decoder to tell.
func exactKeys(data []byte, v any) (bool, error) {
	t := reflect.TypeOf(v).Elem()
	if t.Kind() != reflect.Struct {
		return false, nil
	}
	keys, ok := objectKeys(data)
	if !ok {
		return false, nil
	}
	names := fieldNames(t)
	for i, k := range keys {
		switch {
		case !slices.Contains(names, k):
			return false, fmt.Errorf("unknown field %q", cut(k))
		case slices.Contains(keys[:i], k):
			return false, fmt.Errorf("field %q given twice", k)
		}
	}
	return true, nil
}

// fieldNames returns the JSON names of the fields of struct type t.
func fieldNames(t reflect.Type) []string {
	names := make([]string, t.NumField())
	for i := range names {
		names[i], _, _ = strings.Cut(t.Field(i).Tag.Get("json"), ",")
	}
	return names
}

// objectKeys returns the keys of the JSON object data, in order, and
// whether data is one object and nothing else (with white space around);
// it does not check the values beyond finding where they end.
func objectKeys(data []byte) ([]string, bool) {
	i := skipSpace(data, 0)
	if i == len(data) || data[i] != '{' {
		return nil, false
	}
	var keys []string
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return keys, skipSpace(data, i+1) == len(data)
	}
	for {
		end, ok := skipString(data, i)
		if !ok {
			return nil, false
		}
		k := string(data[i+1 : end-1])
		if bytes.IndexByte(data[i:end], '\\') >= 0 && json.Unmarshal(data[i:end], &k) != nil {
			return nil, false
		}
		keys = append(keys, k)
		i = skipSpace(data, end)
		if i == len(data) || data[i] != ':' {
			return nil, false
		}
		if i, ok = skipValue(data, skipSpace(data, i+1)); !ok {
			return nil, false
		}
		i = skipSpace(data, i)
		switch {
		case i < len(data) && data[i] == ',':
			i = skipSpace(data, i+1)
		case i < len(data) && data[i] == '}':
			return keys, skipSpace(data, i+1) == len(data)
		default:
			return nil, false
		}
	}
}

// skipSpace returns the index of the first byte of data from i that is not
// JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the JSON string at data[i].
func skipString(data []byte, i int) (int, bool) {
	if i >= len(data) || data[i] != '"' {
		return 0, false
	}
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1, true
		}
	}
	return 0, false
}

// skipValue returns the index after the JSON value at data[i], finding its
// end by its brackets and strings.
func skipValue(data []byte, i int) (int, bool) {
	depth := 0
	for i < len(data) {
		switch c := data[i]; {
		case c == '"':
			end, ok := skipString(data, i)
			if !ok {
				return 0, false
			}
			i = end
		case c == '{' || c == '[':
			depth++
			i++
		case c == '}' || c == ']':
			if depth == 0 {
				return i, true
			}
			depth--
			i++
		case depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return i, true
		default:
			i++
		}
		if depth == 0 && i > 0 && (data[i-1] == '"' || data[i-1] == '}' || data[i-1] == ']') {
			return i, true
		}
	}
	return i, depth == 0
}

// cut returns a value of the input for a message: cut short, control
// characters shown as text (the one rule for quoting input).
func cut(s string) string { return quote.Cut(s, quote.Max) }

// jsonError rewrites the errors of encoding/json without their Go types.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New("empty body: want a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("malformed JSON: unexpected end")
	case errors.As(err, &syntax):
		return fmt.Errorf("malformed JSON at byte %d: %v", syntax.Offset, syntax)
	case errors.As(err, &typ):
		if typ.Value == "number" && typ.Type.Kind() >= 2 && typ.Type.Kind() <= 6 {
			return &typeError{typ.Field, fmt.Sprintf("want a whole number (of at most 64 bits), not %s", typ.Value)}
		}
		return &typeError{typ.Field, fmt.Sprintf("want %s, not %s", kind(typ.Type.Kind().String()), cut(typ.Value))}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return errors.New(cut(msg))
}

// A typeError is a JSON value of the wrong type, in the field it names
// (dotted for a field of a field; "" for the value itself).
type typeError struct{ field, msg string }

func (e *typeError) Error() string { return e.msg }

// kind names a Go kind for people.
func kind(k string) string {
	switch k {
	case "int", "int64":
		return "a whole number"
	case "slice":
		return "an array"
	case "struct", "map":
		return "an object"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	}
	return k
}
