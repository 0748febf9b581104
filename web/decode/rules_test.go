package decode

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// A game names its rule; each rule's turns and answers are read in its
// keys, every refusal an InputError at the place.
func TestDecodeRules(t *testing.T) {
	slots := mastermind.Game{Positions: 4, Colors: 6, Rule: mastermind.Slots}
	black := mastermind.Game{Positions: 4, Colors: 6, Rule: mastermind.BlackOnly}
	for _, c := range []struct {
		in   string
		want mastermind.Game
	}{
		{`{"positions":4,"colors":6,"feedback":"slots"}`, slots},
		{`{"preset":"classic","feedback":"black"}`, black},
		{`{"preset":"bulls"}`, mastermind.Bulls()},
		{`{"feedback":"black-white","positions":4,"colors":6,"distinct":false}`, mastermind.Classic()},
		{`{"positions":4,"colors":6,"feedback":null}`, mastermind.Classic()},
	} {
		if g, err := Game([]byte(c.in), "x"); err != nil || g != c.want {
			t.Errorf("Game(%s) = %+v, %v; want %+v", c.in, g, err, c.want)
		}
	}
	for _, c := range []struct {
		g              mastermind.Game
		kind, in, want string // want: the fields read, or where and the start of the message
	}{
		{slots, "turn", `{"guess":[0,0,1,1],"marks":"GY.."}`, "[0 0 1 1] GY.. 1 1"},
		{slots, "turn", `{"marks":"gy 0 2","guess":[0,0,1,1]}`, "[0 0 1 1] GY.G 2 1"},
		{slots, "turn", `{"guess":[0,0,1,1],"marks":"2110"}`, "[0 0 1 1] GYY. 1 2"},
		{slots, "turn", `{"guess":[0,0,1,1],"marks":"GY."}`, "x.marks: 3 marks, not 4"},
		{slots, "turn", `{"guess":[0,0,1,1],"marks":"GY.Gx"}`, "x.marks: x is no mark"},
		{slots, "turn", `{"guess":[0,0,1,1],"marks":"GGGY"}`, "x.marks: answer GGGY is impossible"},
		{slots, "turn", `{"guess":[0,0,1,1],"marks":null}`, "x.marks: missing"},
		{slots, "turn", `{"guess":[0,0,1,1],"marks":["G"]}`, "x.marks: want 4 marks in a string"},
		{slots, "turn", `{"guess":[0,0,1,1],"white":0}`, "x.white: the rule slots answers"},
		{slots, "turn", `{"guess":[0,0,1],"marks":"GY.."}`, "x.guess: a code has 4 colours"},
		{slots, "turn", `{"guess":[0,0,1,1],"marks":"GY..","note":1}`, "x: want {\"guess\":[...],\"marks\":\"GY.G\"}"},
		{black, "turn", `{"guess":[0,0,1,1],"black":2}`, "[0 0 1 1]  2 0"},
		{black, "turn", `{"guess":[0,0,1,1],"black":5}`, "x.black: answer 5 is out of range 0..4"},
		{black, "turn", `{"guess":[0,0,1,1],"black":1.5}`, "x.black: want the number of right places"},
		{black, "turn", `{"guess":[0,0,1,1]}`, "x.black: missing"},
		{black, "turn", `{"guess":[0,0,1,1],"black":1,"white":0}`, "x.white: the rule black answers {\"guess\":[...],\"black\":B}"},
		{black, "answer", `3`, "[]  3 0"},
		{black, "answer", `"3"`, "[]  3 0"},
		{black, "answer", `[3,0]`, "x: want the number of right places"},
		{black, "answer", `"3 0"`, "x: want an integer"},
		{slots, "answer", `"Y.G."`, "[] Y.G. 1 1"},
		{slots, "answer", `[2,1]`, "x: want 4 marks in a string"},
	} {
		var f mastermind.Feedback
		var guess mastermind.Code
		var err error
		switch c.kind {
		case "turn":
			var tu mastermind.Turn
			tu, err = Turn(c.g, []byte(c.in), "x")
			f, guess = tu.Feedback, tu.Guess
		case "answer":
			f, err = Answer(c.g, []byte(c.in), "x")
		}
		got := fmt.Sprintf("%v %s %d %d", []uint8(guess), f.Marks, f.Black, f.White)
		var in *mastermind.InputError
		if err != nil && errors.As(err, &in) {
			got = err.Error()
		} else if err != nil {
			got = "not an InputError: " + err.Error()
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%v %s %s: %s, want %s", c.g, c.kind, c.in, got, c.want)
		}
	}
}

// FuzzMarks reads any string as the marks of a turn under slots, and any
// number or string as an answer under black: never a panic, every refusal
// an InputError, and an answer read is one that some secret gives some
// guess (found by brute force with testkit's reference scorer; one that
// no secret gives this guess is no malformed answer but a conflict).
func FuzzMarks(f *testing.F) {
	for _, s := range []string{"GY..", "gy.g", "2 1 0 0", "GGGY", "YYYY", "G", "GY.GY", "....", "\x00", "GGGG", "3", "-1", "\"4\""} {
		f.Add(s, uint8(4), uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, n, k uint8) {
		g := mastermind.Game{Positions: 1 + int(n)%4, Colors: 2 + int(k)%3}
		guess := make(mastermind.Code, g.Positions)
		for i := range guess {
			guess[i] = uint8(i % g.Colors)
		}
		for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
			g.Rule = rule
			for _, body := range []string{fmt.Sprintf(`{"guess":%s,"marks":%q}`, js(guess), s), fmt.Sprintf(`{"guess":%s,"black":%s}`, js(guess), s)} {
				tu, err := Turn(g, []byte(body), "h")
				var in *mastermind.InputError
				if err != nil {
					if !errors.As(err, &in) {
						t.Fatalf("%v %s: %v is not an InputError", g, body, err)
					}
					continue
				}
				if !given(g, tu.Feedback) {
					t.Fatalf("%v %s: read %+v, which no secret gives", g, body, tu.Feedback)
				}
			}
		}
	})
}

// given reports whether some code of g gives f to some code, by brute
// force.
func given(g mastermind.Game, f mastermind.Feedback) bool {
	n := 1
	for range g.Positions {
		n *= g.Colors
	}
	code := func(x int) []int {
		c := make([]int, g.Positions)
		for i := range c {
			c[i], x = x%g.Colors, x/g.Colors
		}
		return c
	}
	for x := range n {
		for y := range n {
			if testkit.Answer[mastermind.Feedback](g.Rule.String(), code(x), code(y)) == f {
				return true
			}
		}
	}
	return false
}

// js writes c as JSON's array of colour numbers.
func js(c mastermind.Code) string { b, _ := c.MarshalJSON(); return string(b) }
