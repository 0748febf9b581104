package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/browsertest"
	"github.com/mastermind-go/mastermind/internal/testkit"
	mmtree "github.com/mastermind-go/mastermind/tree"
)

// swVersion is the version sw.js declares.
func swVersion(t testing.TB, sw []byte) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^const version = "([0-9a-f]+)";$`).FindSubmatch(sw)
	if m == nil {
		t.Fatalf("sw.js declares no version:\n%.300s", sw)
	}
	return string(m[1])
}

// TestVersionCoversTrees: the service worker's version is a hash of every
// file, the trees too (issue 59: a build that changed only a tree kept the
// version, and a returning visitor the old tree), and only of them; the
// trees are left out of what it keeps on install.
func TestVersionCoversTrees(t *testing.T) {
	files := map[string][]byte{"index.html": []byte("<html>"), "trees/4x7.json.gz": []byte("tree 1")}
	version := func() string {
		sw, err := serviceWorker(files)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(sw, []byte(`"trees/`)) {
			t.Errorf("sw.js keeps a tree on install:\n%.300s", sw)
		}
		return swVersion(t, sw)
	}
	v1 := version()
	if again := version(); again != v1 {
		t.Errorf("the same files have two versions, %s and %s", v1, again)
	}
	files["trees/4x7.json.gz"] = []byte("tree 2")
	if v2 := version(); v2 == v1 {
		t.Errorf("a changed tree keeps the version %s", v1)
	}
	files["trees/4x7.json.gz"] = []byte("tree 1")
	files["index.html"] = []byte("<html> ")
	if v3 := version(); v3 == v1 {
		t.Errorf("a changed page keeps the version %s", v1)
	}
}

// firstCandidate is a strategy that guesses the first code still possible.
type firstCandidate struct{}

func (firstCandidate) Name() string                  { return "first candidate" }
func (firstCandidate) Next(st *mastermind.State) int { return int(st.Candidates[0]) }

// TestRebuiltTreeReachesVisitor: a visitor opens 4x7's tree in the
// explorer (kept by the service worker, and by the browser's HTTP cache
// as a file a year old); the site is rebuilt with only that tree changed;
// once the new service worker is active, a reload shows the new tree, not
// the old one kept (issue 59). The site is served by a plain static file
// server, as any host would.
func TestRebuiltTreeReachesVisitor(t *testing.T) {
	testkit.Long(t)
	files := map[string][]byte{}
	src := site(t)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		files[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	const treeFile = "trees/4x7.json.gz"
	if files[treeFile] == nil {
		t.Fatalf("the site has no %s", treeFile)
	}
	dir := filepath.Join(t.TempDir(), "site")
	rebuild := func() string {
		t.Helper()
		delete(files, "sw.js")
		sw, err := serviceWorker(files)
		if err != nil {
			t.Fatal(err)
		}
		files["sw.js"] = sw
		if _, err := install(dir, files); err != nil {
			t.Fatal(err)
		}
		return swVersion(t, sw)
	}
	v1 := rebuild()
	// A tree published long ago: the browser's HTTP cache holds it as
	// fresh for weeks (a tenth of its age).
	old := time.Now().AddDate(-1, 0, 0)
	if err := os.Chtimes(filepath.Join(dir, treeFile), old, old); err != nil {
		t.Fatal(err)
	}

	// The optimal tree, as published: Ville's 11,228 guesses in all.
	p, _ := openDir(t, dir, 1280, 800, "#explore=4x7")
	figures := func(want string) {
		t.Helper()
		wait(p, fmt.Sprintf(`!document.querySelector("#explore").hidden && document.querySelector("#explore .figures") !== null && document.querySelector("#explore .figures").textContent.includes(%q)`, want))
	}
	figures("11,228 guesses in all")
	wait(p, `navigator.serviceWorker.controller !== null`)
	p.Run(chromedp.Reload()) // now the worker's fetch of the tree goes through the service worker, which keeps it
	figures("11,228 guesses in all")
	if kept := browsertest.Eval[bool](p, fmt.Sprintf(`caches.keys().then(async (keys) => { for (const k of keys) if (await (await caches.open(k)).match(%q)) return true; return false; })`, treeFile)); !kept {
		t.Fatal("the service worker did not keep the tree opened")
	}

	// The rebuild: another tree of 4x7 (the first candidate each time).
	s, err := mastermind.NewSpace(mastermind.Game{Positions: 4, Colors: 7})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := mmtree.Build(context.Background(), s, firstCandidate{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if err := tr.WriteJSON(z); err != nil || z.Close() != nil {
		t.Fatal(err)
	}
	total := tr.Stats().Total
	if total == 11228 {
		t.Fatal("the new tree is as good as the optimal one: the page could not tell them apart")
	}
	files[treeFile] = b.Bytes()
	v2 := rebuild()
	if v2 == v1 {
		t.Fatalf("the rebuild with a new tree kept the version %s", v1)
	}

	// The returning visitor: the reload finds the new service worker, which
	// replaces the old one and its cache; the next load shows the new tree.
	p.Run(chromedp.Reload())
	wait(p, fmt.Sprintf(`window.cacheNames !== undefined && window.cacheNames.length === 1 && window.cacheNames[0].endsWith(" %s")`, v2))
	p.Run(chromedp.Reload())
	figures(fmt.Sprintf("%s guesses in all", thousands(total)))
	screenshot(p, "site-rebuilt-tree")
}

// thousands writes n as the page does: 11,228.
func thousands(n int) string {
	s := fmt.Sprint(n)
	var out strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out.WriteByte(',')
		}
		out.WriteRune(c)
	}
	return out.String()
}
