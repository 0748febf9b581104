// Package stats keeps the statistics of the games played on the terminal's
// board (package play/board): per preset, the games played and won, the
// guess distribution and the daily code's streak, in one JSON file of the
// user's state folder, written whole or not at all. A file that cannot be
// read is set aside (renamed) with a message and the counts start again:
// statistics never stop a game.
//
// The file has the shape of the page's statistics (web/static/stats.js):
//
//	{"version": 1,
//	 "games": {"classic": {"played": 5, "won": 4, "guesses": [0, 0, 1, 2, 1],
//	                       "streak": 2, "best": 3, "last": 3}},
//	 "computer": {"classic": {"played": 2, "won": 2, "guesses": [0, 0, 0, 1, 1]}},
//	 "daily": {"classic": {"2026-11-03": {"number": 3, "won": true,
//	                       "turns": [{"guess": [0, 0, 1, 1], "black": 1, "white": 0}]}}}}
//
// games counts You guess per preset: guesses[i] the games won in i+1
// guesses; streak the dailies won on consecutive days up to the daily
// numbered last, best the longest streak. computer counts the games in
// which the computer guessed the person's code. daily keeps each daily
// played, to show its result again.
package stats

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mastermind-go/mastermind/internal/files"
)

// version is the version of the file's shape.
const version = 1

// maxSize bounds the file read: a larger one is damaged.
const maxSize = 4 << 20

// A Tally counts the games of one preset.
type Tally struct {
	Played  int   `json:"played"`
	Won     int   `json:"won"`
	Guesses []int `json:"guesses"` // Guesses[i]: the games won in i+1 guesses
	Streak  int   `json:"streak,omitempty"`
	Best    int   `json:"best,omitempty"`
	Last    int   `json:"last,omitempty"` // the number of the last daily played
}

// A Turn is a guess of a daily and its answer.
type Turn struct {
	Guess []int `json:"guess"`
	Black int   `json:"black"`
	White int   `json:"white"`
}

// A Daily is a daily code played.
type Daily struct {
	Number int    `json:"number"`
	Won    bool   `json:"won"`
	Turns  []Turn `json:"turns"`
}

// Stats are the statistics of the file.
type Stats struct {
	Version  int                         `json:"version"`
	Games    map[string]*Tally           `json:"games"`
	Computer map[string]*Tally           `json:"computer"`
	Dailies  map[string]map[string]Daily `json:"daily"`
}

// Dir returns the folder of the statistics: $XDG_STATE_HOME/mastermind,
// else ~/.local/state/mastermind; "" when neither is known.
func Dir() string {
	if d := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(d) { // the spec ignores a relative path
		return filepath.Join(d, "mastermind")
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".local", "state", "mastermind")
}

// File is the name of the statistics file in Dir.
const File = "stats.json"

// Load reads the statistics of dir. A missing file gives empty statistics;
// a damaged one is renamed stats.json.damaged-N (its contents kept) and
// gives empty statistics, with a message saying so. The message is ""
// when all went well.
func Load(dir string) (*Stats, string) {
	s := empty()
	if dir == "" {
		return s, "Statistics are not kept: no home folder and no $XDG_STATE_HOME."
	}
	path := filepath.Join(dir, File)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, ""
	}
	if err != nil {
		return s, fmt.Sprintf("Statistics not read: %v.", err)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSize+1))
	f.Close()
	if err == nil {
		err = s.decode(data)
	}
	if err == nil {
		return s, ""
	}
	aside := setAside(path)
	if aside == "" {
		return empty(), fmt.Sprintf("Statistics file %s is damaged (%v) and could not be set aside; it is left as it is.", path, err)
	}
	return empty(), fmt.Sprintf("Statistics file %s was damaged (%v): set aside as %s, counting again from zero.", path, err, filepath.Base(aside))
}

// empty returns statistics of no games.
func empty() *Stats {
	return &Stats{Version: version, Games: map[string]*Tally{}, Computer: map[string]*Tally{}, Dailies: map[string]map[string]Daily{}}
}

// decode reads data into s, checking what it reads.
func (s *Stats) decode(data []byte) error {
	if len(data) > maxSize {
		return fmt.Errorf("larger than %d bytes", maxSize)
	}
	if err := json.Unmarshal(data, s); err != nil {
		return err
	}
	if s.Version != version {
		return fmt.Errorf("version %d, not %d", s.Version, version)
	}
	for _, m := range []map[string]*Tally{s.Games, s.Computer} {
		for name, t := range m {
			if t == nil || t.Played < 0 || t.Won < 0 || t.Won > t.Played || t.Streak < 0 || t.Best < t.Streak || t.Last < 0 {
				return fmt.Errorf("the counts of %q do not add up", name)
			}
			sum := 0
			for _, n := range t.Guesses {
				if n < 0 {
					return fmt.Errorf("the counts of %q do not add up", name)
				}
				sum += n
			}
			if sum != t.Won {
				return fmt.Errorf("the guesses of %q count %d games won, not %d", name, sum, t.Won)
			}
		}
	}
	if s.Games == nil {
		s.Games = map[string]*Tally{}
	}
	if s.Computer == nil {
		s.Computer = map[string]*Tally{}
	}
	if s.Dailies == nil {
		s.Dailies = map[string]map[string]Daily{}
	}
	return nil
}

// setAside renames the damaged file at path to the first free
// path.damaged-N and returns that name, or "" when it cannot.
func setAside(path string) string {
	for n := 1; n < 1000; n++ {
		aside := fmt.Sprintf("%s.damaged-%d", path, n)
		if _, err := os.Lstat(aside); err == nil {
			continue
		}
		if os.Rename(path, aside) != nil {
			return ""
		}
		return aside
	}
	return ""
}

// Save writes s to dir, creating dir if needed, whole or not at all.
func (s *Stats) Save(dir string) error {
	if dir == "" {
		return errors.New("no folder for the statistics")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	data, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	return files.Write(filepath.Join(dir, File), func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// tally returns the tally of preset in m, made if new.
func tally(m map[string]*Tally, preset string) *Tally {
	t := m[preset]
	if t == nil {
		t = &Tally{Guesses: []int{}}
		m[preset] = t
	}
	return t
}

// count adds a game to t: won in guesses, or lost.
func (t *Tally) count(won bool, guesses int) {
	t.Played++
	if !won {
		return
	}
	t.Won++
	for len(t.Guesses) < guesses {
		t.Guesses = append(t.Guesses, 0)
	}
	t.Guesses[guesses-1]++
}

// Record counts a game of You guess of preset, won in guesses or lost.
func (s *Stats) Record(preset string, won bool, guesses int) {
	tally(s.Games, preset).count(won, guesses)
}

// RecordComputer counts a game in which the computer guessed the person's
// code of preset, found in guesses or not.
func (s *Stats) RecordComputer(preset string, found bool, guesses int) {
	tally(s.Computer, preset).count(found, guesses)
}

// RecordDaily keeps the daily of date played, counts it as a game of You
// guess and, as the page does, carries the streak on when it is won the
// day after the last daily won.
func (s *Stats) RecordDaily(preset, date string, d Daily) {
	t := tally(s.Games, preset)
	t.count(d.Won, len(d.Turns))
	switch {
	case !d.Won:
		t.Streak = 0
	case t.Last == d.Number-1:
		t.Streak++
	default:
		t.Streak = 1
	}
	t.Last = d.Number
	t.Best = max(t.Best, t.Streak)
	if s.Dailies[preset] == nil {
		s.Dailies[preset] = map[string]Daily{}
	}
	s.Dailies[preset][date] = d
}

// Tally returns the tally of You guess for preset (zero when none).
func (s *Stats) Tally(preset string) Tally {
	if t := s.Games[preset]; t != nil {
		return *t
	}
	return Tally{}
}

// Daily returns the daily of preset and date, if it was played.
func (s *Stats) Daily(preset, date string) (Daily, bool) {
	d, ok := s.Dailies[preset][date]
	return d, ok
}
