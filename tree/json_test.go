package tree

import (
	"bytes"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

func TestJSONRoundTrip(t *testing.T) {
	for _, name := range []string{"minimax", "random", "first"} {
		tr, st := evaluate(t, mastermind.Game{Positions: 3, Colors: 5, Distinct: true}, name)
		var buf bytes.Buffer
		if err := tr.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(bytes.NewReader(buf.Bytes()), tr.Space)
		if err != nil {
			t.Fatalf("%s: ReadJSON: %v", name, err)
		}
		if got := back.Stats(); got.Total != st.Total || !slices.Equal(got.Histogram, st.Histogram) {
			t.Errorf("%s: read back %+v, want %+v", name, got, st)
		}
		// The strategy of the tree plays the same tree.
		again, err := Build(t.Context(), tr.Space, back.Strategy("tree", nil))
		if err != nil || again.Stats().Total != st.Total {
			t.Errorf("%s: the tree's strategy totals %d (%v), want %d", name, again.Stats().Total, err, st.Total)
		}
	}
}

func TestReadJSONErrors(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 1, Colors: 3})
	tests := []struct{ in, want string }{
		{`{"positions":1,"colors":4,"root":{"guess":"0"}}`, "not for"},
		{`{"positions":1,"colors":3}`, "no root"},
		{`{"positions":1,"colors":3,"root":{"guess":"7"}}`, "out of range"},
		{`{"positions":1,"colors":3,"root":{"guess":"0"}}`, "nothing follows answer 0 0"},
		{`{"positions":1,"colors":3,"root":{"guess":"0","next":{"0 0":{"guess":"1","next":{"0 0":{"guess":"2"}}},"0 1":{"guess":"1"}}}}`, "no secret answers \"0 1\""},
		{`{"positions":1,"colors":3,"root":{"guess":"0","next":{"0 0":{"guess":"0"}}}}`, "which 2 secrets give"},
		{`not json`, "reading the tree"},
		{`{"positions":1e9,"colors":3,"root":{"guess":"0"}}`, "positions: want a whole number, not the number 1e9"},
	}
	for _, tt := range tests {
		_, err := ReadJSON(strings.NewReader(tt.in), s)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadJSON(%s) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
	good := `{"positions":1,"colors":3,"root":{"guess":"0","next":{"0 0":{"guess":"1","next":{"0 0":{"guess":"2"}}}}}}`
	tr, err := ReadJSON(strings.NewReader(good), s)
	if err != nil || tr.Stats().Total != 6 {
		t.Errorf("ReadJSON(%s) = %v; want a tree of total 6", good, err)
	}
}

// A tree read back is the tree written, node by node: guesses, the secrets
// reaching each node, whether its guess is one of them, and the answers
// that follow.
func TestJSONReadBackNodes(t *testing.T) {
	for _, g := range []mastermind.Game{{Positions: 3, Colors: 5, Distinct: true}, {Positions: 3, Colors: 4}} {
		tr, _ := evaluate(t, g, "minimax")
		var buf bytes.Buffer
		if err := tr.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadAnyJSON(&buf, func(mastermind.Game) (*mastermind.Space, error) { return tr.Space, nil })
		if err != nil {
			t.Fatalf("%v: %v", g, err)
		}
		var same func(a, b *Node, path string)
		same = func(a, b *Node, path string) {
			if a.Guess != b.Guess || a.Candidates != b.Candidates || a.Solved != b.Solved || len(a.Children) != len(b.Children) {
				t.Fatalf("%v, %s: read guess %d, %d secrets, solved %v, %d answers; written %d, %d, %v, %d",
					g, path, b.Guess, b.Candidates, b.Solved, len(b.Children), a.Guess, a.Candidates, a.Solved, len(a.Children))
			}
			for i := range a.Children {
				if a.Children[i].Feedback != b.Children[i].Feedback {
					t.Fatalf("%v, %s: answer %d is %v, written %v", g, path, i, b.Children[i].Feedback, a.Children[i].Feedback)
				}
				same(a.Children[i].Node, b.Children[i].Node, path+" "+a.Children[i].Feedback.String())
			}
		}
		same(tr.Root, back.Root, "root")
	}
}

// A tree that is not a complete tree of its game is told without the codes
// of the game enumerated: the space is asked for only once the tree is
// known good (in a game of millions of codes it takes seconds and hundreds
// of MB).
func TestReadAnyJSONSpaceLast(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"positions":7,"colors":10,"root":{"guess":"0 0 0 0 0 0 11"}}`, "out of range"},
		// 20^20 secrets cannot be played down a tree.
		{`{"positions":20,"colors":20,"root":{"guess":"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"}}`, "has 1.05e+26 codes, more than the 10000000"},
		{`{"positions":7,"colors":10,"root":{"guess":"0 0 0 0 0 0 0","next":{"9 9":{"guess":"1 1 1 1 1 1 1"}}}}`, `no secret answers "9 9"`},
		{`{"positions":7,"colors":10,"root":{"guess":"0 0 0 0 0 0 0","next":{"6 1":{"guess":"1 1 1 1 1 1 1"}}}}`, `no secret answers "6 1"`},
		// 9^7 = 4782969 secrets have no colour 0.
		{`{"positions":7,"colors":10,"root":{"guess":"0 0 0 0 0 0 0"}}`, "nothing follows answer 0 0, which 4782969 secrets give"},
		// A 0 of the secret is always in place against 0 0: no secret
		// answers it with a white, though the game has the answer 0 1.
		{`{"positions":2,"colors":3,"root":{"guess":"0 0","next":{"0 1":{"guess":"1 1"}}}}`, `root, guess 0 0: no secret answers "0 1"`},
	}
	for _, tt := range tests {
		_, err := ReadAnyJSON(strings.NewReader(tt.in), func(g mastermind.Game) (*mastermind.Space, error) {
			t.Errorf("ReadAnyJSON(%s) asked for the space of %v", tt.in, g)
			return mastermind.NewSpace(g)
		})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadAnyJSON(%s) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
}

// TestReadLongValues: a value of megabytes costs memory in proportion to
// the file, not many times it, and its message quotes a few dozen bytes of
// it, with no control character; so does a long answer or key.
func TestReadLongValues(t *testing.T) {
	long := strings.Repeat("0 ", 5_000_000)
	for _, tc := range []struct{ name, json string }{
		{"guess", `{"positions":4,"colors":6,"root":{"guess":"` + long + `"}}`},
		{"answer", `{"positions":4,"colors":6,"root":{"guess":"0 0 1 1","next":{"` + long + `":{"guess":"0 0 0 0"}}}}`},
		{"wrong type under a long key", `{"positions":4,"colors":6,"root":{"guess":"0 0 1 1","next":{"` + long + `":7}}}`},
		{"escapes", `{"positions":4,"colors":6,"root":{"guess":"0 0 1 1\u001b[2J\u001b]0;title\u0007"}}`},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := ReadAnyJSON(strings.NewReader(tc.json), mastermind.NewSpace)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Fatalf("%s: read without an error", tc.name)
		}
		msg := err.Error()
		if len(msg) > 300 || strings.ContainsAny(msg, "\x1b\x07") {
			t.Errorf("%s: a message of %d bytes: %.300q", tc.name, len(msg), msg)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 6*uint64(len(tc.json))+1<<20 {
			t.Errorf("%s: reading %d bytes allocated %d", tc.name, len(tc.json), alloc)
		}
	}
}
