package web

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/tree"
)

// The answers of /api/explain and /api/review.
type (
	// split is how a guess splits the codes still possible.
	split struct {
		Parts    int     `json:"parts"`    // answers some code gives
		Largest  int     `json:"largest"`  // the most codes one answer leaves
		Expected float64 `json:"expected"` // sum of N²/R: the codes expected to remain
		Entropy  float64 `json:"entropy"`  // sum of N/R·log2(R/N), in bits
	}
	part struct {
		Black int `json:"black"`
		White int `json:"white"`
		Codes int `json:"codes"`
	}
	bestGuess struct {
		Guess []int `json:"guess"`
		split
	}
	explainAnswer struct {
		Guess      []int      `json:"guess"`
		Remaining  int        `json:"remaining"`
		Consistent bool       `json:"consistent"`
		Answers    []part     `json:"answers"`
		Best       *bestGuess `json:"best"` // nil where the strategy does not play
		split
	}
	step struct {
		Guess    []int   `json:"guess"`
		Black    int     `json:"black"`
		White    int     `json:"white"`
		Before   int     `json:"before"`
		After    int     `json:"after"`
		Bits     float64 `json:"bits"`
		Expected float64 `json:"expected"`
		Best     struct {
			Guess    []int   `json:"guess"`
			Expected float64 `json:"expected"`
		} `json:"best"`
		Skill int `json:"skill"`
		// Luck is nil where every code still possible would have left
		// as many codes: no luck to have.
		Luck *int `json:"luck"`
	}
	reviewAnswer struct {
		Steps  []step `json:"steps"`
		Engine int    `json:"engine"`
	}
)

// partition returns the parts into which guess splits the codes cands of
// s, by answer, black then white descending, and their figures.
func partition(s *mastermind.Space, cands []int32, guess mastermind.Code) ([]part, split) {
	n := s.Game().Positions
	counts := make([]int, (n+1)*(n+1))
	for _, c := range cands {
		f := mastermind.Score(s.Code(int(c)), guess)
		counts[f.Black*(n+1)+f.White]++
	}
	var parts []part
	for b := n; b >= 0; b-- {
		for w := n - b; w >= 0; w-- {
			if k := counts[b*(n+1)+w]; k > 0 {
				parts = append(parts, part{b, w, k})
			}
		}
	}
	return parts, figures(parts, len(cands))
}

// figures returns the figures of parts of r codes in all.
func figures(parts []part, r int) split {
	sp := split{Parts: len(parts)}
	for _, p := range parts {
		sp.Largest = max(sp.Largest, p.Codes)
		sp.Expected += float64(p.Codes) * float64(p.Codes) / float64(r)
		sp.Entropy += float64(p.Codes) / float64(r) * math.Log2(float64(r)/float64(p.Codes))
	}
	return sp
}

// explain answers POST /api/explain: how the guess (or the strategy's)
// splits the codes still possible, beside the strategy's own guess.
func (a *API) explain(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	cands := consistent.Candidates(s, r.History)
	if len(cands) == 0 {
		return conflict(ctx, s, r.History)
	}
	var best *bestGuess
	guess := r.Guess
	if guess == nil || strategyPlays(r) {
		ga, err := a.guess(ctx, r.Game, r.Strategy, r.History)
		if err != nil {
			return nil, err
		}
		own := code(ga.Guess)
		_, sp := partition(s, cands, own)
		best = &bestGuess{ints(own), sp}
		if guess == nil {
			guess = own
		}
	}
	parts, sp := partition(s, cands, guess)
	i, _ := s.Index(guess)
	_, isCand := slices.BinarySearch(cands, int32(i))
	return explainAnswer{ints(guess), len(cands), isCand, parts, best, sp}, nil
}

// strategyPlays reports whether the API plays r's strategy on r's game.
func strategyPlays(r *request) bool {
	return serveable(&request{Game: r.Game, Strategy: r.Strategy}) == nil
}

// conflict answers a history no code fits, as /api/next does.
func conflict(ctx context.Context, s *mastermind.Space, history []mastermind.Turn) (any, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	turns, err := consistent.Conflict(ctx, s, history)
	if err != nil {
		return nil, err
	}
	c := mastermind.NewConflict(history, turns)
	return conflictAnswer{0, c.Answers, c.Error()}, nil
}

// review answers POST /api/review: each guess of a game against the
// secret, set beside the strategy's guess at the same point, and how many
// guesses the strategy needs for the secret.
func (a *API) review(ctx context.Context, r *request) (any, error) {
	s, err := choose.Space(r.Game)
	if err != nil {
		return nil, err
	}
	for i, g := range r.Guesses[:len(r.Guesses)-1] {
		if slices.Equal(g, r.Secret) {
			return nil, mastermind.Invalid(fmt.Sprintf("guesses[%d]", i+1), "the game ended at guess %d, which found the secret", i+1)
		}
	}
	b, err := choose.Breaker(ctx, r.Game, choose.Options{Strategy: r.Strategy})
	if err != nil {
		return nil, err
	}
	ra := reviewAnswer{Steps: []step{}}
	cands := consistent.All(s)
	for _, g := range r.Guesses {
		ga, err := a.breakerGuess(ctx, b, r.Strategy)
		if err != nil {
			return nil, err
		}
		best := code(ga.Guess)
		f := mastermind.Score(r.Secret, g)
		parts, sp := partition(s, cands, g)
		_, bestSplit := partition(s, cands, best)
		st := step{Guess: ints(g), Black: f.Black, White: f.White, Before: len(cands), Expected: sp.Expected}
		st.Best.Guess, st.Best.Expected = ints(best), bestSplit.Expected
		for _, p := range parts {
			if p.Black == f.Black && p.White == f.White {
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
		ra.Steps = append(ra.Steps, st)
		if err := b.Record(g, f); err != nil {
			return nil, err
		}
		cands = consistent.Narrow(s, cands, mastermind.Turn{Guess: g, Feedback: f})
	}
	if ra.Engine, err = a.play(ctx, r.Game, r.Strategy, r.Secret); err != nil {
		return nil, err
	}
	return ra, nil
}

// play returns how many guesses the strategy needs to find secret.
func (a *API) play(ctx context.Context, g mastermind.Game, strategy string, secret mastermind.Code) (int, error) {
	b, err := choose.Breaker(ctx, g, choose.Options{Strategy: strategy})
	if err != nil {
		return 0, err
	}
	for n := 1; n <= tree.MaxDepth; n++ {
		ga, err := a.breakerGuess(ctx, b, strategy)
		if err != nil {
			return 0, err
		}
		guess := code(ga.Guess)
		f := mastermind.Score(secret, guess)
		if f.Black == g.Positions {
			return n, nil
		}
		if err := b.Record(guess, f); err != nil {
			return 0, err
		}
	}
	return 0, mastermind.Invalid("strategy", "%s needs more than %d guesses for this secret, more than the engine plays: use another strategy", strategy, tree.MaxDepth)
}
