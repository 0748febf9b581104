package shard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/quote"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/optimal"
)

// shardParts runs every shard of a search, four at a time, and returns
// their parts as written and read back.
func shardParts(t testing.TB, s *mastermind.Space, maxDepth, shards int) ([]*Part, []string) {
	t.Helper()
	parts := make([]*Part, shards)
	names := make([]string, shards)
	errs := make([]error, shards)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i := range shards {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			p, err := Solve(context.Background(), s, optimal.Options{MaxDepth: maxDepth}, i, shards, nil)
			if err != nil {
				errs[i] = err
				return
			}
			var b bytes.Buffer
			if err := p.WriteJSON(&b); err != nil {
				errs[i] = err
				return
			}
			names[i] = fmt.Sprintf("part-%d.json", i)
			parts[i], errs[i] = readPart(&b, names[i])
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	return parts, names
}

// TestShardsMergeToOneRun splits classic into 16 shards (17 within five
// guesses), and 4 positions of 7 colours into 40 (issue 54), and merges
// them: the tree is the one of a single search, byte for byte, and its
// replay by a scorer of the test's gives the published totals (Koyama and
// Lai's 5625, and 5626 within five guesses; Ville 2013's 11228). Without
// a depth limit the search splits below the first answer where a part
// holds more than 1/100 of the codes: 4x7 has more than its 52 units of a
// first guess and its answer, none more than 1% of the work.
func TestShardsMergeToOneRun(t *testing.T) {
	type test struct {
		game                    mastermind.Game
		maxDepth, shards, total int
	}
	tests := []test{{mastermind.Classic(), 0, 16, 5625}, {mastermind.Classic(), 5, 17, 5626}}
	if testkit.LongLane { // a few minutes of CPU
		tests = append(tests, test{mastermind.Game{Positions: 4, Colors: 7}, 0, 40, 11228})
	}
	for _, tt := range tests {
		s, _ := mastermind.NewSpace(tt.game)
		var plans []Plan
		parts := make([]*Part, tt.shards)
		names := make([]string, tt.shards)
		errs := make([]error, tt.shards)
		var wg sync.WaitGroup
		var mu sync.Mutex
		sem := make(chan struct{}, 4)
		for i := range tt.shards {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				p, err := Solve(context.Background(), s, optimal.Options{MaxDepth: tt.maxDepth}, i, tt.shards, func(p Plan) {
					mu.Lock()
					plans = append(plans, p)
					mu.Unlock()
				})
				if err == nil {
					var b bytes.Buffer
					p.WriteJSON(&b)
					names[i] = fmt.Sprintf("part-%d.json", i)
					p, err = readPart(&b, names[i])
				}
				parts[i], errs[i] = p, err
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		if got := mergedAsOne(t, s, parts, names); got != tt.total {
			t.Errorf("%v, max depth %d: %d shards merge to %d; want %d", tt.game, tt.maxDepth, tt.shards, got, tt.total)
		}
		largest, busiest := 0.0, 0.0
		for _, p := range plans {
			largest, busiest = max(largest, p.Largest), max(busiest, p.Work)
		}
		t.Logf("%v, max depth %d: %d units in %d shards, the largest unit %.2f%% of the work, the largest shard %.2f%%", tt.game, tt.maxDepth, parts[0].Units, tt.shards, 100*largest, 100*busiest)
		if tt.maxDepth == 0 && (parts[0].Units <= 52 || largest > 0.01) {
			t.Errorf("%v: %d units, the largest %.2f%% of the work; want more than 52 (first guesses and their answers), none over 1%%", tt.game, parts[0].Units, 100*largest)
		}
		// Any shard missing, and the merge names it.
		if _, err := Merge(append(parts[:3:3], parts[4:]...), append(names[:3:3], names[4:]...)); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("missing shard 3/%d", tt.shards)) {
			t.Errorf("merge without shard 3: %v", err)
		}
	}
}

// TestTooManyShards: a search has as many shards as units at most (classic:
// 10,638, split below the first answer).
func TestTooManyShards(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	_, err := Solve(context.Background(), s, optimal.Options{}, 0, 1000000, nil)
	var se *TooManyError
	if !errors.As(err, &se) || se.Units <= 52 || se.Units > 100000 {
		t.Fatalf("Solve(0/1000000) = %v; want a TooManyError naming the units (more than the 52 of a first guess and its answer)", err)
	}
}

// partJSON returns a part of a search of 3x3 in 4 shards as JSON, decoded
// into a map to be damaged.
func partJSON(t testing.TB) map[string]any {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 3})
	p, err := Solve(context.Background(), s, optimal.Options{}, 1, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	p.WriteJSON(&b)
	var m map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestHostileParts feeds readPart and Merge parts whose numbers lie: each
// is refused with a short message in the project's words (issue 30: 2^62
// shards panicked in makeslice, 10^9 ran out of memory, 10^6 shards of a
// game with 3 first guesses printed a 15.9 MB message, and a wrong type
// named Go's partFile.results of type []optimal.resultFile).
func TestHostileParts(t *testing.T) {
	for _, tt := range []struct {
		name   string
		damage func(m map[string]any)
		want   string
	}{
		{"2^62 shards", func(m map[string]any) { m["shards"] = 1 << 62 }, "shard 1 of 4611686018427387904"},
		{"10^9 shards", func(m map[string]any) { m["shards"], m["units"] = 1e9, 1e9 }, "units"},
		{"10^6 shards of few units", func(m map[string]any) { m["shards"] = 1e6 }, "want 0 <= shard < shards"},
		{"negative shard", func(m map[string]any) { m["shard"] = -1 }, "shard -1 of"},
		{"results of another type", func(m map[string]any) { m["results"] = "many" }, "results: want an array, not string"},
		{"total of another type", func(m map[string]any) { m["results"].([]any)[0].(map[string]any)["total"] = []int{1} }, "results.total: want a whole number, not array"},
		{"a huge total", func(m map[string]any) { m["results"].([]any)[0].(map[string]any)["total"] = 1e300 }, "results.total: want a whole number, not number 1e+300"},
		{"a result twice", func(m map[string]any) { m["results"] = append(m["results"].([]any), m["results"].([]any)[0]) }, "want them in order, each once"},
		{"a long guess", func(m map[string]any) {
			m["results"].([]any)[0].(map[string]any)["guess"] = strings.Repeat("0 ", 1<<20)
		}, "its guess is not a code of the game"},
		{"an answer of no game", func(m map[string]any) { m["results"].([]any)[0].(map[string]any)["answer"] = "3 0" }, "its answer"},
		{"candidates beyond the game", func(m map[string]any) { m["results"].([]any)[0].(map[string]any)["candidates"] = 1 << 40 }, "candidates"},
		{"an unknown field", func(m map[string]any) { m[strings.Repeat("x", 1000)] = 1 }, "unknown field"},
		{"a game of 10^12 codes", func(m map[string]any) { m["positions"], m["colors"] = 12, 10 }, "more than the exact search handles"},
		{"another format", func(m map[string]any) { m["format"] = strings.Repeat("y", 1<<20) }, "not a part of an optimal search"},
	} {
		m := partJSON(t)
		tt.damage(m)
		data, _ := json.Marshal(m)
		_, err := readPart(bytes.NewReader(data), "part 1")
		if err == nil {
			t.Errorf("%s: read", tt.name)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tt.want) || len(msg) > 300 || goWords.MatchString(msg) {
			t.Errorf("%s: %q (%d bytes); want a short message saying %q, without Go's words", tt.name, quote.Cut(msg, 300), len(msg), tt.want)
		}
	}
}

// goWords matches Go's words in a message: a type, a struct field.
var goWords = regexp.MustCompile(`Go |json:|\[\]|\boptimal\.\w|partFile|resultFile|int64|of type`)

// TestMergeMissingManyShards: a merge of one part of many shards names a
// few of the missing ones, not all.
func TestMergeMissingManyShards(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Classic())
	p, err := Solve(context.Background(), s, optimal.Options{}, 0, 52, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Merge([]*Part{p}, []string{"p.json"})
	if err == nil || !strings.Contains(err.Error(), "missing shard 1/52, 2/52, 3/52, 4/52, 5/52 and 46 more") {
		t.Errorf("merge of 1 of 52 shards: %v", err)
	}
}

// FuzzReadPart: no input makes readPart or Merge panic or say more than a
// few hundred bytes.
func FuzzReadPart(f *testing.F) {
	m := partJSON(f)
	seed, _ := json.Marshal(m)
	f.Add(seed)
	m["shards"] = 1
	m["shard"] = 0
	one, _ := json.Marshal(m)
	f.Add(one)
	f.Add([]byte(`{"format":"mastermind-optimal-part 2","positions":3,"colors":3,"shards":1,"units":1,"results":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := readPart(bytes.NewReader(data), "p.json")
		if err != nil {
			if len(err.Error()) > 400 {
				t.Fatalf("message of %d bytes", len(err.Error()))
			}
			return
		}
		if _, err := Merge([]*Part{p}, []string{"p.json"}); err != nil && len(err.Error()) > 600 {
			t.Fatalf("merge message of %d bytes: %s", len(err.Error()), quote.Cut(err.Error(), 300))
		}
	})
}

// ParseShard takes I/N with 0 <= I < N and nothing else.
func TestParse(t *testing.T) {
	for s, want := range map[string][2]int{"0/1": {0, 1}, "3/8": {3, 8}, "15/16": {15, 16}} {
		if i, n, ok := Parse(s); !ok || i != want[0] || n != want[1] {
			t.Errorf("Parse(%q) = %d, %d, %v; want %d, %d, true", s, i, n, ok, want[0], want[1])
		}
	}
	for _, s := range []string{"", "1", "1/1", "-1/4", "0/0", "2/x", "1/4/5", "1 /4"} {
		if i, n, ok := Parse(s); ok {
			t.Errorf("Parse(%q) = %d, %d, true; want not ok", s, i, n)
		}
	}
}

// Every code of every part is checked, not only those of the first guess
// Merge picks (issue 45: a code of 4 colours in a game of 3 merged with
// status 0 when it was in another first guess's tree).
func TestPartCodesChecked(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 3})
	p, err := Solve(context.Background(), s, optimal.Options{}, 0, 1, nil)
	for _, g := range []mastermind.Game{{Positions: 3, Colors: 4}, {Positions: 4, Colors: 4}} {
		if err == nil && solvedElsewhere(p) {
			break
		}
		s, _ = mastermind.NewSpace(g)
		p, err = Solve(context.Background(), s, optimal.Options{}, 0, 1, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Merge([]*Part{p}, []string{"p.json"})
	if err != nil {
		t.Fatal(err)
	}
	picked := s.Code(tr.Root.Guess)
	for _, bad := range []string{`{"guess":"0 0 9"}`, `{"guess":"0 0 1","next":{"3 1":{"guess":"0 1 2"}}}`, `{"guess":"0 0 1","next":{"0 0":null}}`} {
		damaged := false
		for i, r := range p.Results {
			if r.Exact && !slices.Equal(r.Guess, picked) && !damaged {
				p.Results[i].tree, damaged = json.RawMessage(bad), true
			}
		}
		if !damaged {
			t.Fatalf("%v: no unit of another first guess is solved", s.Game())
		}
		var b bytes.Buffer
		p.WriteJSON(&b)
		_, err := readPart(&b, "p.json")
		var pe *PartError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), "its tree: root") {
			t.Errorf("a part with the tree %s in a unit of another first guess: %v; want a *PartError naming its tree", bad, err)
		}
	}
}

// solvedElsewhere reports whether a part solved units of two first guesses.
func solvedElsewhere(p *Part) bool {
	choices := map[int]bool{}
	for _, r := range p.Results {
		if r.Exact {
			choices[r.Choice] = true
		}
	}
	return len(choices) > 1
}

// TestMergeInfeasibleSaysTheDepth: the parts of a search that no strategy
// meets (3 positions of 5 colours within 4 guesses, as its single search
// proves) merge to that, with the parts' depth, 4 (issue 59: it said 0).
func TestMergeInfeasibleSaysTheDepth(t *testing.T) {
	s, _ := mastermind.NewSpace(mastermind.Game{Positions: 3, Colors: 5})
	if _, err := optimal.Solve(context.Background(), s, optimal.Options{MaxDepth: 4}); !errors.Is(err, optimal.ErrInfeasible) {
		t.Fatalf("the single search of 3x5 within 4 guesses: %v, want optimal.ErrInfeasible", err)
	}
	parts, names := shardParts(t, s, 4, 10)
	_, err := Merge(parts, names)
	var ie *InfeasibleError
	if !errors.As(err, &ie) || ie.MaxDepth != 4 || !errors.Is(err, optimal.ErrInfeasible) || !strings.Contains(err.Error(), "within 4 guesses") {
		t.Errorf("merging 3x5's 10 parts within 4 guesses: %v, want an *InfeasibleError of depth 4", err)
	}
}
