package stats

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mastermind-go/mastermind/internal/files"
)

// File is the name of the statistics file in Dir.
const File = "stats.json"

// lockFile is the name of the file beside File whose lock Update holds
// while it changes File (File itself is replaced at each write).
const lockFile = "stats.lock"

// maxSize bounds the file read: a larger one is damaged.
const maxSize = 4 << 20

// Dir returns the folder of the statistics: $XDG_STATE_HOME/mastermind,
// else ~/.local/state/mastermind; "" when neither is known.
//
// [Update] makes the folder when it is missing, but only the levels of
// its own: those below the home folder when the folder is in it (so
// .local/state/mastermind, or the levels of an $XDG_STATE_HOME in home),
// else $XDG_STATE_HOME's own and mastermind, else the last one. The home
// folder and its parents, and the parents of $XDG_STATE_HOME, are never
// made: one that is missing is a mistake of the environment (HOME set to
// a folder that is not there), and the statistics are not kept, with a
// message saying where they could not be.
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

// noDir is the message of statistics that have no folder.
const noDir = "no home folder and no $XDG_STATE_HOME"

// Load reads the statistics of dir. A missing file gives empty statistics;
// a damaged one is renamed stats.json.damaged-N (its contents kept) and
// gives empty statistics, with a message saying so. The message is ""
// when all went well; else it is for the player, and the game goes on.
// A board loads the statistics as it starts, to show them and a daily
// played or in progress, and counts its game with [Update].
func Load(dir string) (*Stats, string) {
	if dir == "" {
		return empty(), "Statistics are not kept: " + noDir + "."
	}
	if _, err := os.Stat(filepath.Join(dir, File)); err != nil {
		if err := checkBase(dir); err != nil {
			return empty(), fmt.Sprintf("Statistics are not kept: %v.", err)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return empty(), ""
		}
	}
	// The lock, if it can be had, so that a damaged file is set aside
	// only while no board writes a good one in its place.
	unlock := func() {}
	if u, err := lock(dir); err == nil {
		unlock = u
	}
	defer unlock()
	s, note, _ := read(dir)
	return s, note
}

// Update records a game (or a daily's progress) in the statistics of dir
// by record, under a lock that every board takes: it reads the file
// afresh, applies record to what it holds and writes it whole, so that a
// game another board counted since this one started is kept. It returns
// the statistics as written (to show them), and a message for the player,
// "" when all went well: a damaged file set aside (as [Load] does), or
// statistics that could not be saved (then the statistics returned are
// those read, or empty ones, with record applied; a file that is there
// but cannot be read is never written over, nor one that record left
// with values Load would refuse, as a preset named "Foo!" or a daily of
// the date "yesterday"). The folder is made if it is missing, as [Dir]
// says.
//
// A board counts its game as it ends:
//
//	s, note := stats.Update(dir, func(s *stats.Stats) { s.Record("classic", true, 5) })
//
// record may be called on empty statistics; it must not keep s.
func Update(dir string, record func(*Stats)) (*Stats, string) {
	s := empty()
	if dir == "" {
		record(s)
		return s, "Statistics not saved: " + noDir + "."
	}
	if err := makeDir(dir); err != nil {
		record(s)
		return s, fmt.Sprintf("Statistics not saved: %v.", err)
	}
	unlock, err := lock(dir)
	if err != nil {
		record(s)
		return s, fmt.Sprintf("Statistics not saved: %v.", err)
	}
	defer unlock()
	s, note, ok := read(dir)
	record(s)
	if !ok {
		return s, note + " This game is not counted in the file."
	}
	if err := s.check(); err != nil { // never a file Load would set aside
		return s, strings.TrimSpace(note + fmt.Sprintf(" Statistics not saved: %v.", err))
	}
	if err := s.write(dir); err != nil {
		return s, strings.TrimSpace(note + fmt.Sprintf(" Statistics not saved: %v.", err))
	}
	return s, note
}

// read reads the statistics of dir, setting a damaged file aside as Load
// says, and reports whether they may be written over the file: not when
// it is there but could not be read.
func read(dir string) (s *Stats, note string, ok bool) {
	path := filepath.Join(dir, File)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return empty(), "", true
	}
	if err != nil {
		return empty(), fmt.Sprintf("Statistics not read: %v.", err), false
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSize+1))
	f.Close()
	s = empty()
	switch {
	case err != nil:
	case len(data) > maxSize:
		err = fmt.Errorf("larger than %d bytes", maxSize)
	default:
		err = s.decode(data)
	}
	if err == nil {
		return s, "", true
	}
	aside := setAside(path)
	if aside == "" {
		return empty(), fmt.Sprintf("Statistics file %s is damaged (%v) and could not be set aside; it is left as it is.", path, err), false
	}
	return empty(), fmt.Sprintf("Statistics file %s was damaged (%v): set aside as %s, counting again from zero.", path, err, filepath.Base(aside)), true
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

// write writes s to dir, whole or not at all.
func (s *Stats) write(dir string) error {
	data, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	return files.Write(filepath.Join(dir, File), func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// makeDir makes dir if it is missing: the levels below its base (see
// Dir), which must be there.
func makeDir(dir string) error {
	if err := checkBase(dir); err != nil {
		return err
	}
	return os.MkdirAll(dir, 0o700)
}

// checkBase reports whether the base of dir, the folder below which its
// missing levels may be made, is a folder: the home folder when dir is
// in it, else the parent of $XDG_STATE_HOME when dir is in that, else
// dir's parent.
func checkBase(dir string) error {
	dir = filepath.Clean(dir)
	base, what := filepath.Dir(dir), "the folder"
	if x := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(x) && within(dir, x) {
		base, what = filepath.Dir(filepath.Clean(x)), "the folder of $XDG_STATE_HOME"
	}
	if home, err := os.UserHomeDir(); err == nil && filepath.IsAbs(home) && within(dir, home) {
		base, what = filepath.Clean(home), "the home folder"
	}
	fi, err := os.Stat(base)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %s is not there, so %s cannot be made", what, base, dir)
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("%s %s is not a folder, so %s cannot be made", what, base, dir)
	}
	return nil
}

// within reports whether path is below the folder dir.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
