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
	"github.com/mastermind-go/mastermind/strategy"
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

// The request bodies, one struct per endpoint: its fields are the keys the
// endpoint takes (decoding refuses any other), each kept as JSON and read
// on its own by its reader (readers) so that an error names it. A field
// tagged api:"optional" may be left out where its reader would want it.
type (
	scoreBody struct {
		Game   json.RawMessage `json:"game"`
		Secret json.RawMessage `json:"secret"`
		Guess  json.RawMessage `json:"guess"`
	}
	nextBody struct {
		Game     json.RawMessage `json:"game"`
		Strategy json.RawMessage `json:"strategy"`
		History  json.RawMessage `json:"history"`
	}
	candidatesBody struct {
		Game    json.RawMessage `json:"game"`
		History json.RawMessage `json:"history"`
		Limit   json.RawMessage `json:"limit"`
	}
	explainBody struct {
		Game     json.RawMessage `json:"game"`
		History  json.RawMessage `json:"history"`
		Guess    json.RawMessage `json:"guess" api:"optional"`
		Strategy json.RawMessage `json:"strategy"`
	}
	reviewBody struct {
		Game     json.RawMessage `json:"game"`
		Secret   json.RawMessage `json:"secret"`
		Guesses  json.RawMessage `json:"guesses"`
		Strategy json.RawMessage `json:"strategy"`
	}
	treeBody struct {
		Game json.RawMessage `json:"game"`
		Path json.RawMessage `json:"path"`
	}
	evalBody struct {
		Game     json.RawMessage `json:"game"`
		Strategy json.RawMessage `json:"strategy"`
		Tree     json.RawMessage `json:"tree"`
	}
	// The secret is given with "mode":"secret" alone (answer checks).
	answerBody struct {
		Game    json.RawMessage `json:"game"`
		History json.RawMessage `json:"history"`
		Guess   json.RawMessage `json:"guess"`
		Mode    json.RawMessage `json:"mode"`
		Secret  json.RawMessage `json:"secret" api:"optional"`
	}
	dailyBody struct {
		Date json.RawMessage `json:"date"`
		Game json.RawMessage `json:"game"`
	}
)

// readers read the fields of the bodies into a request, in this order (the
// game first: the others are read in it). A reader is called for each
// field its endpoint takes, with the field's JSON, nil when it is absent.
var readers = []field{
	{"game", readGame},
	{"strategy", readStrategy},
	{"mode", readMode},
	{"secret", readSecret},
	{"guess", readGuess},
	{"history", readHistory},
	{"guesses", readGuesses},
	{"path", readPath},
	{"date", readDate},
	{"tree", readForm},
	{"limit", readLimit},
}

// A field is a key of the bodies and its reader.
type field struct {
	name string
	read func(*reading, json.RawMessage) error
}

// reading is a request being read.
type reading struct {
	ctx      context.Context
	r        *request
	optional map[string]bool // the fields that may be left out
}

// decode reads a request body: a JSON object with the keys of body (a
// body struct of its endpoint), nothing after it. Every error is a
// *mastermind.InputError naming the field (and the history entry) that is
// wrong, or ctx's error when it ends first (a long history takes a tenth
// of a second).
func decode(ctx context.Context, data []byte, body any) (*request, error) {
	v := reflect.New(reflect.TypeOf(body))
	if err := strict(data, v.Interface()); err != nil {
		return nil, bodyError(err)
	}
	in := &reading{ctx: ctx, r: &request{Strategy: strategy.AutoName, Limit: defaultLimit}, optional: map[string]bool{}}
	given := map[string]json.RawMessage{}
	t := v.Elem().Type()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		given[name] = v.Elem().Field(i).Interface().(json.RawMessage)
		in.optional[name] = t.Field(i).Tag.Get("api") == "optional"
	}
	for _, f := range readers {
		if raw, takes := given[f.name]; takes {
			if err := f.read(in, raw); err != nil {
				return nil, err
			}
		}
	}
	return in.r, nil
}

// bodyError returns the error of decoding a body: a key another endpoint
// takes is one this endpoint does not.
func bodyError(err error) error {
	var unknown unknownField
	if errors.As(err, &unknown) && slices.ContainsFunc(readers, func(f field) bool { return f.name == string(unknown) }) {
		return mastermind.Invalid(string(unknown), "this endpoint takes no %s", string(unknown))
	}
	return mastermind.Invalid("body", "%v", err)
}

// null reports whether raw is absent or JSON null.
func null(raw json.RawMessage) bool { return raw == nil || string(raw) == "null" }

// readGame reads the game: a preset name or {"positions":N,"colors":K,"distinct":B}.
func readGame(in *reading, raw json.RawMessage) error {
	var err error
	if in.r.Game, err = decodeGame(raw); err != nil {
		return err
	}
	if strict(raw, &in.r.Preset) != nil {
		in.r.Preset = ""
	}
	return nil
}

// readStrategy reads a strategy name of the table of strategies (package
// choose): auto when absent or "".
func readStrategy(in *reading, raw json.RawMessage) error {
	if null(raw) {
		return nil
	}
	if err := strict(raw, &in.r.Strategy); err != nil {
		return mastermind.Invalid("strategy", "want a name: %v", err)
	}
	if err := choose.Check(in.r.Strategy); err != nil {
		return err
	}
	if in.r.Strategy == "" {
		in.r.Strategy = strategy.AutoName
	}
	return nil
}

// readMode reads the mode of /api/answer.
func readMode(in *reading, raw json.RawMessage) error {
	var err error
	in.r.Mode, err = decodeMode(raw)
	return err
}

// readSecret reads the secret, a code of the game.
func readSecret(in *reading, raw json.RawMessage) error {
	if raw == nil && in.optional["secret"] {
		return nil
	}
	var err error
	in.r.Secret, err = decodeCode(in.r.Game, raw, "secret")
	return err
}

// readGuess reads the guess, a code of the game.
func readGuess(in *reading, raw json.RawMessage) error {
	if null(raw) && in.optional["guess"] {
		return nil
	}
	var err error
	in.r.Guess, err = decodeCode(in.r.Game, raw, "guess")
	return err
}

// readHistory reads the history's turns (none when absent).
func readHistory(in *reading, raw json.RawMessage) error {
	turns, err := array(raw, "history")
	if err != nil {
		return err
	}
	for i, t := range turns {
		if i%1024 == 1023 && in.ctx.Err() != nil {
			return in.ctx.Err()
		}
		turn, err := decodeTurn(in.r.Game, t, fmt.Sprintf("history[%d]", i))
		if err != nil {
			return err
		}
		in.r.History = append(in.r.History, turn)
	}
	return nil
}

// readGuesses reads /api/review's guesses.
func readGuesses(in *reading, raw json.RawMessage) error {
	guesses, err := array(raw, "guesses")
	if err != nil {
		return err
	}
	in.r.Guesses, err = decodeGuesses(in.r.Game, guesses)
	return err
}

// readPath reads /api/tree's path of answers.
func readPath(in *reading, raw json.RawMessage) error {
	path, err := array(raw, "path")
	if err != nil {
		return err
	}
	if len(path) > maxPath {
		return mastermind.Invalid("path", "longer than any game of a tree: %d answers, at most %d", len(path), maxPath)
	}
	for i, a := range path {
		f, err := decodeAnswer(in.r.Game, a, fmt.Sprintf("path[%d]", i))
		if err != nil {
			return err
		}
		in.r.Path = append(in.r.Path, f)
	}
	return nil
}

// readDate reads /api/daily's day, a string (package daily reads it).
func readDate(in *reading, raw json.RawMessage) error {
	if null(raw) {
		return mastermind.Invalid("date", "missing: a day written YYYY-MM-DD")
	}
	if err := strict(raw, &in.r.Date); err != nil {
		return mastermind.Invalid("date", "want a day written YYYY-MM-DD: %v", err)
	}
	return nil
}

// readForm reads the form of /api/eval's tree, "json" or "dot" ("" when
// absent).
func readForm(in *reading, raw json.RawMessage) error {
	if raw == nil {
		return nil
	}
	if err := strict(raw, &in.r.Tree); err != nil || in.r.Tree != "json" && in.r.Tree != "dot" {
		return mastermind.Invalid("tree", `want "json" or "dot" (the decision tree's form), not %s`, cut(string(raw)))
	}
	return nil
}

// readLimit reads /api/candidates's limit (defaultLimit when absent).
func readLimit(in *reading, raw json.RawMessage) error {
	if null(raw) {
		return nil
	}
	if err := strict(raw, &in.r.Limit); err != nil {
		return mastermind.Invalid("limit", "%v", err)
	}
	if in.r.Limit < 0 || in.r.Limit > maxLimit {
		return mastermind.Invalid("limit", "must be between 0 and %d, not %d", maxLimit, in.r.Limit)
	}
	return nil
}

// array reads the JSON array of field name (none when absent or null).
func array(raw json.RawMessage, name string) ([]json.RawMessage, error) {
	var out []json.RawMessage
	if null(raw) {
		return nil, nil
	}
	if err := strict(raw, &out); err != nil {
		return nil, mastermind.Invalid(name, "%v", err)
	}
	return out, nil
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

// decodeGame reads a preset name or {"positions":N,"colors":K,"distinct":B}.
func decodeGame(data json.RawMessage) (mastermind.Game, error) {
	if data == nil || string(data) == "null" {
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

// strict decodes one JSON value from data into v by encoding/json's
// tokenizer and decoder: nothing may follow the value, and an object
// decoded into a struct has for keys the names of its fields (their json
// tags), exactly and each at most once. The message is short and in the
// API's words. It is the standard library's tokenizer rather than
// github.com/go-json-experiment/json (which checks keys so by default)
// because that library was measured to add 58 to 341 KB gzipped to the
// static site's engine (1.58 MB gzipped, its budget 1.6 MB).
func strict(data []byte, v any) error {
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return errors.New("empty body: want a JSON object")
	case reflect.TypeOf(v).Elem().Kind() != reflect.Struct:
		// No keys to check (and the quickest way): the code of a turn,
		// a name, a number. A syntax error after the value is one too.
		return jsonError(json.Unmarshal(data, v))
	}
	d := json.NewDecoder(bytes.NewReader(data))
	if err := decodeInto(d, reflect.ValueOf(v).Elem()); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// decodeInto decodes the next value of d into v (see strict). A value
// kept as JSON (json.RawMessage) has its keys checked when it is decoded
// in its turn; a null leaves v as it is.
func decodeInto(d *json.Decoder, v reflect.Value) error {
	if v.Kind() != reflect.Struct {
		return jsonError(d.Decode(v.Addr().Interface()))
	}
	tok, err := d.Token()
	switch tok.(type) {
	case nil:
		return jsonError(err) // null, or an error
	case json.Delim:
		if tok != json.Delim('{') {
			return errors.New("want an object, not array")
		}
	case string:
		return errors.New("want an object, not string")
	case float64:
		return errors.New("want an object, not number")
	case bool:
		return errors.New("want an object, not bool")
	}
	seen := map[string]bool{}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return jsonError(err)
		}
		name, _ := tok.(string)
		i := -1
		for j := range v.NumField() {
			if tag, _, _ := strings.Cut(v.Type().Field(j).Tag.Get("json"), ","); tag == name {
				i = j
			}
		}
		switch {
		case i < 0:
			return unknownField(name)
		case seen[name]:
			return fmt.Errorf("field %q given twice", cut(name))
		}
		seen[name] = true
		if err := decodeInto(d, v.Field(i)); err != nil {
			return err
		}
	}
	_, err = d.Token()
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
		return fmt.Errorf("want %s, not %s", kind(typ.Type.Kind()), cut(typ.Value))
	}
	return errors.New(cut(strings.TrimPrefix(err.Error(), "json: ")))
}

// An unknownField is a key that no field of the struct decoded has.
type unknownField string

func (k unknownField) Error() string { return fmt.Sprintf("unknown field %q", cut(string(k))) }

// kind names a Go kind for people.
func kind(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int64:
		return "a whole number"
	case reflect.Slice:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	}
	return k.String()
}
