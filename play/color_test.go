package play

import "testing"

// TestWantColor checks --color's words: auto draws colours only on a
// terminal, and not when NO_COLOR is set or TERM is dumb.
func TestWantColor(t *testing.T) {
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
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "1")
	if color, _ := WantColor("auto", true); color {
		t.Errorf("WantColor(auto) with NO_COLOR=1 draws colours")
	}
}
