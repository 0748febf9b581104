package optimal

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
)

// TestOptimaTable recomputes the small entries of the table of optima,
// docs/optima.md: the optimal total and most guesses, and the best total
// within one guess fewer ("none" when there is none): up to 1000 codes
// (about 25 s of CPU) in the long lane, 64 in the fast one;
// TestOptimaTrees checks the rows above 1000 by their trees. Under the
// rules black and slots, up to 400 codes, and their trees above
// (treesAbove).
// (TestMatchesBruteForce checks the solver itself against the definition
// on the smallest games.)
func TestOptimaTable(t *testing.T) {
	maxCodes := 1000
	if !testkit.LongLane {
		maxCodes = 64
	}
	rows := 0
	for _, r := range optimaRows(t) {
		if r.codes > min(maxCodes, treesAbove(r.game)) {
			continue
		}
		rows++
		g, codes, total, maxGuesses, cells := r.game, r.codes, r.total, r.most, r.cells
		s, err := mastermind.NewSpace(g)
		if err != nil || s.Len() != codes {
			t.Fatalf("%s: %d codes in the table, game %v: %v", cells[1], codes, g, err)
		}
		tr, err := Solve(context.Background(), s, Options{})
		if err != nil {
			t.Fatalf("%s: %v", cells[1], err)
		}
		if st := tr.Stats(); st.Total != total || st.Max != maxGuesses {
			t.Errorf("%s: total %d, max %d; the table says %d, %d", cells[1], st.Total, st.Max, total, maxGuesses)
		}
		want := cells[6]
		if want == "-" {
			continue
		}
		got := "none"
		tr, err = Solve(context.Background(), s, Options{MaxDepth: maxGuesses - 1})
		switch {
		case errors.Is(err, ErrInfeasible):
		case err != nil:
			t.Fatalf("%s within %d: %v", cells[1], maxGuesses-1, err)
		default:
			got = strconv.Itoa(tr.Stats().Total)
		}
		if got != want {
			t.Errorf("%s within %d guesses: %s; the table says %s", cells[1], maxGuesses-1, got, want)
		}
		checkFewest(t, s, r)
	}
	if rows < 10 {
		t.Errorf("only %d rows of up to %d codes in docs/optima.md", rows, maxCodes)
	}
}

// parseGameName reads the table's names of games: "4x6" (4 positions, 6
// colours, repeats allowed) or "4 of 10 distinct", followed under another
// rule than black-white by the rule in brackets: "4x6 (black)".
func parseGameName(name string) (mastermind.Game, bool) {
	var g mastermind.Game
	if base, rule, ok := strings.Cut(name, " ("); ok {
		r, err := mastermind.ParseRule(strings.TrimSuffix(rule, ")"))
		if err != nil || !strings.HasSuffix(rule, ")") || r == mastermind.BlackWhite {
			return g, false
		}
		g, ok = parseGameName(base)
		g.Rule = r
		return g, ok
	}
	if _, err := fmt.Sscanf(name, "%d of %d distinct", &g.Positions, &g.Colors); err == nil {
		g.Distinct = true
		return g, true
	}
	p, c, ok := strings.Cut(name, "x")
	if !ok {
		return g, false
	}
	var err1, err2 error
	g.Positions, err1 = strconv.Atoi(p)
	g.Colors, err2 = strconv.Atoi(c)
	return g, err1 == nil && err2 == nil
}

// An optimaRow is an exact row of the table of optima, docs/optima.md.
type optimaRow struct {
	cells              []string // the row's cells, trimmed (cells[1] names the game)
	game               mastermind.Game
	codes, total, most int
}

// optimaRows reads the exact rows of docs/optima.md: those whose codes,
// total and most guesses are numbers.
func optimaRows(t *testing.T) []optimaRow {
	t.Helper()
	f, err := os.Open("../docs/optima.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []optimaRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 8 {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		g, ok := parseGameName(cells[1])
		codes, err1 := strconv.Atoi(cells[2])
		total, err2 := strconv.Atoi(cells[3])
		most, err3 := strconv.Atoi(cells[5])
		if ok && err1 == nil && err2 == nil && err3 == nil {
			rows = append(rows, optimaRow{cells, g, codes, total, most})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// checkFewest checks the column of the fewest guesses of a row under
// another rule than black-white, if it is a number D: some strategy finds
// every secret within D guesses, none within D-1.
func checkFewest(t *testing.T, s *mastermind.Space, r optimaRow) {
	t.Helper()
	if len(r.cells) < 12 {
		return
	}
	d, err := strconv.Atoi(r.cells[10])
	if err != nil {
		return
	}
	if _, err := Solve(context.Background(), s, Options{MaxDepth: d}); err != nil {
		t.Errorf("%s within %d guesses, the fewest the table says: %v", r.cells[1], d, err)
	}
	if _, err := Solve(context.Background(), s, Options{MaxDepth: d - 1}); d > 1 && !errors.Is(err, ErrInfeasible) {
		t.Errorf("%s within %d guesses: %v; the table says no strategy fits", r.cells[1], d-1, err)
	}
}

// treesAbove returns the codes above which a row of the table of optima
// of game g has its tree in optima/: 1000, and under another rule than
// black-white 400.
func treesAbove(g mastermind.Game) int {
	if g.Rule != mastermind.BlackWhite {
		return 400
	}
	return 1000
}
