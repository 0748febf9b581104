package optimal

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/tree"
)

// The tests of the answer rules black and slots: the search's optima
// against a solver written apart from it (reference), which knows nothing
// of the engine's spaces, outcomes, bounds or symmetry.

// A reference is a brute-force exact solver of a game: its codes listed by
// nested counting, its answers the strings of testkit's scorers by their
// definitions, and at every set of codes still possible every code tried as
// the next guess, its parts solved the same way (memoized by the set).
type reference struct {
	codes [][]int
	rule  string
	// answer[s][g]: the answer secret s gives guess g, as a string.
	answer [][]string
	total  map[string]int // by depth and set: the least total
	worst  map[string]int // by set: the fewest guesses that find every secret
}

// referenceInf is the total of a set that cannot be solved within its
// depth.
const referenceInf = 1 << 30

func newReference(positions, colors int, distinct bool, rule string) *reference {
	r := &reference{rule: rule, total: map[string]int{}, worst: map[string]int{}}
	var add func(code []int)
	add = func(code []int) {
		if len(code) == positions {
			r.codes = append(r.codes, append([]int(nil), code...))
			return
		}
	colours:
		for c := range colors {
			if distinct {
				for _, d := range code {
					if d == c {
						continue colours
					}
				}
			}
			add(append(code, c))
		}
	}
	add(nil)
	r.answer = make([][]string, len(r.codes))
	for s, secret := range r.codes {
		r.answer[s] = make([]string, len(r.codes))
		for g, guess := range r.codes {
			var a string
			switch rule {
			case "black-white":
				b, w := testkit.Score(secret, guess)
				a = fmt.Sprint(b, " ", w)
			case "black":
				a = fmt.Sprint(testkit.Blacks(secret, guess))
			case "slots":
				a = testkit.Marks(secret, guess)
			}
			r.answer[s][g] = a
		}
	}
	return r
}

// index returns the index of the engine's code among the reference's, -1
// if it is none of them.
func (r *reference) index(code mastermind.Code) int {
	for i, c := range r.codes {
		same := len(c) == len(code)
		for j := range c {
			same = same && c[j] == int(code[j])
		}
		if same {
			return i
		}
	}
	return -1
}

// all returns every code: the set before the first guess.
func (r *reference) all() []int {
	set := make([]int, len(r.codes))
	for i := range set {
		set[i] = i
	}
	return set
}

// split returns the parts of set by their answer to guess, leaving out the
// guess itself if it is in set; and false if a part is the whole set (no
// progress).
func (r *reference) split(set []int, guess int) ([][]int, bool) {
	byAnswer := map[string][]int{}
	var order []string
	for _, s := range set {
		if s == guess {
			continue
		}
		a := r.answer[s][guess]
		if _, ok := byAnswer[a]; !ok {
			order = append(order, a)
		}
		byAnswer[a] = append(byAnswer[a], s)
	}
	parts := make([][]int, 0, len(order))
	for _, a := range order {
		if len(byAnswer[a]) == len(set) {
			return nil, false
		}
		parts = append(parts, byAnswer[a])
	}
	return parts, true
}

func setKey(depth int, set []int) string {
	b := make([]byte, 0, 2*len(set)+1)
	b = append(b, byte(depth))
	for _, x := range set {
		b = append(b, byte(x), byte(x>>8))
	}
	return string(b)
}

// optimum returns the least total number of guesses over the secrets of
// set of any strategy that finds each within depth guesses (referenceInf
// if none does; depth < 0 for no limit).
func (r *reference) optimum(set []int, depth int) int {
	switch {
	case len(set) == 0:
		return 0
	case depth == 0:
		return referenceInf
	case len(set) == 1:
		return 1
	}
	key := setKey(depth, set)
	if v, ok := r.total[key]; ok {
		return v
	}
	best := referenceInf
	for guess := range r.codes {
		parts, ok := r.split(set, guess)
		if !ok {
			continue
		}
		// Each part of k secrets costs at least 2k-1 (one found at each
		// guess at best): a guess whose parts cannot beat best is skipped.
		total := len(set)
		for _, p := range parts {
			total += 2*len(p) - 1
		}
		if total >= best {
			continue
		}
		total = len(set)
		for i, p := range parts {
			total += r.optimum(p, max(depth-1, -1))
			rest := 0
			for _, q := range parts[i+1:] {
				rest += 2*len(q) - 1
			}
			if total+rest >= best {
				total = referenceInf
				break
			}
		}
		best = min(best, total)
	}
	r.total[key] = best
	return best
}

// fewest returns the fewest guesses within which some strategy finds every
// secret of set.
func (r *reference) fewest(set []int) int {
	switch len(set) {
	case 0:
		return 0
	case 1:
		return 1
	}
	key := setKey(0, set)
	if v, ok := r.worst[key]; ok {
		return v
	}
	best := referenceInf
	for guess := range r.codes {
		parts, ok := r.split(set, guess)
		if !ok {
			continue
		}
		worst := 1
		for _, p := range parts {
			worst = max(worst, 1+r.fewest(p))
			if worst >= best {
				break
			}
		}
		best = min(best, worst)
	}
	r.worst[key] = best
	return best
}

// ruleGames are the small games of the reference tests: every rule's
// corner cases (two colours, where slots' Y come in pairs; distinct
// colours; one position) with up to 81 codes (64 in the fast lane).
var ruleGames = []mastermind.Game{
	{Positions: 2, Colors: 2}, {Positions: 2, Colors: 3}, {Positions: 3, Colors: 2},
	{Positions: 1, Colors: 4}, {Positions: 2, Colors: 4}, {Positions: 4, Colors: 2},
	{Positions: 3, Colors: 3}, {Positions: 2, Colors: 5},
	{Positions: 2, Colors: 3, Distinct: true}, {Positions: 3, Colors: 3, Distinct: true},
	{Positions: 3, Colors: 4, Distinct: true}, {Positions: 4, Colors: 4, Distinct: true},
	{Positions: 5, Colors: 2}, {Positions: 2, Colors: 7}, {Positions: 3, Colors: 4},
	{Positions: 6, Colors: 2}, {Positions: 3, Colors: 5, Distinct: true}, {Positions: 4, Colors: 3},
}

// TestRulesMatchReference checks, under black and slots (and black-white,
// as a check of the reference itself) and with and without the outcome
// table, that the search's optimal total, the fewest guesses any strategy
// needs (the least depth Solve finds a tree within), the optimal total
// within one guess more than that, and the trees' answers, are the
// reference's.
func TestRulesMatchReference(t *testing.T) {
	defer func(max int) { tableMax = max }(tableMax)
	for _, table := range []bool{true, false} {
		tableMax = 10000
		if !table {
			tableMax = 0
		}
		for _, rule := range mastermind.Rules() {
			for _, g := range ruleGames {
				g.Rule = rule
				// The reference's time: black, with few answers, has the
				// deepest trees.
				most := 32.0
				switch {
				case testkit.LongLane && rule != mastermind.BlackOnly:
					most = 81 // 2x7 under black: minutes
				case testkit.LongLane && g.Distinct:
					most = 60 // 3 of 5 distinct, of the canonical keys (see canon.go): a minute
				}
				if g.Count() > most {
					continue
				}
				if rule == mastermind.BlackWhite && !table {
					continue // TestMatchesBruteForce's
				}
				if g.Count() > 32 && rule == mastermind.BlackOnly && !table {
					continue // a minute more for what the table's search shows
				}
				t.Run(fmt.Sprintf("%s/table=%v", g.Name(), table), func(t *testing.T) {
					matchReference(t, g)
				})
			}
		}
	}
}

func matchReference(t *testing.T, g mastermind.Game) {
	r := newReference(g.Positions, g.Colors, g.Distinct, g.Rule.String())
	s, err := mastermind.NewSpace(g)
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != len(r.codes) {
		t.Fatalf("%d codes, the reference %d", s.Len(), len(r.codes))
	}
	all := r.all()
	want := r.optimum(all, -1)
	worst := r.fewest(all)
	tr, err := Solve(context.Background(), s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := tr.Stats()
	if st.Total != want || st.Secrets != s.Len() {
		t.Errorf("optimal total %d over %d secrets, the reference %d over %d", st.Total, st.Secrets, want, len(all))
	}
	checkTreeAnswers(t, r, tr)
	// Within the fewest guesses, one more, and one fewer (infeasible).
	for _, depth := range []int{worst - 1, worst, worst + 1} {
		if depth < 1 {
			continue
		}
		want := r.optimum(all, depth)
		tr, err := Solve(context.Background(), s, Options{MaxDepth: depth})
		if want >= referenceInf {
			if !errors.Is(err, ErrInfeasible) {
				t.Errorf("within %d guesses: %v, want infeasible (the reference needs %d)", depth, err, worst)
			}
			continue
		}
		if err != nil {
			t.Fatalf("within %d guesses: %v", depth, err)
		}
		if st := tr.Stats(); st.Total != want || st.Max > depth {
			t.Errorf("within %d guesses: total %d, max %d; the reference %d", depth, st.Total, st.Max, want)
		}
		checkTreeAnswers(t, r, tr)
	}
}

// checkTreeAnswers plays every secret through the tree, reading each
// branch's answer as the rule writes it and checking it against the
// reference's answer of that secret.
func checkTreeAnswers(t *testing.T, r *reference, tr *tree.Tree) {
	t.Helper()
	g := tr.Space.Game()
	for secret, code := range r.codes {
		node := tr.Root
		for steps := 0; ; steps++ {
			if steps > len(r.codes) {
				t.Fatalf("secret %v: no end", code)
			}
			guess := tr.Space.Code(node.Guess)
			gi := r.index(guess)
			want := r.answer[secret][gi]
			if gi == secret {
				break
			}
			var next *tree.Node
			for _, ch := range node.Children {
				if got := g.Rule.Format(ch.Feedback); got == want {
					next = ch.Node
				}
			}
			if next == nil {
				t.Fatalf("secret %v, guess %v: no branch for the answer %q", code, guess, want)
			}
			node = next
		}
	}
}

// TestRuleSizes checks the bounds by size under each rule against the
// reference's answers: the parts a guess can make are the answers but
// "solved" that some secret gives some guess, and each answer's cap is
// the most codes any guess gets it from.
func TestRuleSizes(t *testing.T) {
	for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
		for _, g := range []mastermind.Game{
			{Positions: 3, Colors: 2}, {Positions: 4, Colors: 3}, {Positions: 3, Colors: 4, Distinct: true},
			{Positions: 4, Colors: 4, Distinct: true}, {Positions: 5, Colors: 3}, {Positions: 2, Colors: 5},
		} {
			g.Rule = rule
			r := newReference(g.Positions, g.Colors, g.Distinct, rule.String())
			s, _ := mastermind.NewSpace(g)
			caps := map[string]int{}
			for guess := range r.codes {
				count := map[string]int{}
				for secret := range r.codes {
					count[r.answer[secret][guess]]++
				}
				for a, c := range count {
					caps[a] = max(caps[a], c)
				}
			}
			sz := newSizes(s, s.Len())
			if want := len(caps) - 1; sz.parts != want {
				t.Errorf("%s: %d parts, want %d", g.Name(), sz.parts, want)
			}
			got := answerCaps(s)
			for o, c := range got {
				a := g.Rule.Format(g.FeedbackOf(mastermind.Outcome(o)))
				if c != caps[a] {
					t.Errorf("%s: answer %q: cap %d, want %d", g.Name(), a, c, caps[a])
				}
			}
			// Every guess's bound by size is no more than the reference's
			// optimum of the whole space.
			if s.Len() > 32 {
				continue // the reference takes too long
			}
			if want := r.optimum(r.all(), -1); sz.least[s.Len()] > want {
				t.Errorf("%s: least %d above the optimum %d", g.Name(), sz.least[s.Len()], want)
			}
		}
	}
}

// TestRulesModes checks the other modes under black and slots against the
// reference: Bound proves no more than the optimum, and the optimum when
// given time; Fit makes the optimal tree need at most the fewest guesses,
// at a total no less than the reference's best within them.
func TestRulesModes(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 3, Colors: 3, Rule: mastermind.BlackOnly}, {Positions: 2, Colors: 5, Rule: mastermind.BlackOnly},
		{Positions: 3, Colors: 3, Rule: mastermind.Slots}, {Positions: 4, Colors: 2, Rule: mastermind.Slots},
		{Positions: 3, Colors: 4, Distinct: true, Rule: mastermind.Slots},
	} {
		r := newReference(g.Positions, g.Colors, g.Distinct, g.Rule.String())
		all := r.all()
		optimum, fewest := r.optimum(all, -1), r.fewest(all)
		s, _ := mastermind.NewSpace(g)
		lower, exact, err := Bound(context.Background(), s, Options{}, time.Minute)
		if err != nil || lower > optimum || exact && lower != optimum {
			t.Errorf("%s: Bound = %d, %v, %v; the optimum is %d", g.Name(), lower, exact, err, optimum)
		}
		tr, err := Solve(context.Background(), s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		fitted, err := Fit(context.Background(), tr, Options{MaxDepth: fewest})
		if err != nil {
			t.Fatalf("%s: Fit within %d: %v", g.Name(), fewest, err)
		}
		checkTreeAnswers(t, r, fitted)
		if st := fitted.Stats(); st.Max > fewest || st.Total < r.optimum(all, fewest) || st.Secrets != len(all) {
			t.Errorf("%s: fitted within %d: total %d, max %d over %d secrets; the best within %d is %d", g.Name(), fewest, st.Total, st.Max, st.Secrets, fewest, r.optimum(all, fewest))
		}
	}
}

// TestPositionClasses checks the classes of guesses per position under
// black: before the first guess one code; and the search with them finds
// the optima, the fewest guesses and the totals within them of the search
// without them (which TestRulesMatchReference checks on the smallest
// games), on games too large for the reference.
func TestPositionClasses(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 6, Rule: mastermind.BlackOnly})
	if got := positionClasses(s, nil, consistent.All(s)); len(got) != 1 || got[0] != 0 {
		t.Errorf("classic under black: the first guesses %v, want one, 0000", got)
	}
	games := []mastermind.Game{{Positions: 3, Colors: 4}, {Positions: 4, Colors: 3}, {Positions: 2, Colors: 8}}
	if testkit.LongLane {
		games = append(games, mastermind.Game{Positions: 3, Colors: 6}, mastermind.Game{Positions: 4, Colors: 4}, mastermind.Game{Positions: 6, Colors: 2})
	}
	defer func() { positionsOn = true }()
	for _, g := range games {
		g.Rule = mastermind.BlackOnly
		s, _ := mastermind.NewSpace(g)
		figures := func() (total, worst, within int) {
			tr, err := Solve(context.Background(), s, Options{})
			if err != nil {
				t.Fatal(err)
			}
			total, worst = tr.Stats().Total, tr.Stats().Max
			if tr, err := Solve(context.Background(), s, Options{MaxDepth: worst - 1}); err == nil {
				within = tr.Stats().Total
			} else if !errors.Is(err, ErrInfeasible) {
				t.Fatal(err)
			}
			return total, worst, within
		}
		positionsOn = true
		a, b, c := figures()
		positionsOn = false
		x, y, z := figures()
		if a != x || b != y || c != z {
			t.Errorf("%s: with classes per position total %d, max %d, within max-1 %d; without %d, %d, %d", g.Name(), a, b, c, x, y, z)
		}
	}
}
