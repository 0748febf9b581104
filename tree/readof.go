package tree

import (
	"fmt"
	"io"

	"github.com/mastermind-go/mastermind"
)

// ReadJSONOf reads a tree of game g as ReadAnyJSON reads any: a tree of
// another game is an error, and space (choose.Space does) is called for
// g's codes only once the tree is found complete.
func ReadJSONOf(r io.Reader, g mastermind.Game, space func(mastermind.Game) (*mastermind.Space, error)) (*Tree, error) {
	return ReadAnyJSON(r, func(tg mastermind.Game) (*mastermind.Space, error) {
		if tg != g {
			return nil, fmt.Errorf("the tree is for %v, not for %v", tg, g)
		}
		return space(g)
	})
}
