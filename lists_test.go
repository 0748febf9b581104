package mastermind_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/strategy"
)

// paragraph returns the paragraph of file that begins with start.
func paragraph(t *testing.T, file, start string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, start)
	if i < 0 {
		t.Fatalf("%s: no paragraph begins with %q", file, start)
	}
	text = text[i:]
	if j := strings.Index(text, "\n\n"); j >= 0 {
		text = text[:j]
	}
	return text
}

// inOrder checks that the paragraph names every name, as a word, in order.
func inOrder(t *testing.T, where, text string, names []string) {
	t.Helper()
	at := 0
	for _, name := range names {
		loc := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).FindStringIndex(text[at:])
		if loc == nil {
			t.Errorf("%s: %q missing (or out of order): the list is %s", where, name, strings.Join(names, ", "))
			return
		}
		at += loc[1]
	}
}

// TestStrategyLists checks the docs' and the help's lists of strategies
// against the one table of them, package choose's (and package strategy's
// own names for its line of docs/design.md).
func TestStrategyLists(t *testing.T) {
	all := choose.Names()
	inOrder(t, "README.md", paragraph(t, "README.md", "Strategies (`--strategy`)"), all)
	inOrder(t, "mastermind help", paragraph(t, "cmd/mastermind/help/mastermind.txt", "Strategies:"), all)
	inOrder(t, "docs/protocols.md", paragraph(t, "docs/protocols.md", "- Strategies:"), all)
	inOrder(t, "docs/design.md", paragraph(t, "docs/design.md", "    strategy/ "), strategy.Names())
}

// TestPresetLists checks the README's table of presets and the help's
// list against the one table of them, the root package's.
func TestPresetLists(t *testing.T) {
	var names []string
	table := paragraph(t, "README.md", "| preset |")
	for _, p := range mastermind.Presets() {
		names = append(names, p.Name)
		repeats := "yes"
		if p.Distinct {
			repeats = "no"
		}
		row := "| `" + p.Name + "` | " + strings.Join([]string{strconv.Itoa(p.Positions), strconv.Itoa(p.Colors), repeats, p.About}, " | ") + " |"
		if got := strings.ReplaceAll(table, "`-p`", "-p"); !strings.Contains(got, row) {
			t.Errorf("README.md's table of presets has no row %s", row)
		}
	}
	if rows := strings.Count(table, "\n| `"); rows != len(names) {
		t.Errorf("README.md's table of presets has %d rows, the presets are %d", rows, len(names))
	}
	inOrder(t, "mastermind help", paragraph(t, "cmd/mastermind/help/mastermind.txt", "Games:"), names)
}

// TestRuleLists checks the lists of answer rules in the README, the docs'
// table and the help against the one list of them, the root package's.
func TestRuleLists(t *testing.T) {
	names := mastermind.RuleNames()
	inOrder(t, "README.md", paragraph(t, "README.md", "A Go engine"), names)
	inOrder(t, "docs/protocols.md", paragraph(t, "docs/protocols.md", "| rule |"), names)
	inOrder(t, "mastermind help", paragraph(t, "cmd/mastermind/help/break.txt", "Under --feedback black"), names[1:])
}

// TestInternalKinds checks internal/README.md against the folders of
// internal/ and the rule of each kind, read from the imports of every Go
// file of the module: test helpers imported by tests only, leaf helpers
// importing nothing of the project, and no helper importing anything of the
// project outside internal/ (the root package included: a helper sits
// below the engine). The command's own helpers are under cmd/internal/,
// where Go itself forbids other importers.
func TestInternalKinds(t *testing.T) {
	const module = "github.com/mastermind-go/mastermind"
	readme, err := os.ReadFile("internal/README.md")
	if err != nil {
		t.Fatal(err)
	}
	kind := map[string]string{}
	for _, line := range strings.Split(string(readme), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.Contains(cells[2], "`") {
			continue
		}
		for _, m := range regexp.MustCompile("`([a-z]+)`").FindAllStringSubmatch(cells[2], -1) {
			kind[m[1]] = strings.TrimSpace(cells[1])
		}
	}
	dirs, err := os.ReadDir("internal")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if d.IsDir() && kind[d.Name()] == "" {
			t.Errorf("internal/%s is in no kind of internal/README.md", d.Name())
		}
	}
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == "testdata" || d.Name() == "deploy" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			if err == nil {
				err = filepath.SkipDir
			}
			return err
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		from, _ := strings.CutPrefix(dir, "internal/")
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if kind[from] == "leaf helpers" && strings.HasPrefix(p, module) {
				t.Errorf("%s: the leaf helper %s imports %s", path, from, p)
			}
			if kind[from] != "" && !strings.HasSuffix(path, "_test.go") && (p == module || strings.HasPrefix(p, module+"/") && !strings.HasPrefix(p, module+"/internal/")) {
				t.Errorf("%s: the helper %s imports %s; a helper imports nothing of the project outside internal/", path, from, p)
			}
			name, ok := strings.CutPrefix(p, module+"/internal/")
			if !ok || name == from {
				continue
			}
			switch kind[name] {
			case "test helpers":
				if !strings.HasSuffix(path, "_test.go") && kind[from] != "test helpers" {
					t.Errorf("%s: the test helper %s imported by a file that is no test", path, name)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTreeFileNames checks that the shipped trees' files are named by
// Game.Size or Game.Name (super.json.gz, which the web API's list names):
// each name (less a depth limit, "-d6") is read back by ParseGame and
// written again the same.
func TestTreeFileNames(t *testing.T) {
	files, err := filepath.Glob("optimal/optima/*.json.gz")
	if err != nil || len(files) == 0 {
		t.Fatalf("optimal/optima: %d trees, %v", len(files), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json.gz")
		name, _, _ = strings.Cut(name, "-d")
		g, err := mastermind.ParseGame(name)
		if err != nil || g.Size() != name && g.Name() != name {
			t.Errorf("%s: ParseGame(%q) = %v, %v; Size() = %q", f, name, g, err, g.Size())
		}
	}
}

// TestLayout checks the layouts of the README and docs/design.md against
// the module's folders: design.md names every folder of a package, the
// README every top-level one and every command, and every path the
// README's layout names exists.
func TestLayout(t *testing.T) {
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (d.Name() == "testdata" || d.Name() == "deploy" || d.Name() == "static" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			if dir := filepath.ToSlash(filepath.Dir(path)); dir != "." && !slices.Contains(dirs, dir) {
				dirs = append(dirs, dir)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 20 {
		t.Fatalf("only %d folders of packages: %v", len(dirs), dirs)
	}
	// block returns the section of file under the heading and the names
	// it holds (paths as words, less a trailing slash).
	block := func(file, heading string) (string, map[string]bool) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, text, ok := strings.Cut(string(data), "\n"+heading+"\n")
		if !ok {
			t.Fatalf("%s: no section %q", file, heading)
		}
		text, _, _ = strings.Cut(text, "\n## ")
		names := map[string]bool{}
		for _, m := range regexp.MustCompile(`[a-z][a-z0-9_.]*(/[a-z][a-z0-9_.]*)*/?`).FindAllString(text, -1) {
			names[strings.TrimSuffix(m, "/")] = true
		}
		return text, names
	}
	_, design := block("docs/design.md", "## The house")
	readme, named := block("README.md", "## Layout")
	for _, dir := range dirs {
		if !design[dir] {
			t.Errorf("docs/design.md's house does not name %s/", dir)
		}
		top, rest, _ := strings.Cut(dir, "/")
		if top == "cmd" && strings.HasPrefix(rest, "internal/") {
			top = dir // cmd/internal/chart
		} else if top == "cmd" {
			top += "/" + strings.Split(rest, "/")[0]
		}
		if !named[top] {
			t.Errorf("README.md's layout does not name %s/", top)
		}
		if name, ok := strings.CutPrefix(dir, "internal/"); ok && !named[name] {
			t.Errorf("README.md's layout does not name the helper %s of internal/", name)
		}
	}
	for _, line := range strings.Split(readme, "\n") {
		if len(line) < 23 || !strings.HasPrefix(line, "    ") {
			continue
		}
		paths := regexp.MustCompile(`^[a-z][a-z/]*/|, [a-z][a-z/]*/`).FindAllString(strings.TrimSpace(line[:23]), -1)
		paths = append(paths, regexp.MustCompile(`[a-z]+(/[a-z.]+)+/?`).FindAllString(line[23:], -1)...)
		for _, p := range paths {
			p = strings.TrimPrefix(p, ", ")
			if _, err := os.Stat(p); err != nil {
				t.Errorf("README.md's layout names %s, which is no path of the module", p)
			}
		}
	}
}
