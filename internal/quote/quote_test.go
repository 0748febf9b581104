package quote

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestCut(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"1 2 3 4", 40, "1 2 3 4"},
		{"1 2 3 4\r\n", 40, "1 2 3 4"},
		{"0123456789", 4, "0123..."},
		{"\x1b[2J1 2", 40, `\x1b[2J1 2`},
		{"a\tb\x00c\x7f", 40, `a\x09b\x00c\x7f`},
		{"bad \xff byte", 40, `bad \xff byte`},
		{"right\u202eleft", 40, `right\u202eleft`},
		{"\u0085next", 40, `\u0085next`},
		{"ééé", 3, "é..."}, // not half of the second é
		{"vert", 4, "vert"},
	} {
		if got := Cut(tc.in, tc.n); got != tc.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

// FuzzCut checks the two promises on any input: no more than n bytes of the
// input (each escape stands for one character), and nothing a terminal
// would act on.
func FuzzCut(f *testing.F) {
	f.Add("\x1b]0;title\x07", 8)
	f.Add(strings.Repeat("0 ", 1000), 40)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > 1000 {
			return
		}
		got := Cut(s, n)
		if !utf8.ValidString(got) {
			t.Fatalf("Cut(%q, %d) = %q, not UTF-8", s, n, got)
		}
		for _, r := range got {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
				t.Fatalf("Cut(%q, %d) = %q holds %U", s, n, got, r)
			}
		}
		if len(got) > 6*n+3 {
			t.Fatalf("Cut(%q, %d) is %d bytes long", s, n, len(got))
		}
	})
}
