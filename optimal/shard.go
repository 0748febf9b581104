package optimal

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// A search splits into shards by its first guess. The first guesses worth
// trying, one of each class, are put in the search's order (their lower
// bounds, then candidates first, then lowest first); shard i of n takes
// those whose place in that order is i modulo n, and searches them as the
// whole search would, with the best total of its own guesses as its
// budget. Each of its guesses gets either its exact total or a lower bound
// no smaller than the shard's best. Merge takes the smallest exact total,
// the earliest in the order among equals: the guess the whole search plays,
// and the same tree, since a set's optimal guess is the first in order of
// those reaching its optimum wherever the set is searched from.
//
// Shards are independent: any order, any machine. Together they do more
// work than one search, as a shard cannot use the others' best totals to
// cut its guesses short; and there are only as many useful shards as first
// guesses (5 classes with 4 positions, 7 with 5 and repeats).

// A Part is the result of one shard of a search.
type Part struct {
	Game     mastermind.Game
	MaxDepth int // 0 for no limit
	Shard    int // 0..Shards-1
	Shards   int
	Choices  int      // the first guesses of the whole search
	Results  []Result // of this shard's first guesses, in the search's order
	Best     int      // the index in Results of the best exact result, -1 if none
	tree     []byte   // the tree of the best result, JSON
}

// A Result is what a shard proved of a first guess.
type Result struct {
	Index int             // its place in the search's order of first guesses
	Guess mastermind.Code // the guess
	Total int             // its exact total, or a lower bound if not Exact
	Exact bool
}

// SolveShard searches the shard-th (from 0) of shards parts of the search
// for an optimal tree (see Part). Options are as for Solve; a checkpoint
// of one shard serves any shard of the same game.
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
	saved := sv.autosave(opt)
	depth := sv.maxDepth
	choices := sv.choices(nil, all, depth, infinite, false)
	p := &Part{Game: s.Game(), MaxDepth: opt.MaxDepth, Shard: shard, Shards: shards, Choices: len(choices.list), Best: -1}
	best := infinite
	outcomes := make([]mastermind.Outcome, len(all))
	for i, c := range choices.list {
		if i%shards != shard {
			continue
		}
		if sv.progress != nil {
			sv.progress(float64(i) / float64(len(choices.list)))
		}
		r := Result{Index: i, Guess: s.Code(int(c.guess()))}
		switch {
		case c.bound() >= best:
			r.Total = c.bound()
		case sv.exact(all, int(c.guess())):
			r.Total, r.Exact = c.bound(), true
		default:
			total, ok := sv.try(nil, all, int(c.guess()), depth, best, outcomes)
			r.Total, r.Exact = total, ok && total < best
			if !r.Exact {
				r.Total = max(total, best)
			}
		}
		if ctx.Err() != nil {
			break
		}
		if r.Exact {
			best = r.Total
			p.Best = len(p.Results)
		}
		p.Results = append(p.Results, r)
	}
	if err := saved(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if p.Best >= 0 {
		guess, _ := s.Index(p.Results[p.Best].Guess)
		sv.ctx = context.WithoutCancel(ctx)
		root := sv.buildWith(nil, all, depth, guess)
		var b bytes.Buffer
		if err := (&tree.Tree{Space: s, Root: root}).WriteJSON(&b); err != nil {
			return nil, err
		}
		p.tree = b.Bytes()
	}
	return p, nil
}

// partFile is a Part's JSON form.
type partFile struct {
	Format    string          `json:"format"`
	Positions int             `json:"positions"`
	Colors    int             `json:"colors"`
	Distinct  bool            `json:"distinct"`
	MaxDepth  int             `json:"max_depth"`
	Shard     int             `json:"shard"`
	Shards    int             `json:"shards"`
	Choices   int             `json:"choices"`
	Results   []resultFile    `json:"results"`
	Best      int             `json:"best"`
	Tree      json.RawMessage `json:"tree,omitempty"`
}

type resultFile struct {
	Index int   `json:"index"`
	Guess []int `json:"guess"`
	Total int   `json:"total"`
	Exact bool  `json:"exact"`
}

// partFormat names the format of part files.
const partFormat = "mastermind-optimal-part 1"

// WriteJSON writes the part as JSON: the game, the shard, the results of
// its first guesses and the tree of its best one (in the format of
// package tree).
func (p *Part) WriteJSON(w io.Writer) error {
	f := partFile{Format: partFormat, Positions: p.Game.Positions, Colors: p.Game.Colors, Distinct: p.Game.Distinct,
		MaxDepth: p.MaxDepth, Shard: p.Shard, Shards: p.Shards, Choices: p.Choices, Best: p.Best, Tree: p.tree,
		Results: []resultFile{}}
	for _, r := range p.Results {
		guess := make([]int, len(r.Guess))
		for i, c := range r.Guess {
			guess[i] = int(c)
		}
		f.Results = append(f.Results, resultFile{Index: r.Index, Guess: guess, Total: r.Total, Exact: r.Exact})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(f)
}

// A PartError says why a part cannot be merged: not a part, damaged, or
// not of the same search as the others.
type PartError struct {
	Name   string // the part's name, as given to ReadPart
	Reason string
}

func (e *PartError) Error() string { return e.Name + ": " + e.Reason }

// ReadPart reads a part written by WriteJSON; name names it in errors
// (*PartError).
func ReadPart(r io.Reader, name string) (*Part, error) {
	var f partFile
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	bad := func(format string, args ...any) error {
		return &PartError{Name: name, Reason: fmt.Sprintf(format, args...)}
	}
	if err := dec.Decode(&f); err != nil {
		return nil, bad("not a part of an optimal search: %v", err)
	}
	if f.Format != partFormat {
		return nil, bad("not a part of an optimal search (format %q, want %q)", f.Format, partFormat)
	}
	g := mastermind.Game{Positions: f.Positions, Colors: f.Colors, Distinct: f.Distinct}
	if err := g.Validate(); err != nil {
		return nil, bad("%v", err)
	}
	if f.Shards < 1 || f.Shard < 0 || f.Shard >= f.Shards || f.MaxDepth < 0 || f.Choices < 0 {
		return nil, bad("damaged: shard %d of %d, max depth %d, %d first guesses", f.Shard, f.Shards, f.MaxDepth, f.Choices)
	}
	p := &Part{Game: g, MaxDepth: f.MaxDepth, Shard: f.Shard, Shards: f.Shards, Choices: f.Choices, Best: f.Best, tree: f.Tree}
	for _, r := range f.Results {
		if r.Index < 0 || r.Index >= f.Choices || r.Index%f.Shards != f.Shard || len(r.Guess) != g.Positions || r.Total < 1 {
			return nil, bad("damaged result of first guess %d", r.Index)
		}
		guess := make(mastermind.Code, len(r.Guess))
		for i, c := range r.Guess {
			if c < 0 || c >= g.Colors {
				return nil, bad("damaged result of first guess %d", r.Index)
			}
			guess[i] = uint8(c)
		}
		p.Results = append(p.Results, Result{Index: r.Index, Guess: guess, Total: r.Total, Exact: r.Exact})
	}
	if p.Best < -1 || p.Best >= len(p.Results) || p.Best >= 0 && (!p.Results[p.Best].Exact || len(p.tree) == 0) {
		return nil, bad("damaged: no tree for its best result")
	}
	return p, nil
}

// Merge combines the parts of every shard of one search into the tree that
// the whole search finds. The parts must be of the same game, depth limit
// and number of shards, one of each shard, each complete; otherwise Merge
// returns a *PartError naming what is wrong or missing.
func Merge(parts []*Part, names []string) (*tree.Tree, error) {
	if len(parts) == 0 {
		return nil, &PartError{Name: "merge", Reason: "no parts"}
	}
	first := parts[0]
	seen := make([]string, first.Shards)
	for i, p := range parts {
		if p.Game != first.Game || p.MaxDepth != first.MaxDepth || p.Shards != first.Shards || p.Choices != first.Choices {
			return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("it is shard %d/%d of %s (max depth %d), but %s is shard %d/%d of %s (max depth %d)",
				p.Shard, p.Shards, gameText(p.Game), p.MaxDepth, names[0], first.Shard, first.Shards, gameText(first.Game), first.MaxDepth)}
		}
		if seen[p.Shard] != "" {
			return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("shard %d/%d again (also %s)", p.Shard, p.Shards, seen[p.Shard])}
		}
		seen[p.Shard] = names[i]
		want := (first.Choices - p.Shard + p.Shards - 1) / p.Shards
		if len(p.Results) != want {
			return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("incomplete: %d of its %d first guesses", len(p.Results), want)}
		}
	}
	var missing []string
	for i, name := range seen {
		if name == "" {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.Shards))
		}
	}
	if len(missing) > 0 {
		return nil, &PartError{Name: "merge", Reason: "missing shard " + strings.Join(missing, ", ")}
	}
	var win *Part
	for _, p := range parts {
		if p.Best < 0 {
			continue
		}
		r := p.Results[p.Best]
		if w := win; w == nil || r.Total < w.Results[w.Best].Total || r.Total == w.Results[w.Best].Total && r.Index < w.Results[w.Best].Index {
			win = p
		}
	}
	if win == nil {
		return nil, ErrInfeasible
	}
	best := win.Results[win.Best]
	for i, p := range parts {
		for _, r := range p.Results {
			if r.Total < best.Total || !r.Exact && r.Total == best.Total && r.Index < best.Index {
				return nil, &PartError{Name: names[i], Reason: fmt.Sprintf("first guess %d has %d, below the best exact total %d: the parts disagree", r.Index, r.Total, best.Total)}
			}
		}
	}
	s, err := mastermind.NewSpace(win.Game)
	if err != nil {
		return nil, err
	}
	t, err := tree.ReadJSON(bytes.NewReader(win.tree), s)
	if err != nil {
		return nil, &PartError{Name: names[slices.Index(parts, win)], Reason: fmt.Sprintf("its tree: %v", err)}
	}
	if st := t.Stats(); st.Total != best.Total || !slices.Equal(s.Code(t.Root.Guess), best.Guess) {
		return nil, &PartError{Name: names[slices.Index(parts, win)], Reason: fmt.Sprintf("its tree totals %d, not %d", st.Total, best.Total)}
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

// buildWith makes the tree of guess at the candidates, and below it the
// optimal guesses the memo holds.
func (sv *solver) buildWith(history []mastermind.Turn, cands []int32, depth, guess int) *tree.Node {
	n := len(cands)
	node := &tree.Node{Guess: guess, Candidates: n, Solved: slices.Contains(cands, int32(guess))}
	outcomes := make([]mastermind.Outcome, n)
	for _, p := range sv.partition(cands, guess, outcomes) {
		h := append(history[:len(history):len(history)], mastermind.Turn{Guess: sv.space.Code(guess), Feedback: p.feedback})
		node.Children = append(node.Children, tree.Child{Feedback: p.feedback, Node: sv.build(h, p.cands, depth-1)})
	}
	slices.SortFunc(node.Children, func(a, b tree.Child) int {
		return int(sv.game.OutcomeOf(a.Feedback)) - int(sv.game.OutcomeOf(b.Feedback))
	})
	return node
}
