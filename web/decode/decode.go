// Package decode reads the engine's values from a JSON request strictly
// for a game: exact keys, the game's rules, each refusal a
// *mastermind.InputError at the place of the wrong part (such as
// "history[3].guess[2]"). The web API reads its requests with it; the root
// package writes the values' JSON form and knows nothing of requests.
package decode

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/strictjson"
)

// Code reads a code of g, a JSON array of colour numbers, at where.
func Code(g mastermind.Game, data []byte, where string) (mastermind.Code, error) {
	if strictjson.Null(data) {
		return nil, mastermind.Invalid(where, "missing: want %d colour numbers", g.Positions)
	}
	var nums []*int // a null is told, not read as colour 0
	if err := strictjson.Value(data, &nums); err != nil {
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

// Answer reads an answer of g as a path of /api/tree gives it, at where:
// [B,W] under black-white; under black B, or its written form "B"; under
// slots the marks, "GY.G" (see Marks).
func Answer(g mastermind.Game, data []byte, where string) (mastermind.Feedback, error) {
	switch g.Rule {
	case mastermind.BlackOnly:
		var s string
		if strictjson.Value(data, &s) == nil {
			f, err := g.ParseFeedback(s)
			if err != nil {
				return f, &mastermind.InputError{Where: where, Err: err}
			}
			return f, nil
		}
		return Black(g, data, where)
	case mastermind.Slots:
		return Marks(g, data, where)
	}
	var bw []*int
	if err := strictjson.Value(data, &bw); err != nil || len(bw) != 2 || bw[0] == nil || bw[1] == nil {
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

// Black reads an answer of g under the rule black, the number B, at where.
func Black(g mastermind.Game, data []byte, where string) (mastermind.Feedback, error) {
	var b *int
	if err := strictjson.Value(data, &b); err != nil || b == nil {
		if err == nil {
			err = errors.New("missing")
		}
		return mastermind.Feedback{}, mastermind.Invalid(where, "want the number of right places, 0 to %d: %v", g.Positions, err)
	}
	f := mastermind.Feedback{Black: *b}
	if err := g.ValidFeedback(f); err != nil {
		return f, &mastermind.InputError{Where: where, Err: err}
	}
	return f, nil
}

// Marks reads an answer of g under the rule slots at where: a string of N
// marks G (right place), Y (elsewhere) or . (neither), also g, y, 2, 1
// and 0, with or without spaces between them, as Game.ParseFeedback reads
// them; an answer no code of g gives is refused.
func Marks(g mastermind.Game, data []byte, where string) (mastermind.Feedback, error) {
	var s *string
	if err := strictjson.Value(data, &s); err != nil || s == nil {
		if err == nil {
			err = errors.New("missing")
		}
		return mastermind.Feedback{}, mastermind.Invalid(where, "want %d marks in a string, such as %q: %v", g.Positions, example(g.Positions), err)
	}
	n := 0
	for _, r := range *s {
		switch {
		case strings.ContainsRune(" \t\r\n", r):
		case !strings.ContainsRune("GgYy.210", r):
			return mastermind.Feedback{}, mastermind.Invalid(where, "%s is no mark: want G (right place), Y (elsewhere) or . (neither), or 2, 1, 0", quote.Cut(string(r), quote.Max))
		default:
			n++
		}
	}
	if n != g.Positions {
		return mastermind.Feedback{}, mastermind.Invalid(where, "%d marks, not %d", n, g.Positions)
	}
	f, err := g.ParseFeedback(*s)
	if err != nil {
		return f, &mastermind.InputError{Where: where, Err: err}
	}
	return f, nil
}

// example returns n marks for messages: "GY.GY." cut to n.
func example(n int) string { return strings.Repeat("GY.", n/3+1)[:n] }

// Turn reads a turn of g at where: {"guess":[...],"black":B,"white":W}
// under black-white, {"guess":[...],"black":B} under black,
// {"guess":[...],"marks":"GY.G"} under slots (see Marks).
func Turn(g mastermind.Game, data []byte, where string) (mastermind.Turn, error) {
	if g.Rule != mastermind.BlackWhite {
		return ruleTurn(g, data, where)
	}
	var guess json.RawMessage
	var black, white *int
	if err := strictjson.Object(data, map[string]any{"guess": &guess, "black": &black, "white": &white}); err != nil {
		return mastermind.Turn{}, mastermind.Invalid(where, "want {\"guess\":[...],\"black\":B,\"white\":W}: %v", err)
	}
	code, err := Code(g, guess, where+".guess")
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

// ruleTurn reads a turn of g under black or slots: the guess and the one
// key of the rule's answer (Keys), read by Black or Marks.
func ruleTurn(g mastermind.Game, data []byte, where string) (mastermind.Turn, error) {
	key, read, want := "black", Black, `{"guess":[...],"black":B}`
	if g.Rule == mastermind.Slots {
		key, read, want = "marks", Marks, fmt.Sprintf(`{"guess":[...],"marks":%q}`, example(g.Positions))
	}
	var guess, answer json.RawMessage
	err := strictjson.Object(data, map[string]any{"guess": &guess, key: &answer})
	var unknown strictjson.UnknownField
	switch {
	case errors.As(err, &unknown) && slices.Contains([]string{"black", "white", "marks"}, string(unknown)):
		return mastermind.Turn{}, mastermind.Invalid(where+"."+string(unknown), "the rule %v answers %s", g.Rule, want)
	case err != nil:
		return mastermind.Turn{}, mastermind.Invalid(where, "want %s: %v", want, err)
	}
	code, err := Code(g, guess, where+".guess")
	if err != nil {
		return mastermind.Turn{}, err
	}
	if strictjson.Null(answer) {
		return mastermind.Turn{}, mastermind.Invalid(where+"."+key, "missing")
	}
	f, err := read(g, answer, where+"."+key)
	return mastermind.Turn{Guess: code, Feedback: f}, err
}

// Game reads a game at where: a preset's name (Preset), or an object
// with the game's size, {"positions":N,"colors":K,"distinct":B}
// ("distinct" may be left out), or a preset's name, {"preset":NAME}, and
// its answer rule, "feedback":RULE (left out: black-white; see
// mastermind.ParseRule).
func Game(data []byte, where string) (mastermind.Game, error) {
	var name string
	if strictjson.Value(data, &name) == nil {
		g, err := mastermind.Preset(name)
		if err != nil {
			return g, &mastermind.InputError{Where: where, Err: err}
		}
		return g, nil
	}
	var positions, colors *int
	var distinct *bool
	var preset, rule *string
	if err := strictjson.Object(data, map[string]any{"positions": &positions, "colors": &colors, "distinct": &distinct, "preset": &preset, "feedback": &rule}); err != nil {
		return mastermind.Game{}, mastermind.Invalid(where, "want a preset name or {\"positions\":N,\"colors\":K,\"distinct\":false}: %v", err)
	}
	var g mastermind.Game
	switch {
	case preset != nil && (positions != nil || colors != nil || distinct != nil):
		return g, mastermind.Invalid(where, "give a preset or the game's size (positions, colors, distinct), not both")
	case preset != nil:
		p, err := mastermind.Preset(*preset)
		if err != nil {
			return g, &mastermind.InputError{Where: where + ".preset", Err: err}
		}
		g = p
	case positions == nil:
		return g, mastermind.Invalid(where+".positions", "missing")
	case colors == nil:
		return g, mastermind.Invalid(where+".colors", "missing")
	default:
		g = mastermind.Game{Positions: *positions, Colors: *colors, Distinct: distinct != nil && *distinct}
	}
	if rule != nil {
		r, err := mastermind.ParseRule(*rule)
		if err != nil {
			return mastermind.Game{}, &mastermind.InputError{Where: where + ".feedback", Err: err}
		}
		g.Rule = r
	}
	if err := g.Validate(); err != nil {
		return g, &mastermind.InputError{Where: where, Err: err}
	}
	return g, nil
}

// PresetName returns the name of the preset that a game read by Game is
// given by, as a string or as {"preset":NAME}; "" for a game given by its
// size.
func PresetName(data []byte) string {
	var name string
	if strictjson.Value(data, &name) == nil {
		return name
	}
	var named struct{ Preset string }
	if json.Unmarshal(data, &named) != nil {
		return ""
	}
	return named.Preset
}

// CodeOf returns the reader of g's codes, for lists.
func CodeOf(g mastermind.Game) func([]byte, string) (mastermind.Code, error) {
	return func(data []byte, where string) (mastermind.Code, error) { return Code(g, data, where) }
}

// AnswerOf returns the reader of g's answers, for lists.
func AnswerOf(g mastermind.Game) func([]byte, string) (mastermind.Feedback, error) {
	return func(data []byte, where string) (mastermind.Feedback, error) { return Answer(g, data, where) }
}

// TurnOf returns the reader of g's turns, for lists.
func TurnOf(g mastermind.Game) func([]byte, string) (mastermind.Turn, error) {
	return func(data []byte, where string) (mastermind.Turn, error) { return Turn(g, data, where) }
}
