package tree

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/strategy"
)

// small is a tree of one position and three colours: guess 0, then 1, then 2.
const small = `{"positions":1,"colors":3,"distinct":false,"root":{"guess":"0","next":{"0 0":{"guess":"1","next":{"0 0":{"guess":"2"}}}}}}`

func readSmall(t *testing.T) *Tree {
	t.Helper()
	tr, err := ReadAnyJSON(strings.NewReader(small), mastermind.NewSpace)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestWriteText(t *testing.T) {
	tr := readSmall(t)
	tests := []struct {
		depth int
		want  string
	}{
		{0, "0 (3 secrets)\n  0 0 -> 1 (2 secrets)\n    0 0 -> 2 (1 secret)\n"},
		{3, "0 (3 secrets)\n  0 0 -> 1 (2 secrets)\n    0 0 -> 2 (1 secret)\n"},
		{2, "0 (3 secrets)\n  0 0 -> 1 (2 secrets) ...\n"},
		{1, "0 (3 secrets) ...\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := tr.WriteText(&b, tt.depth); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want {
			t.Errorf("WriteText(depth %d) =\n%s\nwant\n%s", tt.depth, b.String(), tt.want)
		}
	}
}

func TestWriteDOT(t *testing.T) {
	tr := readSmall(t)
	var b strings.Builder
	if err := tr.WriteDOT(&b, 2); err != nil {
		t.Fatal(err)
	}
	want := `digraph mastermind {
	graph [rankdir=LR, label="1 position, 3 colours, repeats allowed", labelloc=t, fontname="Helvetica"];
	node [shape=box, fontname="Helvetica"];
	edge [fontname="Helvetica", fontsize=10];
	n1 [label="0\n3 secrets"];
	n2 [label="1\n2 secrets", style=dashed];
	n1 -> n2 [label="0 0"];
}
`
	if b.String() != want {
		t.Errorf("WriteDOT(depth 2) =\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := tr.WriteDOT(&b, 0); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"\tn3 [label=\"2\\n1 secret\"];\n", "\tn2 -> n3 [label=\"0 0\"];\n"} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("WriteDOT(depth 0) has no line %q:\n%s", line, b.String())
		}
	}
}

func TestReadAnyJSON(t *testing.T) {
	// Gzipped, as optimal/optima's trees are.
	z, err := os.ReadFile(classicFile)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := ReadAnyJSON(bytes.NewReader(z), mastermind.NewSpace)
	if err != nil {
		t.Fatal(err)
	}
	if g := tr.Space.Game(); g != mastermind.Classic() {
		t.Errorf("ReadAnyJSON(4x6.json.gz): game %v", g)
	}
	// Koyama and Lai (1993): 5625 guesses in all.
	if st := tr.Stats(); st.Total != 5625 {
		t.Errorf("ReadAnyJSON(4x6.json.gz): total %d, want 5625", st.Total)
	}

	// Plain JSON: the same tree; gzipped but cut short, an error.
	var plain bytes.Buffer
	tr.WriteJSON(&plain)
	if pt, err := ReadAnyJSON(bytes.NewReader(plain.Bytes()), mastermind.NewSpace); err != nil || pt.Stats().Total != 5625 {
		t.Errorf("ReadAnyJSON(4x6.json.gz unzipped): %v", err)
	}
	if _, err := ReadAnyJSON(bytes.NewReader(z[:len(z)/2]), mastermind.NewSpace); err == nil || !strings.Contains(err.Error(), "not a gzipped decision tree") {
		t.Errorf("ReadAnyJSON(half of 4x6.json.gz) = %v, want an error", err)
	}

	bad := []struct{ json, err string }{
		{`not json`, "not a decision tree"},
		{`[1, 2]`, "not a decision tree (JSON from mastermind optimal --out): want an object, not an array"},
		{`{"positions":"2","colors":3,"root":{}}`, "positions: want a whole number, not a string"},
		{`{"positions":1,"colors":3,"root":{"guess":5}}`, "root.guess: want a string, not a number"},
		{`{"positions":1,"colors":3,"root":[]}`, "root: want an object, not an array"},
		{`{"positions":1,"colors":3,"root":{"guess":"0","next":{"0 0":{"guess":"1"}}}}`, `root, 0 -> 0 0, guess 1: nothing follows answer 0 0, which 1 secret gives`},
		{`{"hello":"world"}`, `it needs "positions", "colors" and "root"`},
		{`{"positions":4,"colors":6}`, `it needs "positions", "colors" and "root"`},
		{`{"positions":0,"colors":6,"root":{"guess":""}}`, "the tree's game: positions must be between 1 and 100, not 0"},
		{`{"positions":1,"colors":3,"root":{"guess":"7"}}`, "root: "},
		{`{"positions":1,"colors":3,"root":{"guess":"0"}}`, `nothing follows answer 0 0, which 2 secrets give`},
	}
	for _, tt := range bad {
		_, err := ReadAnyJSON(strings.NewReader(tt.json), mastermind.NewSpace)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ReadAnyJSON(%s) = %v, want an error with %q", tt.json, err, tt.err)
		}
		if err != nil && strings.Contains(err.Error(), "Go ") {
			t.Errorf("ReadAnyJSON(%s) = %v, which names Go's types", tt.json, err)
		}
	}
}

// TestEvaluateProgress checks, for it and BuildProgress, that every secret is reported found once and
// that the figures are Evaluate's: Knuth's 5801 for minimax on classic.
func TestEvaluateProgress(t *testing.T) {
	s, err := mastermind.NewSpace(mastermind.Classic())
	if err != nil {
		t.Fatal(err)
	}
	var found atomic.Int64
	st, err := EvaluateProgress(context.Background(), s, strategy.Heuristic{Measure: strategy.Minimax}, func() { found.Add(1) })
	if err != nil {
		t.Fatal(err)
	}
	if st.Total != 5801 || st.Secrets != 1296 {
		t.Errorf("EvaluateProgress(classic, minimax): %d secrets, total %d; want 1296, 5801", st.Secrets, st.Total)
	}
	if found.Load() != 1296 {
		t.Errorf("EvaluateProgress(classic, minimax) reported %d secrets found, want 1296", found.Load())
	}
	if st, err := EvaluateProgress(context.Background(), s, strategy.Heuristic{Measure: strategy.Minimax}, nil); err != nil || st.Total != 5801 {
		t.Errorf("EvaluateProgress(nil) = %d, %v; want 5801", st.Total, err)
	}
	found.Store(0)
	tr, err := BuildProgress(context.Background(), s, strategy.Heuristic{Measure: strategy.Minimax}, func() { found.Add(1) })
	if err != nil {
		t.Fatal(err)
	}
	if tr.Stats().Total != 5801 || found.Load() != 1296 {
		t.Errorf("BuildProgress(classic, minimax): total %d, %d secrets found; want 5801, 1296", tr.Stats().Total, found.Load())
	}
}
