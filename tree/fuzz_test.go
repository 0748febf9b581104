package tree

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

// FuzzReadJSON feeds arbitrary documents to ReadJSON for a small game: it
// never panics, and a tree it accepts finds every secret and writes itself
// back as a tree that reads the same.
func FuzzReadJSON(f *testing.F) {
	s, err := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3})
	if err != nil {
		f.Fatal(err)
	}
	tr, err := Build(f.Context(), s, strategy.First{})
	if err != nil {
		f.Fatal(err)
	}
	var good bytes.Buffer
	if err := tr.WriteJSON(&good); err != nil {
		f.Fatal(err)
	}
	f.Add(good.String())
	for _, in := range []string{
		``, `{}`, `null`, `not json`, `{"positions":2,"colors":3}`,
		`{"positions":2,"colors":3,"root":{"guess":"0 0"}}`,
		`{"positions":2,"colors":3,"root":{"guess":"9 9"}}`,
		`{"positions":2,"colors":3,"root":{"guess":"0 1","next":{"x":null}}}`,
		`{"positions":2,"colors":3,"root":{"guess":"0 1","next":{"0 0":null}}}`,
		`{"positions":2,"colors":3,"root":{"guess":"0 1","next":{"1 0":{"guess":"0 1"}}}}`,
		strings.Repeat(`{"guess":"0 0","next":{"0 0":`, 50),
	} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		tr, err := ReadJSON(strings.NewReader(in), s)
		if err != nil {
			return
		}
		if st := tr.Stats(); st.Secrets != s.Len() {
			t.Fatalf("accepted a tree that finds %d of the %d secrets", st.Secrets, s.Len())
		}
		var buf bytes.Buffer
		if err := tr.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(&buf, s)
		if err != nil {
			t.Fatalf("the tree written back does not read: %v", err)
		}
		if back.Stats().Total != tr.Stats().Total {
			t.Fatalf("read back with total %d, want %d", back.Stats().Total, tr.Stats().Total)
		}
	})
}

// FuzzReadAnyJSONRules feeds arbitrary documents to ReadAnyJSON, whose
// game, its answer rule included, is the document's: it never panics, and
// a tree it accepts finds every secret of its game, under its rule, and
// writes itself back as a tree that reads the same.
func FuzzReadAnyJSONRules(f *testing.F) {
	for _, rule := range mastermind.Rules() {
		s, err := mastermind.NewSpace(mastermind.Game{Positions: 2, Colors: 3, Rule: rule})
		if err != nil {
			f.Fatal(err)
		}
		tr, err := Build(f.Context(), s, strategy.First{})
		if err != nil {
			f.Fatal(err)
		}
		var good bytes.Buffer
		if err := tr.WriteJSON(&good); err != nil {
			f.Fatal(err)
		}
		f.Add(good.String())
	}
	for _, in := range []string{
		`{"positions":2,"colors":2,"feedback":"slots","root":{"guess":"0 1","next":{"G.":{"guess":"0 0"},"YY":{"guess":"1 0"},".G":{"guess":"1 1"}}}}`,
		`{"positions":2,"colors":2,"feedback":"slots","root":{"guess":"0 1","next":{"g.":{"guess":"0 0"},"YY":{"guess":"1 0"},".G":{"guess":"1 1"}}}}`,
		`{"positions":2,"colors":2,"feedback":"black","root":{"guess":"0 1","next":{"0":{"guess":"1 0"},"1":{"guess":"0 0","next":{"0":{"guess":"1 1"}}}}}}`,
		`{"positions":2,"colors":2,"feedback":"blue","root":{"guess":"0 1"}}`,
		`{"positions":11,"colors":2,"feedback":"slots","root":{"guess":"0 0 0 0 0 0 0 0 0 0 0"}}`,
	} {
		f.Add(in)
	}
	space := func(g mastermind.Game) (*mastermind.Space, error) { return mastermind.NewSpace(g) }
	f.Fuzz(func(t *testing.T, in string) {
		tr, err := ReadAnyJSON(strings.NewReader(in), space)
		if err != nil {
			return
		}
		s := tr.Space
		if st := tr.Stats(); st.Secrets != s.Len() {
			t.Fatalf("accepted a tree that finds %d of the %d secrets", st.Secrets, s.Len())
		}
		var buf bytes.Buffer
		if err := tr.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(&buf, s)
		if err != nil {
			t.Fatalf("the tree written back does not read: %v", err)
		}
		if back.Stats().Total != tr.Stats().Total {
			t.Fatalf("read back with total %d, want %d", back.Stats().Total, tr.Stats().Total)
		}
	})
}
