package tree_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// replayRule plays strat on every secret of s's game apart from the tree
// builder: at each point of a game the candidates are those the reference
// scorer of the rule (testkit) keeps, the strategy's guess splits them by
// the reference's answers, and each part goes on. It returns the total
// number of guesses and how many secrets took each number.
func replayRule(t *testing.T, s *mastermind.Space, strat mastermind.Strategy) (int, []int) {
	g := s.Game()
	answer := func(secret, guess mastermind.Code) mastermind.Feedback {
		return testkit.Answer[mastermind.Feedback](g.Rule.String(), secret, guess)
	}
	total, hist := 0, []int{0}
	var play func(h []mastermind.Turn, cands []int32, depth int)
	play = func(h []mastermind.Turn, cands []int32, depth int) {
		if depth > 20 {
			t.Fatalf("%v: deeper than 20 guesses after %v", g, h)
		}
		guess := s.Code(strat.Next(&mastermind.State{Space: s, History: h, Candidates: cands}))
		parts := map[string][]int32{}
		var order []string
		for _, x := range cands {
			f := answer(s.Code(int(x)), guess)
			if f.Black == g.Positions {
				total += depth
				for len(hist) <= depth {
					hist = append(hist, 0)
				}
				hist[depth]++
				continue
			}
			k := f.String() + "|" + f.Marks
			if parts[k] == nil {
				order = append(order, k)
			}
			parts[k] = append(parts[k], x)
		}
		for _, k := range order {
			part := parts[k]
			f := answer(s.Code(int(part[0])), guess)
			play(append(h[:len(h):len(h)], mastermind.Turn{Guess: guess, Feedback: f}), part, depth+1)
		}
	}
	all := make([]int32, s.Len())
	for i := range all {
		all[i] = int32(i)
	}
	play(nil, all, 1)
	return total, hist
}

// TestRulesReplay evaluates every heuristic and first on classic under
// the rules black and slots, and checks the figures against replayRule; then
// writes each tree (JSON, text, DOT) with its rule and its answers' written
// forms, and reads the JSON back to the same figures.
func TestRulesReplay(t *testing.T) {
	forms := map[mastermind.Rule]*regexp.Regexp{
		mastermind.BlackOnly: regexp.MustCompile(`^[0-3]$`),
		mastermind.Slots:     regexp.MustCompile(`^[GY.]{4}$`),
	}
	names := append([]string{"first"}, strategy.Heuristics()...)
	for _, rule := range []mastermind.Rule{mastermind.BlackOnly, mastermind.Slots} {
		g := mastermind.Classic()
		g.Rule = rule
		s, err := mastermind.NewSpace(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			strat, _ := strategy.New(name, 1)
			tr, err := tree.Build(context.Background(), s, strat)
			if err != nil {
				t.Fatal(err)
			}
			st := tr.Stats()
			total, hist := replayRule(t, s, strat)
			if st.Total != total || st.Secrets != s.Len() || !slicesEqual(st.Histogram, hist) {
				t.Errorf("%v, %s: total %d, histogram %v; replayed %d, %v", g, name, st.Total, st.Histogram, total, hist)
			}
			var buf bytes.Buffer
			if err := tr.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), `"feedback":"`+rule.String()+`"`) {
				t.Errorf("%v, %s: the JSON does not say its rule: %.200s", g, name, buf.String())
			}
			keys := regexp.MustCompile(`"([^"]*)":\{"guess"`).FindAllStringSubmatch(buf.String(), -1)
			for _, k := range keys[1:] { // the first is the root's
				if !forms[rule].MatchString(k[1]) {
					t.Fatalf("%v, %s: a branch keyed %q", g, name, k[1])
				}
			}
			back, err := tree.ReadJSON(bytes.NewReader(buf.Bytes()), s)
			if err != nil {
				t.Fatalf("%v, %s: reading the tree back: %v", g, name, err)
			}
			if bst := back.Stats(); bst.Total != st.Total {
				t.Errorf("%v, %s: read back, total %d, want %d", g, name, bst.Total, st.Total)
			}
			classic, _ := mastermind.NewSpace(mastermind.Classic())
			if _, err := tree.ReadJSON(bytes.NewReader(buf.Bytes()), classic); err == nil || !strings.Contains(err.Error(), "not for") {
				t.Errorf("%v, %s: read as a black-white tree: %v", g, name, err)
			}
			var text, dot bytes.Buffer
			tr.WriteText(&text, 2)
			tr.WriteDOT(&dot, 2)
			if !strings.HasPrefix(text.String(), "feedback "+rule.String()+"\n") || !strings.Contains(dot.String(), g.String()) {
				t.Errorf("%v, %s: text and DOT do not say the rule:\n%.200s\n%.300s", g, name, text.String(), dot.String())
			}
		}
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
