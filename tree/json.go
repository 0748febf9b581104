package tree

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
)

// The JSON form of a tree:
//
//	{"positions":4,"colors":6,"distinct":false,
//	 "root":{"guess":"0 0 1 2","next":{"0 0":{"guess":...},...}}}
//
// A node holds its guess (colour numbers separated by spaces) and, under
// "next", the node that follows each answer other than a win, keyed by the
// answer's written form ("B W"; under the rule black "B", under slots the
// marks "GY.."). A guess that is the last one for every secret reaching it
// has no "next". A tree of a game under another rule than black-white says
// so: "feedback":"slots" after "distinct".
type jsonTree struct {
	Positions int             `json:"positions"`
	Colors    int             `json:"colors"`
	Distinct  bool            `json:"distinct"`
	Feedback  mastermind.Rule `json:"feedback,omitempty"`
	Root      *jsonNode       `json:"root"`
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
			j.Next[g.Rule.Format(c.Feedback)] = conv(c.Node)
		}
		return j
	}
	enc := json.NewEncoder(w)
	return enc.Encode(jsonTree{g.Positions, g.Colors, g.Distinct, g.Rule, conv(t.Root)})
}

// ReadJSON reads a tree in its JSON form and checks it: it must be for the
// game of the space, at most MaxJSONBytes long, every guess a code of the game, every answer one that
// the secrets reaching its node give, and every secret found.
func ReadJSON(r io.Reader, s *mastermind.Space) (*Tree, error) {
	var j jsonTree
	in, _, err := JSONReader(r, MaxJSONBytes)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(in)
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("reading the tree: %v", jsonError(err))
	}
	g := s.Game()
	if tg := j.game(); tg != g {
		return nil, fmt.Errorf("the tree is for %v, not for %v", tg, g)
	}
	w, err := j.check()
	if err != nil {
		return nil, err
	}
	return w.tree(s), nil
}

// game returns the game the tree names.
func (j *jsonTree) game() mastermind.Game {
	return mastermind.Game{Positions: j.Positions, Colors: j.Colors, Distinct: j.Distinct, Rule: j.Feedback}
}

// A walked node is a node of a tree read, checked by playing every secret
// down the tree (see check): it needs the tree and one code at a time, not
// the codes of the game enumerated, which in a game of millions of codes
// take seconds and hundreds of MB.
type walked struct {
	guess    mastermind.Code
	text     string             // the guess as the file wrote it (cut by shown, for messages)
	json     *jsonNode          // the node read, until check has converted it
	parent   *walked            // nil at the root
	answer   mastermind.Outcome // the parent's answer that leads here
	children []*walked          // in the order of their answers
	reached  int                // how many secrets reach the node
	solved   bool               // whether one of them is its guess
	missing  []int              // per answer, the secrets that give it when nothing follows it
}

// path names the node in messages: "root, 0 0 1 2 -> 1 0, ...".
func (w *walked) path(g mastermind.Game) string {
	if w.parent == nil {
		return "root"
	}
	return fmt.Sprintf("%s, %s -> %s", w.parent.path(g), w.parent.shown(), g.Rule.Format(g.FeedbackOf(w.answer)))
}

// shown returns the node's guess as messages show it, cut short. It is made
// only for a message: quoting every node's guess costs more than reading it.
func (w *walked) shown() string { return quote.Cut(w.text, quote.Max) }

// check checks the tree and returns it walked: it has a root; every guess
// is a code of the game; every answer is one the game has, not a win, and
// one that the secrets reaching its node give; no path is deeper than
// MaxDepth; and every secret is found. The faults of the tree's shape,
// which need the game only (a guess or an answer the game does not have),
// are looked for first, then those of the secrets played down it; each in
// the order of the tree's text: at a node, its guess and answers, then
// what follows each answer in turn.
func (j *jsonTree) check() (*walked, error) {
	if j.Root == nil {
		return nil, fmt.Errorf("the tree has no root")
	}
	g := j.game()
	if g.Count() > mastermind.MaxSpaceLen { // too many secrets to play
		return nil, fmt.Errorf("the tree's game (%v) has %.3g codes, more than the %d that can be enumerated", g, g.Count(), mastermind.MaxSpaceLen)
	}
	if g.Outcomes() == 0 {
		return nil, fmt.Errorf("the tree's game (%v) has more answers than an enumerated game of the rule %v", g, g.Rule)
	}
	// The shape, which needs the game only.
	var convert func(w *walked, jn *jsonNode, depth int) error
	convert = func(w *walked, jn *jsonNode, depth int) error {
		w.text = jn.Guess
		if depth > MaxDepth {
			return fmt.Errorf("%s: deeper than %d guesses", w.path(g), MaxDepth)
		}
		if len(jn.Guess) > maxCodeText(g) {
			return fmt.Errorf("%s: guess \"%s\" is longer than any code of the game (%d bytes)", w.path(g), w.shown(), len(jn.Guess))
		}
		code, err := g.ParseCode(jn.Guess)
		if err != nil {
			return fmt.Errorf("%s: %v", w.path(g), err)
		}
		w.guess = code
		bad := ""
		for key, next := range jn.Next {
			f, err := mastermind.Feedback{}, errLongAnswer
			if len(key) <= max(len("100 100"), g.Positions) {
				f, err = g.ParseFeedback(key)
			}
			switch {
			case err != nil || key != g.Rule.Format(f) || g.Wins(f):
				if bad == "" || key < bad {
					bad = key
				}
			case next == nil:
				return fmt.Errorf("%s, guess %s: nothing follows answer %s (null)", w.path(g), w.shown(), key)
			default:
				w.children = append(w.children, &walked{parent: w, answer: g.OutcomeOf(f), json: next})
			}
		}
		if bad != "" {
			return fmt.Errorf("%s, guess %s: no secret answers \"%s\"", w.path(g), w.shown(), quote.Cut(bad, quote.Max))
		}
		slices.SortFunc(w.children, func(a, b *walked) int { return int(a.answer) - int(b.answer) })
		for _, c := range w.children {
			next := c.json
			c.json = nil // no longer needed
			if err := convert(c, next, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	root := &walked{}
	if err := convert(root, j.Root, 1); err != nil {
		return nil, err
	}
	// Every secret down the tree.
	eachCode(g, func(secret mastermind.Code) {
		w := root
		for {
			w.reached++
			f := g.Answer(secret, w.guess)
			if g.Wins(f) {
				w.solved = true
				return
			}
			o := g.OutcomeOf(f)
			i, ok := slices.BinarySearchFunc(w.children, o, func(c *walked, o mastermind.Outcome) int { return int(c.answer) - int(o) })
			if !ok {
				if w.missing == nil {
					w.missing = make([]int, g.Outcomes())
				}
				w.missing[o]++
				return
			}
			w = w.children[i]
		}
	})
	var found func(w *walked) error
	found = func(w *walked) error {
		for _, c := range w.children {
			if c.reached == 0 {
				return fmt.Errorf("%s, guess %s: no secret answers %q", w.path(g), w.shown(), g.Rule.Format(g.FeedbackOf(c.answer)))
			}
		}
		next := 0
		for o := range mastermind.Outcome(g.Outcomes()) {
			if w.missing != nil && w.missing[o] > 0 {
				return fmt.Errorf("%s, guess %s: nothing follows answer %s, which %s", w.path(g), w.shown(), g.Rule.Format(g.FeedbackOf(o)), giveCount(w.missing[o]))
			}
			if next < len(w.children) && w.children[next].answer == o {
				if err := found(w.children[next]); err != nil {
					return err
				}
				next++
			}
		}
		return nil
	}
	if err := found(root); err != nil {
		return nil, err
	}
	return root, nil
}

// tree makes the tree of a walked tree on the codes of s.
func (w *walked) tree(s *mastermind.Space) *Tree {
	g := s.Game()
	var conv func(w *walked) *Node
	conv = func(w *walked) *Node {
		guess, _ := s.Index(w.guess)
		n := &Node{Guess: guess, Candidates: w.reached, Solved: w.solved}
		for _, c := range w.children {
			n.Children = append(n.Children, Child{Feedback: g.FeedbackOf(c.answer), Node: conv(c)})
		}
		return n
	}
	return &Tree{Space: s, Root: conv(w)}
}

// errLongAnswer is an answer too long to parse.
var errLongAnswer = errors.New("longer than any answer")

// maxCodeText bounds the text of a code of game g: colour numbers of up to
// three digits, each with a few separators. A longer guess is refused
// before it is parsed.
func maxCodeText(g mastermind.Game) int { return 8*g.Positions + 16 }

// eachCode calls f with every code of game g in turn, in lexicographic
// order, in one buffer that f must not keep.
func eachCode(g mastermind.Game, f func(mastermind.Code)) {
	code := make(mastermind.Code, g.Positions)
	var used [mastermind.MaxColors]bool
	var fill func(i int)
	fill = func(i int) {
		if i == len(code) {
			f(code)
			return
		}
		for c := range g.Colors {
			if g.Distinct && used[c] {
				continue
			}
			code[i], used[c] = uint8(c), true
			fill(i + 1)
			used[c] = false
		}
	}
	fill(0)
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
	if number, ok := strings.CutPrefix(te.Value, "number "); got == "" && ok {
		got = "the number " + quote.Cut(number, quote.Max) // one out of range, as 1e9
	} else if got == "" {
		got = quote.Cut(te.Value, quote.Max)
	}
	if te.Field == "" {
		return fmt.Errorf("want %s, not %s", want, got)
	}
	return fmt.Errorf("%s: want %s, not %s", quote.Cut(te.Field, 2*quote.Max), want, got)
}
