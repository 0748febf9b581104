package tree

import (
	"bytes"
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
