package large

import "github.com/mastermind-go/mastermind"

// NewBlackBreaker returns the breaker that asks each colour's count, then
// each position's colour (blackBreaker), which auto plays only beyond
// AutoBlackSearch positions, for the tests of small games.
func NewBlackBreaker(g mastermind.Game) mastermind.Breaker { return newBlackBreaker(g) }
