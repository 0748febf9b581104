package tree

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteText writes the tree for people, a line per node, indented by its
// depth: the root as "0012 (1296 secrets)", every other node as the answer
// that leads to it, then its guess and the number of secrets still possible
// there, "  0 0 -> 3345 (81 secrets)". A node whose guess is the only secret
// left ends its branch.
//
// With depth > 0 only the first depth guesses of each game are written, and
// a node whose subtree is cut ends with "...". depth 0 writes the whole
// tree.
func (t *Tree) WriteText(w io.Writer, depth int) error {
	colors := t.Space.Game().Colors
	b := bufio.NewWriter(w)
	var walk func(n *Node, answer string, d int)
	walk = func(n *Node, answer string, d int) {
		b.WriteString(strings.Repeat("  ", d-1))
		if answer != "" {
			b.WriteString(answer + " -> ")
		}
		fmt.Fprintf(b, "%s (%s)", t.Space.Code(n.Guess).Compact(colors), secrets(n.Candidates))
		if depth > 0 && d >= depth && len(n.Children) > 0 {
			b.WriteString(" ...\n")
			return
		}
		b.WriteString("\n")
		for _, c := range n.Children {
			walk(c.Node, c.Feedback.String(), d+1)
		}
	}
	walk(t.Root, "", 1)
	return b.Flush()
}
