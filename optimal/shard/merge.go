package shard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/tree"
)

// Merge combines the parts of every shard of one search into the tree that
// the whole search finds. The parts must be of the same search (game, depth
// limit, shards, units and budget), one of each shard; otherwise Merge
// returns a *PartError naming what is wrong or missing. If no strategy
// finds every secret within the parts' depth limit, it returns an
// *InfeasibleError naming that depth.
func Merge(parts []*Part, names []string) (*tree.Tree, error) {
	s, guesses, err := collect(parts, names, false)
	if err != nil {
		return nil, err
	}
	first := parts[0]
	// The least total of a first guess whose parts are all solved, the
	// earliest in order among equals.
	best, bestChoice := infinite, -1
	for _, choice := range slices.Sorted(maps.Keys(guesses)) {
		total, solved := s.Len(), true
		for _, r := range guesses[choice].parts {
			solved = solved && r.Exact
			total += r.Total
		}
		if solved && total < best {
			best, bestChoice = total, choice
		}
	}
	if bestChoice < 0 {
		if first.Budget == 0 {
			return nil, &InfeasibleError{MaxDepth: first.MaxDepth}
		}
		return nil, &PartError{Name: "merge", Reason: fmt.Sprintf("no first guess solved within the budget %d: the parts disagree", first.Budget)}
	}
	if first.Budget > 0 && best > first.Budget {
		return nil, &PartError{Name: "merge", Reason: fmt.Sprintf("the best first guess totals %d, above the budget %d: the parts disagree", best, first.Budget)}
	}
	// The tree: the best first guess, and under it the trees of its parts.
	gu := guesses[bestChoice]
	type node struct {
		Guess string                     `json:"guess"`
		Next  map[string]json.RawMessage `json:"next"`
	}
	root := node{Guess: gu.code.String(), Next: map[string]json.RawMessage{}}
	for _, r := range gu.parts {
		root.Next[first.Game.Rule.Format(r.Answer)] = r.tree
	}
	doc, err := json.Marshal(struct {
		Positions int             `json:"positions"`
		Colors    int             `json:"colors"`
		Distinct  bool            `json:"distinct"`
		Rule      mastermind.Rule `json:"feedback,omitempty"`
		Root      node            `json:"root"`
	}{first.Game.Positions, first.Game.Colors, first.Game.Distinct, first.Game.Rule, root})
	if err != nil {
		return nil, &PartError{Name: gu.from[0], Reason: "the tree of a part is not JSON"}
	}
	t, err := tree.ReadJSON(bytes.NewReader(doc), s)
	if err != nil {
		return nil, &PartError{Name: "merge", Reason: fmt.Sprintf("the trees of first guess %s's parts (in %s): %v", gu.code, strings.Join(slices.Compact(slices.Sorted(slices.Values(gu.from))), ", "), err)}
	}
	st := t.Stats()
	if st.Total != best || first.MaxDepth > 0 && st.Max > first.MaxDepth {
		return nil, &PartError{Name: "merge", Reason: fmt.Sprintf("the tree of first guess %s totals %d (at most %d guesses), not %d: the parts disagree", gu.code, st.Total, st.Max, best)}
	}
	return t, nil
}

// MergeBounds combines the bound parts (ProveShard's) of every shard of
// one proof into a lower bound on the game's optimal total, and whether
// it is the optimum. The parts must be of the same proof (game, depth
// limit, shards and units), one of each shard, none of a search;
// otherwise it returns a *PartError naming what is wrong or missing. If
// every first guess needs more guesses than the depth limit allows, it
// returns an *InfeasibleError: that is then proven.
func MergeBounds(parts []*Part, names []string) (lower int, exact bool, err error) {
	s, guesses, err := collect(parts, names, true)
	if err != nil {
		return 0, false, err
	}
	lower = infinite
	for _, choice := range slices.Sorted(maps.Keys(guesses)) {
		total, solved := s.Len(), true
		for _, r := range guesses[choice].parts {
			total = min(total+r.Total, infinite)
			solved = solved && r.Exact
		}
		switch {
		case total < lower:
			lower, exact = total, solved
		case total == lower:
			exact = exact || solved
		}
	}
	if lower >= infinite {
		return 0, false, &InfeasibleError{MaxDepth: parts[0].MaxDepth}
	}
	return lower, exact, nil
}

// An InfeasibleError is the outcome of a merge whose parts prove that no
// strategy finds every secret within their depth limit, MaxDepth. It is
// an optimal.ErrInfeasible (errors.Is).
type InfeasibleError struct{ MaxDepth int }

func (e *InfeasibleError) Error() string {
	return fmt.Sprintf("no strategy finds every secret within %d guesses", e.MaxDepth)
}

// Unwrap returns optimal.ErrInfeasible.
func (e *InfeasibleError) Unwrap() error { return optimal.ErrInfeasible }

// A firstGuess is a first guess of the units of parts merged: its code,
// and each of its parts' result and the file it came from.
type firstGuess struct {
	code  mastermind.Code
	parts []*Result
	from  []string
}

// collect checks that the parts are of one search or proof (bounds), one
// of each shard, and returns the game's space and the results of each
// first guess by its place in order, every part of each there.
func collect(parts []*Part, names []string, bounds bool) (*mastermind.Space, map[int]*firstGuess, error) {
	if len(parts) == 0 {
		return nil, nil, &PartError{Name: "merge", Reason: "no parts"}
	}
	first := parts[0]
	for i, p := range parts {
		switch {
		case p.Bounds != bounds && bounds:
			return nil, nil, &PartError{Name: names[i], Reason: "a part of a search (a tree), among the bounds of a proof (--prove): merge them apart"}
		case p.Bounds != bounds:
			return nil, nil, &PartError{Name: names[i], Reason: "the bounds of a proof (--prove), among the parts of a search (trees): merge them apart"}
		}
	}
	seen := map[int]string{}
	for i, p := range parts {
		if p.Game != first.Game || p.MaxDepth != first.MaxDepth || p.Shards != first.Shards || p.Units != first.Units || p.Budget != first.Budget {
			return nil, nil, &PartError{Name: names[i], Reason: fmt.Sprintf("it is shard %d/%d of %s (max depth %d, %d units, budget %d), but %s is shard %d/%d of %s (max depth %d, %d units, budget %d)",
				p.Shard, p.Shards, p.Game.String(), p.MaxDepth, p.Units, p.Budget, names[0], first.Shard, first.Shards, first.Game.String(), first.MaxDepth, first.Units, first.Budget)}
		}
		if other, ok := seen[p.Shard]; ok {
			return nil, nil, &PartError{Name: names[i], Reason: fmt.Sprintf("shard %d/%d again (also %s)", p.Shard, p.Shards, other)}
		}
		seen[p.Shard] = names[i]
	}
	if len(parts) < first.Shards {
		var missing []string
		for i := 0; i < first.Shards && len(missing) < 5; i++ {
			if _, ok := seen[i]; !ok {
				missing = append(missing, fmt.Sprintf("%d/%d", i, first.Shards))
			}
		}
		reason := "missing shard " + strings.Join(missing, ", ")
		if more := first.Shards - len(parts) - len(missing); more > 0 {
			reason += fmt.Sprintf(" and %d more", more)
		}
		return nil, nil, &PartError{Name: "merge", Reason: reason}
	}
	s, err := mastermind.NewSpace(first.Game)
	if err != nil {
		return nil, nil, err
	}
	list, err := checkUnits(s, first, parts, names, bounds)
	if err != nil {
		return nil, nil, err
	}
	// The results, each with its file; of a proof, one for each part of a
	// first guess, composed of its units' bounds (see compose).
	type named struct {
		r    *Result
		name string
	}
	var results []named
	byUnit := make([]*Result, len(list))
	from := make([]string, len(list))
	for i, p := range parts {
		for k := range p.Results {
			r := &p.Results[k]
			byUnit[r.Unit], from[r.Unit] = r, names[i]
		}
	}
	if bounds {
		depth := first.MaxDepth
		if depth == 0 {
			depth = tree.MaxDepth
		}
		byUnit, err = compose(s, list, byUnit, depth, from)
	} else {
		byUnit, err = composeSearch(list, byUnit, from, first.budget(), first.Game.Rule)
	}
	if err != nil {
		return nil, nil, err
	}
	for u, r := range byUnit {
		if r != nil {
			results = append(results, named{r, from[u]})
		}
	}
	// Each first guess's units, by part.
	guesses := map[int]*firstGuess{}
	disagree := func(name string, r *Result, why string) error {
		return &PartError{Name: name, Reason: fmt.Sprintf("unit %d (first guess %s, answer %s): %s: the parts disagree", r.Unit, r.Guess, r.Answer, why)}
	}
	for _, n := range results {
		r := n.r
		gu := guesses[r.Choice]
		if gu == nil {
			gu = &firstGuess{code: r.Guess, parts: make([]*Result, r.Parts), from: make([]string, r.Parts)}
			guesses[r.Choice] = gu
		}
		switch {
		case !slices.Equal(gu.code, r.Guess) || len(gu.parts) != r.Parts:
			return nil, nil, disagree(n.name, r, "another first guess, or another count of parts, than another unit of the same")
		case gu.parts[r.Part] != nil:
			return nil, nil, disagree(n.name, r, fmt.Sprintf("its part is also unit %d of %s", gu.parts[r.Part].Unit, gu.from[r.Part]))
		}
		gu.parts[r.Part], gu.from[r.Part] = r, n.name
	}
	for _, choice := range slices.Sorted(maps.Keys(guesses)) {
		gu, candidates := guesses[choice], 0
		for k, r := range gu.parts {
			if r == nil {
				return nil, nil, &PartError{Name: "merge", Reason: fmt.Sprintf("first guess %s: no unit has its part %d: the parts disagree", gu.code, k)}
			}
			candidates += r.Candidates
		}
		if candidates != s.Len()-1 {
			return nil, nil, &PartError{Name: "merge", Reason: fmt.Sprintf("first guess %s: its parts hold %d secrets, not %d: the parts disagree", gu.code, candidates, s.Len()-1)}
		}
	}
	return s, guesses, nil
}

// checkUnits checks the results read against what can be known of their
// units cheaply, so that a merge trusts no number it can refute: each is
// the unit of the game's search or proof in its place (its first guess in
// the search's order, its answer, its part's secrets, its second guess),
// and each total or bound of a part lies between the least any strategy
// reaches on its secrets and the total of a strategy for them
// (strategyTotal); the bound of a first guess that a search found above
// its budget, below the total of that strategy for its parts.
func checkUnits(s *mastermind.Space, first *Part, parts []*Part, names []string, bounds bool) ([]proofUnit, error) {
	ctx := context.Background()
	se, err := optimal.NewSearch(ctx, s, optimal.Options{MaxDepth: first.MaxDepth})
	if err != nil {
		return nil, err
	}
	share := proofShare
	if !bounds {
		share = searchShare(first.Shards)
	}
	list, err := proofUnits(ctx, se, s, first.MaxDepth, share)
	if err != nil && !errors.Is(err, optimal.ErrInfeasible) {
		return nil, err
	}
	if len(list) != first.Units {
		return nil, &PartError{Name: "merge", Reason: fmt.Sprintf("the parts are of %d units, but the search of %s (max depth %d) has %d: they are not of its search", first.Units, first.Game.String(), first.MaxDepth, len(list))}
	}
	// Each part holds the units the deal gives its shard, and only those.
	owner := dealUnits(list, first.Shards)
	for i, p := range parts {
		want := mine(owner, p.Shard)
		switch {
		case len(p.Results) < len(want):
			return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("incomplete: %d of its %d units", len(p.Results), len(want))}
		case len(p.Results) > len(want):
			return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("damaged: %d units' results, but its shard has %d units", len(p.Results), len(want))}
		}
		for k, u := range want {
			if r := p.Results[k].Unit; r != u {
				return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("unit %d is shard %d/%d's, not this one's: not dealt so", r, owner[r], first.Shards)}
			}
		}
	}
	depth := first.MaxDepth // of the whole space
	if depth == 0 {
		depth = tree.MaxDepth
	}
	most := map[int]int{} // of a search: by first guess, the codes and its parts' strategies' totals
	if !bounds && len(list) > 0 {
		firsts, err := se.Units(ctx, nil)
		if err != nil {
			return nil, err
		}
		for _, u := range firsts {
			if _, ok := most[u.Choice]; !ok {
				most[u.Choice] = s.Len()
			}
			most[u.Choice] = min(most[u.Choice]+strategyTotal(s, u.Secrets, depth-1), infinite)
		}
	}
	guesses := map[string][]optimal.Unit{} // by set, the units of the guesses at it
	for i, p := range parts {
		for k := range p.Results {
			r := &p.Results[k]
			pu := &list[r.Unit]
			want := pu.result(r.Unit)
			if r.Choice != want.Choice || !slices.Equal(r.Guess, want.Guess) || r.Part != want.Part || r.Parts != want.Parts || r.Answer != want.Answer ||
				r.Candidates != want.Candidates || r.Below != want.Below {
				return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("unit %d (%s) is not the search's unit %d (%s): not a unit of %s", r.Unit, r.describe(), r.Unit, want.describe(), first.Game.String())}
			}
			least, upper := pu.limits(se, s, depth)
			switch {
			case !bounds && !r.Exact && len(pu.path) == 1 && pu.guess == nil:
				least, upper = 0, most[r.Choice] // a bound on the first guess's total
			case !bounds && !r.Exact:
				// A bound on the first guess's total with this unit's
				// guesses, not with the best.
				least, upper = 0, infinite
			case !bounds:
				if least, upper, err = pu.searched(ctx, se, s, depth, r, guesses); err != nil {
					return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("unit %d (%s): %v", r.Unit, r.describe(), err)}
				}
			}
			what := "its bound"
			if r.Exact {
				what = "its optimal total"
			}
			switch {
			case r.Total < least:
				return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("unit %d (%s): %s %d is below %d, the least any strategy reaches on its secrets: refuted", r.Unit, r.describe(), what, r.Total, least)}
			case r.Total > upper:
				return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("unit %d (%s): %s %d is above %d, the total of a strategy for its secrets: refuted", r.Unit, r.describe(), what, r.Total, upper)}
			}
		}
	}
	return list, nil
}

// limits returns a lower bound on the unit's total (its set's, or its
// set's codes plus its second guess's parts' it proves) known at once, and
// the total of a strategy for it (strategyTotal); the depth is of the
// whole space. A chunk's guesses may all be worse than a strategy, so
// that its bound has no ceiling: compose checks the set's.
func (pu *proofUnit) limits(se *optimal.Search, s *mastermind.Space, depth int) (least, upper int) {
	left := depth - len(pu.path) // the guesses left at the set
	switch {
	case pu.chunks > 0:
		return se.Least(pu.set()), infinite
	case pu.guess == nil:
		return se.Least(pu.set()), strategyTotal(s, pu.set().Secrets, left)
	}
	n := len(pu.set().Secrets)
	least, upper = n, n
	for k := range pu.parts {
		least = min(least+se.Least(&pu.parts[k]), infinite)
		upper = min(upper+strategyTotal(s, pu.parts[k].Secrets, left-1), infinite)
	}
	return least, upper
}

// compose returns, for each part of a first guess, one result: its units'
// bounds composed as one machine would (byUnit, by unit: the units'
// results). A set proven whole has its unit's bound; a set split by its
// guesses the least, over them, of each second guess's unit's bound plus
// its large parts' (composed in turn), and at least the guess's own bound,
// or the least over its chunks; exact if a guess whose units are all exact
// reaches it (a strategy does, and none does better). The result of a part
// of a first guess stands in the place of its first unit. A set in chunks
// whose bound is above the total of a strategy for it is refuted.
func compose(s *mastermind.Space, list []proofUnit, byUnit []*Result, depth int, from []string) ([]*Result, error) {
	whole := map[string]int{}     // by set, its unit if proven whole
	guesses := map[string][]int{} // by set, the units of its second guesses or chunks
	for u := range list {
		if pu := &list[u]; pu.guess == nil && pu.chunks == 0 {
			whole[pu.key()] = u
		} else {
			guesses[pu.key()] = append(guesses[pu.key()], u)
		}
	}
	var bound func(key string) (int, bool, error)
	bound = func(key string) (int, bool, error) {
		if u, ok := whole[key]; ok {
			return byUnit[u].Total, byUnit[u].Exact, nil
		}
		least, exact := infinite, false
		for _, u := range guesses[key] {
			pu := &list[u]
			total, solved := byUnit[u].Total, byUnit[u].Exact
			for _, p := range pu.large {
				b, ok, err := bound(key + pathKey([]*optimal.Unit{p}))
				if err != nil {
					return 0, false, err
				}
				total, solved = min(total+b, infinite), solved && ok
			}
			if !solved && pu.guess != nil {
				total = max(total, pu.guess.ChoiceBound)
			}
			switch {
			case total < least:
				least, exact = total, solved
			case total == least:
				exact = exact || solved
			}
		}
		if u := guesses[key][0]; list[u].chunks > 0 {
			pu := &list[u]
			if most := strategyTotal(s, pu.set().Secrets, depth-len(pu.path)); least > most {
				r := byUnit[u]
				return 0, false, &PartError{Name: from[u], Reason: fmt.Sprintf("unit %d (%s): its chunks bound the set of %d secrets by %d, above %d, the total of a strategy for it: refuted",
					r.Unit, r.describe(), len(pu.set().Secrets), least, most)}
			}
		}
		return least, exact, nil
	}
	out := make([]*Result, len(list))
	done := map[string]bool{}
	for u := range list {
		pu := &list[u]
		if len(pu.path) != 1 || done[pu.key()] {
			continue // not the first unit of its first guess's part
		}
		done[pu.key()] = true
		r := *byUnit[u]
		r.Below = ""
		var err error
		if r.Total, r.Exact, err = bound(pu.key()); err != nil {
			return nil, err
		}
		out[u] = &r
	}
	return out, nil
}

// searched returns the limits of the exact total of a search's unit (as
// limits does), and checks that its tree's guess is its own: a second
// guess's, or the chunk's pick, one of its guesses. guesses caches the
// units below each set.
func (pu *proofUnit) searched(ctx context.Context, se *optimal.Search, s *mastermind.Space, depth int, r *Result, guesses map[string][]optimal.Unit) (least, upper int, err error) {
	var n struct {
		Guess string `json:"guess"`
	}
	if err := json.Unmarshal(r.tree, &n); err != nil {
		return 0, 0, errors.New("its tree is not JSON")
	}
	switch {
	case pu.guess != nil && n.Guess != pu.guess.Guess.String():
		return 0, 0, fmt.Errorf("its tree's guess %s is not its second guess %s", quote.Cut(n.Guess, 40), pu.guess.Guess)
	case pu.chunks == 0:
		least, upper = pu.limits(se, s, depth)
		return least, upper, nil
	case r.Pick%pu.chunks != pu.chunk:
		return 0, 0, fmt.Errorf("its best guess is the %d-th at its set, not one of its chunk's", r.Pick)
	}
	key := pu.key()
	subs, ok := guesses[key]
	if !ok {
		if subs, err = se.Units(ctx, pu.set()); err != nil {
			return 0, 0, err
		}
		guesses[key] = subs
	}
	var parts []optimal.Unit
	for _, u := range subs {
		if u.Choice == r.Pick {
			parts = append(parts, u)
		}
	}
	if len(parts) == 0 || n.Guess != parts[0].Guess.String() {
		return 0, 0, fmt.Errorf("its best guess, the %d-th at its set, is not its tree's guess %s", r.Pick, quote.Cut(n.Guess, 40))
	}
	gu := proofUnit{path: pu.path, guess: &parts[0], parts: parts}
	least, upper = gu.limits(se, s, depth)
	return least, upper, nil
}

// composeSearch returns, for each part of a first guess, one result: its
// units' results composed as one machine chooses (byUnit, by unit). A set
// searched whole has its unit's total and tree; a set split by its
// guesses, the least total of those whose units are all solved (a second
// guess's unit with its large parts' sets, composed in turn; a chunk's
// best guess), the earliest in the search's order among equals, and its
// tree. The result of a part of a first guess stands in the place of its
// first unit; one not solved is above the budget.
func composeSearch(list []proofUnit, byUnit []*Result, from []string, budget int, rule mastermind.Rule) ([]*Result, error) {
	whole := map[string]int{}     // by set, its unit if searched whole
	guesses := map[string][]int{} // by set, the units of its second guesses or chunks
	for u := range list {
		if pu := &list[u]; pu.guess == nil && pu.chunks == 0 {
			whole[pu.key()] = u
		} else {
			guesses[pu.key()] = append(guesses[pu.key()], u)
		}
	}
	type node struct {
		Guess string                     `json:"guess"`
		Next  map[string]json.RawMessage `json:"next"`
	}
	var value func(key string) (int, bool, json.RawMessage, error)
	value = func(key string) (int, bool, json.RawMessage, error) {
		if u, ok := whole[key]; ok {
			return byUnit[u].Total, byUnit[u].Exact, byUnit[u].tree, nil
		}
		best, place := infinite, -1
		var tr json.RawMessage
	guess:
		for _, u := range guesses[key] {
			pu, r := &list[u], byUnit[u]
			if !r.Exact {
				continue
			}
			total, at, t := r.Total, r.Pick, r.tree
			if pu.guess != nil {
				at = pu.guess.Choice
				var n node
				if err := json.Unmarshal(r.tree, &n); err != nil || n.Next == nil {
					return 0, false, nil, &PartError{Name: from[u], Reason: fmt.Sprintf("unit %d (%s): its tree is not a node of its guess", r.Unit, r.describe())}
				}
				for _, p := range pu.large {
					sub, ok, subTree, err := value(key + pathKey([]*optimal.Unit{p}))
					if err != nil {
						return 0, false, nil, err
					}
					if !ok {
						continue guess
					}
					total, n.Next[rule.Format(p.Answer)] = min(total+sub, infinite), subTree
				}
				var err error
				if t, err = json.Marshal(n); err != nil {
					return 0, false, nil, err
				}
			}
			if total < best || total == best && at < place {
				best, place, tr = total, at, t
			}
		}
		return best, place >= 0, tr, nil
	}
	out := make([]*Result, len(list))
	done := map[string]bool{}
	for u := range list {
		pu := &list[u]
		if len(pu.path) != 1 || done[pu.key()] {
			continue // not the first unit of its first guess's part
		}
		done[pu.key()] = true
		r := *byUnit[u]
		total, exact, tr, err := value(pu.key())
		if err != nil {
			return nil, err
		}
		r.Below, r.Pick, r.Exact, r.tree = "", 0, exact, tr
		if exact || pu.guess != nil || pu.chunks > 0 {
			r.Total = total
		}
		if !exact {
			r.Total = max(r.Total, min(budget+1, infinite))
		}
		out[u] = &r
	}
	return out, nil
}

// describe names the result's unit in messages.
func (r *Result) describe() string {
	d := fmt.Sprintf("first guess %s, answer %s, %d secrets", r.Guess, r.Answer, r.Candidates)
	if r.Below != "" {
		d += ", " + quote.Cut(r.Below, 200)
	}
	return d
}

// strategyTries is how many candidates strategyTotal weighs at each set.
const strategyTries = 64

// strategyTotal returns the total of a simple strategy on the secrets
// (indices in s) within depth guesses, or infinite if it needs more: at
// each set, of its first strategyTries secrets, guess the one that splits
// the set into the most parts. It is an upper bound on the set's optimal
// total, cheap enough to check every unit of a merge against (a bound
// above it is refuted).
func strategyTotal(s *mastermind.Space, secrets []int32, depth int) int {
	n := len(secrets)
	switch {
	case n == 1 && depth >= 1:
		return 1
	case depth < 2:
		return infinite
	}
	outcomes := make([]mastermind.Outcome, n)
	var best []mastermind.Outcome
	guess, most := secrets[0], 0
	for _, g := range secrets[:min(n, strategyTries)] {
		s.Outcomes(int(g), secrets, outcomes)
		if k := len(slices.Compact(slices.Sorted(slices.Values(outcomes)))); k > most {
			guess, most, best = g, k, slices.Clone(outcomes)
		}
	}
	parts := map[mastermind.Outcome][]int32{}
	for i, x := range secrets {
		if x != guess {
			parts[best[i]] = append(parts[best[i]], x)
		}
	}
	total := n
	for _, p := range parts {
		total = min(total+strategyTotal(s, p, depth-1), infinite)
	}
	return total
}
