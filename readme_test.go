package mastermind_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxReadmeLines is the length of a README read in minutes.
const maxReadmeLines = 250

// docFiles are the documents whose links TestDocLinks checks.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"README.md"}, files...)
}

var (
	fence    = regexp.MustCompile("(?ms)^```.*?^```")
	codeSpan = regexp.MustCompile("`[^`\n]*`")
	link     = regexp.MustCompile(`\]\(([^()\s]+)\)`)
	heading  = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t]*$`)
)

// prose returns a Markdown text without its code: fenced blocks and code
// spans, where brackets are not links.
func prose(text string) string {
	text = fence.ReplaceAllString(text, "")
	return codeSpan.ReplaceAllString(text, "``")
}

// anchor returns the fragment GitHub gives a heading: lower case, spaces as
// hyphens, punctuation but hyphens and underscores dropped.
func anchor(h string) string {
	h = strings.ReplaceAll(h, "`", "")
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the fragments of a Markdown file's headings.
func anchors(t *testing.T, file string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(string(data), ""), -1) {
		set[anchor(m[1])] = true
	}
	return set
}

// TestDocLinks checks that every relative link of README.md and docs/*.md
// names a file of the repository, and a heading of it when the link has a
// fragment.
func TestDocLinks(t *testing.T) {
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(prose(string(data)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(target, "#")
			if path == "" {
				path = file
			} else {
				path = filepath.Join(filepath.Dir(file), path)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %s: no file %s", file, target, path)
				continue
			}
			if frag != "" && strings.HasSuffix(path, ".md") && !anchors(t, path)[frag] {
				t.Errorf("%s: link %s: no heading #%s in %s", file, target, frag, path)
			}
		}
	}
}

func TestAnchor(t *testing.T) {
	for _, c := range []struct{ heading, want string }{
		{"Web API under load", "web-api-under-load"},
		{"Playing many games: `eval --topcoder`", "playing-many-games-eval---topcoder"},
		{"Against mmstrat", "against-mmstrat"},
		{"4x9, 34,666", "4x9-34666"},
	} {
		if got := anchor(c.heading); got != c.want {
			t.Errorf("anchor(%q) = %q, want %q", c.heading, got, c.want)
		}
	}
}

// TestReadmeLength keeps the README a text read in minutes.
func TestReadmeLength(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n > maxReadmeLines {
		t.Errorf("README.md has %d lines, want at most %d", n, maxReadmeLines)
	}
}

// TestReadmeExample builds and runs the README's Go program against the
// module as it is, and checks that it prints what the README says it does.
func TestReadmeExample(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the README's example")
	}
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?ms)^```go\n(.*?)^```\n(?:.*\n)*?It prints (.*?): ").FindSubmatch(data)
	if m == nil {
		t.Fatal("README.md: no ```go block followed by \"It prints ...: \"")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), m[1], 0o644); err != nil {
		t.Fatal(err)
	}
	// A file named on the command line builds within the module of the
	// working directory: this one.
	cmd := exec.Command(gobin, "run", filepath.Join(dir, "main.go"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run of the README's example: %v\n%s", err, out)
	}
	var want []string
	for _, s := range regexp.MustCompile("`([^`]*)`").FindAllSubmatch(bytes.Join(bytes.Fields(m[2]), []byte(" ")), -1) {
		want = append(want, string(s[1]))
	}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the README's example prints\n%s\nthe README says it prints %q", out, want)
	}
}
