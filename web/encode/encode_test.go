package encode

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/adversary"
	"github.com/mastermind-go/mastermind/explain"
	"github.com/mastermind-go/mastermind/tree"
)

// Each result's answers are written in exactly the keys Keys lists, the
// engine's own keys hidden; under black-white the result is itself.
func TestOf(t *testing.T) {
	answers := map[mastermind.Rule]mastermind.Feedback{
		mastermind.BlackWhite: {Black: 1, White: 2},
		mastermind.BlackOnly:  {Black: 3},
		mastermind.Slots:      {Black: 1, White: 1, Marks: "GY.."},
	}
	want := map[mastermind.Rule]map[string]any{
		mastermind.BlackWhite: {"black": 1.0, "white": 2.0},
		mastermind.BlackOnly:  {"black": 3.0},
		mastermind.Slots:      {"marks": "GY.."},
	}
	for _, r := range mastermind.Rules() {
		f := answers[r]
		for _, c := range []struct {
			v    any
			path []string // to the object that holds the answer
			also []string // its keys beside the answer's
		}{
			{f, nil, nil},
			{&explain.Explanation{Parts: []explain.Part{{Feedback: f, Codes: 5}}}, []string{"answers"}, []string{"codes"}},
			{&explain.Report{Steps: []explain.Step{{Feedback: f}}}, []string{"steps"}, []string{"guess", "before", "after", "bits", "expected", "best", "skill", "luck"}},
			{&tree.Point{Branches: []tree.Branch{{Feedback: f}}}, []string{"answers"}, []string{"secrets", "total", "most"}},
			{adversary.Reply{Feedback: f, Remaining: 4}, nil, []string{"remaining"}},
		} {
			data, err := json.Marshal(Of(r, c.v))
			if err != nil {
				t.Fatal(err)
			}
			var v any
			json.Unmarshal(data, &v)
			for _, p := range c.path {
				v = v.(map[string]any)[p].([]any)[0]
			}
			got := v.(map[string]any)
			for _, k := range c.also {
				delete(got, k)
			}
			if !maps.Equal(got, want[r]) || !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(slices.Values(Keys(r)))) {
				t.Errorf("%v %T: %s, want the answer %v", r, c.v, data, want[r])
			}
		}
		if r == mastermind.BlackWhite && Of(r, f) != any(f) {
			t.Errorf("black-white: Of(%v) is not itself", f)
		}
	}
}
