package stats

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// TestMain is also a board of TestConcurrent, run as a process of its own:
// with STATS_TEST_DIR set it records STATS_TEST_GAMES games there, one
// Update each, and ends.
func TestMain(m *testing.M) {
	if dir := os.Getenv("STATS_TEST_DIR"); dir != "" {
		n, _ := strconv.Atoi(os.Getenv("STATS_TEST_GAMES"))
		for range n {
			if _, note := Update(dir, func(s *Stats) { s.Record("classic", true, 3) }); note != "" {
				fmt.Fprintln(os.Stderr, note)
				os.Exit(1)
			}
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

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
	dir := filepath.Join(t.TempDir(), "mastermind")
	s, note := Load(dir)
	if note != "" || s.Tally("classic").Played != 0 {
		t.Fatalf("no file: %+v, %q", s.Tally("classic"), note)
	}
	for _, won := range []bool{true, true, false} {
		if _, note := Update(dir, func(s *Stats) { s.Record("classic", won, map[bool]int{true: 4, false: 10}[won]) }); note != "" {
			t.Fatal(note)
		}
	}
	w, note := Update(dir, func(s *Stats) { s.RecordComputer("bulls", true, 6) })
	r, _ := Load(dir)
	for _, s := range []*Stats{w, r} {
		got := s.Tally("classic")
		if note != "" || got.Played != 3 || got.Won != 2 || len(got.Guesses) != 4 || got.Guesses[3] != 2 || s.Computer["bulls"].Guesses[5] != 1 {
			t.Errorf("read back: %+v, computer %+v, %q", got, s.Computer["bulls"], note)
		}
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*")); len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// Issue 68: two boards open at once each count their game, and the file
// holds both. Board A (a practice game) and board B load the statistics
// as they start; B plays today's daily and gives it up; then A's game
// ends. Before Update, A wrote its view of the file and B's daily was
// gone ("played 1" for two games, the daily offered again).
func TestTwoBoards(t *testing.T) {
	dir := t.TempDir()
	a, _ := Load(dir) // board A starts
	b, _ := Load(dir) // board B starts
	if a.Tally("classic").Played+b.Tally("classic").Played != 0 {
		t.Fatal("games before the boards start")
	}
	daily := Daily{Number: 37, Won: false, Turns: []Turn{{Guess: []int{0, 0, 1, 1}, Black: 1, White: 0}}}
	b, note := Update(dir, func(s *Stats) { s.RecordDaily("classic", "2026-12-07", daily) })
	if note != "" || b.Tally("classic").Played != 1 {
		t.Fatalf("board B: %+v, %q", b.Tally("classic"), note)
	}
	a, note = Update(dir, func(s *Stats) { s.Record("classic", true, 5) })
	if note != "" {
		t.Fatal(note)
	}
	r, _ := Load(dir)
	for who, s := range map[string]*Stats{"board A's": a, "the file's": r} {
		_, kept := s.Daily("classic", "2026-12-07")
		if got := s.Tally("classic"); got.Played != 2 || got.Won != 1 || !kept {
			t.Errorf("%s statistics: %+v, the daily kept %v; want played 2, won 1, the daily kept", who, got, kept)
		}
	}
}

// Boards that end their games at the same moment, as goroutines and as
// processes, each of many games: every game is counted.
func TestConcurrent(t *testing.T) {
	dir := t.TempDir()
	const boards, games = 4, 25
	var wg sync.WaitGroup
	errs := make(chan string, 2*boards)
	for range boards {
		wg.Go(func() {
			for range games {
				if _, note := Update(dir, func(s *Stats) { s.Record("classic", false, 10) }); note != "" {
					errs <- note
					return
				}
			}
		})
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "STATS_TEST_DIR="+dir, "STATS_TEST_GAMES="+strconv.Itoa(games))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Sprintf("a board's process: %v: %s", err, out)
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	s, note := Load(dir)
	if got := s.Tally("classic"); note != "" || got.Played != 2*boards*games || got.Won != boards*games {
		t.Errorf("%d boards of %d games as goroutines and %d as processes: %+v, %q; want played %d, won %d", boards, games, boards, got, note, 2*boards*games, boards*games)
	}
}

// Issue 68: the state folder is made below a home folder that is there,
// or in the parent of $XDG_STATE_HOME, never the home folder or the
// parents of either (with HOME=/nonexistent/x the board made /nonexistent,
// as root); where it
// cannot be, the messages say where the statistics could not be kept, and
// the game is counted in what Update returns.
func TestStateFolder(t *testing.T) {
	tmp := t.TempDir()
	record := func(s *Stats) { s.Record("classic", true, 4) }
	for _, c := range []struct {
		name, home, xdg string
		made            string // the folder made, "" for none
		says            string // what the messages say when none
	}{
		{"home missing", "nonexistent/x", "", "", "the home folder " + filepath.Join(tmp, "nonexistent/x") + " is not there"},
		{"home a file", "file", "", "", "the home folder " + filepath.Join(tmp, "file") + " is not a folder"},
		{"home there", "home", "", "home/.local/state/mastermind", ""},
		{"XDG's parent missing", "home", "xdg-missing/state", "", "the folder of $XDG_STATE_HOME " + filepath.Join(tmp, "xdg-missing") + " is not there"},
		{"XDG there", "home", "xdg", "xdg/mastermind", ""},
		{"XDG's own made", "home", "xdg/state", "xdg/state/mastermind", ""},
		{"XDG in home", "home", "home/.xdg/state", "home/.xdg/state/mastermind", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, d := range []string{"home", "xdg"} {
				os.MkdirAll(filepath.Join(tmp, d), 0o755)
			}
			os.WriteFile(filepath.Join(tmp, "file"), nil, 0o644)
			t.Setenv("HOME", filepath.Join(tmp, c.home))
			t.Setenv("XDG_STATE_HOME", "")
			if c.xdg != "" {
				t.Setenv("XDG_STATE_HOME", filepath.Join(tmp, c.xdg))
			}
			_, loaded := Load(Dir())
			s, updated := Update(Dir(), record)
			if s.Tally("classic").Won != 1 {
				t.Errorf("the game is not in the statistics returned: %+v", s.Tally("classic"))
			}
			if c.made == "" {
				for _, note := range []string{loaded, updated} {
					if !strings.Contains(note, c.says) || !strings.Contains(note, Dir()) {
						t.Errorf("the message %q does not say %q and %s", note, c.says, Dir())
					}
				}
				for _, d := range []string{"nonexistent", "xdg-missing"} {
					if _, err := os.Stat(filepath.Join(tmp, d)); err == nil {
						t.Errorf("%s made", d)
					}
				}
				return
			}
			if loaded != "" || updated != "" {
				t.Errorf("messages %q, %q", loaded, updated)
			}
			if r, _ := Load(filepath.Join(tmp, c.made)); r.Tally("classic").Won != 1 || Dir() != filepath.Join(tmp, c.made) {
				t.Errorf("not saved in %s: %+v", c.made, r.Tally("classic"))
			}
			os.RemoveAll(filepath.Join(tmp, "home"))
			os.RemoveAll(filepath.Join(tmp, "xdg"))
		})
	}
	if got, note := Update("", record); got.Tally("classic").Won != 1 || !strings.Contains(note, "Statistics not saved: no home folder") {
		t.Errorf("no folder: %+v, %q", got.Tally("classic"), note)
	}
}

// A damaged file is set aside with a message, never fatal: the counts
// start again, and the next update writes a good file. Damaged includes
// counts that cannot be (issue 68: a forged played of 2^63-1 wrapped
// negative at the next game and was saved): negative, beyond the page's
// safe integers, more won than played, guesses that do not sum to won, a
// streak longer than its best or the best longer than the games won; and
// names that are no preset's or date's (__proto__), or too many presets.
func TestDamaged(t *testing.T) {
	many := map[string]any{}
	for i := range maxPresets + 1 {
		many[fmt.Sprintf("p%d", i)] = map[string]any{"played": 0, "won": 0, "guesses": []int{}}
	}
	tooMany, _ := json.Marshal(map[string]any{"version": 1, "games": many})
	for name, data := range map[string]string{
		"not JSON":        "{\"version\": 1, \"games\": {",
		"another version": `{"version": 2}`,
		"counts":          `{"version": 1, "games": {"classic": {"played": 1, "won": 2, "guesses": [2]}}}`,
		"guesses":         `{"version": 1, "games": {"classic": {"played": 3, "won": 2, "guesses": [1]}}}`,
		"guesses over":    `{"version": 1, "games": {"classic": {"played": 3, "won": 2, "guesses": [2, 1]}}}`,
		"negative":        `{"version": 1, "games": {"classic": {"played": -1, "won": 0, "guesses": []}}}`,
		"2^63-1":          `{"version": 1, "games": {"classic": {"played": 9223372036854775807, "won": 0, "guesses": []}}}`,
		"2^53":            `{"version": 1, "games": {"classic": {"played": 9007199254740992, "won": 0, "guesses": []}}}`,
		"past int":        `{"version": 1, "games": {"classic": {"played": 1e300, "won": 0, "guesses": []}}}`,
		"computer":        `{"version": 1, "computer": {"classic": {"played": 9223372036854775807, "won": 0, "guesses": []}}}`,
		"streak":          `{"version": 1, "games": {"classic": {"played": 3, "won": 3, "guesses": [3], "streak": 3, "best": 2, "last": 4}}}`,
		"best":            `{"version": 1, "games": {"classic": {"played": 3, "won": 3, "guesses": [3], "streak": 3, "best": 4, "last": 4}}}`,
		"last":            `{"version": 1, "games": {"classic": {"played": 0, "won": 0, "guesses": [], "last": 9007199254740992}}}`,
		"__proto__":       `{"version": 1, "games": {"__proto__": {"played": 1, "won": 0, "guesses": []}}}`,
		"daily preset":    `{"version": 1, "daily": {"Classic!": {}}}`,
		"daily date":      `{"version": 1, "daily": {"classic": {"__proto__": {"number": 3, "won": false, "turns": []}}}}`,
		"daily turn":      `{"version": 1, "daily": {"classic": {"2026-11-03": {"number": 3, "won": false, "turns": [{"guess": [-1], "black": 0, "white": 0}]}}}}`,
		"progress date":   `{"version": 1, "progress": {"classic": {"2026-13-03": {"number": 3, "turns": []}}}}`,
		"progress number": `{"version": 1, "progress": {"classic": {"2026-11-03": {"number": -3, "turns": []}}}}`,
		"evil":            `{"version": 1, "evil": {"classic": {"played": 1, "won": 2, "guesses": [2]}}}`,
		"too many":        string(tooMany),
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
		os.WriteFile(path, []byte(data), 0o644) // damaged again: Update sets it aside too
		if s, note := Update(dir, func(s *Stats) { s.Record("classic", true, 3) }); s.Tally("classic").Won != 1 || !strings.Contains(note, "stats.json.damaged-2") {
			t.Errorf("%s: updating a damaged file: %+v, %q", name, s.Tally("classic"), note)
		}
		if again, note := Load(dir); note != "" || again.Tally("classic").Won != 1 {
			t.Errorf("%s: the file saved after reads %+v, %q", name, again.Tally("classic"), note)
		}
	}
}

// Update never writes a file that Load would set aside: a game recorded
// under a name that is no preset's, or a daily of no date, is not saved,
// with a message, and the file stays as it was.
func TestRefusedRecord(t *testing.T) {
	dir := t.TempDir()
	Update(dir, func(s *Stats) { s.Record("classic", true, 4) })
	before, _ := os.ReadFile(filepath.Join(dir, File))
	for _, record := range []func(*Stats){
		func(s *Stats) { s.Record("Classic!", true, 4) },
		func(s *Stats) {
			s.RecordDaily("classic", "yesterday", Daily{Number: 3, Won: true, Turns: make([]Turn, 1)})
		},
		func(s *Stats) { s.SetProgress("classic", "2026-12-07", Progress{Number: -1}) },
	} {
		if _, note := Update(dir, record); !strings.HasPrefix(note, "Statistics not saved: ") {
			t.Errorf("a record Load would refuse: %q", note)
		}
	}
	if after, _ := os.ReadFile(filepath.Join(dir, File)); string(after) != string(before) {
		t.Errorf("the file changed:\n%s", after)
	}
}

// Counts at the page's largest safe integer read, and stay there: a game
// that would pass it is not counted, and the file stays one the page and
// this package read.
func TestSaturated(t *testing.T) {
	dir := t.TempDir()
	data := fmt.Sprintf(`{"version": 1, "games": {"classic": {"played": %d, "won": %d, "guesses": [0, %d]}}, "computer": {"classic": {"played": %d, "won": 0, "guesses": []}}}`, maxCount, maxCount, maxCount, maxCount)
	os.WriteFile(filepath.Join(dir, File), []byte(data), 0o644)
	s, note := Update(dir, func(s *Stats) {
		s.Record("classic", true, 2)
		s.Record("classic", false, 10)
		s.RecordComputer("classic", false, 10)
		if s.RecordDaily("classic", "2026-12-07", Daily{Number: 37, Won: true, Turns: make([]Turn, 2)}) {
			t.Error("a daily past the counts counted")
		}
	})
	r, again := Load(dir)
	for _, s := range []*Stats{s, r} {
		if got := s.Tally("classic"); note != "" || again != "" || got.Played != maxCount || got.Won != maxCount || got.Guesses[1] != maxCount || s.Computer["classic"].Played != maxCount {
			t.Errorf("games past the largest count: %+v, computer %+v; %q, %q", got, s.Computer["classic"], note, again)
		}
	}
}

// The streak vectors (internal/testkit/vectors/streak.txt), which the
// page's recordGame is held to as well (web's TestBrowserVectorsStreak):
// issue 69, winning #37 then #36 (across time zones) no longer restarts
// the streak at the next daily; a daily recorded twice counts once.
func TestStreakVectors(t *testing.T) {
	vs := testkit.Vectors("streak")
	if len(vs) < 10 {
		t.Fatalf("%d vectors", len(vs))
	}
	for _, v := range vs {
		s := empty()
		for _, r := range strings.Fields(v.Fields[0]) {
			n, err := strconv.Atoi(r[:len(r)-1])
			if err != nil || !strings.ContainsAny(r[len(r)-1:], "+-") {
				t.Fatalf("%s: %q is no daily recorded", v.Where, r)
			}
			won := r[len(r)-1] == '+'
			d := Daily{Number: n, Won: won, Turns: make([]Turn, map[bool]int{true: 4, false: 10}[won])}
			s.RecordDaily("classic", dateOf(n), d)
		}
		got := s.Tally("classic")
		if have := fmt.Sprintf("%d %d %d %d %d", got.Played, got.Won, got.Streak, got.Best, got.Last); have != v.Fields[1] {
			t.Errorf("%s: after %s: played won streak best last %s, want %s", v.Where, v.Fields[0], have, v.Fields[1])
		}
	}
}

// dateOf returns the date of daily #n, as the vectors of streak.txt take
// it: #1 is 2026-11-01.
func dateOf(n int) string {
	return time.Date(2026, 11, n, 0, 0, 0, 0, time.UTC).Format(dateLayout)
}

// Issue 69: a daily begun is kept as it goes (its guesses), read back by
// the next board, and dropped when it is recorded; a daily begun and given
// up, then recorded again (another board), is one loss, never two games;
// one left past its day is counted lost by Settle, as on the page.
func TestProgress(t *testing.T) {
	dir := t.TempDir()
	turn := Turn{Guess: []int{0, 0, 1, 1}, Black: 1, White: 0}
	for i := 1; i <= 2; i++ {
		p := Progress{Number: 37, Turns: slices.Repeat([]Turn{turn}, i)}
		if _, note := Update(dir, func(s *Stats) { s.SetProgress("classic", "2026-12-07", p) }); note != "" {
			t.Fatal(note)
		}
	}
	s, note := Load(dir)
	if p, ok := s.Progress("classic", "2026-12-07"); note != "" || !ok || p.Number != 37 || len(p.Turns) != 2 || p.Turns[1].Black != 1 {
		t.Fatalf("the daily in progress: %+v %v, %q", p, ok, note)
	}
	given := Daily{Number: 37, Won: false, Turns: slices.Repeat([]Turn{turn}, 2)}
	won := Daily{Number: 37, Won: true, Turns: append(slices.Repeat([]Turn{turn}, 2), Turn{Guess: []int{1, 1, 0, 0}, Black: 4})}
	counted := []bool{}
	for _, d := range []Daily{given, won} {
		Update(dir, func(s *Stats) { counted = append(counted, s.RecordDaily("classic", "2026-12-07", d)) })
	}
	Update(dir, func(s *Stats) { s.SetProgress("classic", "2026-12-07", Progress{Number: 37, Turns: []Turn{turn}}) })
	s, _ = Load(dir)
	d, _ := s.Daily("classic", "2026-12-07")
	if got := s.Tally("classic"); got.Played != 1 || got.Won != 0 || d.Won || len(d.Turns) != 2 || fmt.Sprint(counted) != "[true false]" {
		t.Errorf("a daily given up, then won: %+v, kept %+v, counted %v; want played 1, won 0, the loss kept", got, d, counted)
	}
	if p, ok := s.Progress("classic", "2026-12-07"); ok {
		t.Errorf("a daily recorded is still in progress: %+v", p)
	}
	// Settle: yesterday's daily begun is lost; today's goes on.
	Update(dir, func(s *Stats) {
		s.SetProgress("classic", "2026-12-08", Progress{Number: 38, Turns: []Turn{turn}})
		s.SetProgress("classic", "2026-12-09", Progress{Number: 39, Turns: []Turn{turn}})
	})
	var settled int
	s, _ = Update(dir, func(s *Stats) { settled = s.Settle("2026-12-09") })
	_, today := s.Progress("classic", "2026-12-09")
	if got := s.Tally("classic"); settled != 1 || got.Played != 2 || got.Last != 38 || !today || len(s.InProgress["classic"]) != 1 {
		t.Errorf("settled %d: %+v, today's kept %v", settled, got, today)
	}
}

// The file the terminal writes has the page's shape: the page's Import
// (stats.js, clean) refuses a file without one of games, evil and daily,
// each an object, so all three are written even when empty; progress is
// left out when empty. (web's TestBrowserStatsTerminalFile imports it.)
func TestShape(t *testing.T) {
	dir := t.TempDir()
	Update(dir, func(s *Stats) { s.RecordComputer("classic", true, 5) })
	data, _ := os.ReadFile(filepath.Join(dir, File))
	var v map[string]json.RawMessage
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"games", "evil", "daily"} {
		if s := string(v[k]); s != "{}" {
			t.Errorf("%s: %s, want {}", k, s)
		}
	}
	if _, ok := v["progress"]; ok || string(v["version"]) != "1" {
		t.Errorf("the file: %s", data)
	}
}

// tallyFile returns a file of statistics holding tally (JSON) alone under
// name, as the vectors of tally-kept.txt and tally-damaged.txt say.
func tallyFile(name, tally string) string {
	return `{"version":1,"games":{"` + name + `":` + tally + `},"evil":{},"daily":{}}`
}

// The tallies of internal/testkit/vectors/tally-kept.txt read, under
// black and white and under another rule's name ("classic-slots"), and
// are written again as they were, the page's paired and hard with them;
// those of tally-damaged.txt set the file aside. The page is held to the
// same vectors (web's TestBrowserRuleStatsVectors).
func TestTallyVectors(t *testing.T) {
	for file, damaged := range map[string]bool{"tally-kept": false, "tally-damaged": true} {
		vs := testkit.Vectors(file)
		if len(vs) < 8 {
			t.Fatalf("%s: %d vectors", file, len(vs))
		}
		for _, v := range vs {
			if len(v.Fields) != 2 {
				t.Fatalf("%s: %d fields", v.Where, len(v.Fields))
			}
			name, tally := v.Fields[0], v.Fields[1]
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, File), []byte(tallyFile(name, tally)), 0o644)
			s, note := Load(dir)
			if damaged {
				if !strings.Contains(note, "damaged") {
					t.Errorf("%s: %s read, %q", v.Where, tally, note)
				}
				continue
			}
			if note != "" || s.Games[name] == nil {
				t.Errorf("%s: %s: %q", v.Where, tally, note)
				continue
			}
			// Written again (a game of another preset counted), the tally
			// is as it was.
			Update(dir, func(s *Stats) { s.Record("digits", true, 4) })
			data, _ := os.ReadFile(filepath.Join(dir, File))
			var got struct{ Games map[string]json.RawMessage }
			var a, b any
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatal(err)
			}
			json.Unmarshal(got.Games[name], &a)
			json.Unmarshal([]byte(tally), &b)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s: %s written again as %s", v.Where, tally, got.Games[name])
			}
		}
	}
}
