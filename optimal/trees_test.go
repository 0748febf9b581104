package optimal

import (
	"compress/gzip"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/tree"
)

// TestOptimaTrees replays the tree of every exact row of more than 1000
// codes (400 under another rule, see treesAbove), and of every smaller
// row whose tree is shipped, of the table of optima,
// docs/optima.md, from optima/NAME.json.gz (NAME as 5x6, 5of8 or
// 4x6-black; written by TREES=optimal/optima docs/optima.sh), over
// every secret: it must find each and reach the row's total and most
// guesses. Replaying is cheap; the searches that made them are not.
func TestOptimaTrees(t *testing.T) {
	rows := 0
	for _, r := range optimaRows(t) {
		g, total, most, cells := r.game, r.total, r.most, r.cells
		name := fmt.Sprintf("%dx%d", g.Positions, g.Colors)
		if g.Distinct {
			name = fmt.Sprintf("%dof%d", g.Positions, g.Colors)
		}
		if g.Rule != mastermind.BlackWhite {
			name += "-" + g.Rule.String()
		}
		if _, err := os.Stat("optima/" + name + ".json.gz"); r.codes <= treesAbove(r.game) && err != nil {
			continue // a smaller row shipped for strategy optimal (8x2-black) is replayed too
		}
		rows++
		t.Run(name, func(t *testing.T) {
			s, err := mastermind.NewSpace(g)
			if err != nil {
				t.Fatal(err)
			}
			tr := readTreeGz(t, "optima/"+name+".json.gz", s)
			got := replay(t, s, tr)
			if st := tr.Stats(); got != total || st.Total != total || st.Max != most {
				t.Errorf("%s: replayed total %d (the tree says %d, at most %d guesses); the table says %d, at most %d", cells[1], got, st.Total, st.Max, total, most)
			}
			// The column within max-1 guesses: its total, or the upper
			// one of its bounds, has a tree too.
			within, ok := depthCellTotal(cells[6])
			if !ok || r.codes <= treesAbove(g) {
				return // a smaller row ships its tree without a depth limit only
			}
			file := fmt.Sprintf("optima/%s-d%d.json.gz", name, most-1)
			tr = readTreeGz(t, file, s)
			got = replay(t, s, tr)
			if st := tr.Stats(); got != within || st.Total != within || st.Max > most-1 {
				t.Errorf("%s within %d guesses: %s replays to %d (the tree says %d, at most %d guesses); the table says %d", cells[1], most-1, file, got, st.Total, st.Max, within)
			}
		})
	}
	if rows < 12 {
		t.Errorf("only %d exact rows of more than 1000 codes in docs/optima.md; want at least 12", rows)
	}
}

// depthCellTotal reads a cell of the column within max-1 guesses: a total,
// or bounds "bounds: L .. U (...)" whose upper one is a number; not "none"
// nor "?".
func depthCellTotal(cell string) (int, bool) {
	if n, err := strconv.Atoi(cell); err == nil {
		return n, true
	}
	var lower, upper int
	if _, err := fmt.Sscanf(cell, "bounds: %d .. %d", &lower, &upper); err == nil {
		return upper, true
	}
	return 0, false
}

// readTreeGz reads a gzipped tree of the space.
func readTreeGz(t *testing.T, name string, s *mastermind.Space) *tree.Tree {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatalf("%v (regenerate with TREES=optimal/optima docs/optima.sh)", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	tr, err := tree.ReadJSON(z, s)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return tr
}
