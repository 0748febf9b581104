package mastermind

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/mastermind-go/mastermind/internal/strictjson"
)

// The JSON form of the engine's values, the web API's: a Game is
// {"positions":N,"colors":K,"distinct":B} and a Feedback {"black":B,"white":W}
// (their json tags), a Code an array of colour numbers (MarshalJSON), a
// Turn {"guess":[...],"black":B,"white":W}. The Decode methods read them
// strictly for a game (exact keys, the game's rules), each error an
// *InputError at the place given (such as "history[3]").

// MarshalJSON writes c as a JSON array of colour numbers, [0,1,2,3] (as a
// []uint8 it would be a base64 string).
func (c Code) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	for i, x := range c {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(x), 10)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads a JSON array of colour numbers, each 0 to 255 (whether
// it is a code of a game is [Game.ValidCode]'s to say, or read it with
// [Game.DecodeCode]); null leaves c as it is.
func (c *Code) UnmarshalJSON(data []byte) error {
	var nums []int
	if err := json.Unmarshal(data, &nums); err != nil || nums == nil {
		return err
	}
	out := make(Code, len(nums))
	for i, x := range nums {
		if x < 0 || x > 255 {
			return fmt.Errorf("colour %d is out of range 0..255", x)
		}
		out[i] = uint8(x)
	}
	*c = out
	return nil
}

// DecodeCode reads a code of g, a JSON array of colour numbers, at where.
func (g Game) DecodeCode(data []byte, where string) (Code, error) {
	if strictjson.Null(data) {
		return nil, Invalid(where, "missing: want %d colour numbers", g.Positions)
	}
	var nums []*int // a null is told, not read as colour 0
	if err := strictjson.Value(data, &nums); err != nil {
		return nil, Invalid(where, "want an array of %d colour numbers: %v", g.Positions, err)
	}
	if len(nums) != g.Positions {
		return nil, Invalid(where, "a code has %d colours, not %d", g.Positions, len(nums))
	}
	c := make(Code, len(nums))
	for i, x := range nums {
		switch {
		case x == nil:
			return nil, Invalid(fmt.Sprintf("%s[%d]", where, i), "want a colour number, not null")
		case *x < 0 || *x >= g.Colors:
			return nil, Invalid(fmt.Sprintf("%s[%d]", where, i), "colour %d is out of range 0..%d", *x, g.Colors-1)
		}
		c[i] = uint8(*x)
	}
	if err := g.ValidCode(c); err != nil {
		return nil, &InputError{Where: where, Err: err}
	}
	return c, nil
}

// DecodeAnswer reads an answer of g written [B,W] at where.
func (g Game) DecodeAnswer(data []byte, where string) (Feedback, error) {
	var bw []*int
	if err := strictjson.Value(data, &bw); err != nil || len(bw) != 2 || bw[0] == nil || bw[1] == nil {
		if err == nil {
			err = errors.New("not two numbers")
		}
		return Feedback{}, Invalid(where, "want an answer [black,white]: %v", err)
	}
	f := Feedback{Black: *bw[0], White: *bw[1]}
	if f.Black < 0 || f.Black > g.Positions || f.White < 0 || f.White > g.Positions {
		return f, Invalid(where, "black and white must be between 0 and %d, not %d %d", g.Positions, f.Black, f.White)
	}
	if err := g.ValidFeedback(f); err != nil {
		return f, &InputError{Where: where, Err: err}
	}
	return f, nil
}

// DecodeTurn reads a turn of g, {"guess":[...],"black":B,"white":W}, at
// where.
func (g Game) DecodeTurn(data []byte, where string) (Turn, error) {
	var guess json.RawMessage
	var black, white *int
	if err := strictjson.Object(data, map[string]any{"guess": &guess, "black": &black, "white": &white}); err != nil {
		return Turn{}, Invalid(where, "want {\"guess\":[...],\"black\":B,\"white\":W}: %v", err)
	}
	code, err := g.DecodeCode(guess, where+".guess")
	if err != nil {
		return Turn{}, err
	}
	for _, x := range []struct {
		n    *int
		name string
	}{{black, "black"}, {white, "white"}} {
		switch {
		case x.n == nil:
			return Turn{}, Invalid(where+"."+x.name, "missing")
		case *x.n < 0 || *x.n > g.Positions:
			return Turn{}, Invalid(where+"."+x.name, "must be between 0 and %d, not %d", g.Positions, *x.n)
		}
	}
	f := Feedback{Black: *black, White: *white}
	if err := g.ValidFeedback(f); err != nil {
		return Turn{}, &InputError{Where: where, Err: err}
	}
	return Turn{Guess: code, Feedback: f}, nil
}

// DecodeGame reads a game: a preset's name (Preset) or its size,
// {"positions":N,"colors":K,"distinct":B} ("distinct" may be left out), at
// where.
func DecodeGame(data []byte, where string) (Game, error) {
	var name string
	if strictjson.Value(data, &name) == nil {
		g, err := Preset(name)
		if err != nil {
			return g, &InputError{Where: where, Err: err}
		}
		return g, nil
	}
	var positions, colors *int
	var g Game
	if err := strictjson.Object(data, map[string]any{"positions": &positions, "colors": &colors, "distinct": &g.Distinct}); err != nil {
		return Game{}, Invalid(where, "want a preset name or {\"positions\":N,\"colors\":K,\"distinct\":false}: %v", err)
	}
	switch {
	case positions == nil:
		return Game{}, Invalid(where+".positions", "missing")
	case colors == nil:
		return Game{}, Invalid(where+".colors", "missing")
	}
	g.Positions, g.Colors = *positions, *colors
	if err := g.Validate(); err != nil {
		return g, &InputError{Where: where, Err: err}
	}
	return g, nil
}
