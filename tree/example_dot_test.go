package tree_test

import (
	"os"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// A tree of one position and three colours, read from its JSON form (the
// file names its game) and written for people and for Graphviz.
func ExampleTree_WriteText() {
	const file = `{"positions":1,"colors":3,"distinct":false,
		"root":{"guess":"0","next":{"0 0":{"guess":"1","next":{"0 0":{"guess":"2"}}}}}}`
	t, err := tree.ReadAnyJSON(strings.NewReader(file), mastermind.NewSpace)
	if err != nil {
		panic(err)
	}
	t.WriteText(os.Stdout, 0)
	t.WriteText(os.Stdout, 2)
	// Output:
	// 0 (3 secrets)
	//   0 0 -> 1 (2 secrets)
	//     0 0 -> 2 (1 secret)
	// 0 (3 secrets)
	//   0 0 -> 1 (2 secrets) ...
}
