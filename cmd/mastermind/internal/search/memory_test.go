package search

import "testing"

func TestMemorySet(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Memory
	}{{"1GB", 1e9}, {"512MiB", 512 << 20}, {"1.5gib", 3 << 29}, {" 2 GB", 2e9}, {"100000000", 1e8}} {
		var m Memory
		if err := m.Set(tt.in); err != nil || m != tt.want {
			t.Errorf("Set(%q) = %d, %v; want %d", tt.in, m, err, tt.want)
		}
	}
	for _, in := range []string{"", "GB", "1XB", "1MB", "-1GB", "NaNGB", "1e300GB", "2PiB", "1 G B"} {
		var m Memory
		if err := m.Set(in); err == nil {
			t.Errorf("Set(%q) = %d, want an error", in, m)
		}
	}
	if d := DefaultMemory(); d < 64<<20 {
		t.Errorf("DefaultMemory() = %d, below 64 MiB", d)
	}
}
