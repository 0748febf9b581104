package optimal

import (
	"context"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// Infinite is a total no tree reaches: the bound of a set that no strategy
// finds within the depth left.
const Infinite = infinite

// A Search is a search of a game worked on unit by unit, as the shards
// of package optimal/shard work on it: a unit is a first guess and one of
// its answers, the part of the secrets that give it.
type Search struct {
	sv *solver
}

// NewSearch starts a search of s with opt's depth limit, memory and
// checkpoint (Resume).
func NewSearch(ctx context.Context, s *mastermind.Space, opt Options) (*Search, error) {
	sv, err := start(ctx, s, Options{MaxDepth: opt.MaxDepth, Memory: opt.Memory, Resume: opt.Resume})
	if err != nil {
		return nil, err
	}
	return &Search{sv: sv}, nil
}

// A Unit is a unit of a search: a first guess and one of its answers.
type Unit struct {
	Choice  int             // its first guess's place in the search's order of first guesses
	Guess   mastermind.Code // the first guess
	Part    int             // the part's place among its guess's parts, largest first
	Parts   int             // the parts of its guess
	Answer  mastermind.Feedback
	Secrets []int32 // the secrets of the part, as indices in the space
	// ChoiceBound is a lower bound on the total of the first guess.
	ChoiceBound int
	history     []mastermind.Turn
}

// Units returns the units of the search below unit u (nil: the whole
// space): the guesses worth trying at its secrets, one of each class, in
// the search's order (their lower bounds, then candidates first, then
// lowest first), and the parts of each, largest first. It returns ctx's
// error if ctx ended before the list is whole, ErrInfeasible if no guess
// meets the depth limit.
func (se *Search) Units(ctx context.Context, u *Unit) ([]Unit, error) {
	sv := se.sv
	sv.ctx = ctx
	var units []Unit
	history, secrets := []mastermind.Turn(nil), consistent.All(sv.space)
	if u != nil {
		history, secrets = u.history, u.Secrets
	}
	for i, c := range sv.chooser.choices(history, secrets, sv.maxDepth-len(history), infinite, false).list {
		guess := sv.space.Code(int(c.guess()))
		parts := sv.split(history, secrets, int(c.guess()))
		for j, p := range parts {
			units = append(units, Unit{Choice: i, Guess: guess, Part: j, Parts: len(parts), Answer: p.feedback,
				ChoiceBound: c.bound(), history: p.history, Secrets: p.cands})
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the units listed may lack some guesses
	}
	if len(units) == 0 {
		return nil, ErrInfeasible
	}
	return units, nil
}

// Least returns a lower bound on the optimal total of the unit's part,
// known at once: what the search's memo holds, or the least any strategy
// reaches on that many secrets.
func (se *Search) Least(u *Unit) int {
	return prover{se.sv}.provenBound(u.history, u.Secrets, se.sv.maxDepth-len(u.history), 0)
}

// LowerBound returns a lower bound on the optimal total of the unit's
// part from the bounds of its guesses.
func (se *Search) LowerBound(ctx context.Context, u *Unit) int {
	se.sv.ctx = ctx
	b, _ := se.sv.lowerBound(func() []mastermind.Turn { return u.history }, u.Secrets, se.sv.maxDepth-len(u.history), infinite)
	return b
}

// Solve searches the unit's part for its optimal total below limit: it
// returns the total and true if it finds it, or else a lower bound.
func (se *Search) Solve(ctx context.Context, u *Unit, limit int) (int, bool) {
	se.sv.ctx = ctx
	return se.sv.solve(u.history, u.Secrets, se.sv.maxDepth-len(u.history), limit, nil, inner)
}

// Tree returns the optimal tree of the unit's part, solved by Solve.
func (se *Search) Tree(ctx context.Context, u *Unit) *tree.Node {
	se.sv.ctx = context.WithoutCancel(ctx) // the tree is made of sets searched already, or small
	return se.sv.build(u.history, u.Secrets, se.sv.maxDepth-len(u.history))
}

// Autosave starts saving checkpoints as opt asks (Save, SaveEvery,
// SaveFailed), and returns the function that stops it and saves a last
// time.
func (se *Search) Autosave(opt Options) func() { return autosave(opt, se.sv.snapshot) }

// LeastTotals returns, for n up to the codes of s, a lower bound on the
// total of any n secrets of its game: least[n].
func LeastTotals(s *mastermind.Space) []int {
	least, _ := leastTotals(s, s.Len())
	return least
}
