package optimal

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/consistent"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/tree"
)

func solve(t *testing.T, g mastermind.Game, maxDepth int) *tree.Tree {
	t.Helper()
	s, err := mastermind.NewSpace(g)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Solve(context.Background(), s, Options{MaxDepth: maxDepth})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// bruteForce returns the optimal total by trying every guess at every set,
// with no bounds: the definition.
func bruteForce(s *mastermind.Space, cands []int32, depth int, memo map[string]int) int {
	const inf = 1 << 30
	n := len(cands)
	if n == 1 {
		return 1
	}
	if depth <= 1 {
		return inf
	}
	key := string(rune(depth)) + string(func() []byte {
		b := make([]byte, 0, 2*n)
		for _, x := range cands {
			b = append(b, byte(x), byte(x>>8))
		}
		return b
	}())
	if v, ok := memo[key]; ok {
		return v
	}
	best := inf
	g := s.Game()
	for guess := range s.Len() {
		parts := map[mastermind.Outcome][]int32{}
		for _, x := range cands {
			if o := s.Outcome(int(x), guess); o != g.Solved() {
				parts[o] = append(parts[o], x)
			}
		}
		total := n
		for _, p := range parts {
			if len(p) == n {
				total = inf
				break
			}
			total += bruteForce(s, p, depth-1, memo)
		}
		best = min(best, total)
	}
	memo[key] = best
	return best
}

// TestMatchesBruteForce compares with the definition on small games, with
// and without a depth limit, and with and without the outcome table. The
// games include one of five positions, whose outcomes do not fit four words
// of counts.
func TestMatchesBruteForce(t *testing.T) {
	games := []mastermind.Game{
		{Positions: 2, Colors: 3}, {Positions: 2, Colors: 4}, {Positions: 3, Colors: 3},
		{Positions: 3, Colors: 4, Distinct: true}, {Positions: 2, Colors: 6}, {Positions: 3, Colors: 5, Distinct: true},
		{Positions: 1, Colors: 5}, {Positions: 4, Colors: 3}, {Positions: 5, Colors: 2},
	}
	defer func(max int) { tableMax = max }(tableMax)
	for _, table := range []bool{true, false} {
		if !table {
			tableMax = 0
		}
		for _, g := range games {
			if !testkit.LongLane && g.Count() > 64 { // 4x3 (81 codes): the long lane
				continue
			}
			matchBruteForce(t, g)
		}
	}
}

// matchBruteForce solves g within 3, 4 and any number of guesses and
// compares the totals with bruteForce's.
func matchBruteForce(t *testing.T, g mastermind.Game) {
	t.Helper()
	s, _ := mastermind.NewSpace(g)
	for _, depth := range []int{0, 3, 4} {
		limit := depth
		if limit == 0 {
			limit = tree.MaxDepth
		}
		want := bruteForce(s, consistent.All(s), limit, map[string]int{})
		tr, err := Solve(context.Background(), s, Options{MaxDepth: depth})
		if want >= 1<<30 {
			if err != ErrInfeasible {
				t.Errorf("%v, depth %d: %v, want infeasible", g, depth, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v, depth %d: %v", g, depth, err)
		}
		st := tr.Stats()
		if st.Total != want || st.Secrets != s.Len() || depth > 0 && st.Max > depth {
			t.Errorf("%v, depth %d: total %d, max %d over %d secrets; want %d", g, depth, st.Total, st.Max, st.Secrets, want)
		}
	}
}

// TestLeast checks the bounds of a set's size against a brute force: each
// answer's cap is the most codes any guess of the space gets it from, and
// least and floors are the least sums over every split of the secrets
// within the caps. It also checks what the bound of a part relies on: least
// is convex, so that its even split is the least.
func TestLeast(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 3, Colors: 2}, {Positions: 3, Colors: 4}, {Positions: 4, Colors: 3},
		{Positions: 3, Colors: 5, Distinct: true}, {Positions: 4, Colors: 5, Distinct: true},
		{Positions: 5, Colors: 5, Distinct: true}, {Positions: 2, Colors: 7},
	} {
		s, err := mastermind.NewSpace(g)
		if err != nil {
			t.Fatal(err)
		}
		n := s.Len()
		sv := newSolver(s, 0)
		most := make([]int, g.Outcomes())
		for guess := range n {
			count := make([]int, g.Outcomes())
			for secret := range n {
				f := mastermind.Score(s.Code(secret), s.Code(guess))
				count[f.Black*(g.Positions+1)+f.White]++
			}
			for o, c := range count {
				most[o] = max(most[o], c)
			}
		}
		most[g.Solved()] = 0
		// spread(c): the least sum of least over the splits of c secrets
		// among the answers, by dynamic programming over the answers.
		least := make([]int, n+1)
		spread := func(c int) int {
			row := make([]int, c+1)
			for j := 1; j <= c; j++ {
				row[j] = infinite
			}
			for _, cap := range most {
				next := make([]int, c+1)
				for j := range next {
					next[j] = infinite
					for a := 0; a <= min(j, cap); a++ {
						next[j] = min(next[j], least[a]+row[j-a])
					}
				}
				row = next
			}
			return row[c]
		}
		for k := 1; k <= n; k++ {
			least[k] = k + spread(k-1)
			if sv.least[k] != least[k] {
				t.Fatalf("%v: least[%d] = %d, want %d", g, k, sv.least[k], least[k])
			}
			if want := min(k+spread(k), infinite); sv.floors[k] != want {
				t.Fatalf("%v: floors[%d] = %d, want %d", g, k, sv.floors[k], want)
			}
			if k > 2 && sv.least[k]-sv.least[k-1] < sv.least[k-1]-sv.least[k-2] {
				t.Fatalf("%v: least is not convex at %d: %v", g, k, sv.least[k-2:k+1])
			}
		}
	}
}

// TestClassic recomputes Koyama and Lai's optimum (1993), 5625 guesses, and
// the shipped tree, and the optimum within five guesses, 5626.
func TestClassic(t *testing.T) {
	testkit.Long(t) // takes a few seconds
	classic := mastermind.Classic()
	tr := solve(t, classic, 0)
	if st := tr.Stats(); st.Total != 5625 || st.Secrets != 1296 {
		t.Errorf("classic: total %d over %d secrets, want 5625 over 1296", st.Total, st.Secrets)
	}
	var fresh bytes.Buffer
	tr.WriteJSON(&fresh)
	if !bytes.Equal(fresh.Bytes(), shippedJSON(t, classic)) {
		t.Errorf("the shipped tree differs from a fresh computation: %s", regenerate(classic, "classic"))
	}
	if st := solve(t, classic, 5).Stats(); st.Total != 5626 || st.Max != 5 {
		t.Errorf("classic within 5 guesses: total %d, max %d; want 5626 and 5", st.Total, st.Max)
	}
}

func TestKnown(t *testing.T) {
	for _, tt := range []struct {
		game  string
		total int
	}{{"classic", 5625}, {"bulls", 26274}} { // Koyama and Lai 1993; Tanaka 1996
		preset, _ := mastermind.Preset(tt.game)
		s, _ := mastermind.NewSpace(preset)
		tr, ok := Known(s)
		if !ok || tr.Stats().Total != tt.total || tr.Stats().Secrets != s.Len() {
			t.Errorf("Known(%s): %v; want the tree of %d over %d secrets", tt.game, ok, tt.total, s.Len())
		}
	}
	super, _ := mastermind.NewSpace(mastermind.Super())
	if _, ok := Known(super); ok {
		t.Errorf("Known(super) claims a shipped tree")
	}
}

// TestBullsFresh recomputes Tanaka's optimum for Bulls and Cows (1996),
// 26274, and compares it with the shipped tree. It takes about 15 seconds.
func TestBullsFresh(t *testing.T) {
	testkit.Long(t) // takes about 15 seconds
	bulls := mastermind.Bulls()
	tr := solve(t, bulls, 0)
	if st := tr.Stats(); st.Total != 26274 {
		t.Errorf("bulls: total %d, want 26274", st.Total)
	}
	var fresh bytes.Buffer
	tr.WriteJSON(&fresh)
	if !bytes.Equal(fresh.Bytes(), shippedJSON(t, bulls)) {
		t.Errorf("the shipped tree differs from a fresh computation: %s", regenerate(bulls, "bulls"))
	}
}

// shippedJSON returns the JSON of game g's shipped tree unzipped, as
// mastermind optimal --out writes it.
func shippedJSON(t *testing.T, g mastermind.Game) []byte {
	t.Helper()
	name, ok := knownGames[g]
	if !ok {
		t.Fatalf("no tree of %v is shipped", g)
	}
	data, err := known.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	z, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	plain, err := io.ReadAll(z)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return plain
}

// regenerate says how to write again the shipped tree of game g, the
// preset named preset.
func regenerate(g mastermind.Game, preset string) string {
	return fmt.Sprintf("run mastermind optimal --game %s --out /tmp/tree.json && gzip -n -9 </tmp/tree.json >optimal/%s", preset, knownGames[g])
}

// TestStoppedBeforeSearch checks that a search whose context is done
// before it starts still reports a lower bound: at least one guess per
// secret and at most the known optimum (Koyama and Lai's 5625 for
// classic).
func TestStoppedBeforeSearch(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Solve(ctx, s, Options{})
	var ie *InterruptedError
	if !errors.As(err, &ie) || !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve after cancel: %v; want an InterruptedError of context.Canceled", err)
	}
	if ie.Lower < s.Len() || ie.Lower > 5625 || ie.Upper < infinite {
		t.Errorf("bounds %d..%d; want a lower bound within [%d, 5625] and no upper", ie.Lower, ie.Upper, s.Len())
	}
}

// TestStoppedInfeasible stops searches within a depth no strategy meets
// (under black, 4x3 needs 5 guesses and 3x4 6: the reference's figures in
// TestRulesMatchReference), from the checkpoint of a finished one: what
// they report proven is that no strategy fits, never the search's bound
// of no tree (1<<40) as a total. In 4x3 no first guess's parts fit
// within 3 guesses more, in 3x4 some do but their sets do not.
func TestStoppedInfeasible(t *testing.T) {
	for _, c := range []struct {
		game  mastermind.Game
		depth int
	}{{mastermind.Game{Positions: 4, Colors: 3}, 4}, {mastermind.Game{Positions: 3, Colors: 4}, 5}} {
		c.game.Rule = mastermind.BlackOnly
		s, _ := mastermind.NewSpace(c.game)
		var last *Checkpoint
		_, err := Solve(context.Background(), s, Options{MaxDepth: c.depth, Save: func(c *Checkpoint) error { last = c; return nil }})
		if !errors.Is(err, ErrInfeasible) {
			t.Fatalf("%s within %d guesses: %v, want ErrInfeasible", c.game.Name(), c.depth, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err = Solve(ctx, s, Options{MaxDepth: c.depth, Resume: last})
		var ie *InterruptedError
		if !errors.As(err, &ie) {
			t.Fatalf("%s stopped: %v, want an InterruptedError", c.game.Name(), err)
		}
		want := fmt.Sprintf("no strategy finds every secret within %d guesses", c.depth)
		if got := ie.Proven(); got != want {
			t.Errorf("%s: Proven() = %q, want %q", c.game.Name(), got, want)
		}
		if msg := err.Error(); strings.Contains(msg, fmt.Sprint(infinite)) || !strings.Contains(msg, want) {
			t.Errorf("%s: Error() = %q, want it to say %q", c.game.Name(), msg, want)
		}
	}
}

// Proven says the bounds, the upper one only when a tree is known.
func TestInterruptedProven(t *testing.T) {
	if got := (&InterruptedError{Lower: 5, Upper: 7}).Proven(); got != "the optimal total is at least 5 and at most 7" {
		t.Errorf("Proven() = %q", got)
	}
	if got := (&InterruptedError{Lower: 5, Upper: infinite}).Proven(); got != "the optimal total is at least 5" {
		t.Errorf("Proven() with no tree = %q", got)
	}
}
