package web

import (
	"fmt"
	"sync"

	"github.com/mastermind-go/mastermind"
)

// A cache keeps cacheSize answers to requests whose keys are at most
// maxKey bytes long (a few MB in all).
const (
	cacheSize = 8192
	maxKey    = 512
)

// A cache keeps the latest answers of an endpoint by request. The API is
// stateless and deterministic (the same request always gets the same
// answer), and the first few guesses of a game are the same for every game
// of its kind, so the costly openings of the heuristics (a tenth of a
// second on super, seconds on 13 positions of 2 colours) are computed
// once: /api/next's answers are the strategies' guesses that explain and
// review look up too.
type cache struct {
	mu   sync.Mutex
	m    map[string]any
	keys [cacheSize]string // a ring: the oldest is replaced
	next int
}

func newCache() *cache { return &cache{m: make(map[string]any)} }

// get returns the answer to the request with key k. A nil cache has none.
func (c *cache) get(k string) (any, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

// put keeps answer v to the request with key k. Answers are not modified
// once made. A nil cache keeps nothing.
func (c *cache) put(k string, v any) {
	if c == nil || len(k) > maxKey {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return
	}
	delete(c.m, c.keys[c.next])
	c.keys[c.next] = k
	c.next = (c.next + 1) % cacheSize
	c.m[k] = v
}

// key returns what a request's answer depends on, and false when that is
// longer than maxKey bytes (its answer is not kept): the game, the
// strategy, the history and the guess (explain's).
func key(r *request) (string, bool) {
	return guessKey(r.Game, r.Strategy, r.History, r.Guess)
}

// guessKey returns the key of the request of game g, strategy, history and
// guess (nil for /api/next's, the strategy's guess).
func guessKey(g mastermind.Game, strategy string, history []mastermind.Turn, guess mastermind.Code) (string, bool) {
	b := fmt.Appendf(nil, "%d/%d/%t/%d/%s/%v", g.Positions, g.Colors, g.Distinct, g.Rule, strategy, []uint8(guess))
	for _, t := range history {
		if len(b) > maxKey {
			return "", false
		}
		b = fmt.Appendf(b, "/%v%d,%d%s", []uint8(t.Guess), t.Feedback.Black, t.Feedback.White, t.Feedback.Marks)
	}
	return string(b), len(b) <= maxKey
}
