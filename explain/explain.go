// Package explain tells why a guess is good or bad, for any front end (the
// web page's Why? panel and review, a terminal board): how a guess splits
// the codes still possible beside the engine's own guess ([Guess]), and a
// played game reviewed guess by guess, with skill and luck ([Review]).
//
// The figures are those of docs/protocols.md ("mastermind serve",
// /api/explain and /api/review): a guess splits the R codes still possible
// into parts by the answer each would give; a part of N codes is left with
// chance N/R, so the codes expected to remain are the sum of N²/R and the
// information expected is the entropy, the sum of N/R·log2(R/N) bits.
//
// The results carry the JSON form of those answers: a front end returns
// them as they are.
package explain

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// A Part is the codes still possible that give one answer to a guess.
type Part struct {
	mastermind.Feedback
	Codes int `json:"codes"` // how many
}

// A Split is how a guess splits the codes still possible.
type Split struct {
	Parts    int     `json:"parts"`    // the answers some code still possible gives
	Largest  int     `json:"largest"`  // the most codes one answer leaves
	Expected float64 `json:"expected"` // the codes expected to remain: the sum of N²/R
	Entropy  float64 `json:"entropy"`  // the information expected, in bits: the sum of N/R·log2(R/N)
}

// Partition returns the parts into which guess splits the codes cands of s
// (indices into s, as package consistent gives them), the answers of most
// black then most white first (under slots, then the highest marks, G
// before Y before .), and their figures.
func Partition(s *mastermind.Space, cands []int32, guess mastermind.Code) ([]Part, Split) {
	g := s.Game()
	n := g.Positions
	var parts []Part
	if g.Rule == mastermind.BlackWhite {
		counts := make([]int, (n+1)*(n+1))
		for _, c := range cands {
			f := mastermind.Score(s.Code(int(c)), guess)
			counts[f.Black*(n+1)+f.White]++
		}
		for b := n; b >= 0; b-- {
			for w := n - b; w >= 0; w-- {
				if k := counts[b*(n+1)+w]; k > 0 {
					parts = append(parts, Part{mastermind.Feedback{Black: b, White: w}, k})
				}
			}
		}
	} else {
		parts = ruleParts(s, cands, guess)
	}
	sp := Split{Parts: len(parts)}
	r := float64(len(cands))
	for _, p := range parts {
		sp.Largest = max(sp.Largest, p.Codes)
		sp.Expected += float64(p.Codes) * float64(p.Codes) / r
		sp.Entropy += float64(p.Codes) / r * math.Log2(r/float64(p.Codes))
	}
	return parts, sp
}

// A Picker returns the engine's guess after a history (a strategy's, as
// its breaker plays it).
type Picker func(ctx context.Context, history []mastermind.Turn) (mastermind.Code, error)

// An Explanation is how a guess splits the codes still possible after a
// history, beside the engine's own guess.
type Explanation struct {
	Guess      mastermind.Code `json:"guess"`      // the guess explained
	Remaining  int             `json:"remaining"`  // the codes still possible
	Consistent bool            `json:"consistent"` // whether the guess is one of them
	Parts      []Part          `json:"answers"`    // the parts, as Partition orders them
	// Best is the engine's guess and its split; nil when no Picker was
	// given.
	Best *Choice `json:"best"`
	Split
}

// A Choice is a guess and how it splits the codes still possible.
type Choice struct {
	Guess mastermind.Code `json:"guess"`
	Split
}

// Guess explains guess after history in game s: how it splits the codes
// still possible, and beside it the guess pick makes, when pick is not
// nil. A nil guess explains pick's own guess (pick is then needed). No
// code fits the history: the error is a *mastermind.ConflictError naming
// the fewest answers that conflict.
func Guess(ctx context.Context, s *mastermind.Space, history []mastermind.Turn, guess mastermind.Code, pick Picker) (*Explanation, error) {
	cands, err := consistent.Possible(ctx, s, history)
	if err != nil {
		return nil, err
	}
	e := &Explanation{Guess: guess, Remaining: len(cands)}
	if pick != nil {
		own, err := pick(ctx, history)
		if err != nil {
			return nil, err
		}
		_, sp := Partition(s, cands, own)
		e.Best = &Choice{own, sp}
		if e.Guess == nil {
			e.Guess = own
		}
	}
	if e.Guess == nil {
		return nil, errors.New("explain: no guess to explain, and no Picker")
	}
	e.Parts, e.Split = Partition(s, cands, e.Guess)
	i, _ := s.Index(e.Guess)
	_, e.Consistent = slices.BinarySearch(cands, int32(i))
	return e, nil
}

// An Engine is the breaker a review sets the guesses beside.
type Engine struct {
	// Name names it in messages (a strategy's name).
	Name string
	// New returns a new breaker of the game.
	New func(ctx context.Context) (mastermind.Breaker, error)
	// Next returns the guess of b: b.Next when nil (a front end that keeps
	// the guesses it has computed gives its own).
	Next func(ctx context.Context, b mastermind.Breaker) (mastermind.Code, error)
}

// next returns b's guess.
func (e Engine) next(ctx context.Context, b mastermind.Breaker) (mastermind.Code, error) {
	if e.Next != nil {
		return e.Next(ctx, b)
	}
	return b.Next(ctx)
}

// A Step is one guess of a game reviewed.
type Step struct {
	Guess mastermind.Code `json:"guess"`
	// Feedback is the secret's answer.
	mastermind.Feedback
	Before   int     `json:"before"`   // the codes possible before the guess
	After    int     `json:"after"`    // and after its answer
	Bits     float64 `json:"bits"`     // the information the answer gave: log2(Before/After)
	Expected float64 `json:"expected"` // the codes the guess was expected to leave (Split.Expected)
	// Best is the engine's guess at this point, and the codes it was
	// expected to leave.
	Best struct {
		Guess    mastermind.Code `json:"guess"`
		Expected float64         `json:"expected"`
	} `json:"best"`
	// Skill is how close the guess came to the engine's, in per cent: 100
	// times the engine's Expected over the guess's, rounded.
	Skill int `json:"skill"`
	// Luck is, in per cent, the share of the codes that were possible
	// which would have left more codes than the secret did (those leaving
	// as many count half), rounded; nil where every one would have left as
	// many: no luck to have.
	Luck *int `json:"luck"`
}

// A Report is a game reviewed.
type Report struct {
	Steps []Step `json:"steps"`
	// Engine is how many guesses the engine takes to find the secret.
	Engine int `json:"engine"`
}

// Review reviews the guesses of a game of s against its secret: each guess
// beside the engine's at the same point, then how many guesses the engine
// needs for the secret. Only the last guess may be the secret (an
// *mastermind.InputError at "guesses[i]" says where the game ended); an
// engine that takes more than tree.MaxDepth guesses is an InputError at
// "strategy".
func Review(ctx context.Context, s *mastermind.Space, secret mastermind.Code, guesses []mastermind.Code, e Engine) (*Report, error) {
	for i, g := range guesses[:max(0, len(guesses)-1)] {
		if slices.Equal(g, secret) {
			return nil, mastermind.Invalid(fmt.Sprintf("guesses[%d]", i+1), "the game ended at guess %d, which found the secret", i+1)
		}
	}
	b, err := e.New(ctx)
	if err != nil {
		return nil, err
	}
	rep := &Report{Steps: []Step{}}
	cands := consistent.All(s)
	for _, g := range guesses {
		best, err := e.next(ctx, b)
		if err != nil {
			return nil, err
		}
		st := step(s, cands, secret, g, best)
		rep.Steps = append(rep.Steps, st)
		if err := b.Record(g, st.Feedback); err != nil {
			return nil, err
		}
		cands = consistent.Narrow(s, cands, mastermind.Turn{Guess: g, Feedback: st.Feedback})
	}
	if rep.Engine, err = play(ctx, s.Game(), e, secret); err != nil {
		return nil, err
	}
	return rep, nil
}

// step reviews guess g against secret, with cands possible, beside the
// engine's guess best.
func step(s *mastermind.Space, cands []int32, secret, g, best mastermind.Code) Step {
	f := s.Game().Answer(secret, g)
	parts, sp := Partition(s, cands, g)
	_, bestSplit := Partition(s, cands, best)
	st := Step{Guess: g, Feedback: f, Before: len(cands), Expected: sp.Expected}
	st.Best.Guess, st.Best.Expected = best, bestSplit.Expected
	for _, p := range parts {
		if p.Feedback == f {
			st.After = p.Codes
		}
	}
	st.Bits = math.Log2(float64(st.Before) / float64(st.After))
	st.Skill = int(math.Round(100 * bestSplit.Expected / sp.Expected))
	larger, even := 0.0, true
	for _, p := range parts {
		switch cmp.Compare(p.Codes, st.After) {
		case 1:
			larger += float64(p.Codes)
		case 0:
			larger += float64(p.Codes) / 2
		}
		even = even && p.Codes == parts[0].Codes
	}
	if !even {
		luck := int(math.Round(100 * larger / float64(st.Before)))
		st.Luck = &luck
	}
	return st
}

// play returns how many guesses e's breaker needs to find secret.
func play(ctx context.Context, g mastermind.Game, e Engine, secret mastermind.Code) (int, error) {
	b, err := e.New(ctx)
	if err != nil {
		return 0, err
	}
	for n := 1; n <= tree.MaxDepth; n++ {
		guess, err := e.next(ctx, b)
		if err != nil {
			return 0, err
		}
		f := g.Answer(secret, guess)
		if g.Wins(f) {
			return n, nil
		}
		if err := b.Record(guess, f); err != nil {
			return 0, err
		}
	}
	return 0, mastermind.Invalid("strategy", "%s needs more than %d guesses for this secret, more than the engine plays: use another strategy", e.Name, tree.MaxDepth)
}

// ruleParts is Partition's parts under another rule than black-white.
func ruleParts(s *mastermind.Space, cands []int32, guess mastermind.Code) []Part {
	g := s.Game()
	counts := map[mastermind.Feedback]int{}
	for _, c := range cands {
		counts[g.Answer(s.Code(int(c)), guess)]++
	}
	parts := make([]Part, 0, len(counts))
	for f, k := range counts {
		parts = append(parts, Part{f, k})
	}
	slices.SortFunc(parts, func(x, y Part) int {
		return cmp.Or(cmp.Compare(y.Black, x.Black), cmp.Compare(y.White, x.White), cmp.Compare(g.OutcomeOf(y.Feedback), g.OutcomeOf(x.Feedback)))
	})
	return parts
}
