package strictjson_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind/internal/strictjson"
)

// Object takes exactly its keys, each once, and nothing after the object;
// its errors say what is wrong in words, without Go's types.
func TestObject(t *testing.T) {
	for _, c := range []struct {
		in, err string
	}{
		{`{"a":1,"b":"x"}`, ""},
		{` {"b":"x"} `, ""},
		{`null`, ""},
		{`{"a":1,"a":2}`, `field "a" given twice`},
		{`{"c":1}`, `unknown field "c"`},
		{`{"a":"1"}`, "want a whole number, not string"},
		{`{"a":1} {}`, "unexpected data after the JSON value"},
		{`[1]`, "want an object, not array"},
		{`7`, "want an object, not number"},
		{`{"a":1`, "malformed JSON: unexpected end"},
		{``, "empty body: want a JSON object"},
		{`{"a":1,}`, "malformed JSON"},
	} {
		var a int
		var b string
		err := strictjson.Object([]byte(c.in), map[string]any{"a": &a, "b": &b})
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)) {
			t.Errorf("Object(%s) = %v, want %q", c.in, err, c.err)
		}
	}
	var unknown strictjson.UnknownField
	if err := strictjson.Object([]byte(`{"zz":1}`), map[string]*int{}); !errors.As(err, &unknown) || unknown != "zz" {
		t.Errorf("an unknown key: %v, want UnknownField zz", err)
	}
	long := `{"` + strings.Repeat("x", 1000) + `":1}`
	if err := strictjson.Object([]byte(long), map[string]*int{}); err == nil || len(err.Error()) > 100 {
		t.Errorf("a long unknown key: %v, want it cut short", err)
	}
}

// Value reads one value and nothing after it.
func TestValue(t *testing.T) {
	var s string
	if err := strictjson.Value([]byte(` "x" `), &s); err != nil || s != "x" {
		t.Errorf("Value: %q, %v", s, err)
	}
	if err := strictjson.Value([]byte(`"x" "y"`), &s); err == nil {
		t.Error("Value took a second value")
	}
	var n []int
	if err := strictjson.Value([]byte(`[true]`), &n); err == nil || err.Error() != "want a whole number, not bool" {
		t.Errorf("Value([true]) into []int: %v", err)
	}
	if !strictjson.Null(nil) || !strictjson.Null([]byte("null")) || strictjson.Null([]byte("0")) {
		t.Error("Null")
	}
}
