// Package stats keeps the statistics of the games played on the terminal's
// board (package play/board): per preset, the games played and won, the
// guess distribution and the daily code's streak, and the daily in
// progress, in one JSON file of the user's state folder.
//
// The file has the shape of the page's statistics (web/static/stats.js),
// so that the page's Import takes it (it ignores computer and progress):
//
//	{"version": 1,
//	 "games": {"classic": {"played": 5, "won": 4, "guesses": [0, 0, 1, 2, 1],
//	                       "streak": 2, "best": 3, "last": 3}},
//	 "evil": {},
//	 "computer": {"classic": {"played": 2, "won": 2, "guesses": [0, 0, 0, 1, 1]}},
//	 "daily": {"classic": {"2026-11-03": {"number": 3, "won": true,
//	                       "turns": [{"guess": [0, 0, 1, 1], "black": 1, "white": 0}]}}},
//	 "progress": {"classic": {"2026-11-04": {"number": 4,
//	                       "turns": [{"guess": [0, 1, 2, 3], "black": 0, "white": 2}]}}}}
//
// games counts You guess per preset, and apart the games of a preset
// under another answer rule, under the game's name (mastermind.Game.Name,
// "classic-slots": the page counts its games under the same names):
// guesses[i] the games won in i+1 guesses; streak the dailies won on
// consecutive days up to the daily numbered last, best the longest
// streak. evil is the page's (the board has no evil codemaker: kept as
// read). computer counts the games in which the computer guessed the
// person's code, by the same names. A tally's paired and hard are the
// page's (the engine's guesses beside yours, hard mode): kept as read,
// and checked as the page checks them. daily keeps each daily played, to
// show its result again; progress each daily begun and not yet over, to
// take it up again (the page keeps its own apart, in localStorage
// mastermind.daily).
//
// The rules of the counts are the page's (recordGame and isTally in
// stats.js): the vectors of internal/testkit/vectors/tally-kept.txt and
// tally-damaged.txt hold both to what a tally may hold, and those of
// streak.txt to how a daily counts: a daily counts once, its first result
// standing; only a daily numbered above last moves the streak, which goes
// on when it is won and numbered last+1, starts again at 1 when won after
// a gap, and is 0 after a loss.
//
// Every board shares the file: [Update] changes it under a lock (an flock
// of stats.lock beside it; none where there is no flock, as on Windows),
// reading it afresh and writing it whole (never a game lost to another
// board's write); [Load] reads it. A file that cannot be read as statistics (not
// JSON, another version, counts that do not add up, beyond the page's
// safe integers, names that are no preset's or date's) is set aside
// (renamed) with a message and the counts start again: statistics never
// stop a game, and the messages are meant for the player.
package stats

import (
	"encoding/json"
	"fmt"
	"regexp"
	"time"
)

// version is the version of the file's shape.
const version = 1

// Bounds of the values read, the page's (stats.js): a count is a safe
// integer of JavaScript (at most 2^53-1; a game that would pass it is not
// counted), no game takes maxGuesses guesses, no code maxPositions
// positions. maxPresets bounds the presets of each group.
const (
	maxCount     = 1<<53 - 1
	maxGuesses   = 10000
	maxPositions = 100
	maxPresets   = 100
)

// A Tally counts the games of one preset.
type Tally struct {
	Played  int     `json:"played"`
	Won     int     `json:"won"`
	Guesses []int   `json:"guesses"` // Guesses[i]: the games won in i+1 guesses
	Streak  int     `json:"streak,omitempty"`
	Best    int     `json:"best,omitempty"`
	Last    int     `json:"last,omitempty"`   // the number of the last daily that moved the streak; 0: none
	Paired  *Paired `json:"paired,omitempty"` // the page's: games won whose secret the engine played too
	Hard    *Tally  `json:"hard,omitempty"`   // the page's: the games of hard mode, counted again
}

// Paired sums, over the games won whose secret the engine also played (on
// the page), the person's guesses and the engine's.
type Paired struct {
	Games  int `json:"games"`
	You    int `json:"you"`
	Engine int `json:"engine"`
}

// UnmarshalJSON reads a tally as the page does (isTally in stats.js):
// played, won and guesses present, and no field null, rather than read
// as 0.
func (t *Tally) UnmarshalJSON(data []byte) error {
	if err := fields(data, "played", "won", "guesses"); err != nil {
		return err
	}
	type plain Tally // without this method
	return json.Unmarshal(data, (*plain)(t))
}

// UnmarshalJSON reads paired counts as the page does: all three present,
// none null.
func (p *Paired) UnmarshalJSON(data []byte) error {
	if err := fields(data, "games", "you", "engine"); err != nil {
		return err
	}
	type plain Paired
	return json.Unmarshal(data, (*plain)(p))
}

// fields reports an error unless data is a JSON object that holds each
// of the required names and no field that is null.
func fields(data []byte, required ...string) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	if m == nil {
		return fmt.Errorf("null where counts belong")
	}
	for _, name := range required {
		if _, ok := m[name]; !ok {
			return fmt.Errorf("no %q in the counts", name)
		}
	}
	for name, v := range m {
		if string(v) == "null" {
			return fmt.Errorf("%.40q is null, not a count", name)
		}
	}
	return nil
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

// A Progress is a daily code begun and not over: its number and the
// guesses made so far, with their answers.
type Progress struct {
	Number int    `json:"number"`
	Turns  []Turn `json:"turns"`
}

// Stats are the statistics of the file. Its maps are keyed by preset, and
// Dailies' and InProgress' inner maps by date ("2006-01-02").
type Stats struct {
	Version    int                            `json:"version"`
	Games      map[string]*Tally              `json:"games"`
	Evil       map[string]*Tally              `json:"evil"`
	Computer   map[string]*Tally              `json:"computer"`
	Dailies    map[string]map[string]Daily    `json:"daily"`
	InProgress map[string]map[string]Progress `json:"progress,omitempty"`
}

// empty returns statistics of no games.
func empty() *Stats {
	return &Stats{Version: version, Games: map[string]*Tally{}, Evil: map[string]*Tally{}, Computer: map[string]*Tally{}, Dailies: map[string]map[string]Daily{}, InProgress: map[string]map[string]Progress{}}
}

// presetName is the shape of a preset's name in the file; dateLayout the
// layout of a daily's date.
var presetName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

const dateLayout = "2006-01-02"

// decode reads data into s, checking what it reads.
func (s *Stats) decode(data []byte) error {
	if err := json.Unmarshal(data, s); err != nil {
		return err
	}
	if s.Version != version {
		return fmt.Errorf("version %d, not %d", s.Version, version)
	}
	if err := s.check(); err != nil {
		return err
	}
	if s.Games == nil {
		s.Games = map[string]*Tally{}
	}
	if s.Evil == nil {
		s.Evil = map[string]*Tally{}
	}
	if s.Computer == nil {
		s.Computer = map[string]*Tally{}
	}
	if s.Dailies == nil {
		s.Dailies = map[string]map[string]Daily{}
	}
	if s.InProgress == nil {
		s.InProgress = map[string]map[string]Progress{}
	}
	return nil
}

// check reports the first value of s that is not of its shape: a count
// negative or past maxCount, won more than played, guesses that do not
// sum to won, a streak longer than the best or than the games won, a
// name that is no preset's or date's, a turn no game has.
func (s *Stats) check() error {
	for _, m := range []map[string]*Tally{s.Games, s.Evil, s.Computer} {
		if len(m) > maxPresets {
			return fmt.Errorf("%d presets, more than there are", len(m))
		}
		for name, t := range m {
			if !presetName.MatchString(name) {
				return fmt.Errorf("%.40q is no preset's name", name)
			}
			if err := t.check(); err != nil {
				return fmt.Errorf("the counts of %q %v", name, err)
			}
		}
	}
	if err := checkDays(s.Dailies, func(d Daily) error { return checkTurns(d.Number, d.Turns) }); err != nil {
		return err
	}
	return checkDays(s.InProgress, func(p Progress) error { return checkTurns(p.Number, p.Turns) })
}

// check reports whether t's counts are of their shape, its paired and
// hard too.
func (t *Tally) check() error {
	if t == nil {
		return fmt.Errorf("are missing")
	}
	for _, n := range []int{t.Played, t.Won, t.Streak, t.Best, t.Last} {
		if !isCount(n) {
			return fmt.Errorf("hold %d, no count from 0 to 2^53-1", n)
		}
	}
	if t.Won > t.Played || t.Streak > t.Best || t.Best > t.Won {
		return fmt.Errorf("do not add up (played %d, won %d, streak %d, best %d)", t.Played, t.Won, t.Streak, t.Best)
	}
	if t.Guesses == nil {
		return fmt.Errorf("have no guesses")
	}
	if len(t.Guesses) > maxGuesses {
		return fmt.Errorf("count games of %d guesses", len(t.Guesses))
	}
	sum := 0
	for _, n := range t.Guesses {
		if n < 0 || n > t.Won-sum {
			return fmt.Errorf("do not add up: the guesses count more games won than %d", t.Won)
		}
		sum += n
	}
	if sum != t.Won {
		return fmt.Errorf("do not add up: the guesses count %d games won, not %d", sum, t.Won)
	}
	if p := t.Paired; p != nil && !(isCount(p.Games) && isCount(p.You) && isCount(p.Engine)) {
		return fmt.Errorf("pair %d games, %d and %d guesses: no counts from 0 to 2^53-1", p.Games, p.You, p.Engine)
	}
	if t.Hard != nil {
		if t.Hard.Hard != nil {
			return fmt.Errorf("of hard mode have a hard mode")
		}
		if err := t.Hard.check(); err != nil {
			return fmt.Errorf("of hard mode %v", err)
		}
	}
	return nil
}

// checkDays reports the first preset or date of days that is no preset's
// or date's, or whose value check refuses.
func checkDays[D any](days map[string]map[string]D, check func(D) error) error {
	if len(days) > maxPresets {
		return fmt.Errorf("%d presets, more than there are", len(days))
	}
	for preset, m := range days {
		if !presetName.MatchString(preset) {
			return fmt.Errorf("%.40q is no preset's name", preset)
		}
		for date, d := range m {
			if _, err := time.Parse(dateLayout, date); err != nil {
				return fmt.Errorf("%.40q is no date", date)
			}
			if err := check(d); err != nil {
				return fmt.Errorf("the daily %s of %s %v", date, preset, err)
			}
		}
	}
	return nil
}

// checkTurns reports whether number and turns can be a daily's, as the
// page checks them (isDaily, isTurn): whether they are a game of its
// preset is the board's to tell.
func checkTurns(number int, turns []Turn) error {
	if number < 0 || number > maxCount {
		return fmt.Errorf("has the number %d", number)
	}
	if len(turns) > maxGuesses {
		return fmt.Errorf("has %d guesses", len(turns))
	}
	for i, t := range turns {
		ok := len(t.Guess) <= maxPositions && isCount(t.Black) && isCount(t.White)
		for _, c := range t.Guess {
			ok = ok && isCount(c)
		}
		if !ok {
			return fmt.Errorf("has no guess %d", i+1)
		}
	}
	return nil
}

// isCount reports whether n is a count the page reads.
func isCount(n int) bool { return n >= 0 && n <= maxCount }

// tally returns the tally of preset in m, made if new.
func tally(m map[string]*Tally, preset string) *Tally {
	t := m[preset]
	if t == nil {
		t = &Tally{Guesses: []int{}}
		m[preset] = t
	}
	return t
}

// count adds a game to t, won in guesses or lost, and reports whether it
// did: a game that would take a count past maxCount, or is won in no
// guess or more than maxGuesses, is not counted (the counts kept).
func (t *Tally) count(won bool, guesses int) bool {
	if t.Played >= maxCount || won && (guesses < 1 || guesses > maxGuesses) {
		return false
	}
	t.Played++ // Won and each of Guesses are at most Played: none passes maxCount
	if !won {
		return true
	}
	t.Won++
	for len(t.Guesses) < guesses {
		t.Guesses = append(t.Guesses, 0)
	}
	t.Guesses[guesses-1]++
	return true
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

// RecordDaily counts the daily of preset and date, over (d, its turns all
// the guesses made), as a game of You guess and keeps it, and forgets it
// in progress. It reports whether it counted it: a daily counts once, and
// one recorded already keeps its first result (another board's, another
// attempt's) and counts nothing more. Only a daily numbered above the last
// one counted moves the streak (one played late, as across time zones,
// counts in played and won alone); the streak goes on when the daily is
// won and numbered last+1, starts again at 1 when it is won after a gap,
// and is 0 after a loss: the page's rule (stats.js, recordGame), which
// the vectors of internal/testkit/vectors/streak.txt hold both to.
func (s *Stats) RecordDaily(preset, date string, d Daily) bool {
	s.dropProgress(preset, date)
	if _, played := s.Dailies[preset][date]; played {
		return false
	}
	t := tally(s.Games, preset)
	if !t.count(d.Won, len(d.Turns)) {
		return false
	}
	if d.Number > t.Last {
		switch {
		case !d.Won:
			t.Streak = 0
		case t.Last > 0 && t.Last == d.Number-1:
			t.Streak++
		default:
			t.Streak = 1
		}
		t.Last = d.Number
		t.Best = max(t.Best, t.Streak)
	}
	if s.Dailies[preset] == nil {
		s.Dailies[preset] = map[string]Daily{}
	}
	s.Dailies[preset][date] = d
	return true
}

// SetProgress keeps p as the daily of preset and date in progress (the
// guesses made so far), in place of what was kept, so that a board left
// before its end (q, Ctrl-C, a closed terminal) can take it up again
// ([Stats.Progress]). A daily recorded already is over: nothing is kept.
// A board calls it after each guess, through [Update]:
//
//	stats.Update(dir, func(s *stats.Stats) { s.SetProgress("classic", date, p) })
func (s *Stats) SetProgress(preset, date string, p Progress) {
	if _, played := s.Dailies[preset][date]; played {
		return
	}
	if s.InProgress[preset] == nil {
		s.InProgress[preset] = map[string]Progress{}
	}
	s.InProgress[preset][date] = p
}

// Progress returns the daily of preset and date in progress, if one is
// kept (it is not once the daily is recorded).
func (s *Stats) Progress(preset, date string) (Progress, bool) {
	p, ok := s.InProgress[preset][date]
	return p, ok
}

// dropProgress forgets the daily of preset and date in progress.
func (s *Stats) dropProgress(preset, date string) {
	if _, ok := s.InProgress[preset][date]; !ok {
		return
	}
	delete(s.InProgress[preset], date)
	if len(s.InProgress[preset]) == 0 {
		delete(s.InProgress, preset)
	}
}

// Settle counts as lost every daily in progress of a date before today
// (the local date, "2006-01-02"), as the page does (stats.js,
// settleDailies): a daily left unfinished past its day is one given up,
// and breaks the streak. It returns how many it counted.
func (s *Stats) Settle(today string) int {
	n := 0
	for preset, days := range s.InProgress {
		for date, p := range days {
			if date < today && s.RecordDaily(preset, date, Daily{Number: p.Number, Won: false, Turns: p.Turns}) {
				n++
			}
		}
	}
	return n
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
