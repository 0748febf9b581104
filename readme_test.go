package mastermind_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/mastermind-go/mastermind/strategy"
	"github.com/mastermind-go/mastermind/tree"
)

// plainScore is the definition of black and white, apart from the engine.
var plainScore = testkit.Feedback[mastermind.Feedback, []uint8]

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

// readmeFigure returns the numbers of the first README line that pattern
// matches: its groups, commas dropped.
func readmeFigure(t *testing.T, pattern string) []int {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(pattern).FindStringSubmatch(string(data))
	if m == nil {
		t.Fatalf("README.md: no line matches %q", pattern)
	}
	var nums []int
	for _, s := range m[1:] {
		n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
		if err != nil {
			t.Fatalf("README.md: %q is not a number", s)
		}
		nums = append(nums, n)
	}
	return nums
}

// allCodes returns every code of p positions and c colours in
// lexicographic order, of distinct colours only if distinct.
func allCodes(p, c int, distinct bool) [][]uint8 {
	var codes [][]uint8
	code := make([]uint8, p)
	var fill func(i int)
	fill = func(i int) {
		if i == p {
			codes = append(codes, slices.Clone(code))
			return
		}
		for x := range c {
			if distinct && slices.Contains(code[:i], uint8(x)) {
				continue
			}
			code[i] = uint8(x)
			fill(i + 1)
		}
	}
	fill(0)
	return codes
}

// TestReadmeSuperTotal replays the Super Mastermind tree the project ships
// (optimal/optima/super.json.gz, the README's best total) over all 8^5 =
// 32768 secrets with a scorer of its own: every secret must be found, in
// at most 8 guesses, and the guesses must add up to the README's total.
func TestReadmeSuperTotal(t *testing.T) {
	want := readmeFigure(t, `\| Super Mastermind \| ([0-9,]+) guesses in all`)[0]
	f, err := os.Open("optimal/optima/super.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	s, err := mastermind.NewSpace(mastermind.Game{Positions: 5, Colors: 8})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := tree.ReadJSON(z, s)
	if err != nil {
		t.Fatal(err)
	}
	secrets := allCodes(5, 8, false)
	if len(secrets) != 32768 {
		t.Fatalf("%d codes of 5 positions and 8 colours, want 32768", len(secrets))
	}
	total, most := 0, 0
	for _, secret := range secrets {
		n := tr.Root
		guesses := 1
		for ; n != nil && !slices.Equal(s.Code(n.Guess), secret); guesses++ {
			f := plainScore(secret, s.Code(n.Guess))
			var next *tree.Node
			for _, c := range n.Children {
				if c.Feedback == f {
					next = c.Node
				}
			}
			n = next
		}
		if n == nil {
			t.Fatalf("secret %v: the tree has no node for an answer", secret)
		}
		total += guesses
		most = max(most, guesses)
	}
	if total != want || most > 8 {
		t.Errorf("the shipped Super Mastermind tree replays to %d guesses in all, at most %d; the README says %d, at most 8", total, most, want)
	}
}

// TestReadmeBullsMinimax checks the README's total of minimax on Bulls and
// Cows (4 distinct digits of 10), which the Bulls and Cows report gives
// only as an average rounded (5.389), by a minimax written here by brute
// force from the rule package strategy documents: each guess is, among all
// 5040 codes, one whose largest part of the candidates is smallest; ties go
// first to a candidate, then to the lowest code. Its total must be the
// README's, and its histogram the engine's.
func TestReadmeBullsMinimax(t *testing.T) {
	testkit.Long(t) // 11 s of CPU; tree's TestPublishedFigures checks 27139 in the fast lane
	want := readmeFigure(t, `\| bulls \| minimax \| ([0-9,]+) \(avg`)[0]
	codes := allCodes(4, 10, true)
	n := len(codes)
	if n != 5040 {
		t.Fatalf("%d codes of 4 distinct digits, want 5040", n)
	}
	// answer[g*n+s] numbers the answer to guess g for secret s: 5*black+white.
	answer := make([]uint8, n*n)
	for g := range codes {
		for s := range codes {
			f := plainScore(codes[s], codes[g])
			answer[g*n+s] = uint8(5*f.Black + f.White)
		}
	}
	const solved = 5 * 4
	histogram := make([]int, 1)
	var part [25]int
	largest := func(g int, cands []int) int {
		clear(part[:])
		most := 0
		for _, s := range cands {
			a := answer[g*n+s]
			part[a]++
			most = max(most, part[a])
		}
		return most
	}
	var play func(cands []int, depth int)
	play = func(cands []int, depth int) {
		best, guess := n+1, -1
		for _, g := range cands { // candidates first, lowest first
			if v := largest(g, cands); v < best {
				best, guess = v, g
			}
		}
		for g := range n { // a code that is no candidate must do better
			if v := largest(g, cands); v < best {
				best, guess = v, g
			}
		}
		parts := map[uint8][]int{}
		for _, s := range cands {
			a := answer[guess*n+s]
			if a == solved {
				for len(histogram) <= depth {
					histogram = append(histogram, 0)
				}
				histogram[depth]++
				continue
			}
			parts[a] = append(parts[a], s)
		}
		for _, p := range parts {
			play(p, depth+1)
		}
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	play(all, 1)
	total := 0
	for d, k := range histogram {
		total += d * k
	}
	if total != want || len(histogram)-1 != 7 {
		t.Errorf("minimax by brute force on Bulls and Cows: %d guesses in all, at most %d (histogram %v); the README says %d, at most 7", total, len(histogram)-1, histogram, want)
	}
	s, err := mastermind.NewSpace(mastermind.Bulls())
	if err != nil {
		t.Fatal(err)
	}
	st, err := tree.Evaluate(context.Background(), s, strategy.Heuristic{Measure: strategy.Minimax})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(st.Histogram, histogram) {
		t.Errorf("the engine's minimax on Bulls and Cows: histogram %v; by brute force %v", st.Histogram, histogram)
	}
}
