package stats

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir follows the XDG base directory spec: $XDG_STATE_HOME when it is an
// absolute path, else ~/.local/state.
func TestDir(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", "/xdg/state")
	if got := Dir(); got != "/xdg/state/mastermind" {
		t.Errorf("Dir() = %q with XDG_STATE_HOME=/xdg/state", got)
	}
	t.Setenv("HOME", "/home/ada")
	for _, x := range []string{"", "relative/state"} {
		t.Setenv("XDG_STATE_HOME", x)
		if got := Dir(); got != "/home/ada/.local/state/mastermind" {
			t.Errorf("Dir() = %q with XDG_STATE_HOME=%q", got, x)
		}
	}
}

// Games counted, saved and read back; the folder made on the way.
func TestRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "mastermind")
	s, note := Load(dir)
	if note != "" || s.Tally("classic").Played != 0 {
		t.Fatalf("no file: %+v, %q", s.Tally("classic"), note)
	}
	s.Record("classic", true, 4)
	s.Record("classic", true, 4)
	s.Record("classic", false, 10)
	s.RecordComputer("bulls", true, 6)
	if err := s.Save(dir); err != nil {
		t.Fatal(err)
	}
	r, note := Load(dir)
	got := r.Tally("classic")
	if note != "" || got.Played != 3 || got.Won != 2 || len(got.Guesses) != 4 || got.Guesses[3] != 2 || r.Computer["bulls"].Guesses[5] != 1 {
		t.Errorf("read back: %+v, computer %+v, %q", got, r.Computer["bulls"], note)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*")); len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// The streak, as the page counts it (web/static/stats.js, recordGame):
// dailies won on consecutive days; a loss ends it, a day missed restarts it.
func TestStreak(t *testing.T) {
	s := empty()
	for _, c := range []struct {
		number             int
		won                bool
		streak, best, last int
	}{
		{3, true, 1, 1, 3},
		{4, true, 2, 2, 4},
		{5, true, 3, 3, 5},
		{7, true, 1, 3, 7}, // #6 missed
		{8, false, 0, 3, 8},
		{9, true, 1, 3, 9},
	} {
		turns := make([]Turn, 4)
		s.RecordDaily("classic", "day", Daily{Number: c.number, Won: c.won, Turns: turns})
		if got := s.Tally("classic"); got.Streak != c.streak || got.Best != c.best || got.Last != c.last {
			t.Errorf("after daily #%d (won %v): streak %d, best %d, last %d; want %d, %d, %d", c.number, c.won, got.Streak, got.Best, got.Last, c.streak, c.best, c.last)
		}
	}
}

// A damaged file is set aside with a message, never fatal: the counts
// start again, and the next save writes a good file.
func TestDamaged(t *testing.T) {
	for name, data := range map[string]string{
		"not JSON":        "{\"version\": 1, \"games\": {",
		"another version": `{"version": 2}`,
		"counts":          `{"version": 1, "games": {"classic": {"played": 1, "won": 2, "guesses": [2]}}}`,
		"guesses":         `{"version": 1, "games": {"classic": {"played": 3, "won": 2, "guesses": [1]}}}`,
		"too large":       `{"version": 1, "x": "` + strings.Repeat("a", maxSize) + `"}`,
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, File)
		os.WriteFile(path, []byte(data), 0o644)
		s, note := Load(dir)
		if s == nil || s.Tally("classic").Played != 0 || !strings.Contains(note, "damaged") || !strings.Contains(note, "stats.json.damaged-1") {
			t.Errorf("%s: %q", name, note)
		}
		if kept, err := os.ReadFile(path + ".damaged-1"); err != nil || string(kept) != data {
			t.Errorf("%s: the damaged file is not kept aside: %v", name, err)
		}
		s.Record("classic", true, 3)
		if err := s.Save(dir); err != nil {
			t.Fatal(err)
		}
		if again, note := Load(dir); note != "" || again.Tally("classic").Won != 1 {
			t.Errorf("%s: the file saved after reads %+v, %q", name, again.Tally("classic"), note)
		}
	}
}
