package tree

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// WriteText writes the tree for people, a line per node, indented by its
// depth: the root as "0012 (1296 secrets)", every other node as the answer
// that leads to it, then its guess and the number of secrets still possible
// there, "  0 0 -> 3345 (81 secrets)". A node whose guess is the only secret
// left ends its branch.
//
// With depth > 0 only the first depth guesses of each game are written, and
// a node whose subtree is cut ends with "...". depth 0 writes the whole
// tree. Answers are in the written form of the game's rule ("B W", "B",
// "GY.."); under another rule than black-white a first line says which:
// "feedback slots".
func (t *Tree) WriteText(w io.Writer, depth int) error {
	g := t.Space.Game()
	colors := g.Colors
	b := bufio.NewWriter(w)
	if g.Rule != mastermind.BlackWhite {
		b.WriteString("feedback " + g.Rule.String() + "\n")
	}
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
			walk(c.Node, g.Rule.Format(c.Feedback), d+1)
		}
	}
	walk(t.Root, "", 1)
	return b.Flush()
}
