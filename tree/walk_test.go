package tree_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// A secret's game in a tree, replayed by the definition of the score: the
// answers it gets and the guesses it takes.
type replayed struct {
	code    int
	answers []mastermind.Feedback
	guesses int
}

// replay plays every code of t's game through t, scoring by testkit.
func replay(t *testing.T, tr *tree.Tree) []replayed {
	var out []replayed
	s := tr.Space
	for secret := range s.Len() {
		r := replayed{code: secret}
		for n := tr.Root; ; {
			r.guesses++
			f := testkit.Feedback[mastermind.Feedback](s.Code(secret), s.Code(n.Guess))
			if f.Black == s.Game().Positions {
				break
			}
			r.answers = append(r.answers, f)
			k := slices.IndexFunc(n.Children, func(c tree.Child) bool { return c.Feedback == f })
			if k < 0 || r.guesses > 20 {
				t.Fatalf("secret %v leaves the tree after %v", s.Code(secret), r.answers)
			}
			n = n.Children[k].Node
		}
		out = append(out, r)
	}
	return out
}

// At's root has the published totals (classic's optimal tree 5625, Koyama
// and Lai 1993; Bulls and Cows 26274); and at random points of those trees
// and of minimax on 3 positions of 4 colours, the secrets, totals, most
// guesses, histogram, branches and codes are those of every secret
// replayed through the tree by the score's definition.
func TestAtBruteForce(t *testing.T) {
	ctx := context.Background()
	classic, err := choose.ShippedTree(mastermind.Classic())
	if err != nil {
		t.Fatal(err)
	}
	bulls, err := choose.ShippedTree(mastermind.Bulls())
	if err != nil {
		t.Fatal(err)
	}
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 4})
	small, err := tree.Build(ctx, s, strategy.Heuristic{Measure: strategy.Minimax})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(60, 6))
	for _, c := range []struct {
		name      string
		tr        *tree.Tree
		published int
	}{{"classic", classic, 5625}, {"bulls", bulls, 26274}, {"3x4 minimax", small, 0}} {
		all := replay(t, c.tr)
		for k := range 12 {
			var path []mastermind.Feedback
			if k > 0 { // the root first, then points 1 to 3 answers down
				s := all[r.IntN(len(all))]
				path = s.answers[:min(len(s.answers), 1+r.IntN(3))]
			}
			const maxCodes = 60
			p, err := c.tr.At(path, maxCodes)
			if err != nil {
				t.Fatalf("%s at %v: %v", c.name, path, err)
			}
			var reach []replayed // the secrets whose answers begin with the path
			for _, s := range all {
				if len(s.answers) >= len(path) && slices.Equal(s.answers[:len(path)], path) {
					reach = append(reach, s)
				}
			}
			secrets, total, most, hist := len(reach), 0, 0, []int{}
			var codes []mastermind.Code
			branches := map[mastermind.Feedback][3]int{} // secrets, total, most
			for _, s := range reach {
				total += s.guesses
				most = max(most, s.guesses)
				for len(hist) <= s.guesses {
					hist = append(hist, 0)
				}
				hist[s.guesses]++
				codes = append(codes, c.tr.Space.Code(s.code))
				next := mastermind.Feedback{Black: c.tr.Space.Game().Positions}
				if len(s.answers) > len(path) {
					next = s.answers[len(path)]
				}
				b := branches[next]
				branches[next] = [3]int{b[0] + 1, b[1] + s.guesses, max(b[2], s.guesses)}
			}
			if len(path) == 0 && c.published != 0 && total != c.published {
				t.Errorf("%s: the tree replayed takes %d guesses in all, published %d", c.name, total, c.published)
			}
			if p.Depth != len(path)+1 || p.Secrets != secrets || p.Total != total || p.Most != most || !slices.Equal(p.Histogram, hist) {
				t.Errorf("%s at %v: depth %d, %d secrets, total %d, most %d, histogram %v; replayed %d, %d, %d, %v",
					c.name, path, p.Depth, p.Secrets, p.Total, p.Most, p.Histogram, secrets, total, most, hist)
			}
			if !slices.Equal(p.Guess, c.tr.Space.Code(p.Node.Guess)) {
				t.Errorf("%s at %v: guess %v, the node's %v", c.name, path, p.Guess, c.tr.Space.Code(p.Node.Guess))
			}
			if len(p.Branches) != len(branches) {
				t.Errorf("%s at %v: %d branches, replayed %d", c.name, path, len(p.Branches), len(branches))
			}
			for i, b := range p.Branches {
				if want := branches[b.Feedback]; want != [3]int{b.Secrets, b.Total, b.Most} {
					t.Errorf("%s at %v: branch %v: %+v, replayed %v", c.name, path, b.Feedback, b, want)
				}
				if x := p.Branches[max(i-1, 0)].Feedback; i > 0 && (b.Feedback.Black > x.Black || b.Feedback.Black == x.Black && b.Feedback.White > x.White) {
					t.Errorf("%s at %v: branches out of order: %+v", c.name, path, p.Branches)
				}
			}
			if len(codes) > maxCodes {
				codes = nil
			}
			if fmt.Sprint(p.Codes) != fmt.Sprint(codes) {
				t.Errorf("%s at %v: codes %v, replayed %v", c.name, path, p.Codes, codes)
			}
		}
	}
}

// A path that goes on after the winning answer, or that no secret gives, is
// an input error naming its first wrong answer.
func TestAtRefusals(t *testing.T) {
	classic, err := choose.ShippedTree(mastermind.Classic())
	if err != nil {
		t.Fatal(err)
	}
	root := classic.Space.Code(classic.Root.Guess).Compact(6)
	for _, c := range []struct {
		path []mastermind.Feedback
		want string
	}{
		{[]mastermind.Feedback{{Black: 4}}, "path[0]: 4 black ends the game: guess " + root + " is the secret"},
		{[]mastermind.Feedback{{}, {White: 1}}, "path[1]: leaves the tree: no secret left there answers 0 1 to guess "},
	} {
		_, err := classic.At(c.path, 60)
		var input *mastermind.InputError
		if !errors.As(err, &input) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("At(%v): %v, want an input error %q...", c.path, err, c.want)
		}
	}
}
