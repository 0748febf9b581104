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

	"github.com/mastermind-go/mastermind"
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

// Answer reads an answer of g written [B,W] at where.
func Answer(g mastermind.Game, data []byte, where string) (mastermind.Feedback, error) {
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

// Turn reads a turn of g, {"guess":[...],"black":B,"white":W}, at
// where.
func Turn(g mastermind.Game, data []byte, where string) (mastermind.Turn, error) {
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

// Game reads a game: a preset's name (Preset) or its size,
// {"positions":N,"colors":K,"distinct":B} ("distinct" may be left out), at
// where.
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
	var g mastermind.Game
	if err := strictjson.Object(data, map[string]any{"positions": &positions, "colors": &colors, "distinct": &g.Distinct}); err != nil {
		return mastermind.Game{}, mastermind.Invalid(where, "want a preset name or {\"positions\":N,\"colors\":K,\"distinct\":false}: %v", err)
	}
	switch {
	case positions == nil:
		return mastermind.Game{}, mastermind.Invalid(where+".positions", "missing")
	case colors == nil:
		return mastermind.Game{}, mastermind.Invalid(where+".colors", "missing")
	}
	g.Positions, g.Colors = *positions, *colors
	if err := g.Validate(); err != nil {
		return g, &mastermind.InputError{Where: where, Err: err}
	}
	return g, nil
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
