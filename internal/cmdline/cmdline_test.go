package cmdline

import (
	"errors"
	"flag"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind"
)

func newFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.Int("p", 0, "")
	fs.Duration("timeout", time.Second, "")
	fs.Bool("json", false, "")
	fs.String("secret", "", "")
	fs.Func("strategy", "", func(string) error { return nil })
	return fs
}

// TestMessages: each mistake names the flag as the help writes it.
func TestMessages(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--timeout", "5"}, `--timeout "5": want a duration, like 20s or 500ms`},
		{[]string{"-p", "x"}, `-p "x": want a whole number`},
		{[]string{"--json=maybe"}, `--json "maybe": want true or false`},
		{[]string{"--frob"}, "flag provided but not defined: --frob (see --help)"},
		{[]string{"-p"}, "flag needs an argument: -p (see --help)"},
		{[]string{"file"}, `unexpected argument "file" (see --help)`},
		// An empty value is a mistake (--secret "$UNSET"), not the flag left out.
		{[]string{"--secret", ""}, `--secret "": an empty value: give one, or leave the flag out`},
		{[]string{"--secret="}, `--secret "": an empty value: give one, or leave the flag out`},
		{[]string{"--strategy", ""}, `--strategy "": an empty value: give one, or leave the flag out`},
		{[]string{"-p", ""}, `-p "": an empty value: give one, or leave the flag out`},
	} {
		err := Parse(newFlags(), tt.args)
		var input *mastermind.InputError
		if !errors.As(err, &input) {
			t.Errorf("Parse(%q) = %v, want an InputError", tt.args, err)
			continue
		}
		if got := err.Error(); got != tt.want && got != tt.want+" (see --help)" {
			t.Errorf("Parse(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
	if err := Parse(newFlags(), []string{"-h"}); err != ErrHelp {
		t.Errorf("Parse(-h) = %v, want ErrHelp", err)
	}
}

// TestInterleaved: positional arguments among the flags, and the flags
// given.
func TestInterleaved(t *testing.T) {
	fs := newFlags()
	names, err := ParseInterleaved(fs, []string{"a.txt", "--json", "b.txt", "-p", "3"})
	if err != nil || len(names) != 2 || names[0] != "a.txt" || names[1] != "b.txt" {
		t.Errorf("ParseInterleaved = %q, %v; want [a.txt b.txt]", names, err)
	}
	if got := Given(fs, "timeout", "p"); got != "-p" {
		t.Errorf("Given(timeout, p) = %q, want -p", got)
	}
	if got := Given(fs, "timeout"); got != "" {
		t.Errorf("Given(timeout) = %q, want none", got)
	}
	if got := GivenOther(fs, "json", "timeout"); got != "-p" {
		t.Errorf("GivenOther(json, timeout) = %q, want -p", got)
	}
	if got := GivenOther(fs, "p", "json"); got != "" {
		t.Errorf("GivenOther(p, json) = %q, want none", got)
	}
}
