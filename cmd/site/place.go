package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	outputs "github.com/mastermind-go/mastermind/internal/files"
)

// A usageError is a folder the site cannot be written to (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func refuse(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// modulePattern names every package of the module: their folders are the
// sources the site is built from.
const modulePattern = "github.com/mastermind-go/mastermind/..."

// destination checks, before the build, that the site may be written to
// dir: no part of its path is a file; it is not a link to nothing; it is
// not inside a folder of the module's packages (the module's own folder
// only as itself) nor holds one, so that the build cannot write over the
// sources it reads; it is new, empty, a site built before, or holds only
// files of publishing (see publishing), which the build keeps; and the
// build can write in it.
func destination(ctx context.Context, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	real, err := resolve(dir, abs)
	if err != nil {
		return err
	}
	if fi, err := os.Lstat(abs); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if _, err := os.Stat(abs); errors.Is(err, fs.ErrNotExist) {
			target, _ := os.Readlink(abs)
			return refuse("%s is a link to %s, which does not exist: make that folder, or give another", dir, target)
		}
	}
	// First what the file system says at once, then what takes the go
	// command.
	if err := writable(dir, real); err != nil {
		return err
	}
	out, err := goCommand(ctx, "list", "-f", "{{.Dir}}", modulePattern)
	if err != nil {
		return err
	}
	rootOut, err := goCommand(ctx, "list", "-m", "-f", "{{.Dir}}")
	if err != nil {
		return err
	}
	root := strings.TrimSpace(string(rootOut))
	for _, src := range strings.Fields(string(out)) {
		if s, err := filepath.EvalSymlinks(src); err == nil {
			src = s
		}
		switch {
		case inside(src, real):
			return refuse("%s holds the module's sources (%s): write the site to a folder of its own, such as site", dir, src)
		case src != rootDir(root) && inside(real, src):
			return refuse("%s is inside the module's sources (%s): the build would write over the page's own files; write the site to a folder of its own, such as site", dir, src)
		}
	}
	entries, err := os.ReadDir(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	}
	if !isSite(abs) {
		var other []string
		for _, e := range entries {
			if !publishing(e.Name()) {
				other = append(other, e.Name())
			}
		}
		if len(other) > 0 {
			return refuse("%s holds files that are not a site this command built (%s): give a new or empty folder, or a site built before (the build replaces the files it wrote and keeps the others, such as CNAME or .git)", dir, names(other))
		}
	}
	return nil
}

// publishing reports whether a file of dir's top level, in a folder that is
// not yet a site, is one of publishing, which the build keeps: a name
// beginning with a dot (.git, .nojekyll, .well-known) or GitHub Pages'
// CNAME.
func publishing(name string) bool { return strings.HasPrefix(name, ".") || name == "CNAME" }

// names lists names for a message, the first few of them.
func names(list []string) string {
	const most = 5
	if len(list) > most {
		return fmt.Sprintf("%s and %d more", strings.Join(list[:most], ", "), len(list)-most)
	}
	return strings.Join(list, ", ")
}

// writable checks that the build can write in folder (dir's path, its
// links resolved), or the nearest existing folder of its path (where it
// would be made), by making a folder there and removing it: a read-only
// mount or a folder of another user is refused before the site is built,
// not after.
func writable(dir, folder string) error {
	for {
		if _, err := os.Stat(folder); err == nil || folder == filepath.Dir(folder) {
			break
		}
		folder = filepath.Dir(folder)
	}
	probe, err := os.MkdirTemp(folder, stagePrefix)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return refuse("%s cannot be written (%v, in %s): give a folder the build can write in", dir, err, folder)
	}
	return os.Remove(probe)
}

// rootDir returns the module's folder, its links resolved.
func rootDir(root string) string {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		return r
	}
	return root
}

// resolve returns the absolute path abs of dir with the links of its
// longest existing part resolved, refusing a path through a file.
func resolve(dir, abs string) (string, error) {
	rest := ""
	for p := abs; ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		switch {
		case err == nil && !fi.IsDir():
			return "", refuse("%s is a file, not a folder", relative(dir, abs, p))
		case err == nil:
			real, err := filepath.EvalSymlinks(p)
			if err != nil {
				return "", err
			}
			return filepath.Join(real, rest), nil
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return "", err
		case p == filepath.Dir(p):
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}

// relative names the part p of the absolute path abs of dir as dir names
// it, when dir begins with it.
func relative(dir, abs, p string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if a, err := filepath.Abs(d); err == nil && a == p {
			return d
		}
		if d == filepath.Dir(d) || d == "." {
			return p
		}
	}
}

// inside reports whether path is folder or lies within it.
func inside(path, folder string) bool {
	rel, err := filepath.Rel(folder, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// isSite reports whether dir holds a site this command built.
func isSite(dir string) bool {
	sw, err := os.ReadFile(filepath.Join(dir, "sw.js"))
	return err == nil && bytes.HasPrefix(sw, []byte(builtMark+"\n"))
}

// stagePrefix begins the name of the folder, inside the site's folder,
// where a build writes the site before putting it in place. A build that
// was killed leaves it; the next one removes it.
const stagePrefix = ".mastermind-site-build-"

// writeFile writes a file of the site, and rename moves one (tests make
// them fail).
var (
	writeFile = os.WriteFile
	rename    = os.Rename
)

// install writes files into dir (made if new) and returns what dir holds
// that the build did not write (its own files and the old build's are
// replaced or removed; the others, such as CNAME or .git, are kept).
//
// dir itself is never replaced, so it may be a link (the folder it names
// is written) or a mount point. The files are first written to a folder
// inside dir; only then are the old build's files set aside and the new
// ones moved into place, each by a rename in the same file system; if one
// fails, those done are undone. A build that fails thus leaves dir as it
// was (and no folder of its own), unless the build is killed (SIGKILL or a
// power cut) while the files are moved: then dir holds part of each site.
func install(dir string, files map[string][]byte) (kept []string, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	_, err = os.Stat(abs)
	made := errors.Is(err, fs.ErrNotExist)
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, err
	}
	if abs, err = filepath.EvalSymlinks(abs); err != nil { // the folder a link names
		return nil, err
	}
	if err := removeStages(abs); err != nil {
		return nil, err
	}
	stage, err := os.MkdirTemp(abs, stagePrefix)
	if err != nil {
		return nil, err
	}
	defer func() {
		if e := os.RemoveAll(stage); err == nil {
			err = e
		}
		if err != nil && made {
			os.Remove(abs) // only if empty: nothing of the build is left
		}
	}()
	for _, name := range slices.Sorted(maps.Keys(files)) {
		p := filepath.Join(stage, "new", filepath.FromSlash(name))
		err := os.MkdirAll(filepath.Dir(p), 0o755)
		if err == nil {
			err = writeFile(p, files[name], 0o644)
		}
		if err != nil {
			return nil, fmt.Errorf("writing %s: %v (%s is left as it was)", filepath.Join(dir, name), outputs.Pathless(err), dir)
		}
	}
	owned := ownedFiles(abs, files)
	if err := commit(abs, stage, files, owned); err != nil {
		return nil, fmt.Errorf("putting the site in place in %s: %v (%s is left as it was)", dir, outputs.Pathless(err), dir)
	}
	return others(abs, owned)
}

// removeStages removes the folders of builds that were killed from dir.
func removeStages(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), stagePrefix) {
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// ownedFiles returns the files of dir that a build may replace or remove,
// by slash-separated name: the new build's files and the old build's (the
// files its sw.js lists, sw.js and its trees).
func ownedFiles(dir string, files map[string][]byte) map[string]bool {
	owned := map[string]bool{}
	for name := range files {
		owned[name] = true
	}
	if !isSite(dir) {
		return owned
	}
	owned["sw.js"] = true
	sw, _ := os.ReadFile(filepath.Join(dir, "sw.js"))
	for line := range strings.Lines(string(sw)) {
		list, ok := strings.CutPrefix(strings.TrimSpace(line), "const files = ")
		var old []string
		if ok && json.Unmarshal([]byte(strings.TrimSuffix(list, ";")), &old) == nil {
			for _, name := range old {
				if name = path.Clean(name); name != "." && filepath.IsLocal(filepath.FromSlash(name)) {
					owned[name] = true
				}
			}
		}
	}
	trees, _ := filepath.Glob(filepath.Join(dir, "trees", "*.json.gz"))
	for _, t := range trees {
		owned["trees/"+filepath.Base(t)] = true
	}
	return owned
}

// commit moves the files written in stage/new into dir: first the old
// build's files (owned, but not new) are set aside in stage/old, then each
// new file is renamed into place. On a failure the moves done are undone,
// in reverse, and the folders made for new files are removed.
func commit(dir, stage string, files map[string][]byte, owned map[string]bool) (err error) {
	type move struct{ from, to string }
	var done []move
	var made []string
	do := func(from, to string) error {
		parent := filepath.Dir(to)
		var missing []string
		for p := parent; p != dir && p != stage; p = filepath.Dir(p) {
			if _, err := os.Lstat(p); err == nil {
				break
			}
			missing = append(missing, p)
		}
		if err := os.MkdirAll(parent, 0o755); err != nil {
			return err
		}
		made = append(made, missing...)
		if err := rename(from, to); err != nil {
			return err
		}
		done = append(done, move{from, to})
		return nil
	}
	defer func() {
		if err == nil {
			return
		}
		for i := len(done) - 1; i >= 0; i-- {
			if e := rename(done[i].to, done[i].from); e != nil {
				err = errors.Join(err, fmt.Errorf("undoing: %w", e))
			}
		}
		for i := len(made) - 1; i >= 0; i-- {
			os.Remove(made[i]) // only if empty
		}
	}()
	for _, name := range slices.Sorted(maps.Keys(owned)) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if fi, err := os.Lstat(p); err != nil || fi.IsDir() {
			continue // a folder is not the build's to set aside; a new file there fails below
		}
		if err := do(p, filepath.Join(stage, "old", filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := do(filepath.Join(stage, "new", filepath.FromSlash(name)), filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			return err
		}
	}
	// The old build's folders that the new one does not use.
	for name := range owned {
		for p := path.Dir(name); p != "."; p = path.Dir(p) {
			os.Remove(filepath.Join(dir, filepath.FromSlash(p))) // only if empty
		}
	}
	return nil
}

// others returns what dir holds besides the build's files, by
// slash-separated name: a folder that holds none of them, whole.
func others(dir string, owned map[string]bool) ([]string, error) {
	folders := map[string]bool{}
	for name := range owned {
		for p := path.Dir(name); p != "."; p = path.Dir(p) {
			folders[p] = true
		}
	}
	var list []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case strings.HasPrefix(rel, stagePrefix):
			// the build's own folder
		case d.IsDir() && folders[rel]:
			return nil
		case !owned[rel]:
			list = append(list, rel)
		}
		if d.IsDir() {
			return fs.SkipDir
		}
		return nil
	})
	return list, err
}
