package shard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/optimal"
)

// replay plays the tree (its JSON) against every secret of game g, read
// by itself and scored by testkit.Score (written from the rules, apart
// from the engine's scorer and package tree's reader), and returns the
// guesses it takes in all: 0 with an error if a secret is not found.
func replay(raw []byte, g mastermind.Game) (int, error) {
	type node struct {
		Guess string           `json:"guess"`
		Next  map[string]*node `json:"next"`
	}
	var j struct {
		Root *node `json:"root"`
	}
	if err := json.Unmarshal(raw, &j); err != nil {
		return 0, err
	}
	total := 0
	secret := make([]string, g.Positions)
	var each func(p int) error
	each = func(p int) error {
		if p < g.Positions {
			for c := range g.Colors {
				secret[p] = fmt.Sprint(c)
				if g.Distinct && strings.Contains(" "+strings.Join(secret[:p], " ")+" ", " "+secret[p]+" ") {
					continue
				}
				if err := each(p + 1); err != nil {
					return err
				}
			}
			return nil
		}
		n := j.Root
		for guesses := 1; ; guesses++ {
			if n == nil || guesses > 20 {
				return fmt.Errorf("secret %v: not found in %d guesses", secret, guesses)
			}
			guess := strings.Fields(n.Guess)
			black, white := testkit.Score(secret, guess)
			if black == g.Positions {
				total += guesses
				return nil
			}
			key := fmt.Sprintf("%d %d", black, white)
			switch g.Rule {
			case mastermind.BlackOnly:
				key = fmt.Sprint(testkit.Blacks(secret, guess))
			case mastermind.Slots:
				key = testkit.Marks(secret, guess)
			}
			n = n.Next[key]
		}
	}
	return total, each(0)
}

// mergedAsOne merges the parts and checks that the tree is the single
// run's, byte for byte, and that a replay of it gives its total.
func mergedAsOne(t *testing.T, s *mastermind.Space, parts []*Part, names []string) int {
	t.Helper()
	merged, err := Merge(parts, names)
	if err != nil {
		t.Fatalf("%v: %v", s.Game(), err)
	}
	one, err := optimal.Solve(context.Background(), s, optimal.Options{MaxDepth: parts[0].MaxDepth})
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	merged.WriteJSON(&a)
	one.WriteJSON(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("%v: %d shards merge to a tree of %d, which differs from one search's (%d)", s.Game(), len(parts), merged.Stats().Total, one.Stats().Total)
	}
	played, err := replay(a.Bytes(), s.Game())
	if err != nil || played != merged.Stats().Total {
		t.Errorf("%v: the merged tree replayed: %d guesses, %v; the tree says %d", s.Game(), played, err, merged.Stats().Total)
	}
	return played
}

// withShare runs f with sets split below the first answer from 1/share
// of the codes (of the work, for chunks), so that small games have every
// kind of unit: second guesses, sets below them, chunks of third guesses.
func withShare(share int, f func()) {
	old, per := splitShare, perShard
	splitShare, perShard = share, share
	defer func() { splitShare, perShard = old, per }()
	f()
}

// kinds counts a search's units of each kind, and those solved.
func kinds(list []proofUnit, parts []*Part) map[string][2]int {
	exact := map[int]bool{}
	for _, p := range parts {
		for _, r := range p.Results {
			exact[r.Unit] = r.Exact
		}
	}
	k := map[string][2]int{}
	for u, pu := range list {
		kind := "first answer"
		switch {
		case pu.guess != nil:
			kind = "second guess"
		case pu.chunks > 0:
			kind = "chunk"
		case len(pu.path) > 1:
			kind = "set below"
		}
		c := k[kind]
		c[0]++
		if exact[u] {
			c[1]++
		}
		k[kind] = c
	}
	return k
}

// The search splits below the first answer (issue 54) and its shards
// merge to one search's tree, byte for byte, replayed: with every kind of
// unit solved somewhere (3 positions of 4 and 5 colours, split from a
// thousandth of the codes), and with the split of the search of a real
// game (4 positions of 4 colours, a hundredth).
func TestSearchSplitMerge(t *testing.T) {
	for _, tt := range []struct {
		game          mastermind.Game
		share, shards int
		all           bool // whether every kind of unit must be solved somewhere
	}{
		{mastermind.Game{Positions: 3, Colors: 4}, 1000, 7, true},
		{mastermind.Game{Positions: 3, Colors: 5}, 1000, 9, true},
		{mastermind.Game{Positions: 4, Colors: 4}, 100, 13, false}, // no chunks
	} {
		withShare(tt.share, func() {
			s, _ := mastermind.NewSpace(tt.game)
			parts, names := shardParts(t, s, 0, tt.shards)
			se, _ := optimal.NewSearch(context.Background(), s, optimal.Options{})
			list, err := proofUnits(context.Background(), se, s, 0, proofShare)
			if err != nil {
				t.Fatal(err)
			}
			k := kinds(list, parts)
			for _, kind := range []string{"second guess", "set below", "chunk"} {
				if c := k[kind]; tt.all && c[1] == 0 || !tt.all && kind != "chunk" && c[1] == 0 {
					t.Errorf("%v: %d units of a %s, %d solved; want some", tt.game, c[0], kind, c[1])
				}
			}
			total := mergedAsOne(t, s, parts, names)
			t.Logf("%v in %d shards: %d units %v, merged to %d", tt.game, tt.shards, len(list), k, total)
		})
	}
}

// A merge of a search refuses a unit missing, twice, or whose total or
// guess can be refuted: an optimal total below the least any strategy
// reaches on its sets, or above the total of a strategy for them; a
// second guess's tree of another guess; a chunk's best guess not of the
// chunk, or not its tree's.
func TestSearchMergeRefuses(t *testing.T) {
	withShare(1000, func() {
		s, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 4})
		clean, names := shardParts(t, s, 0, 3)
		se, _ := optimal.NewSearch(context.Background(), s, optimal.Options{})
		list, _ := proofUnits(context.Background(), se, s, 0, proofShare)
		// first returns the first result solved of a unit that is, of
		// more than 2 secrets, in the parts.
		first := func(parts []*Part, is func(pu *proofUnit) bool) *Result {
			for _, p := range parts {
				for k, r := range p.Results {
					if pu := &list[r.Unit]; r.Exact && is(pu) && len(pu.set().Secrets) > 2 {
						return &p.Results[k]
					}
				}
			}
			t.Fatal("no unit solved of the kind")
			return nil
		}
		isGuess := func(pu *proofUnit) bool { return pu.guess != nil }
		isChunk := func(pu *proofUnit) bool { return pu.chunks > 0 }
		isSet := func(pu *proofUnit) bool { return pu.guess == nil && pu.chunks == 0 && len(pu.path) > 1 }
		for _, tt := range []struct {
			name string
			edit func(parts []*Part)
			want string
		}{
			{"missing", func(p []*Part) { p[1].Results = p[1].Results[1:] }, "incomplete: "},
			{"twice", func(p []*Part) { p[1].Results = append(p[1].Results[:2:2], p[1].Results[1:]...) }, "want them in order, each once"},
			{"a set's total lowered", func(p []*Part) { first(p, isSet).Total = 2 }, "the least any strategy reaches on its secrets: refuted"},
			{"a set's total raised", func(p []*Part) { first(p, isSet).Total += 500 }, "the total of a strategy for its secrets: refuted"},
			{"a second guess's total lowered", func(p []*Part) { first(p, isGuess).Total = 2 }, "the least any strategy reaches on its secrets: refuted"},
			{"a chunk's total raised", func(p []*Part) { first(p, isChunk).Total += 500 }, "the total of a strategy for its secrets: refuted"},
			{"a chunk's pick", func(p []*Part) {
				r := first(p, isChunk)
				r.Pick += list[r.Unit].chunks
			}, "is not its tree's guess"},
			{"a chunk's pick of another", func(p []*Part) { first(p, isChunk).Pick++ }, "not one of its chunk's"},
			{"a second guess's tree", func(p []*Part) {
				r := first(p, isGuess)
				var n map[string]any
				json.Unmarshal(r.tree, &n)
				n["guess"] = "3 3 3"
				r.tree, _ = json.Marshal(n)
			}, "its tree's guess 3 3 3 is not its second guess"},
		} {
			parts := make([]*Part, len(clean))
			for i, p := range clean {
				c := *p
				c.Results = append([]Result(nil), p.Results...)
				parts[i] = &c
			}
			tt.edit(parts)
			var err error
			for i := range parts {
				var b bytes.Buffer
				parts[i].WriteJSON(&b)
				if parts[i], err = readPart(&b, names[i]); err != nil {
					break
				}
			}
			if err == nil {
				_, err = Merge(parts, names)
			}
			var pe *PartError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: %v; want a *PartError saying %q", tt.name, err, tt.want)
			}
		}
	})
}

// A search shard stopped halfway continues from its checkpoint (issue
// 54): its units below the first answer come back from the sets the
// checkpoint holds, and the parts merge to one search's tree, byte for
// byte.
func TestSearchShardResumes(t *testing.T) {
	withShare(1000, func() {
		s, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 5})
		parts, names := shardParts(t, s, 0, 3)
		var saved *optimal.Checkpoint
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		opt := optimal.Options{
			Save: func(c *optimal.Checkpoint) error { saved = c; return nil },
			Progress: func(f float64) {
				if f >= 0.5 {
					cancel()
				}
			},
		}
		if _, err := Solve(ctx, s, opt, 0, 3, nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("shard 0/3 stopped halfway: %v; want context.Canceled", err)
		}
		if saved == nil || saved.Len() == 0 {
			t.Fatal("shard 0/3 stopped halfway saved no checkpoint")
		}
		var b bytes.Buffer
		if _, err := WriteCheckpoint(&b, saved); err != nil {
			t.Fatal(err)
		}
		c, err := readCheckpoint(&b, s, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Solve(context.Background(), s, optimal.Options{Resume: c}, 0, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		b.Reset()
		p.WriteJSON(&b)
		if parts[0], err = readPart(&b, names[0]); err != nil {
			t.Fatal(err)
		}
		mergedAsOne(t, s, parts, names)
	})
}
