package consistent

import (
	"context"

	"github.com/mastermind-go/mastermind"
)

// A History is a game's guesses and answers as they come, with the codes
// still possible. Answers can be corrected or taken back.
type History struct {
	space *mastermind.Space
	turns []mastermind.Turn
	cands []int32
}

// NewHistory starts an empty history: every code of the space is possible.
func NewHistory(s *mastermind.Space) *History {
	return &History{space: s, cands: All(s)}
}

// Turns returns the guesses and answers so far. The caller must not modify
// them.
func (h *History) Turns() []mastermind.Turn { return h.turns }

// Candidates returns the indices of the codes that satisfy every answer, in
// ascending order. The caller must not modify them.
func (h *History) Candidates() []int32 { return h.cands }

// Add records a guess and its answer.
func (h *History) Add(t mastermind.Turn) {
	h.turns = append(h.turns, t)
	h.cands = Narrow(h.space, h.cands, t)
}

// Fix replaces the answer to turn i (0-based).
func (h *History) Fix(i int, f mastermind.Feedback) {
	h.turns[i].Feedback = f
	h.cands = Candidates(h.space, h.turns)
}

// Undo takes back the last turn.
func (h *History) Undo() {
	h.turns = h.turns[:len(h.turns)-1]
	h.cands = Candidates(h.space, h.turns)
}

// Conflict returns the turns (0-based) of a smallest set of answers that no
// code satisfies together, or nil when some code satisfies them all; ctx's
// error if ctx ends first.
func (h *History) Conflict(ctx context.Context) ([]int, error) {
	if len(h.cands) > 0 {
		return nil, nil
	}
	return Conflict(ctx, h.space, h.turns)
}
