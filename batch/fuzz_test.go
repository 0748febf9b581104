package batch

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
)

// FuzzProtocol feeds arbitrary answers to the batch protocol: it never
// panics; it ends with an *mastermind.InputError, a
// *mastermind.ConflictError, or an answer "! s" that gives every test's
// answers; it never sends a string twice nor more than nine in a test.
func FuzzProtocol(f *testing.F) {
	for _, in := range []string{
		"9 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
		"9 0 9 0 9 0 9 0 9 0 9 0 9 0 9 0 9 0",
		"0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
		"0 0 0 9 0 9 0 9 0 9 0 9 0 9 0 9 0 9",
		"0 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0\n0 0 0 0 0 0 0 0 0 0 8 0 8 0 8 0 8 0",
		"x", "10 0", "5 5", "1 2\n3", "", "-1 0", "99999999999999999999 0",
	} {
		f.Add(in)
	}
	// A whole game: the answers of secret 997508460.
	var game strings.Builder
	test := func(strs [Length]string) ([Length]Answer, error) {
		var ans [Length]Answer
		for i, s := range strs {
			ans[i] = score("997508460", s)
			game.WriteString(strconv.Itoa(ans[i].Hit) + " " + strconv.Itoa(ans[i].Blow) + "\n")
		}
		return ans, nil
	}
	if _, err := Play(test); err != nil {
		f.Fatal(err)
	}
	f.Add(game.String())
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		err := Protocol(strings.NewReader(in), &out)
		var input *mastermind.InputError
		var conflict *mastermind.ConflictError
		if err != nil && !errors.As(err, &input) && !errors.As(err, &conflict) {
			t.Fatalf("error %v (%T), want an InputError or a ConflictError", err, err)
		}
		words := strings.Fields(in)
		sent := map[string]bool{}
		var answer string
		tests := 0
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if s, ok := strings.CutPrefix(line, "! "); ok {
				answer = s
				continue
			}
			strs := strings.Fields(strings.TrimPrefix(line, "? "))
			if !strings.HasPrefix(line, "? ") || len(strs) != Length {
				t.Fatalf("line %q is not a test", line)
			}
			for _, s := range strs {
				if len(s) != Length || strings.Trim(s, "0123456789") != "" || sent[s] {
					t.Fatalf("test %d: %q not 9 digits or sent twice", tests+1, s)
				}
				sent[s] = true
			}
			tests++
		}
		if err != nil {
			return
		}
		if answer == "" || len(answer) != Length {
			t.Fatalf("no answer: output %q", out.String())
		}
		// The answer gives every test's answers.
		lines := strings.Split(out.String(), "\n")
		for i := range tests {
			var want [Length]Answer
			for j := range Length {
				h, _ := strconv.Atoi(words[18*i+2*j])
				b, _ := strconv.Atoi(words[18*i+2*j+1])
				want[j] = Answer{h, b}
			}
			sortAnswers(&want)
			var strs [Length]string
			copy(strs[:], strings.Fields(strings.TrimPrefix(lines[i], "? ")))
			if got := signature(answer, strs); got != want {
				t.Fatalf("answer %s gives %v to test %d, not %v", answer, got, i+1, want)
			}
		}
	})
}
