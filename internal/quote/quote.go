// Package quote makes the values from input that messages and echoes
// repeat safe to print: cut to a few dozen bytes, whatever their length in
// the input, and without control characters, so that no input can fill a
// terminal or a log, or write to a terminal escape sequences it did not
// show.
//
// Kind: a leaf helper, importing nothing of the project (internal/README.md).
package quote

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Max is how many bytes of a value a message quotes.
const Max = 40

// Cut returns s for a message: its ends of line trimmed, at most n bytes of
// it (cut before a character, "..." marking the cut), and every control or
// format character and every byte that is not UTF-8 written as an escape
// (\x1b, \x09, \u202e). The n bytes are those of s, before the escapes.
func Cut(s string, n int) string {
	s = strings.TrimRight(s, "\r\n")
	cut := len(s) > n
	if cut {
		for k := 0; k < utf8.UTFMax-1 && n > 0 && !utf8.RuneStart(s[n]); k++ {
			n--
		}
		s = s[:n]
	}
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case r < 0x80 && unicode.IsControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.In(r, unicode.Zl, unicode.Zp):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
		s = s[size:]
	}
	if cut {
		b.WriteString("...")
	}
	return b.String()
}
