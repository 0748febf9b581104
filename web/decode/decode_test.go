package decode

import (
	"errors"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// The request readers read a game's values strictly, each refusal an
// *InputError at the place of the wrong part: the code, one of its colours,
// a turn's key.
func TestDecode(t *testing.T) {
	classic, bulls := mastermind.Classic(), mastermind.Bulls()
	where := func(err error) string {
		var in *mastermind.InputError
		if err == nil {
			return "ok"
		}
		if !errors.As(err, &in) {
			return "not an InputError: " + err.Error()
		}
		return in.Where
	}
	for _, c := range []struct {
		g         mastermind.Game
		kind, in  string
		wantWhere string
	}{
		{classic, "game", `"bulls"`, "ok"},
		{classic, "game", `{"colors":7,"positions":3}`, "ok"},
		{classic, "game", `"nope"`, "x"},
		{classic, "game", `{"positions":4}`, "x.colors"},
		{classic, "game", `{"colors":6,"distinct":true}`, "x.positions"},
		{classic, "game", `{"positions":4,"colors":6,"x":1}`, "x"},
		{classic, "game", `{"positions":0,"colors":6}`, "x"},
		{classic, "game", `[4,6]`, "x"},
		{classic, "code", `[0,1,2,5]`, "ok"},
		{classic, "code", `null`, "x"},
		{classic, "code", `[0,1,2]`, "x"},
		{classic, "code", `[0,null,2,3]`, "x[1]"},
		{classic, "code", `[0,1,2,6]`, "x[3]"},
		{classic, "code", `[0,1,2,3] 4`, "x"},
		{bulls, "code", `[1,1,2,3]`, "x"},
		{classic, "answer", `[2,1]`, "ok"},
		{classic, "answer", `[2]`, "x"},
		{classic, "answer", `[5,0]`, "x"},
		{classic, "answer", `[3,1]`, "x"},
		{classic, "turn", `{"guess":[0,1,2,3],"black":1,"white":1}`, "ok"},
		{classic, "turn", `{"white":1,"black":0,"guess":[5,5,5,5]}`, "ok"},
		{classic, "turn", `{"guess":[0,1,2,3],"black":1}`, "x.white"},
		{classic, "turn", `{"guess":[0,1,9,3],"black":1,"white":0}`, "x.guess[2]"},
		{classic, "turn", `{"guess":[0,1,2,3],"black":3,"white":1}`, "x"},
		{classic, "turn", `{"guess":[0,1,2,3],"black":1,"white":0,"note":1}`, "x"},
		{classic, "turn", `{"guess":[0,1,2,3],"black":1,"black":1,"white":0}`, "x"},
	} {
		var err error
		switch c.kind {
		case "game":
			_, err = Game([]byte(c.in), "x")
		case "code":
			_, err = Code(c.g, []byte(c.in), "x")
		case "answer":
			_, err = Answer(c.g, []byte(c.in), "x")
		case "turn":
			_, err = Turn(c.g, []byte(c.in), "x")
		}
		if got := where(err); got != c.wantWhere {
			t.Errorf("%v %s %s: %s (%v), want %s", c.g, c.kind, c.in, got, err, c.wantWhere)
		}
	}
	turn, err := Turn(classic, []byte(`{"guess":[5,4,3,2],"black":0,"white":2}`), "h")
	if err != nil || !slices.Equal(turn.Guess, mastermind.Code{5, 4, 3, 2}) || turn.Feedback != (mastermind.Feedback{Black: 0, White: 2}) {
		t.Errorf("Turn: %+v, %v", turn, err)
	}
}
