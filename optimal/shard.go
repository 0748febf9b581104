package optimal

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// A search splits into shards by units of work: a unit is a first guess
// and one of its answers, the part of the secrets that give it. The first
// guesses worth trying, one of each class, are put in the search's order
// (their lower bounds, then candidates first, then lowest first), the parts
// of each largest first, and unit u of that order goes to shard u modulo
// the number of shards: 4 positions have 52 units, 5 have 110, so
// that many machines help, not only one per first guess.
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

// A Part is the result of one shard of a search.
type Part struct {
	Game     mastermind.Game
	MaxDepth int // 0 for no limit
	Shard    int // 0..Shards-1
	Shards   int
	Units    int      // the units of the whole search
	Budget   int      // the total of the strategy known, 0 if none
	Results  []Result // of this shard's units, in order
	// Bounds says that the part is of a proof (ProveShard), not of a
	// search: its results are bounds on its units' totals, with no trees.
	Bounds bool
	// CutShort says that the proof of the part was stopped before its time
	// was up (ProveShard's context ended): its bounds hold, but are weaker
	// than its time would have proven.
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
	// Total is, if Exact, the part's optimal total; otherwise a lower
	// bound on the whole total of its first guess, above the budget (of a
	// proof: a lower bound on the part's total).
	Total int
	tree  json.RawMessage // if Exact, the part's tree: a node of package tree's JSON form
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
		return fmt.Sprintf("%d of %d units (a first guess and its answer), %d solved, %d bounded%s",
			len(p.Results), p.Units, solved, len(p.Results)-solved, cut)
	}
	return fmt.Sprintf("%d of %d units (a first guess and its answer), %d solved, %d above the budget %d",
		len(p.Results), p.Units, solved, len(p.Results)-solved, p.Budget)
}

// A unit is a part of a first guess, as SolveShard numbers them.
type unit struct {
	choice, part int
}

// ParseShard parses "I/N", shard I of N with 0 <= I < N, as SolveShard
// takes them.
func ParseShard(s string) (shard, shards int, ok bool) {
	if _, err := fmt.Sscanf(s+"\n", "%d/%d\n", &shard, &shards); err != nil || shards < 1 || shard < 0 || shard >= shards {
		return 0, 0, false
	}
	return shard, shards, true
}

// SolveShard searches the shard-th (from 0) of shards parts of the search
// for an optimal tree (see Part). Options are as for Solve; a checkpoint
// of one shard serves any shard of the same game. More shards than units
// is an error.
func SolveShard(ctx context.Context, s *mastermind.Space, opt Options, shard, shards int) (*Part, error) {
	if shards < 1 || shard < 0 || shard >= shards {
		return nil, fmt.Errorf("optimal: shard %d of %d", shard, shards)
	}
	sv, err := start(ctx, s, opt)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	all := consistent.All(s)
	depth := sv.maxDepth
	choices, parts, units, err := sv.shardUnits(ctx, all, shards)
	if err != nil {
		return nil, err
	}
	budget, err := sv.knownTotal(ctx)
	if err != nil {
		return nil, err
	}
	p := &Part{Game: s.Game(), MaxDepth: opt.MaxDepth, Shard: shard, Shards: shards, Units: len(units)}
	if budget < infinite {
		p.Budget = budget
	}
	saved := sv.autosave(opt)
	bounded := make([]bool, len(choices))
	for u := shard; u < len(units) && ctx.Err() == nil; u += shards {
		if sv.progress != nil {
			sv.progress(float64(u) / float64(len(units)))
		}
		i, j := units[u].choice, units[u].part
		c, ps := choices[i], parts[i]
		guess := s.Code(int(c.guess()))
		r := Result{Unit: u, Choice: i, Guess: guess, Part: j, Parts: len(ps), Answer: ps[j].feedback, Candidates: len(ps[j].cands)}
		history := func(k int) []mastermind.Turn {
			return []mastermind.Turn{{Guess: guess, Feedback: ps[k].feedback}}
		}
		if c.bound() > budget {
			r.Total = c.bound()
			p.Results = append(p.Results, r)
			continue
		}
		if !bounded[i] {
			for k := range ps {
				ps[k].bound, _ = sv.lowerBound(func() []mastermind.Turn { return history(k) }, ps[k].cands, depth-1, infinite)
			}
			bounded[i] = true
		}
		rest := len(all) // the other parts at their bounds
		for k := range ps {
			if k != j {
				rest = min(rest+ps[k].bound, infinite)
			}
		}
		limit := infinite
		if budget < infinite {
			limit = budget + 1 - rest
		}
		total, ok := ps[j].bound, false
		if limit > total {
			total, ok = sv.solve(history(j), ps[j].cands, depth-1, limit, nil, inner)
		}
		if ctx.Err() != nil {
			break
		}
		r.Exact, r.Total = ok, total
		if !ok {
			r.Total = min(rest+total, infinite)
		} else if r.tree, err = sv.subtree(ctx, history(j), ps[j].cands, depth-1); err != nil {
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

// units returns the units of work of a search of the whole space all: the
// first guesses worth trying, one of each class, in the search's order,
// the parts of each, and the units, each a first guess and one of its parts.
// shardUnits lists the units of the search of all for shards shards: an
// error if ctx ended before the list is whole, if no first guess meets the
// depth limit, or if there are fewer units than shards.
func (sv *solver) shardUnits(ctx context.Context, all []int32, shards int) ([]choice, [][]part, []unit, error) {
	choices, parts, units := sv.units(all)
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err // the units listed may lack some first guesses
	}
	if len(units) == 0 {
		return nil, nil, nil, ErrInfeasible // no first guess meets the depth limit
	}
	if shards > len(units) {
		return nil, nil, nil, &ShardsError{Shards: shards, Units: len(units)}
	}
	return choices, parts, units, nil
}

func (sv *solver) units(all []int32) ([]choice, [][]part, []unit) {
	choices := sv.choices(nil, all, sv.maxDepth, infinite, false).list
	parts := make([][]part, len(choices))
	var units []unit
	for i, c := range choices {
		parts[i] = sv.split(nil, all, int(c.guess()))
		for j := range parts[i] {
			units = append(units, unit{i, j})
		}
	}
	return choices, parts, units
}

// knownTotal returns the total of the entropy heuristic's strategy, or
// infinite if it needs more guesses than the depth limit allows.
func (sv *solver) knownTotal(ctx context.Context) (int, error) {
	st, err := tree.Evaluate(ctx, sv.space, strategy.Heuristic{Measure: strategy.Entropy})
	if err != nil {
		return 0, err
	}
	if st.Max > sv.maxDepth {
		return infinite, nil
	}
	return st.Total, nil
}

// subtree returns the JSON form of the optimal tree of the candidates, a
// node of package tree's JSON form.
func (sv *solver) subtree(ctx context.Context, history []mastermind.Turn, cands []int32, depth int) (json.RawMessage, error) {
	outer := sv.ctx
	sv.ctx = context.WithoutCancel(ctx) // the tree is made of sets searched already, or small
	defer func() { sv.ctx = outer }()
	node := sv.build(history, cands, depth)
	var b bytes.Buffer
	if err := (&tree.Tree{Space: sv.space, Root: node}).WriteJSON(&b); err != nil {
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

// A ShardsError is returned for more shards than a search has units of work.
type ShardsError struct {
	Shards, Units int
}

func (e *ShardsError) Error() string {
	return fmt.Sprintf("%d shards, but the search has only %d units of work (a first guess and its answer): use at most %d", e.Shards, e.Units, e.Units)
}

// partFile is a Part's JSON form.
type partFile struct {
	Format    string       `json:"format"`
	Positions int          `json:"positions"`
	Colors    int          `json:"colors"`
	Distinct  bool         `json:"distinct"`
	MaxDepth  int          `json:"max_depth"`
	Shard     int          `json:"shard"`
	Shards    int          `json:"shards"`
	Units     int          `json:"units"`
	Budget    int          `json:"budget"`
	CutShort  bool         `json:"cut_short,omitempty"`
	Results   []resultFile `json:"results"`
}

type resultFile struct {
	Unit       int             `json:"unit"`
	Choice     int             `json:"choice"`
	Guess      string          `json:"guess"`
	Part       int             `json:"part"`
	Parts      int             `json:"parts"`
	Answer     string          `json:"answer"`
	Candidates int             `json:"candidates"`
	Exact      bool            `json:"exact"`
	Total      int             `json:"total"`
	Tree       json.RawMessage `json:"tree,omitempty"`
}

// partFormat and boundsFormat name the formats of part files: of a
// search, of a proof.
const (
	partFormat   = "mastermind-optimal-part 2"
	boundsFormat = "mastermind-optimal-bounds 1"
)

// WriteJSON writes the part as JSON: the game, the shard, and the result
// of each of its units, with the tree of each part solved (a node in the
// form of package tree).
func (p *Part) WriteJSON(w io.Writer) error {
	format := partFormat
	if p.Bounds {
		format = boundsFormat
	}
	f := partFile{Format: format, Positions: p.Game.Positions, Colors: p.Game.Colors, Distinct: p.Game.Distinct,
		MaxDepth: p.MaxDepth, Shard: p.Shard, Shards: p.Shards, Units: p.Units, Budget: p.Budget, CutShort: p.CutShort, Results: []resultFile{}}
	for _, r := range p.Results {
		f.Results = append(f.Results, resultFile{Unit: r.Unit, Choice: r.Choice, Guess: r.Guess.String(), Part: r.Part, Parts: r.Parts,
			Answer: r.Answer.String(), Candidates: r.Candidates, Exact: r.Exact, Total: r.Total, Tree: r.tree})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(f)
}

// A PartError says why a part cannot be merged: not a part, damaged, or
// not of the same search as the others.
type PartError struct {
	Name   string // the part's name, as given to readPart
	Reason string
}

func (e *PartError) Error() string { return e.Name + ": " + e.Reason }

// readPart reads a part written by WriteJSON; name names it in errors
// (*PartError). Every number is checked against the game, so that a part
// read can be merged without trusting it: a part claims at most one unit
// per outcome of every code, and holds all of its own.
func readPart(r io.Reader, name string) (*Part, error) {
	var f partFile
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	bad := func(format string, args ...any) error {
		return &PartError{Name: quote.Cut(name, 200), Reason: fmt.Sprintf(format, args...)}
	}
	if err := dec.Decode(&f); err != nil {
		return nil, bad("not a part of an optimal search: %v", partJSONError(err))
	}
	if dec.More() {
		return nil, bad("not a part of an optimal search: more after its JSON object")
	}
	if f.Format != partFormat && f.Format != boundsFormat {
		return nil, bad("not a part of an optimal search (format %q, want %q or %q)", quote.Cut(f.Format, 40), partFormat, boundsFormat)
	}
	bounds := f.Format == boundsFormat
	g := mastermind.Game{Positions: f.Positions, Colors: f.Colors, Distinct: f.Distinct}
	if err := g.Validate(); err != nil {
		return nil, bad("%v", err)
	}
	codes := g.Count()
	if codes > MaxCodes {
		return nil, bad("damaged: %s has %.0f codes, more than the exact search handles", gameText(g), codes)
	}
	maxUnits := int(codes) * g.Outcomes()
	switch {
	case f.MaxDepth < 0 || f.MaxDepth > tree.MaxDepth:
		return nil, bad("damaged: max depth %d, want 0 to %d", f.MaxDepth, tree.MaxDepth)
	case f.Units < 1 || f.Units > maxUnits:
		return nil, bad("damaged: %d units, want 1 to %d for %s", f.Units, maxUnits, gameText(g))
	case f.Shards < 1 || f.Shards > f.Units || f.Shard < 0 || f.Shard >= f.Shards:
		return nil, bad("damaged: shard %d of %d, want 0 <= shard < shards <= %d units", f.Shard, f.Shards, f.Units)
	case f.Budget < 0 || f.Budget > 0 && (bounds || f.Budget < int(codes) || f.Budget >= infinite):
		return nil, bad("damaged: budget %d", f.Budget)
	case f.Budget == 0 && !bounds && f.MaxDepth == 0:
		return nil, bad("damaged: no budget, but without a depth limit the entropy strategy always gives one")
	case f.CutShort && !bounds:
		return nil, bad("damaged: a part of a search cut short (only the bounds of a proof may be)")
	}
	want := (f.Units - f.Shard + f.Shards - 1) / f.Shards
	if len(f.Results) != want {
		return nil, bad("incomplete: %d of its %d units", len(f.Results), want)
	}
	p := &Part{Game: g, MaxDepth: f.MaxDepth, Shard: f.Shard, Shards: f.Shards, Units: f.Units, Budget: f.Budget, Bounds: bounds, CutShort: f.CutShort}
	for i, rf := range f.Results {
		r, err := rf.result(g, f.Units, p.budget(), bounds, f.MaxDepth)
		if err == nil && rf.Unit != f.Shard+i*f.Shards {
			err = fmt.Errorf("unit %d, want %d", rf.Unit, f.Shard+i*f.Shards)
		}
		if err != nil {
			return nil, bad("damaged result %d: %v", i+1, err)
		}
		p.Results = append(p.Results, r)
	}
	return p, nil
}

// budget returns the part's budget, infinite for none.
func (p *Part) budget() int {
	if p.Budget == 0 {
		return infinite
	}
	return p.Budget
}

// result checks a result read against the game and returns it.
func (rf *resultFile) result(g mastermind.Game, units, budget int, bounds bool, maxDepth int) (Result, error) {
	codes := int(g.Count())
	guess, err := g.ParseCode(rf.Guess)
	if err == nil {
		err = g.ValidCode(guess)
	}
	if err != nil {
		return Result{}, errors.New("its guess is not a code of the game")
	}
	answer, err := g.ParseFeedback(rf.Answer)
	if err != nil || answer.Black == g.Positions {
		return Result{}, errors.New("its answer is not one of the game's")
	}
	switch {
	case rf.Choice < 0 || rf.Choice >= units:
		return Result{}, fmt.Errorf("first guess %d of %d units", rf.Choice, units)
	case rf.Parts < 1 || rf.Parts > g.Outcomes() || rf.Part < 0 || rf.Part >= rf.Parts:
		return Result{}, fmt.Errorf("part %d of %d, want at most %d", rf.Part, rf.Parts, g.Outcomes())
	case rf.Candidates < 1 || rf.Candidates >= codes:
		return Result{}, fmt.Errorf("%d candidates, want 1 to %d", rf.Candidates, codes-1)
	case rf.Total >= infinite && maxDepth == 0:
		return Result{}, fmt.Errorf("total %d, the search's \"infinite\" (no strategy), for %d candidates: without a depth limit every set has a strategy", rf.Total, rf.Candidates)
	case bounds && (rf.Total < rf.Candidates || rf.Total > infinite || rf.Exact && rf.Total == infinite || len(rf.Tree) > 0):
		return Result{}, fmt.Errorf("bound %d for %d candidates, or with a tree", rf.Total, rf.Candidates)
	case bounds:
	case rf.Exact && (rf.Total < rf.Candidates || rf.Total >= infinite || len(rf.Tree) == 0):
		return Result{}, fmt.Errorf("solved with total %d for %d candidates, or without its tree", rf.Total, rf.Candidates)
	case !rf.Exact && (rf.Total <= budget && budget < infinite || budget == infinite && rf.Total != infinite || rf.Total > infinite || len(rf.Tree) > 0):
		return Result{}, fmt.Errorf("unsolved with bound %d, not above the budget, or with a tree", rf.Total)
	}
	if rf.Exact && !bounds {
		if err := checkCodes(rf.Tree, g); err != nil {
			return Result{}, fmt.Errorf("its tree: %v", err)
		}
	}
	return Result{Unit: rf.Unit, Choice: rf.Choice, Guess: guess, Part: rf.Part, Parts: rf.Parts, Answer: answer,
		Candidates: rf.Candidates, Exact: rf.Exact, Total: rf.Total, tree: rf.Tree}, nil
}

// A treeNode is a node of a tree's JSON form, as a part holds it.
type treeNode struct {
	Guess string               `json:"guess"`
	Next  map[string]*treeNode `json:"next"`
}

// checkCodes checks that every guess of the tree node (JSON) is a code of
// game g and every answer one of its answers: Merge checks the whole tree
// of the first guess it picks, and this every other.
func checkCodes(raw json.RawMessage, g mastermind.Game) error {
	var root treeNode
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&root); err != nil {
		return partJSONError(err)
	}
	var walk func(n *treeNode, path string) error
	walk = func(n *treeNode, path string) error {
		if n == nil {
			return fmt.Errorf("%s: no node", path)
		}
		code, err := g.ParseCode(n.Guess)
		if err == nil {
			err = g.ValidCode(code)
		}
		if err != nil {
			return fmt.Errorf("%s: guess %s is not a code of %s", path, quote.Cut(n.Guess, 40), gameText(g))
		}
		for a, next := range n.Next {
			if f, err := g.ParseFeedback(a); err != nil || g.ValidFeedback(f) != nil {
				return fmt.Errorf("%s, guess %s: answer %s is not one of %s's", path, n.Guess, quote.Cut(a, 40), gameText(g))
			}
			if err := walk(next, path+", answer "+a); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(&root, "root")
}

// partJSONError says what a JSON decoding error of a part means, without
// Go's types: the field and the kind of value it wants.
func partJSONError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("bad JSON at byte %d", se.Offset)
	case errors.Is(err, io.EOF):
		return errors.New("empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("cut short")
	case !errors.As(err, &te):
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return fmt.Errorf("unknown field %s", quote.Cut(f, 40))
		}
		return errors.New("bad JSON")
	}
	want := map[reflect.Kind]string{reflect.Int: "a whole number", reflect.Bool: "true or false", reflect.String: "a string",
		reflect.Slice: "an array", reflect.Struct: "an object"}[te.Type.Kind()]
	if want == "" {
		want = "another kind of value"
	}
	if te.Field == "" {
		return fmt.Errorf("want %s, not %s", want, te.Value)
	}
	return fmt.Errorf("%s: want %s, not %s", quote.Cut(te.Field, 40), want, quote.Cut(te.Value, 40))
}

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
			return nil, ErrInfeasible
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

// gameText names a game in messages.
func gameText(g mastermind.Game) string {
	if g.Distinct {
		return fmt.Sprintf("%d positions of %d distinct colours", g.Positions, g.Colors)
	}
	return fmt.Sprintf("%d positions, %d colours", g.Positions, g.Colors)
}

// sortChildren puts a node's children in the order of their answers'
// outcomes, as trees are written.
func (sv *solver) sortChildren(node *tree.Node) {
	slices.SortFunc(node.Children, func(a, b tree.Child) int {
		return int(sv.game.OutcomeOf(a.Feedback)) - int(sv.game.OutcomeOf(b.Feedback))
	})
}

// buildWith makes the tree of guess at the candidates, and below it the
// optimal guesses the memo holds.
func (sv *solver) buildWith(history []mastermind.Turn, cands []int32, depth, guess int) *tree.Node {
	n := len(cands)
	node := &tree.Node{Guess: guess, Candidates: n, Solved: slices.Contains(cands, int32(guess))}
	for _, p := range sv.split(history, cands, guess) {
		node.Children = append(node.Children, tree.Child{Feedback: p.feedback, Node: sv.build(p.history, p.cands, depth-1)})
	}
	sv.sortChildren(node)
	return node
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
	// Each first guess's units, by part.
	guesses := map[int]*firstGuess{}
	disagree := func(name string, r *Result, why string) error {
		return &PartError{Name: name, Reason: fmt.Sprintf("unit %d (first guess %s, answer %s): %s: the parts disagree", r.Unit, r.Guess, r.Answer, why)}
	}
	for i, p := range parts {
		for k := range p.Results {
			r := &p.Results[k]
			gu := guesses[r.Choice]
			if gu == nil {
				gu = &firstGuess{code: r.Guess, parts: make([]*Result, r.Parts), from: make([]string, r.Parts)}
				guesses[r.Choice] = gu
			}
			switch {
			case !slices.Equal(gu.code, r.Guess) || len(gu.parts) != r.Parts:
				return nil, nil, disagree(names[i], r, "another first guess, or another count of parts, than another unit of the same")
			case gu.parts[r.Part] != nil:
				return nil, nil, disagree(names[i], r, fmt.Sprintf("its part is also unit %d of %s", gu.parts[r.Part].Unit, gu.from[r.Part]))
			}
			gu.parts[r.Part], gu.from[r.Part] = r, names[i]
		}
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
	if err := checkUnits(s, first, guesses, bounds); err != nil {
		return nil, nil, err
	}
	return s, guesses, nil
}

// checkUnits checks the results read against what can be known of their
// units cheaply, so that a merge trusts no number it can refute: each is
// a unit of the game's search (its first guess in the search's order, its
// answer, its part's secrets), and each total or bound of a part lies
// between the least any strategy reaches on its secrets and the total of
// a strategy for it (strategyTotal); the bound of a first guess that a
// search found above its budget, below the total of that strategy for
// its parts.
func checkUnits(s *mastermind.Space, first *Part, guesses map[int]*firstGuess, bounds bool) error {
	sv := newSolver(s, first.MaxDepth)
	choices, parts, units := sv.units(consistent.All(s))
	if len(units) != first.Units {
		return &PartError{Name: "merge", Reason: fmt.Sprintf("the parts are of %d units, but the search of %s (max depth %d) has %d: they are not of its search", first.Units, gameText(first.Game), first.MaxDepth, len(units))}
	}
	depth := sv.maxDepth - 1
	for _, choice := range slices.Sorted(maps.Keys(guesses)) {
		gu := guesses[choice]
		if choice >= len(choices) || !slices.Equal(gu.code, s.Code(int(choices[choice].guess()))) || len(parts[choice]) != len(gu.parts) {
			return &PartError{Name: gu.from[0], Reason: fmt.Sprintf("unit %d: first guess %s is not the search's first guess %d, or has another count of parts: not a unit of %s", gu.parts[0].Unit, gu.code, choice, gameText(first.Game))}
		}
		most := s.Len()
		for k, r := range gu.parts {
			pt := parts[choice][k]
			refuted := func(why string, args ...any) error {
				return &PartError{Name: gu.from[k], Reason: fmt.Sprintf("unit %d (first guess %s, answer %s): %s: refuted", r.Unit, r.Guess, r.Answer, fmt.Sprintf(why, args...))}
			}
			if r.Answer != pt.feedback || r.Candidates != len(pt.cands) {
				return refuted("the search's unit %d is answer %s, of %d secrets, not %d", r.Unit, pt.feedback, len(pt.cands), r.Candidates)
			}
			least := sv.provenBound(pt.history, pt.cands, depth, 0)
			upper := sv.strategyTotal(pt.cands, depth)
			most = min(most+upper, infinite)
			what := "its bound"
			if r.Exact {
				what = "its optimal total"
			}
			switch {
			case !bounds && !r.Exact:
			case r.Total < least:
				return refuted("%s %d is below %d, the least any strategy reaches on its %d secrets", what, r.Total, least, r.Candidates)
			case r.Total > upper:
				return refuted("%s %d is above %d, the total of a strategy for its %d secrets", what, r.Total, upper, r.Candidates)
			}
		}
		for k, r := range gu.parts {
			if !bounds && !r.Exact && r.Total > most {
				return &PartError{Name: gu.from[k], Reason: fmt.Sprintf("unit %d (first guess %s, answer %s): its bound %d on the first guess's total is above %d, the total of a strategy after it: refuted", r.Unit, r.Guess, r.Answer, r.Total, most)}
			}
		}
	}
	return nil
}
