package topcoder

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CompareFiles reads both files and compares them; an error names the file
// it is about.
func TestCompareFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	game := `{"games":[{"positions":10,"colors":4,"secret":"0 1 2 3 0 1 2 3 0 1","guesses":%d,"score":%d}]}`
	old := write("old.json", fmt.Sprintf(game, 5, 4)) // score 10·log2 4 / guesses
	new := write("new.json", fmt.Sprintf(game, 4, 5))
	bad := write("bad.json", `{"games":[{"guesses":"8"}]}`)
	c, err := CompareFiles(old, new)
	if err != nil {
		t.Fatalf("CompareFiles(old, new): %v", err)
	}
	if c.Games != 1 || len(c.Differ) != 1 {
		t.Errorf("CompareFiles(old, new) = %d games, %d differing; want 1 and 1", c.Games, len(c.Differ))
	}
	for _, name := range []string{bad, filepath.Join(dir, "missing.json")} {
		if _, err := CompareFiles(old, name); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("CompareFiles(old, %s) = %v, want an error naming the file", name, err)
		}
	}
}
