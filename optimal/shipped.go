package optimal

import "github.com/mastermind-go/mastermind"

// Shipped reports whether an optimal tree of game g is shipped with the
// package, without reading or checking it (Known does both).
func Shipped(g mastermind.Game) bool {
	name, ok := knownGames[g]
	if !ok {
		return false
	}
	_, err := known.Open(name)
	return err == nil
}
