package cmdline

import (
	"errors"
	"flag"
	"strings"
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

// TestPick: the mode of the first flag given runs, and a flag the mode
// does not take is refused, naming the modes that take it.
func TestPick(t *testing.T) {
	modes := []Mode[int]{
		{Flag: "merge", Note: "the parts say the game", Run: 1},
		{Flag: "shard", Flags: []string{"out", "json"}, Run: 2},
		{Flag: "fit", Flags: []string{"json", "p"}, Run: 3},
		{Flags: []string{"out", "json", "p"}, Unflagged: "the search", Run: 4},
	}
	for _, tt := range []struct {
		args []string
		run  int
		want string // the error, "" for none
	}{
		{nil, 4, ""},
		{[]string{"-p", "4", "--json"}, 4, ""},
		{[]string{"--shard", "x", "--out", "f"}, 2, ""},
		{[]string{"--merge"}, 1, ""},
		{[]string{"--merge", "-p", "4"}, 1, "-p means nothing with --merge: the parts say the game (see --help)"},
		{[]string{"--shard", "x", "--fit", "y"}, 2, "--shard and --fit are two modes of test: give one (see --help)"},
		{[]string{"--fit", "y", "--shard", "x"}, 2, "--shard and --fit are two modes of test: give one (see --help)"},
		{[]string{"--fit", "y", "--out", "f"}, 3, "--out goes with --shard or the search, not with --fit (see --help)"},
		{[]string{"--shard", "x", "-p", "4"}, 2, "-p goes with --fit or the search, not with --shard (see --help)"},
		{[]string{"--shard", "x", "--secret", "s"}, 2, "--secret means nothing with --shard (see --help)"},
	} {
		fs := newFlags()
		fs.Bool("merge", false, "")
		fs.String("shard", "", "")
		fs.String("fit", "", "")
		fs.String("out", "", "")
		if err := Parse(fs, tt.args); err != nil {
			t.Fatalf("%q: %v", tt.args, err)
		}
		m, err := Pick(fs, modes)
		var got string
		if err != nil {
			got = err.Error()
			var input *mastermind.InputError
			if !errors.As(err, &input) {
				t.Errorf("%q: %v is not a usage error", tt.args, err)
			}
		}
		if m.Run != tt.run || got != tt.want {
			t.Errorf("%q: mode %d, error %q; want mode %d, %q", tt.args, m.Run, got, tt.run, tt.want)
		}
	}
}

// TestTable checks the layout of help tables: the label on the first line,
// each name at its column, descriptions wrapped within the width and
// every word kept in order.
func TestTable(t *testing.T) {
	rows := [][2]string{
		{"first", "the first consistent code"},
		{"auto", "the default: optimal where a tree is shipped, entropy up to 50,000 codes, and beyond a search"},
		{"long", "averyveryveryveryverylongwordthatcannotbesplitatall x"},
	}
	got := Table("  --strategy NAME", 20, 8, 60, rows)
	lines := strings.Split(got, "\n")
	if !strings.HasPrefix(lines[0], "  --strategy NAME   first   the first") {
		t.Errorf("first line %q", lines[0])
	}
	var words []string
	names := 0
	for _, line := range lines {
		if len(line) > 60 && !strings.Contains(line, "averyvery") {
			t.Errorf("line of %d > 60 columns: %q", len(line), line)
		}
		if name := strings.TrimSpace(line[20:28]); name != "" {
			if name != rows[names][0] {
				t.Errorf("name %q at column 20, want %q", name, rows[names][0])
			}
			names++
		} else if strings.TrimSpace(line[:28]) != "" {
			t.Errorf("a continued line %q does not start at column 28", line)
		}
		words = append(words, strings.Fields(line[28:])...)
	}
	var want []string
	for _, r := range rows {
		want = append(want, strings.Fields(r[1])...)
	}
	if names != len(rows) || strings.Join(words, " ") != strings.Join(want, " ") {
		t.Errorf("Table:\n%s\nwant every name once and every word in order", got)
	}
}
