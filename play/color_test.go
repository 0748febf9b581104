package play

import (
	"testing"

	"github.com/xo/terminfo"
)

// TestWantColor checks --color's words: auto draws colours only on a
// terminal, and not when NO_COLOR is set or TERM is dumb.
func TestWantColor(t *testing.T) {
	if _, err := terminfo.Load("xterm-mono"); err != nil {
		t.Skipf("no terminfo entry of xterm-mono here (ncurses-base has one): %v", err)
	}
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	for _, tt := range []struct {
		when                string
		terminal, color, ok bool
	}{
		{"always", false, true, true},
		{"never", true, false, true},
		{"auto", true, true, true},
		{"auto", false, false, true},
		{"sometimes", true, false, false},
	} {
		if color, ok := WantColor(tt.when, tt.terminal); color != tt.color || ok != tt.ok {
			t.Errorf("WantColor(%q, terminal %v) = %v, %v; want %v, %v", tt.when, tt.terminal, color, ok, tt.color, tt.ok)
		}
	}
	t.Setenv("TERM", "dumb")
	if color, _ := WantColor("auto", true); color {
		t.Errorf("WantColor(auto) with TERM=dumb draws colours")
	}
	t.Setenv("TERM", "xterm-mono") // issue 68: a monochrome terminal got colours
	if color, _ := WantColor("auto", true); color {
		t.Errorf("WantColor(auto) with TERM=xterm-mono draws colours")
	}
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "1")
	if color, _ := WantColor("auto", true); color {
		t.Errorf("WantColor(auto) with NO_COLOR=1 draws colours")
	}
}
