// Package shard splits an exact search or proof (package optimal) into
// shards that run apart, on any machines, and merges their parts into the
// tree or the bound of the whole search; and it writes and reads the files
// of long searches: the shards' parts and the checkpoints a search resumes
// from, each within a bound.
//
// A search splits into shards by units of work: a unit is a first guess
// and one of its answers, the part of the secrets that give it. The first
// guesses worth trying, one of each class, are put in the search's order
// (their lower bounds, then candidates first, then lowest first), the parts
// of each largest first; the units are dealt to the shards by their work
// (the squares of the sets they search), largest first, each to the shard
// least loaded so far (deal): 4 positions have 52 units, 5 have 110, so
// that many machines help, not only one per first guess.
//
// With many shards (more than a quarter of those units), large parts are
// split below the first answer, as a proof's are (see searcher).
//
// Every shard takes as its budget the total of the entropy heuristic's
// strategy (the optimum is at most that; with a depth limit, only if the
// heuristic's strategy keeps it), and bounds every part of every first
// guess. A unit's part is searched with the room the budget leaves it once
// the other parts of its guess have their bounds: the search either finds
// the part's optimal total and tree, or proves that the guess costs more
// than the budget. Merge adds up the parts of each first guess whose units
// are all solved, takes the least total, the earliest in order among
// equals, and joins the subtrees of its parts under it: the tree of one
// whole search, since a set's optimal guess is the first in order of those
// reaching its optimum wherever the set is searched from.
//
// Shards are independent: any order, any machine. Together they do more
// work than one search, as a shard cannot use the others' results to cut
// its work short.
package shard

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// infinite is a total no tree reaches.
const infinite = optimal.Infinite

// A Part is the result of one shard of a search.
type Part struct {
	Game     mastermind.Game
	MaxDepth int // 0 for no limit
	Shard    int // 0..Shards-1
	Shards   int
	Units    int      // the units of the whole search
	Budget   int      // the total of the strategy known, 0 if none
	Results  []Result // of this shard's units, in order
	// Bounds says that the part is of a proof (Prove), not of a search:
	// its results are bounds on its units' totals, with no trees.
	Bounds bool
	// CutShort says that the proof of the part was stopped before its time
	// was up (Prove's context ended): its bounds hold, but are weaker than
	// its time would have proven.
	CutShort bool
}

// A Result is what a shard proved of a unit: a first guess and one of its
// parts.
type Result struct {
	Unit       int             // its place among the search's units
	Choice     int             // its first guess's place in the search's order of first guesses
	Guess      mastermind.Code // the first guess
	Part       int             // the part's place among its guess's parts, largest first
	Parts      int             // the parts of its guess
	Answer     mastermind.Feedback
	Candidates int  // the secrets of the part
	Exact      bool // whether the part was solved
	// Total is, if Exact, the part's optimal total (of a unit of a search
	// below the first answer, its set's, its second guess's with its
	// small parts, or its chunk's best guess's); otherwise a lower bound
	// on the whole total of its first guess (with the unit's guesses),
	// above the budget, or the budget and one where a guess is above its
	// set's ceiling (of a proof: a lower bound on the part's total).
	Total int
	// Below is, for a unit of a proof split below its first guess's
	// answer, the guesses and answers that split its set further and its
	// own guess at the set ("" if not split); Total then bounds the set's
	// codes plus the totals of that guess's parts that the unit proves.
	Below string
	// Pick is, for a chunk of third guesses solved, its best guess's
	// place in the search's order at its set.
	Pick int
	tree json.RawMessage // if Exact, the part's tree: a node of package tree's JSON form; of a second guess's unit, without its large parts'
}

// result returns the result of unit u of the search, not yet solved.
func result(u int, un *optimal.Unit) Result {
	return Result{Unit: u, Choice: un.Choice, Guess: un.Guess, Part: un.Part, Parts: un.Parts, Answer: un.Answer, Candidates: len(un.Secrets)}
}

// String sums up the part.
func (p *Part) String() string {
	solved := 0
	for _, r := range p.Results {
		if r.Exact {
			solved++
		}
	}
	if p.Bounds {
		cut := ""
		if p.CutShort {
			cut = ", cut short"
		}
		return fmt.Sprintf("%d of %d units (a first guess and its answer, and the guesses below where split), %d solved, %d bounded%s",
			len(p.Results), p.Units, solved, len(p.Results)-solved, cut)
	}
	return fmt.Sprintf("%d of %d units (a first guess and its answer, and the guesses below where split), %d solved, %d above the budget %d",
		len(p.Results), p.Units, solved, len(p.Results)-solved, p.Budget)
}

// Parse parses "I/N", shard I of N with 0 <= I < N, as Solve takes them.
func Parse(s string) (shard, shards int, ok bool) {
	if _, err := fmt.Sscanf(s+"\n", "%d/%d\n", &shard, &shards); err != nil || shards < 1 || shard < 0 || shard >= shards {
		return 0, 0, false
	}
	return shard, shards, true
}

// Solve searches the shard-th (from 0) of shards parts of the search for
// an optimal tree (see Part, and searcher for the units below the first
// answer). Options are as for optimal.Solve; a checkpoint of one shard
// serves any shard of the same game. More shards than units is an error.
// It calls show, if not nil, with its plan once the units are listed.
func Solve(ctx context.Context, s *mastermind.Space, opt optimal.Options, shard, shards int, show func(Plan)) (*Part, error) {
	if shards < 1 || shard < 0 || shard >= shards {
		return nil, fmt.Errorf("optimal: shard %d of %d", shard, shards)
	}
	se, err := optimal.NewSearch(ctx, s, opt)
	if err != nil {
		return nil, err
	}
	shareOf, used := searchShare(shards), 0
	list, err := proofUnits(ctx, se, s, opt.MaxDepth, func(firsts int) int { used = shareOf(firsts); return used })
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	if shards > len(list) {
		return nil, &TooManyError{Shards: shards, Units: len(list)}
	}
	budget, err := knownTotal(ctx, s, opt.MaxDepth)
	if err != nil {
		return nil, err
	}
	owner := dealUnits(list, shards)
	if show != nil {
		pl := plan(list, owner, shard, shards)
		pl.Search, pl.Share = true, used
		show(pl)
	}
	p := &Part{Game: s.Game(), MaxDepth: opt.MaxDepth, Shard: shard, Shards: shards, Units: len(list)}
	if budget < infinite {
		p.Budget = budget
	}
	sr, err := newSearcher(ctx, se, s, budget)
	if err != nil {
		return nil, err
	}
	saved := se.Autosave(opt)
	units := mine(owner, shard)
	for k, u := range units {
		if ctx.Err() != nil {
			break
		}
		if opt.Progress != nil {
			opt.Progress(float64(k) / float64(len(units)))
		}
		r := list[u].result(u)
		r.Total, r.Exact, r.Pick, r.tree, err = sr.solve(ctx, &list[u])
		if err != nil {
			saved()
			return nil, err
		}
		p.Results = append(p.Results, r)
	}
	saved()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// knownTotal returns the total of the entropy heuristic's strategy, an
// upper bound on the optimum, or infinite if it needs more guesses than
// maxDepth, if positive.
func knownTotal(ctx context.Context, s *mastermind.Space, maxDepth int) (int, error) {
	st, err := tree.Evaluate(ctx, s, strategy.Heuristic{Measure: strategy.Entropy})
	if err != nil {
		return 0, err
	}
	if maxDepth > 0 && st.Max > maxDepth {
		return infinite, nil
	}
	return st.Total, nil
}

// subtree returns the JSON form of a node of s's tree, as package tree
// writes it.
func subtree(s *mastermind.Space, node *tree.Node) (json.RawMessage, error) {
	var b bytes.Buffer
	if err := (&tree.Tree{Space: s, Root: node}).WriteJSON(&b); err != nil {
		return nil, err
	}
	var f struct {
		Root json.RawMessage `json:"root"`
	}
	if err := json.Unmarshal(b.Bytes(), &f); err != nil {
		return nil, err
	}
	return f.Root, nil
}

// A TooManyError is returned for more shards than a search has units of
// work.
type TooManyError struct {
	Shards, Units int
}

func (e *TooManyError) Error() string {
	return fmt.Sprintf("%d shards, but the search has only %d units of work (a first guess and its answer, and the guesses below where split): use at most %d", e.Shards, e.Units, e.Units)
}
