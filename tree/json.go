package tree

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"github.com/mastermind-go/mastermind"
)

// The JSON form of a tree:
//
//	{"positions":4,"colors":6,"distinct":false,
//	 "root":{"guess":"0 0 1 2","next":{"0 0":{"guess":...},...}}}
//
// A node holds its guess (colour numbers separated by spaces) and, under
// "next", the node that follows each answer "B W" other than a win. A guess
// that is the last one for every secret reaching it has no "next".
type jsonTree struct {
	Positions int       `json:"positions"`
	Colors    int       `json:"colors"`
	Distinct  bool      `json:"distinct"`
	Root      *jsonNode `json:"root"`
}

type jsonNode struct {
	Guess string               `json:"guess"`
	Next  map[string]*jsonNode `json:"next,omitempty"`
}

// WriteJSON writes the tree in its JSON form.
func (t *Tree) WriteJSON(w io.Writer) error {
	g := t.Space.Game()
	var conv func(n *Node) *jsonNode
	conv = func(n *Node) *jsonNode {
		j := &jsonNode{Guess: t.Space.Code(n.Guess).String()}
		for _, c := range n.Children {
			if j.Next == nil {
				j.Next = map[string]*jsonNode{}
			}
			j.Next[c.Feedback.String()] = conv(c.Node)
		}
		return j
	}
	enc := json.NewEncoder(w)
	return enc.Encode(jsonTree{g.Positions, g.Colors, g.Distinct, conv(t.Root)})
}

// ReadJSON reads a tree in its JSON form and checks it: it must be for the
// game of the space, every guess a code of the game, every answer one that
// the secrets reaching its node give, and every secret found.
func ReadJSON(r io.Reader, s *mastermind.Space) (*Tree, error) {
	var j jsonTree
	dec := json.NewDecoder(r)
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("reading the tree: %v", jsonError(err))
	}
	g := s.Game()
	if tg := (mastermind.Game{Positions: j.Positions, Colors: j.Colors, Distinct: j.Distinct}); tg != g {
		return nil, fmt.Errorf("the tree is for %v, not for %v", tg, g)
	}
	if j.Root == nil {
		return nil, fmt.Errorf("the tree has no root")
	}
	all := make([]int32, s.Len())
	for i := range all {
		all[i] = int32(i)
	}
	var conv func(jn *jsonNode, cands []int32, path string, depth int) (*Node, error)
	conv = func(jn *jsonNode, cands []int32, path string, depth int) (*Node, error) {
		if depth > MaxDepth {
			return nil, fmt.Errorf("%s: deeper than %d guesses", path, MaxDepth)
		}
		code, err := g.ParseCode(jn.Guess)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		guess, _ := s.Index(code)
		n := &Node{Guess: guess, Candidates: len(cands)}
		parts := map[mastermind.Feedback][]int32{}
		for _, x := range cands {
			f := s.Score(int(x), guess)
			if f.Black == g.Positions {
				n.Solved = true
				continue
			}
			parts[f] = append(parts[f], x)
		}
		for key := range jn.Next {
			var f mastermind.Feedback
			if _, err := fmt.Sscanf(key, "%d %d", &f.Black, &f.White); err != nil || parts[f] == nil {
				return nil, fmt.Errorf("%s, guess %s: no secret answers %q", path, jn.Guess, key)
			}
		}
		for o := range g.Outcomes() {
			f := g.FeedbackOf(mastermind.Outcome(o))
			part := parts[f]
			if part == nil {
				continue
			}
			next := jn.Next[f.String()]
			if next == nil {
				return nil, fmt.Errorf("%s, guess %s: nothing follows answer %v, which %s", path, jn.Guess, f, giveCount(len(part)))
			}
			child, err := conv(next, part, fmt.Sprintf("%s, %s -> %v", path, jn.Guess, f), depth+1)
			if err != nil {
				return nil, err
			}
			n.Children = append(n.Children, Child{Feedback: f, Node: child})
		}
		return n, nil
	}
	root, err := conv(j.Root, all, "root", 1)
	if err != nil {
		return nil, err
	}
	return &Tree{Space: s, Root: root}, nil
}

// giveCount returns "1 secret gives" or "n secrets give".
func giveCount(n int) string {
	if n == 1 {
		return "1 secret gives"
	}
	return secrets(n) + " give"
}

// jsonError says what a JSON decoding error means in the tree's terms,
// without Go's types: the field and the kind of value it wants.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return err
	}
	want := "a value of another kind"
	switch te.Type.Kind() {
	case reflect.Struct, reflect.Map:
		want = "an object"
	case reflect.Int, reflect.Int64, reflect.Int32:
		want = "a whole number"
	case reflect.Bool:
		want = "true or false"
	case reflect.String:
		want = "a string"
	case reflect.Slice, reflect.Array:
		want = "an array"
	case reflect.Pointer:
		switch te.Type.Elem().Kind() {
		case reflect.Struct:
			want = "an object"
		case reflect.Int:
			want = "a whole number"
		}
	}
	got := map[string]string{"array": "an array", "object": "an object", "number": "a number", "string": "a string", "bool": "true or false"}[te.Value]
	if got == "" {
		got = te.Value
	}
	if te.Field == "" {
		return fmt.Errorf("want %s, not %s", want, got)
	}
	return fmt.Errorf("%s: want %s, not %s", te.Field, want, got)
}
