package shard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/optimal"
	"github.com/mastermind-go/mastermind/tree"
)

// partFile is a Part's JSON form.
type partFile struct {
	Format    string          `json:"format"`
	Positions int             `json:"positions"`
	Colors    int             `json:"colors"`
	Distinct  bool            `json:"distinct"`
	Rule      mastermind.Rule `json:"feedback,omitempty"`
	MaxDepth  int             `json:"max_depth"`
	Shard     int             `json:"shard"`
	Shards    int             `json:"shards"`
	Units     int             `json:"units"`
	Budget    int             `json:"budget"`
	CutShort  bool            `json:"cut_short,omitempty"`
	Results   []resultFile    `json:"results"`
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
	Below      string          `json:"below,omitempty"`
	Pick       int             `json:"pick,omitempty"`
	Tree       json.RawMessage `json:"tree,omitempty"`
}

// partFormat and boundsFormat name the formats of part files: of a
// search, of a proof.
const (
	partFormat   = "mastermind-optimal-part 3"
	boundsFormat = "mastermind-optimal-bounds 3"
)

// WriteJSON writes the part as JSON: the game, the shard, and the result
// of each of its units, with the tree of each part solved (a node in the
// form of package tree).
func (p *Part) WriteJSON(w io.Writer) error {
	format := partFormat
	if p.Bounds {
		format = boundsFormat
	}
	f := partFile{Format: format, Positions: p.Game.Positions, Colors: p.Game.Colors, Distinct: p.Game.Distinct, Rule: p.Game.Rule,
		MaxDepth: p.MaxDepth, Shard: p.Shard, Shards: p.Shards, Units: p.Units, Budget: p.Budget, CutShort: p.CutShort, Results: []resultFile{}}
	for _, r := range p.Results {
		f.Results = append(f.Results, resultFile{Unit: r.Unit, Choice: r.Choice, Guess: r.Guess.String(), Part: r.Part, Parts: r.Parts,
			Answer: p.Game.Rule.Format(r.Answer), Candidates: r.Candidates, Exact: r.Exact, Total: r.Total, Tree: r.tree, Below: r.Below, Pick: r.Pick})
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
	g := mastermind.Game{Positions: f.Positions, Colors: f.Colors, Distinct: f.Distinct, Rule: f.Rule}
	if err := g.Validate(); err != nil {
		return nil, bad("%v", err)
	}
	codes := g.Count()
	if codes > optimal.MaxCodes {
		return nil, bad("damaged: %s has %.0f codes, more than the exact search handles", g.String(), codes)
	}
	maxUnits := int(codes) * g.Outcomes() * int(codes) // split below the first answer
	switch {
	case f.MaxDepth < 0 || f.MaxDepth > tree.MaxDepth:
		return nil, bad("damaged: max depth %d, want 0 to %d", f.MaxDepth, tree.MaxDepth)
	case f.Units < 1 || f.Units > maxUnits:
		return nil, bad("damaged: %d units, want 1 to %d for %s", f.Units, maxUnits, g.String())
	case f.Shards < 1 || f.Shards > f.Units || f.Shard < 0 || f.Shard >= f.Shards:
		return nil, bad("damaged: shard %d of %d, want 0 <= shard < shards <= %d units", f.Shard, f.Shards, f.Units)
	case f.Budget < 0 || f.Budget > 0 && (bounds || f.Budget < int(codes) || f.Budget >= infinite):
		return nil, bad("damaged: budget %d", f.Budget)
	case f.Budget == 0 && !bounds && f.MaxDepth == 0:
		return nil, bad("damaged: no budget, but without a depth limit the entropy strategy always gives one")
	case f.CutShort && !bounds:
		return nil, bad("damaged: a part of a search cut short (only the bounds of a proof may be)")
	}
	// Which units are the shard's the merge checks (deal): here, that
	// there are at most its share of them, in order.
	switch most := f.Units - f.Shards + 1; {
	case len(f.Results) < 1:
		return nil, bad("incomplete: no unit's result (a shard of %d units in %d shards has 1 to %d)", f.Units, f.Shards, most)
	case len(f.Results) > most:
		return nil, bad("damaged: %d units' results, more than a shard of %d units in %d shards has (at most %d)", len(f.Results), f.Units, f.Shards, most)
	}
	p := &Part{Game: g, MaxDepth: f.MaxDepth, Shard: f.Shard, Shards: f.Shards, Units: f.Units, Budget: f.Budget, Bounds: bounds, CutShort: f.CutShort}
	for i, rf := range f.Results {
		r, err := rf.result(g, f.Units, p.budget(), bounds, f.MaxDepth)
		switch {
		case err != nil:
		case rf.Unit < 0 || rf.Unit >= f.Units:
			err = fmt.Errorf("unit %d of %d", rf.Unit, f.Units)
		case i > 0 && rf.Unit <= f.Results[i-1].Unit:
			err = fmt.Errorf("unit %d after unit %d, want them in order, each once", rf.Unit, f.Results[i-1].Unit)
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
	if err != nil || g.Wins(answer) {
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
	case bounds && (rf.Total < rf.Candidates && rf.Below == "" || rf.Total < 1 || rf.Total > infinite || rf.Exact && rf.Total == infinite || len(rf.Tree) > 0):
		return Result{}, fmt.Errorf("bound %d for %d candidates, or with a tree", rf.Total, rf.Candidates)
	case bounds:
	case rf.Exact && (rf.Total < rf.Candidates && rf.Below == "" || rf.Total < 1 || rf.Total >= infinite || len(rf.Tree) == 0):
		return Result{}, fmt.Errorf("solved with total %d for %d candidates, or without its tree", rf.Total, rf.Candidates)
	case !rf.Exact && (rf.Total <= budget && budget < infinite || budget == infinite && rf.Total != infinite || rf.Total > infinite || len(rf.Tree) > 0):
		return Result{}, fmt.Errorf("unsolved with bound %d, not above the budget, or with a tree", rf.Total)
	}
	if rf.Exact && !bounds {
		if err := checkCodes(rf.Tree, g); err != nil {
			return Result{}, fmt.Errorf("its tree: %v", err)
		}
	}
	if rf.Pick < 0 || rf.Pick >= codes || rf.Pick > 0 && (bounds || !rf.Exact) {
		return Result{}, fmt.Errorf("pick %d, want a place among the guesses at a set of a solved unit", rf.Pick)
	}
	return Result{Unit: rf.Unit, Choice: rf.Choice, Guess: guess, Part: rf.Part, Parts: rf.Parts, Answer: answer,
		Candidates: rf.Candidates, Exact: rf.Exact, Total: rf.Total, tree: rf.Tree, Below: rf.Below, Pick: rf.Pick}, nil
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
			return fmt.Errorf("%s: guess %s is not a code of %s", path, quote.Cut(n.Guess, 40), g.String())
		}
		for a, next := range n.Next {
			if f, err := g.ParseFeedback(a); err != nil || g.ValidFeedback(f) != nil {
				return fmt.Errorf("%s, guess %s: answer %s is not one of %s's", path, n.Guess, quote.Cut(a, 40), g.String())
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
