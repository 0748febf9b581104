package shard

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/tree"
)

// A search splits into the units of a proof (proofUnits): a first
// guess's part, or below a large one a second guess's unit (its small
// parts), a set below a second guess, or a chunk of the third guesses at
// such a set. Every shard takes the budget B of the entropy strategy's
// total, and each unit searches its sets exactly within the room B leaves
// once every other set of its first guess's strategy has its lower bound:
// B+1 - the codes - the other first-answer parts' bounds - and below, the
// part's codes and its second guess's other parts' bounds. The optimum is
// at most B, so that each set of the optimal strategy fits its room and is
// solved; a unit over its room reports a lower bound on its first guess's
// total, above B. The merge takes, at each set split, the least total of
// its guesses whose sets are all solved, the earliest in the search's
// order among equals (as one machine chooses), and joins their trees.

// A searcher solves the units of a search within its budget.
type searcher struct {
	se     *optimal.Search
	s      *mastermind.Space
	budget int
	firsts map[int][]optimal.Unit // by first guess's place, its parts
	lower  map[string]int         // by set (pathKey), a lower bound on its total
	subs   map[string][]optimal.Unit
}

// newSearcher returns a searcher of se's units within budget.
func newSearcher(ctx context.Context, se *optimal.Search, s *mastermind.Space, budget int) (*searcher, error) {
	firsts, err := se.Units(ctx, nil)
	if err != nil {
		return nil, err
	}
	sr := &searcher{se: se, s: s, budget: budget, firsts: map[int][]optimal.Unit{}, lower: map[string]int{}, subs: map[string][]optimal.Unit{}}
	for _, u := range firsts {
		sr.firsts[u.Choice] = append(sr.firsts[u.Choice], u)
	}
	return sr, nil
}

// bound returns a lower bound on the total of the set at the end of path,
// computed once.
func (sr *searcher) bound(ctx context.Context, path ...*optimal.Unit) int {
	key := pathKey(path)
	if b, ok := sr.lower[key]; ok {
		return b
	}
	b := sr.se.LowerBound(ctx, path[len(path)-1])
	sr.lower[key] = b
	return b
}

// guessParts returns the parts of the guess in place choice at the set
// at the end of path.
func (sr *searcher) guessParts(ctx context.Context, choice int, path ...*optimal.Unit) ([]optimal.Unit, error) {
	key := pathKey(path)
	subs, ok := sr.subs[key]
	if !ok {
		var err error
		if subs, err = sr.se.Units(ctx, path[len(path)-1]); err != nil {
			return nil, err
		}
		sr.subs[key] = subs
	}
	var parts []optimal.Unit
	for _, u := range subs {
		if u.Choice == choice {
			parts = append(parts, u)
		}
	}
	return parts, nil
}

// solve searches the unit within its room: its exact total (a set's, a
// second guess's small parts' with the set's codes, or a chunk's best
// third guess's, whose place it returns as pick) and its tree, or a lower
// bound on its first guess's total above the budget.
func (sr *searcher) solve(ctx context.Context, pu *proofUnit) (total int, exact bool, pick int, node json.RawMessage, err error) {
	first := pu.first()
	if first.ChoiceBound > sr.budget {
		return first.ChoiceBound, false, 0, nil, nil
	}
	rest := sr.s.Len() // the codes, and the first guess's other parts at their bounds
	for i := range sr.firsts[first.Choice] {
		if u := &sr.firsts[first.Choice][i]; u.Part != first.Part {
			rest = min(rest+sr.bound(ctx, u), infinite)
		}
	}
	if len(pu.path) == 1 && pu.guess == nil {
		total, exact, node, err = sr.whole(ctx, sr.room(rest), rest, first)
		return total, exact, 0, node, err
	}
	// Below a first answer's part S, a second guess is S's best only if
	// its total is at most S's ceiling (a strategy's total for S): a unit
	// stops at that too.
	if pu.guess != nil { // a second guess: its small parts
		if b := rest + pu.guess.ChoiceBound; b > sr.budget {
			return min(b, infinite), false, 0, nil, nil
		}
		large := 0
		for _, p := range pu.large {
			large = min(large+sr.bound(ctx, first, p), infinite)
		}
		rest = min(rest+large, infinite)
		limit := min(sr.room(rest), pu.ceiling+1-large)
		total, exact, node, err = sr.parts(ctx, pu.guess.Guess, pu.parts, len(first.Secrets), limit)
		if !exact {
			total = min(max(rest+total, sr.budget+1), infinite)
		}
		return total, exact, 0, node, err
	}
	// A set below a second guess: the guess's other parts at their bounds.
	set := pu.path[1]
	parts, err := sr.guessParts(ctx, set.Choice, first)
	if err != nil {
		return 0, false, 0, nil, err
	}
	if b := rest + parts[0].ChoiceBound; b > sr.budget {
		return min(b, infinite), false, 0, nil, nil
	}
	others := len(first.Secrets)
	for i := range parts {
		if parts[i].Part != set.Part {
			others = min(others+sr.bound(ctx, first, &parts[i]), infinite)
		}
	}
	rest = min(rest+others, infinite)
	limit := min(sr.room(rest), sr.ceiling(first)+1-others)
	if pu.chunks == 0 {
		total, exact, node, err = sr.whole(ctx, limit, rest, first, set)
		return total, exact, 0, node, err
	}
	return sr.chunk(ctx, pu, limit, rest)
}

// room returns the limit below which a set's total keeps its first
// guess's within the budget, the other sets at rest: infinite if there is
// no budget (a depth limit the entropy strategy does not keep).
func (sr *searcher) room(rest int) int {
	if sr.budget >= infinite {
		return infinite
	}
	return max(sr.budget+1-rest, 0)
}

// ceiling returns the total of a strategy for the first answer's part
// (strategyTotal), computed once.
func (sr *searcher) ceiling(first *optimal.Unit) int {
	key := "ceiling " + pathKey([]*optimal.Unit{first})
	if c, ok := sr.lower[key]; ok {
		return c
	}
	c := strategyTotal(sr.s, first.Secrets, tree.MaxDepth-1)
	sr.lower[key] = c
	return c
}

// whole searches the set at the end of path for its optimal total below
// limit: that and its tree, or, with rest (the other sets of its first
// guess at their bounds), a lower bound on its first guess's total above
// the budget (the budget and one if the set is only above its second
// guess's ceiling).
func (sr *searcher) whole(ctx context.Context, limit, rest int, path ...*optimal.Unit) (int, bool, json.RawMessage, error) {
	set := path[len(path)-1]
	total, ok := sr.bound(ctx, path...), false
	if limit > total {
		total, ok = sr.se.Solve(ctx, set, limit)
	}
	if !ok || ctx.Err() != nil {
		return min(max(rest+total, sr.budget+1), infinite), false, nil, nil
	}
	node, err := subtree(sr.s, sr.se.Tree(ctx, set))
	return total, true, node, err
}

// parts searches the parts of guess for a total (with codes, the set's)
// below limit, each part within the room the others leave at their least
// bounds (or totals, once solved): it returns that total and the guess's
// tree, or a lower bound at least limit.
func (sr *searcher) parts(ctx context.Context, guess mastermind.Code, parts []optimal.Unit, codes, limit int) (int, bool, json.RawMessage, error) {
	totals := make([]int, len(parts))
	total := codes
	for k := range parts {
		totals[k] = sr.se.Least(&parts[k])
		total = min(total+totals[k], infinite)
	}
	for k := range parts {
		if total >= limit {
			return total, false, nil, nil
		}
		t, ok := sr.se.Solve(ctx, &parts[k], limit-(total-totals[k]))
		if ctx.Err() != nil {
			return total, false, nil, nil
		}
		total = min(total-totals[k]+max(t, totals[k]), infinite)
		totals[k] = max(t, totals[k])
		if !ok {
			return max(total, limit), false, nil, nil
		}
	}
	if total >= limit {
		return total, false, nil, nil
	}
	next := map[string]json.RawMessage{}
	for k := range parts {
		sub, err := subtree(sr.s, sr.se.Tree(ctx, &parts[k]))
		if err != nil {
			return 0, false, nil, err
		}
		next[sr.s.Game().Rule.Format(parts[k].Answer)] = sub
	}
	node, err := json.Marshal(struct {
		Guess string                     `json:"guess"`
		Next  map[string]json.RawMessage `json:"next"`
	}{guess.String(), next})
	return total, true, node, err
}

// chunk searches the chunk's third guesses at its set, in the search's
// order, each within the room the budget leaves after rest and below the
// best total found so far: the best one's total, place and tree, or a
// lower bound on the first guess's total above the budget.
func (sr *searcher) chunk(ctx context.Context, pu *proofUnit, limit, rest int) (int, bool, int, json.RawMessage, error) {
	set := pu.set()
	subs, err := sr.se.Units(ctx, set)
	if err != nil {
		return 0, false, 0, nil, fmt.Errorf("the guesses at a set of %d codes: %w", len(set.Secrets), err)
	}
	best, pick, failed := infinite, -1, infinite
	ceiling := strategyTotal(sr.s, set.Secrets, tree.MaxDepth-len(pu.path)) // a guess above it is not the set's best
	var node json.RawMessage
	for a := 0; a < len(subs) && ctx.Err() == nil; {
		b := a
		for b < len(subs) && subs[b].Choice == subs[a].Choice {
			b++
		}
		g := subs[a:b:b]
		a = b
		if g[0].Choice%pu.chunks != pu.chunk {
			continue
		}
		below := min(limit, best, ceiling+1)
		if g[0].ChoiceBound >= below {
			failed = min(failed, g[0].ChoiceBound)
			continue
		}
		total, ok, n, err := sr.parts(ctx, g[0].Guess, g, len(set.Secrets), below)
		if err != nil {
			return 0, false, 0, nil, err
		}
		if ok {
			best, pick, node = total, g[0].Choice, n
		} else {
			failed = min(failed, total)
		}
	}
	if pick < 0 || ctx.Err() != nil {
		return min(max(rest+failed, sr.budget+1), infinite), false, 0, nil, nil
	}
	return best, true, pick, node, nil
}
