// Package cmdline is the grammar of the mastermind command's flags: flags
// parsed with messages that name the flag as the help writes it ("-p",
// "--games") and the kind of value it takes, positional arguments among
// the flags, and which flags were given. A mistake is a
// *mastermind.InputError (exit status 2); -h and --help are ErrHelp.
//
// Kind: command-line plumbing, imported by cmd/ only (internal/README.md).
package cmdline

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mastermind-go/mastermind"
)

// ErrHelp asks for a command's usage on standard output.
var ErrHelp = errors.New("help requested")

// usageError reports bad usage: exit status 2.
func usageError(format string, args ...any) error {
	return &mastermind.InputError{Err: fmt.Errorf(format, args...)}
}

// Parse parses args into fs, mapping -h to ErrHelp and other errors to
// usage errors; no positional arguments are allowed.
func Parse(fs *flag.FlagSet, args []string) error {
	if err := ParseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError("unexpected argument %q (see --help)", fs.Arg(0))
	}
	return nil
}

// ParseInterleaved parses args into fs as Parse does, but takes
// positional arguments between the flags too ("solve FILE --explain"), and
// returns them.
func ParseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := ParseArgs(fs, args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// Given returns the first of the flags names that the command line
// gave, as written there ("-p", "--cases"), or "" if none: for flags that
// apply only with another, which would otherwise be ignored.
func Given(fs *flag.FlagSet, names ...string) string {
	var given string
	fs.Visit(func(f *flag.Flag) {
		if given == "" && slices.Contains(names, f.Name) {
			given = Dashed(f.Name)
		}
	})
	return given
}

// GivenOther returns the first flag the command line gave that is not
// among names, as written there, or "" if none: for an option that takes
// no other flags.
func GivenOther(fs *flag.FlagSet, names ...string) string {
	var other string
	fs.Visit(func(f *flag.Flag) {
		if other == "" && !slices.Contains(names, f.Name) {
			other = Dashed(f.Name)
		}
	})
	return other
}

// Dashed returns a flag's name as the help writes it: "-p", "--games".
func Dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// ParseArgs parses args into fs (positional arguments are left in
// fs.Args()), mapping -h to ErrHelp and other errors to usage errors.
func ParseArgs(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	fs.VisitAll(func(f *flag.Flag) {
		if _, done := f.Value.(nonEmpty); !done && !isBool(f.Value) {
			f.Value = nonEmpty{f.Value}
		}
	})
	err := fs.Parse(args)
	if err == nil {
		return nil
	}
	if errors.Is(err, flag.ErrHelp) {
		return ErrHelp
	}
	return usageError("%s (see --help)", flagMessage(fs, err))
}

// A nonEmpty is the value of a flag that takes one: an empty value, as in
// --addr "$UNSET" with the variable unset, is a mistake, never the flag
// left out.
type nonEmpty struct{ flag.Value }

func (v nonEmpty) Set(s string) error {
	if s == "" {
		return errEmpty
	}
	return v.Value.Set(s)
}

// Get returns the value, for the messages of flagMessage.
func (v nonEmpty) Get() any {
	if g, ok := v.Value.(flag.Getter); ok {
		return g.Get()
	}
	return nil
}

var errEmpty = errors.New("an empty value: give one, or leave the flag out")

// isBool reports whether v is the value of a flag that takes none (--json).
func isBool(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagMessage says what is wrong in an error of fs.Parse, naming the flag
// as the help writes it ("--timeout", "-p"); for a value that is not of
// the flag's kind, the kind it takes ("--timeout \"5\": want a duration,
// like 20s or 500ms") rather than the flag package's "parse error".
func flagMessage(fs *flag.FlagSet, err error) string {
	msg := strings.TrimPrefix(err.Error(), "flag: ")
	for _, words := range []string{"flag provided but not defined: -", "flag needs an argument: -"} {
		if name, ok := strings.CutPrefix(msg, words); ok {
			return words[:len(words)-1] + Dashed(name)
		}
	}
	// invalid value "V" for flag -NAME: REASON, or for a bool flag
	// invalid boolean value "V" for -NAME: REASON.
	rest, ok := strings.CutPrefix(msg, "invalid value ")
	if !ok {
		if rest, ok = strings.CutPrefix(msg, "invalid boolean value "); !ok {
			return msg
		}
	}
	quoted, rest, ok := strings.Cut(rest, " for ")
	if !ok {
		return msg
	}
	name, reason, ok := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(rest, "flag "), "-"), ": ")
	f := fs.Lookup(name)
	if !ok || f == nil {
		return msg
	}
	if reason == "parse error" {
		if g, ok := f.Value.(flag.Getter); ok {
			switch g.Get().(type) {
			case bool:
				reason = "want true or false"
			case int, int64:
				reason = "want a whole number"
			case uint, uint64:
				reason = "want a whole number, 0 or more"
			case float64:
				reason = "want a number"
			case time.Duration:
				reason = "want a duration, like 20s or 500ms"
			}
		}
	}
	return fmt.Sprintf("%s %s: %s", Dashed(name), quoted, reason)
}

// Table writes rows of a name and its description as the help texts do:
// label at the left of the first line, each name at column col in a field
// of nameWidth, its description after it, wrapped at width (a word longer
// than the room stays whole). Lines end in a newline but the last.
func Table(label string, col, nameWidth, width int, rows [][2]string) string {
	var b strings.Builder
	for i, row := range rows {
		line := strings.Repeat(" ", col) + fmt.Sprintf("%-*s", nameWidth, row[0])
		if i == 0 {
			line = fmt.Sprintf("%-*s", col, label) + line[col:]
		}
		empty := true
		for _, word := range strings.Fields(row[1]) {
			if !empty && len(line)+1+len(word) > width {
				b.WriteString(strings.TrimRight(line, " ") + "\n")
				line, empty = strings.Repeat(" ", col+nameWidth), true
			}
			if !empty {
				line += " "
			}
			line, empty = line+word, false
		}
		b.WriteString(strings.TrimRight(line, " "))
		if i < len(rows)-1 {
			b.WriteString("\n")
		}
	}
	return b.String()
}
