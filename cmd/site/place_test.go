package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// tree returns the files under dir (links not followed), by slash-separated
// name, with their contents.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			got[filepath.ToSlash(rel)] = string(data)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// fakeSite returns the files of a small site with the sw.js a build
// writes for them, which lists them (the trees left out).
func fakeSite(t *testing.T, files map[string]string) map[string][]byte {
	t.Helper()
	site := map[string][]byte{}
	for name, data := range files {
		site[name] = []byte(data)
	}
	sw, err := serviceWorker(site)
	if err != nil {
		t.Fatal(err)
	}
	site["sw.js"] = sw
	return site
}

// publish adds what a person publishing the folder keeps in it: GitHub
// Pages' CNAME and .nojekyll, and a git checkout's .git.
func publish(t *testing.T, dir string) map[string]string {
	t.Helper()
	theirs := map[string]string{"CNAME": "mastermind.example.org\n", ".nojekyll": "", ".git/HEAD": "ref: refs/heads/gh-pages\n", ".git/objects/ab/cdef": "object"}
	for name, data := range theirs {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return theirs
}

// with returns the union of the maps.
func with(maps ...map[string]string) map[string]string {
	u := map[string]string{}
	for _, m := range maps {
		for k, v := range m {
			u[k] = v
		}
	}
	return u
}

func asStrings(files map[string][]byte) map[string]string {
	m := map[string]string{}
	for k, v := range files {
		m[k] = string(v)
	}
	return m
}

// A build writes its files in its folder, then moves them into place: one
// that fails while writing, or while moving the files, leaves the folder as
// it was (the old site and the files a person keeps there) and nothing of
// its own; one that succeeds replaces the old site's files, removes those
// the new site lacks, and keeps the others, naming them.
func TestInstall(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "site")
	old := fakeSite(t, map[string]string{"index.html": "old page", "old.js": "gone later", "trees/5x4.json.gz": "old tree", "trees/gone.json.gz": "gone tree"})
	if kept, err := install(dir, old); err != nil || kept != nil {
		t.Fatalf("the first build: kept %q, %v", kept, err)
	}
	theirs := publish(t, dir)
	before := with(asStrings(old), theirs)
	if got := tree(t, dir); fmt.Sprint(got) != fmt.Sprint(before) {
		t.Fatalf("after the first build: %q, want %q", got, before)
	}
	new := fakeSite(t, map[string]string{"index.html": "new page", "a/b.js": "b", "c.js": "c", "d.js": "d", "trees/5x4.json.gz": "new tree"})

	written := 0
	writeFile = func(name string, data []byte, perm os.FileMode) error {
		if written++; written == 3 {
			return &os.PathError{Op: "open", Path: name, Err: syscall.ENOSPC}
		}
		return os.WriteFile(name, data, perm)
	}
	defer func() { writeFile = os.WriteFile }()
	_, err := install(dir, new)
	if err == nil || !strings.Contains(err.Error(), "no space left on device") || strings.Contains(err.Error(), stagePrefix) {
		t.Errorf("a build failing at its third file: %v, want no space left, and no folder of the build's own named", err)
	}
	if got := tree(t, dir); fmt.Sprint(got) != fmt.Sprint(before) {
		t.Errorf("after a build failing while writing: %q, want the old site and the files kept, %q", got, before)
	}
	writeFile = os.WriteFile

	for _, n := range []int{1, 5, 6, 11} { // setting aside the old files (5), or moving the new ones in (6)
		renames := 0
		rename = func(from, to string) error {
			if renames++; renames == n {
				return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EACCES}
			}
			return os.Rename(from, to)
		}
		_, err := install(dir, new)
		rename = os.Rename
		if err == nil || !strings.Contains(err.Error(), "permission denied") || strings.Contains(err.Error(), stagePrefix) {
			t.Errorf("a build failing at rename %d: %v, want permission denied, and no folder of the build's own named", n, err)
		}
		if got := tree(t, dir); fmt.Sprint(got) != fmt.Sprint(before) {
			t.Errorf("after a build failing at rename %d: %q, want the old site and the files kept, %q", n, got, before)
		}
	}

	kept, err := install(dir, new)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{".git", ".nojekyll", "CNAME"}; !slices.Equal(kept, want) {
		t.Errorf("kept %q, want %q", kept, want)
	}
	if got, want := tree(t, dir), with(asStrings(new), theirs); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after a new build: %q, want %q", got, want)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("the site's folder: %v %v, want mode 0755", fi.Mode(), err)
	}

	// A build that fails in a new folder leaves no folder.
	writeFile = func(name string, data []byte, perm os.FileMode) error {
		return &os.PathError{Op: "open", Path: name, Err: syscall.ENOSPC}
	}
	if _, err := install(filepath.Join(parent, "new"), new); err == nil {
		t.Error("a failing build into a new folder: no error")
	}
	writeFile = os.WriteFile
	if _, err := os.Lstat(filepath.Join(parent, "new")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failing build into a new folder left it: %v", err)
	}
	// A build that was killed left its folder: the next removes it.
	if err := os.Mkdir(filepath.Join(dir, stagePrefix+"123"), 0o755); err != nil {
		t.Fatal(err)
	}
	if kept, err := install(dir, new); err != nil || len(kept) != 3 {
		t.Errorf("a build after a killed one: kept %q, %v", kept, err)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		t.Errorf("beside the site: %v, want nothing", entries)
	}
}

// The folder may be a link (the folder it names is written, and the link
// stays), hold what a person publishing it keeps there (kept, and named),
// or be a folder where the site cannot go, refused before the build.
func TestDestination(t *testing.T) {
	testkit.Long(t) // builds the site (WebAssembly)
	parent := t.TempDir()
	target := filepath.Join(parent, "www")
	old := fakeSite(t, map[string]string{"index.html": "old page", "old.js": "gone later", "trees/gone.json.gz": "gone tree"})
	if _, err := install(target, old); err != nil {
		t.Fatal(err)
	}
	theirs := publish(t, target)
	link := filepath.Join(parent, "site")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{link}, &stdout, &stderr); code != 0 {
		t.Fatalf("a build through a link: status %d, %s", code, stderr.String())
	}
	if want := fmt.Sprintf("kept in %s what the build did not write: .git, .nojekyll, CNAME\n", link); !strings.HasSuffix(stdout.String(), want) {
		t.Errorf("a rebuild said %q, want it to end %q", stdout.String(), want)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link after a build: %v %v, want the link kept", fi.Mode(), err)
	}
	got := tree(t, target)
	for name, data := range theirs {
		if got[name] != data {
			t.Errorf("%s after a rebuild: %q, want %q", name, got[name], data)
		}
	}
	for _, name := range []string{"old.js", "trees/gone.json.gz"} {
		if _, ok := got[name]; ok {
			t.Errorf("the old site's %s is left after a rebuild", name)
		}
	}
	if !strings.Contains(got["index.html"], `<meta name="mastermind-engine" content="worker">`) || !isSite(target) || got["trees/super.json.gz"] == "" {
		t.Errorf("the folder the link names does not hold the new site: %q", slices.Sorted(maps.Keys(got)))
	}

	// Before the build: what the build may not write into.
	mk := func(name string, files ...string) string {
		dir := filepath.Join(parent, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	if err := os.Symlink(filepath.Join(parent, "nowhere"), filepath.Join(parent, "dangling")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, want string }{
		{mk("pages", ".nojekyll", "CNAME", ".gitignore"), ""},
		{mk("empty"), ""},
		{filepath.Join(parent, "new", "site"), ""},
		{mk("other", "CNAME", "README.md", "index.html"), "other holds files that are not a site this command built (README.md, index.html)"},
		{filepath.Join(parent, "dangling"), "dangling is a link to " + filepath.Join(parent, "nowhere") + ", which does not exist"},
	} {
		err := destination(context.Background(), c.dir)
		var usage *usageError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v, want it accepted", c.dir, err)
		case c.want != "" && (!errors.As(err, &usage) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want a usage error saying %q", c.dir, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(parent, "new")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("checking a new folder made it: %v", err)
	}
}
