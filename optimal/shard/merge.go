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
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/tree"
)

// Merge combines the parts of every shard of one search into the tree that
// the whole search finds. The parts must be of the same search (game, depth
// limit, shards, units and budget), one of each shard; otherwise Merge
// returns a *PartError naming what is wrong or missing.
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
			return nil, optimal.ErrInfeasible
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
		root.Next[r.Answer.String()] = r.tree
	}
	doc, err := json.Marshal(struct {
		Positions int  `json:"positions"`
		Colors    int  `json:"colors"`
		Distinct  bool `json:"distinct"`
		Root      node `json:"root"`
	}{first.Game.Positions, first.Game.Colors, first.Game.Distinct, root})
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
// returns optimal.ErrInfeasible: that is then proven.
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
		return 0, false, optimal.ErrInfeasible
	}
	return lower, exact, nil
}

// gameText names a game in messages.
func gameText(g mastermind.Game) string {
	if g.Distinct {
		return fmt.Sprintf("%d positions of %d distinct colours", g.Positions, g.Colors)
	}
	return fmt.Sprintf("%d positions, %d colours", g.Positions, g.Colors)
}

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
				p.Shard, p.Shards, gameText(p.Game), p.MaxDepth, p.Units, p.Budget, names[0], first.Shard, first.Shards, gameText(first.Game), first.MaxDepth, first.Units, first.Budget)}
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
	if err := checkUnits(s, first, parts, names, bounds); err != nil {
		return nil, nil, err
	}
	// The results, each with its file; a part split by its second guesses
	// has one, the least of their bounds (exact if one that is exact
	// reaches it: a strategy does, and none does better).
	type named struct {
		r    *Result
		name string
	}
	var results []named
	split := map[[2]int]*Result{}
	for i, p := range parts {
		for k := range p.Results {
			r := &p.Results[k]
			if r.Second == nil {
				results = append(results, named{r, names[i]})
				continue
			}
			key := [2]int{r.Choice, r.Part}
			m := split[key]
			if m == nil {
				m = &Result{Unit: r.Unit, Choice: r.Choice, Guess: r.Guess, Part: r.Part, Parts: r.Parts, Answer: r.Answer, Candidates: r.Candidates, Total: infinite}
				split[key] = m
				results = append(results, named{m, names[i]})
			}
			switch {
			case r.Total < m.Total:
				m.Total, m.Exact = r.Total, r.Exact
			case r.Total == m.Total:
				m.Exact = m.Exact || r.Exact
			}
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
func checkUnits(s *mastermind.Space, first *Part, parts []*Part, names []string, bounds bool) error {
	ctx := context.Background()
	se, err := optimal.NewSearch(ctx, s, optimal.Options{MaxDepth: first.MaxDepth})
	if err != nil {
		return err
	}
	var list []proofUnit
	if bounds {
		list, err = proofUnits(ctx, se, s, first.MaxDepth)
	} else {
		var us []optimal.Unit
		us, err = se.Units(ctx, nil)
		for i := range us {
			list = append(list, proofUnit{first: &us[i]})
		}
	}
	if err != nil && !errors.Is(err, optimal.ErrInfeasible) {
		return err
	}
	if len(list) != first.Units {
		return &PartError{Name: "merge", Reason: fmt.Sprintf("the parts are of %d units, but the search of %s (max depth %d) has %d: they are not of its search", first.Units, gameText(first.Game), first.MaxDepth, len(list))}
	}
	depth := first.MaxDepth // of the whole space
	if depth == 0 {
		depth = tree.MaxDepth
	}
	most := map[int]int{} // of a search: by first guess, the codes and its parts' strategies' totals
	for _, pu := range list {
		c := pu.first.Choice
		if _, ok := most[c]; !ok {
			most[c] = s.Len()
		}
		most[c] = min(most[c]+strategyTotal(s, pu.first.Secrets, depth-1), infinite)
	}
	for i, p := range parts {
		for k := range p.Results {
			r := &p.Results[k]
			pu := &list[r.Unit]
			want := pu.result(r.Unit)
			if r.Choice != want.Choice || !slices.Equal(r.Guess, want.Guess) || r.Part != want.Part || r.Parts != want.Parts || r.Answer != want.Answer ||
				r.Candidates != want.Candidates || !slices.Equal(r.Second, want.Second) || r.SecondChoice != want.SecondChoice || r.Seconds != want.Seconds {
				return &PartError{Name: names[i], Reason: fmt.Sprintf("unit %d (%s) is not the search's unit %d (%s): not a unit of %s", r.Unit, r.describe(), r.Unit, want.describe(), gameText(first.Game))}
			}
			least, upper := pu.limits(se, s, depth)
			if !bounds && !r.Exact {
				least, upper = 0, most[r.Choice] // a bound on the first guess's total
			}
			what := "its bound"
			if r.Exact {
				what = "its optimal total"
			}
			switch {
			case r.Total < least:
				return &PartError{Name: names[i], Reason: fmt.Sprintf("unit %d (%s): %s %d is below %d, the least any strategy reaches on its secrets: refuted", r.Unit, r.describe(), what, r.Total, least)}
			case r.Total > upper:
				return &PartError{Name: names[i], Reason: fmt.Sprintf("unit %d (%s): %s %d is above %d, the total of a strategy for its secrets: refuted", r.Unit, r.describe(), what, r.Total, upper)}
			}
		}
	}
	return nil
}

// limits returns a lower bound on the optimal total of the unit's part
// (with its second guess, if any) known at once, and the total of a
// strategy for it (strategyTotal); the depth is of the whole space.
func (pu *proofUnit) limits(se *optimal.Search, s *mastermind.Space, depth int) (least, upper int) {
	if pu.second == nil {
		return se.Least(pu.first), strategyTotal(s, pu.first.Secrets, depth-1)
	}
	n := len(pu.first.Secrets)
	least, upper = n, n
	for k := range pu.second {
		least = min(least+se.Least(&pu.second[k]), infinite)
		upper = min(upper+strategyTotal(s, pu.second[k].Secrets, depth-2), infinite)
	}
	return max(least, pu.second[0].ChoiceBound), upper
}

// describe names the result's unit in messages.
func (r *Result) describe() string {
	d := fmt.Sprintf("first guess %s, answer %s, %d secrets", r.Guess, r.Answer, r.Candidates)
	if r.Second != nil {
		d += fmt.Sprintf(", second guess %s", r.Second)
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
