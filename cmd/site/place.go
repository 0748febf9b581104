package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
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

// destination checks that the site may be written to dir: no part of its
// path is a file; it is not inside a folder of the module's packages (the
// module's own folder only as itself) nor holds one, so that the build
// cannot write over the sources it reads; and it is new, empty, or a site
// built before (which the new one replaces).
func destination(ctx context.Context, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	real, err := resolve(dir, abs)
	if err != nil {
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
	case len(entries) == 0 || isSite(abs):
		return nil
	}
	return refuse("%s is a folder of other files, not a site this command built: give a new or empty folder (the build replaces the folder whole)", dir)
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

// writeFile writes a file of the site (a test makes it fail).
var writeFile = os.WriteFile

// install writes files to a new folder beside dir, then puts it in dir's
// place (the old dir is removed after): a failure midway leaves dir as it
// was and no folder of the build beside it.
func install(dir string, files map[string][]byte) (err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	parent, base := filepath.Dir(abs), filepath.Base(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".new-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Join(tmp, filepath.Dir(name)), 0o755); err != nil {
			return err
		}
		if err := writeFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return err
		}
	}
	if _, err := os.Stat(abs); errors.Is(err, fs.ErrNotExist) {
		return os.Rename(tmp, abs)
	}
	old, err := os.MkdirTemp(parent, "."+base+".old-")
	if err != nil {
		return err
	}
	if err := os.Remove(old); err != nil {
		return err
	}
	if err := os.Rename(abs, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, abs); err != nil {
		return errors.Join(err, os.Rename(old, abs))
	}
	return os.RemoveAll(old)
}
