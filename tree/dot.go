package tree

import (
	"bufio"
	"fmt"
	"io"
)

// WriteDOT writes the tree as a Graphviz graph (DOT), to be drawn with, for
// example, "dot -Tsvg": a node per guess, labelled with the guess and the
// number of secrets still possible there, and an edge per answer, labelled
// in the written form of the game's rule ("B W", "B", "GY.."); the graph's
// label, the game, says the rule when it is not black-white. The winning answer has no edge: a node whose guess is the only
// secret left is the end of its branch.
//
// With depth > 0 only the first depth guesses of each game are drawn; a node
// whose subtree is cut has a dashed border. depth 0 draws the whole tree.
func (t *Tree) WriteDOT(w io.Writer, depth int) error {
	g := t.Space.Game()
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "digraph mastermind {\n")
	fmt.Fprintf(b, "\tgraph [rankdir=LR, label=%q, labelloc=t, fontname=\"Helvetica\"];\n", g.String())
	fmt.Fprintf(b, "\tnode [shape=box, fontname=\"Helvetica\"];\n")
	fmt.Fprintf(b, "\tedge [fontname=\"Helvetica\", fontsize=10];\n")
	id := 0
	var walk func(n *Node, d int) int
	walk = func(n *Node, d int) int {
		id++
		me := id
		cut := depth > 0 && d >= depth && len(n.Children) > 0
		attrs := ""
		if cut {
			attrs = ", style=dashed"
		}
		fmt.Fprintf(b, "\tn%d [label=\"%s\\n%s\"%s];\n", me, t.Space.Code(n.Guess).Compact(g.Colors), secrets(n.Candidates), attrs)
		if cut {
			return me
		}
		for _, c := range n.Children {
			child := walk(c.Node, d+1)
			fmt.Fprintf(b, "\tn%d -> n%d [label=\"%s\"];\n", me, child, g.Rule.Format(c.Feedback))
		}
		return me
	}
	walk(t.Root, 1)
	fmt.Fprintf(b, "}\n")
	return b.Flush()
}

// secrets returns "1 secret" or "n secrets".
func secrets(n int) string {
	if n == 1 {
		return "1 secret"
	}
	return fmt.Sprintf("%d secrets", n)
}
