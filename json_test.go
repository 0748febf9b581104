package mastermind_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// TestJSON checks the JSON form of codes and answers, the web API's: a code
// is an array of colour numbers (not base64), an answer {"black","white"},
// and a code read back is the code written.
func TestJSON(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{mastermind.Code{0, 1, 12, 255}, `[0,1,12,255]`},
		{mastermind.Code{}, `[]`},
		{[]mastermind.Code{{3}, {4, 5}}, `[[3],[4,5]]`},
		{mastermind.Feedback{Black: 1, White: 2}, `{"black":1,"white":2}`},
		{struct {
			mastermind.Feedback
			N int `json:"n"`
		}{mastermind.Feedback{Black: 4}, 7}, `{"black":4,"white":0,"n":7}`},
	} {
		got, err := json.Marshal(c.v)
		if err != nil || string(got) != c.want {
			t.Errorf("json.Marshal(%#v) = %s, %v; want %s", c.v, got, err, c.want)
		}
	}
	var c mastermind.Code
	if err := json.Unmarshal([]byte(` [0, 1,12,255]`), &c); err != nil || !slices.Equal(c, mastermind.Code{0, 1, 12, 255}) {
		t.Errorf("Unmarshal: %v, %v", c, err)
	}
	if err := json.Unmarshal([]byte(`null`), &c); err != nil || len(c) != 4 {
		t.Errorf("Unmarshal null: %v, %v; want the code left as it was", c, err)
	}
	for _, bad := range []string{`[256]`, `[-1]`, `"AAEM"`, `[1.5]`, `{}`} {
		var c mastermind.Code
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("Unmarshal(%s) = %v, want an error", bad, c)
		}
	}
}
