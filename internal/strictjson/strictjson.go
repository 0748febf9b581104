// Package strictjson reads JSON strictly, with messages in words for the
// people who wrote it: an object's keys exactly those expected, each at
// most once; nothing after the value; the errors of encoding/json without
// their Go types, the values they repeat cut short (package quote). The
// web API reads its requests so (web/decode: a game, a code, an answer,
// a turn).
//
// It reads by encoding/json's tokenizer rather than by
// github.com/go-json-experiment/json (which checks keys so by default)
// because that library was measured to add 58 to 341 KB gzipped to the
// static site's engine (then 1.58 MB gzipped; now 1.64 MB, of the site's 2 MB).
//
// Kind: a reader, importing no more of the project than the leaf helper
// quote (internal/README.md).
package strictjson

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/mastermind-go/mastermind/internal/quote"
)

// Null reports whether raw is absent (nil) or JSON null.
func Null(raw json.RawMessage) bool { return raw == nil || string(raw) == "null" }

// Value decodes one JSON value from data into v, nothing after it (a
// syntax error), in words (see the package doc). Objects whose keys
// matter are read by Object.
func Value(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty body: want a JSON object")
	}
	return wordy(json.Unmarshal(data, v))
}

// Object decodes the JSON object data into fields, by key: exactly the keys
// of fields, each at most once, in any order, each value decoded into its
// pointer as it is read; nothing may follow the object, and null leaves the
// fields as they are. A key not in fields is an UnknownField error.
func Object[V any](data []byte, fields map[string]V) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty body: want a JSON object")
	}
	d := json.NewDecoder(bytes.NewReader(data))
	tok, err := d.Token()
	switch tok := tok.(type) {
	case nil:
		if err != nil {
			return wordy(err)
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
			return wordy(err)
		}
		name, _ := tok.(string)
		v, ok := fields[name]
		switch {
		case !ok:
			return UnknownField(name)
		case seen[name]:
			return fmt.Errorf("field %q given twice", cut(name))
		}
		seen[name] = true
		if err := wordy(d.Decode(v)); err != nil {
			return err
		}
	}
	_, err := d.Token()
	return wordy(err)
}

// cut returns a value of the input for a message (package quote).
func cut(s string) string { return quote.Cut(s, quote.Max) }

// wordy rewrites the errors of encoding/json without their Go types; nil
// when err is nil.
func wordy(err error) error {
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

// An UnknownField is a key that no field of the object has.
type UnknownField string

func (k UnknownField) Error() string { return fmt.Sprintf("unknown field %q", cut(string(k))) }
