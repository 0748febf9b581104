package mastermind_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
	for _, p := range mastermind.PresetTable() {
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

// TestInternalKinds checks internal/README.md against the folders of
// internal/ and the rule of each kind, read from the imports of every Go
// file of the module: test helpers imported by tests only, command-line
// plumbing by cmd/ only, leaf helpers importing nothing of the project, and
// no helper importing more of the engine than the root package.
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
			if kind[from] != "" && !strings.HasSuffix(path, "_test.go") && strings.HasPrefix(p, module+"/") && !strings.HasPrefix(p, module+"/internal/") {
				t.Errorf("%s: the helper %s imports %s; a helper imports no more of the engine than the root package", path, from, p)
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
			case "command-line plumbing":
				if !strings.HasPrefix(dir, "cmd/") {
					t.Errorf("%s: the command-line plumbing %s imported outside cmd/", path, name)
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
