// Package strategy holds the heuristic code-breakers: [New] returns one by
// name ([Names]), and [NewBreaker] plays any mastermind.Strategy as a
// mastermind.Breaker on the codes of a game. A strategy chooses the next
// guess from a mastermind.State and does no I/O, so the same strategy
// serves the break protocol, interactive play and the evaluator.
package strategy

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"

	"github.com/mastermind-go/mastermind"
)

// Names lists the strategies New knows, in the order of the documentation.
func Names() []string {
	return append([]string{FirstName, RandomName}, Heuristics()...)
}

// New returns the strategy with the given name, one of Names. The seed makes the random
// strategy repeatable; the others ignore it.
func New(name string, seed uint64) (mastermind.Strategy, error) {
	switch name {
	case FirstName:
		return First{}, nil
	case RandomName:
		return Random{Seed: seed}, nil
	}
	if m, ok := measure(name); ok {
		return Heuristic{Measure: m}, nil
	}
	return nil, fmt.Errorf("strategy.New makes %s, not %q (package choose makes the others)", strings.Join(Names(), ", "), name)
}

// First guesses the first consistent code in lexicographic order: the player
// of kwanghoon's blog post on guessing numbers (github.com/kwanghoon/mastermind).
type First struct{}

// Name returns "first".
func (First) Name() string { return FirstName }

// Next returns the lowest candidate.
func (First) Next(st *mastermind.State) int { return int(st.Candidates[0]) }

// Random guesses a consistent code chosen at random. The choice is a function
// of the seed and the history, so a game replays exactly and the strategy is
// still a decision tree.
type Random struct{ Seed uint64 }

// Name returns "random".
func (Random) Name() string { return RandomName }

// Next returns a random candidate.
func (r Random) Next(st *mastermind.State) int {
	h := fnv.New64a()
	for _, t := range st.History {
		h.Write(t.Guess)
		h.Write([]byte{byte(t.Feedback.Black), byte(t.Feedback.White)})
		h.Write([]byte(t.Feedback.Marks)) // nothing but under slots
	}
	rng := rand.New(rand.NewPCG(r.Seed, h.Sum64()))
	return int(st.Candidates[rng.IntN(len(st.Candidates))])
}

// Opening plays a fixed first guess, then follows Strategy.
type Opening struct {
	mastermind.Strategy
	First mastermind.Code
}

// Next returns the fixed first guess on an empty history.
func (o Opening) Next(st *mastermind.State) int {
	if len(st.History) == 0 {
		if i, ok := st.Space.Index(o.First); ok {
			return i
		}
	}
	return o.Strategy.Next(st)
}
