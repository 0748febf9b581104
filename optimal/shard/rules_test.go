package shard

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/optimal"
)

// TestRulesShardsMerge splits searches under black and slots into shards
// (below the first answer too) and merges them: the tree is one search's,
// byte for byte, it says its rule, and a scorer of the test's replays it
// (its branches keyed by the rule's written answers) to its total.
func TestRulesShardsMerge(t *testing.T) {
	for _, g := range []mastermind.Game{
		{Positions: 3, Colors: 4, Rule: mastermind.BlackOnly},
		{Positions: 3, Colors: 4, Rule: mastermind.Slots},
		{Positions: 4, Colors: 3, Rule: mastermind.Slots},
	} {
		s, _ := mastermind.NewSpace(g)
		for _, depth := range []int{0, 7} {
			withShare(8, func() {
				shards := 7
				if g.Rule == mastermind.BlackOnly {
					shards = 3 // one first guess (see optimal.positionClasses), three answers
				}
				parts, names := shardParts(t, s, depth, shards)
				var b bytes.Buffer
				if err := parts[0].WriteJSON(&b); err != nil || !strings.Contains(b.String(), `"feedback": "`+g.Rule.String()+`"`) {
					t.Errorf("%s: a part's JSON does not say its rule (%v): %.200s", g.Name(), err, b.String())
				}
				mergedAsOne(t, s, parts, names)
			})
		}
	}
}

// TestCheckpointRule: a checkpoint says its game's rule, so that a search
// under another rule refuses it; a black-white checkpoint's header is as
// before the rules (its repeats' byte 0 or 1).
func TestCheckpointRule(t *testing.T) {
	base := mastermind.Game{Positions: 3, Colors: 3}
	for _, rule := range mastermind.Rules() {
		g := base
		g.Rule = rule
		var b bytes.Buffer
		if _, err := WriteCheckpoint(&b, optimal.NewCheckpoint(g, 0)); err != nil {
			t.Fatal(err)
		}
		if rule == mastermind.BlackWhite && b.Bytes()[len(checkpointMagic)+2] != 0 {
			t.Errorf("a black-white checkpoint's repeats byte is %d, want 0", b.Bytes()[len(checkpointMagic)+2])
		}
		for _, other := range mastermind.Rules() {
			o := base
			o.Rule = other
			s, _ := mastermind.NewSpace(o)
			c, err := readCheckpoint(bytes.NewReader(b.Bytes()), s, 0, nil)
			var ce *CheckpointError
			switch {
			case other == rule && (err != nil || c.Game != g):
				t.Errorf("a %s checkpoint read for its game: %v, %v", g.Name(), c, err)
			case other != rule && (!errors.As(err, &ce) || !strings.Contains(err.Error(), "not for")):
				t.Errorf("a %s checkpoint read for %s: %v; want a *CheckpointError, for another game", g.Name(), o.Name(), err)
			}
		}
	}
}
