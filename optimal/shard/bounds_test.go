package shard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/optimal"
)

// proveShards proves every shard of a game, each for budget, and returns
// the parts as written and read back.
func proveShards(t *testing.T, s *mastermind.Space, maxDepth, shards int, budget time.Duration) ([]*Part, []string) {
	t.Helper()
	var parts []*Part
	var names []string
	for i := range shards {
		p, err := Prove(context.Background(), s, optimal.Options{MaxDepth: maxDepth}, i, shards, budget, nil)
		if err != nil {
			t.Fatalf("shard %d/%d: %v", i, shards, err)
		}
		var b bytes.Buffer
		if err := p.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("bounds-%d.json", i)
		if p, err = readPart(&b, name); err != nil {
			t.Fatalf("shard %d/%d read back: %v", i, shards, err)
		}
		parts, names = append(parts, p), append(names, name)
	}
	return parts, names
}

// Bound parts merged from shards give the published optima where the
// shards solve their units (each has 10 hours, and ends when they are
// solved): classic 5625 (Koyama and Lai 1993), within 5 guesses 5626 (the
// same), and 5 of 7 distinct 12305 (Ville 2013) in 40 shards, more than
// its 13 units of a first guess and its answer (issue 54); and the same as
// the single run's Bound.
func TestProveShardsMerge(t *testing.T) {
	type test struct {
		game                    mastermind.Game
		maxDepth, shards, total int
	}
	tests := []test{
		{mastermind.Classic(), 0, 5, 5625},
		{mastermind.Classic(), 5, 5, 5626},
	}
	if testkit.LongLane { // a minute and a half of CPU
		tests = append(tests, test{mastermind.Game{Positions: 5, Colors: 7, Distinct: true}, 0, 40, 12305})
	}
	for _, tt := range tests {
		s, _ := mastermind.NewSpace(tt.game)
		parts, names := proveShards(t, s, tt.maxDepth, tt.shards, 10*time.Hour)
		lower, exact, err := MergeBounds(parts, names)
		if err != nil || lower != tt.total || !exact {
			t.Errorf("%v within %d: merged bounds %d, exact %v, %v; want %d, exact", tt.game, tt.maxDepth, lower, exact, err, tt.total)
		}
		one, oneExact, err := optimal.Bound(context.Background(), s, optimal.Options{MaxDepth: tt.maxDepth}, 10*time.Hour)
		if err != nil || one != lower || oneExact != exact {
			t.Errorf("%v within %d: the single run's bound %d, exact %v, %v; the shards' %d, %v", tt.game, tt.maxDepth, one, oneExact, err, lower, exact)
		}
	}
}

// Bounds proven with no time at all are weaker, but still bounds: at most
// the optimum, and exact only if they are it. Within 4 guesses, classic
// has no strategy (Koyama and Lai): the merge proves it.
func TestProveShardsShort(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	parts, names := proveShards(t, s, 0, 3, time.Nanosecond)
	lower, exact, err := MergeBounds(parts, names)
	if err != nil || lower > 5625 || exact && lower != 5625 || lower < s.Len() {
		t.Errorf("classic's bounds proven in no time: %d, exact %v, %v; want at most 5625", lower, exact, err)
	}
	if _, err := Prove(context.Background(), s, optimal.Options{MaxDepth: 4}, 0, 2, time.Minute, nil); !errors.Is(err, optimal.ErrInfeasible) {
		t.Errorf("classic within 4 guesses: %v; want optimal.ErrInfeasible", err)
	}
}

// MergeBounds refuses parts of another game, a missing shard and a mix of
// bounds and trees; Merge refuses bounds.
func TestMergeBoundsRefuses(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	bounds, names := proveShards(t, s, 0, 2, time.Minute)
	other, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 4})
	otherBounds, _ := proveShards(t, other, 0, 2, time.Minute)
	tree, err := Solve(context.Background(), s, optimal.Options{}, 1, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		parts []*Part
		want  string
	}{
		{bounds[:1], "missing shard 1/2"},
		{[]*Part{bounds[0], otherBounds[1]}, "bounds-1.json: it is shard 1/2 of 3 positions, 4 colours"},
		{[]*Part{bounds[0], tree}, "bounds-1.json: a part of a search (a tree), among the bounds of a proof"},
	} {
		_, _, err := MergeBounds(tt.parts, names[:len(tt.parts)])
		var pe *PartError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("MergeBounds: %v; want a *PartError, %q", err, tt.want)
		}
	}
	_, err = Merge([]*Part{tree, bounds[0]}, []string{"part-1.json", "bounds-0.json"})
	var pe *PartError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "bounds-0.json: the bounds of a proof (--prove), among the parts of a search") {
		t.Errorf("Merge of a tree part and bounds: %v; want a *PartError", err)
	}
}

// A proof splits where the work is (issue 54): 6 of 7 distinct has 11
// units of a first guess and its answer, the largest 1,854 of its 5,040
// codes. Split by the second guesses where a part holds more than 1/100
// of the codes, their large parts apart, and those still holding more than
// 1/100 of the work by their third guesses, it has at least 200 units, so
// that --shard 150/200 has work; the plans of all the shards share out
// every unit and all the work, no unit more than 1% of it (by the squares
// of the sets searched). Measured by the plans that --prove 1ms --shard
// I/816 print: 816 units, the largest 0.95% of the work (a chunk of the
// third guesses at a set of 1,280 codes).
func TestProofUnitsSplit(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 6, Colors: 7, Distinct: true})
	se, err := optimal.NewSearch(context.Background(), s, optimal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := proofUnits(context.Background(), se, s, 0, proofShare)
	if err != nil || len(list) < 200 {
		t.Fatalf("6 of 7 distinct: %d units, %v; want at least 200", len(list), err)
	}
	for _, pu := range list {
		if _, most := pu.work(); len(pu.path) == 1 && pu.guess == nil && most*splitShare > s.Len() {
			t.Errorf("unit %s: a first answer's part of %d codes, not split", pu.key(), most)
		}
	}
	if p := plan(list, dealUnits(list, 200), 150, 200); p.Mine < 1 || p.Work <= 0 {
		t.Errorf("shard 150/200: %+v; want work", p)
	}
	units, work, largest := 0, 0.0, 0.0
	owner := dealUnits(list, 40)
	for i := range 40 {
		p := plan(list, owner, i, 40)
		units, work, largest = units+p.Mine, work+p.Work, max(largest, p.Largest)
	}
	if units != len(list) || work < 0.999 || work > 1.001 {
		t.Errorf("the 40 shards' plans: %d of %d units, %.4f of the work; want all", units, len(list), work)
	}
	if largest > 0.01 {
		t.Errorf("the largest unit: %.2f%% of the work; want at most 1%%", 100*largest)
	}
}
