package cmdline

import (
	"flag"
	"slices"
	"strings"
)

// A Mode is one of a command's modes, picked by a flag: it takes its own
// flags and no others, so that a flag it would ignore is refused instead.
// R is what the command does in the mode.
type Mode[R any] struct {
	Flag      string   // the flag that picks it, "" for the mode picked by none
	Flags     []string // the other flags it takes
	Note      string   // why it takes no others, if one reason says it
	Unflagged string   // its name in messages if Flag is "" ("the search")
	Run       R
}

// Name names the mode in messages: "--merge", or its Unflagged name.
func (m *Mode[R]) Name() string {
	if m.Flag == "" {
		return m.Unflagged
	}
	return Dashed(m.Flag)
}

// Pick returns the first of modes whose flag the command line gave, or
// else the last, the mode picked by no flag. A flag given that the mode
// does not take is a usage error: two modes given, or the flag with a mode
// that does not take it, naming the modes that do.
func Pick[R any](fs *flag.FlagSet, modes []Mode[R]) (Mode[R], error) {
	m := modes[len(modes)-1]
	for _, o := range modes {
		if o.Flag != "" && Given(fs, o.Flag) != "" {
			m = o
			break
		}
	}
	bad := GivenOther(fs, append(slices.Clone(m.Flags), m.Flag)...)
	if bad == "" {
		return m, nil
	}
	if m.Note != "" {
		return m, usageError("%s means nothing with %s: %s (see --help)", bad, m.Name(), m.Note)
	}
	var owners []string
	for _, o := range modes {
		if o.Flag != "" && Dashed(o.Flag) == bad {
			return m, usageError("%s and %s are two modes of %s: give one (see --help)", m.Name(), bad, fs.Name())
		}
		if slices.Contains(o.Flags, strings.TrimLeft(bad, "-")) {
			owners = append(owners, o.Name())
		}
	}
	last := len(owners) - 1
	if last < 0 {
		return m, usageError("%s means nothing with %s (see --help)", bad, m.Name())
	}
	if last > 0 {
		owners[last-1] += " or " + owners[last]
		owners = owners[:last]
	}
	return m, usageError("%s goes with %s, not with %s (see --help)", bad, strings.Join(owners, ", "), m.Name())
}
