package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/tree"
)

// /api/eval with "tree":"json" carries the strategy's decision tree, which
// read back and walked takes the report's guesses: classic, auto 5625
// (Koyama and Lai 1993) and minimax 5801 (Knuth 1976); the rest of the
// answer is byte for byte the answer without "tree".
func TestEvalTreeJSON(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	for _, c := range []struct {
		strategy string
		total    int
	}{{"auto", 5625}, {"minimax", 5801}} {
		body := fmt.Sprintf(`{"game":"classic","strategy":%q}`, c.strategy)
		_, plain := a.Do(t.Context(), "/api/eval", []byte(body))
		status, answer := a.Do(t.Context(), "/api/eval", []byte(fmt.Sprintf(`{"game":"classic","strategy":%q,"tree":"json"}`, c.strategy)))
		var got struct {
			Total int
			Tree  string
		}
		if status != 200 || json.Unmarshal(answer, &got) != nil {
			t.Fatalf("%s: %d %.200s", c.strategy, status, answer)
		}
		tr := readTree(t, got.Tree)
		if st := tr.Stats(); st.Total != c.total || got.Total != c.total || st.Secrets != 1296 {
			t.Errorf("%s: the tree takes %d guesses for %d secrets, the report %d; want %d", c.strategy, st.Total, st.Secrets, got.Total, c.total)
		}
		quoted, _ := json.Marshal(got.Tree)
		if without := bytes.Replace(answer, []byte(`,"tree":`+string(quoted)), nil, 1); !bytes.Equal(without, plain) {
			t.Errorf("%s: the answer with its tree taken out is\n%s\nnot\n%s", c.strategy, without, plain)
		}
	}
}

// readTree reads a JSON tree as "mastermind tree" does.
func readTree(t *testing.T, text string) *tree.Tree {
	t.Helper()
	tr, err := tree.ReadAnyJSON(strings.NewReader(text), choose.Space)
	if err != nil {
		t.Fatalf("the tree does not read back: %v", err)
	}
	return tr
}

// countNodes counts the guesses of a tree, one per node.
func countNodes(n *tree.Node) int {
	k := 1
	for _, c := range n.Children {
		k += countNodes(c.Node)
	}
	return k
}

// /api/eval with "tree":"dot" carries the tree as a Graphviz graph that dot
// draws, a node per guess of the JSON tree.
func TestEvalTreeDOT(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("Graphviz's dot is missing")
		}
		t.Skip("no Graphviz (dot)")
	}
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	for _, strategy := range []string{"auto", "minimax", "first"} {
		var j, d struct {
			Total int
			Tree  string
		}
		do(t, a, "/api/eval", fmt.Sprintf(`{"game":{"positions":3,"colors":4},"strategy":%q,"tree":"json"}`, strategy), &j)
		do(t, a, "/api/eval", fmt.Sprintf(`{"game":{"positions":3,"colors":4},"strategy":%q,"tree":"dot"}`, strategy), &d)
		want := countNodes(readTree(t, j.Tree).Root)
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = strings.NewReader(d.Tree)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		svg, err := cmd.Output()
		if err != nil || stderr.Len() > 0 {
			t.Fatalf("%s: dot -Tsvg: %v %s", strategy, err, stderr.String())
		}
		if n := len(regexp.MustCompile(`<g id="node[0-9]+" class="node">`).FindAll(svg, -1)); n != want || d.Total != j.Total {
			t.Errorf("%s: dot draws %d guesses, the tree has %d (totals %d, %d)", strategy, n, want, d.Total, j.Total)
		}
	}
}

// Any "tree" but "json" and "dot" is refused, naming the field, and only
// /api/eval takes one.
func TestEvalTreeBad(t *testing.T) {
	a := NewAPI(Options{Log: log.New(io.Discard, "", 0)})
	for _, body := range []string{
		`{"game":"classic","tree":"xml"}`,
		`{"game":"classic","tree":"JSON"}`,
		`{"game":"classic","tree":""}`,
		`{"game":"classic","tree":null}`,
		`{"game":"classic","tree":true}`,
		`{"game":"classic","tree":["dot"]}`,
	} {
		status, answer := a.Do(t.Context(), "/api/eval", []byte(body))
		if status != 400 || !strings.HasPrefix(string(answer), `{"error":"tree: want \"json\" or \"dot\"`) {
			t.Errorf("%s: %d %s", body, status, answer)
		}
	}
	status, answer := a.Do(t.Context(), "/api/next", []byte(`{"game":"classic","tree":"json"}`))
	if status != 400 || !strings.HasPrefix(string(answer), `{"error":"tree: this endpoint takes no tree`) {
		t.Errorf("/api/next with a tree: %d %s", status, answer)
	}
}
