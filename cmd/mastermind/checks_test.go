package main

import (
	"compress/gzip"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/mastermind-go/mastermind/internal/testkit"
	"github.com/rogpeppe/go-internal/testscript"
)

// scriptChecks are the scripts' commands that check files the command
// writes:
//
//	svg FILE           FILE parses as XML and its root element is <svg>
//	png FILE W H       FILE decodes as PNG, at least W by H pixels
//	islink FILE TARGET FILE is a link to TARGET
//	gzipped FILE       FILE is a whole gzip stream
var scriptChecks = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"islink": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 2 {
			ts.Fatalf("usage: islink FILE TARGET")
		}
		if got, err := os.Readlink(ts.MkAbs(args[0])); err != nil || got != args[1] {
			ts.Fatalf("%s is not a link to %s: %q, %v", args[0], args[1], got, err)
		}
	},
	"gzipped": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 1 {
			ts.Fatalf("usage: gzipped FILE")
		}
		ts.Check(checkGzip(ts.MkAbs(args[0])))
	},
	"svg": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 1 {
			ts.Fatalf("usage: svg FILE")
		}
		ts.Check(checkSVG(ts.MkAbs(args[0])))
	},
	"png": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 3 {
			ts.Fatalf("usage: png FILE W H")
		}
		w, err := strconv.Atoi(args[1])
		ts.Check(err)
		h, err := strconv.Atoi(args[2])
		ts.Check(err)
		ts.Check(checkPNG(ts.MkAbs(args[0]), w, h))
	},
}

// scriptCondition is the scripts' conditions: [ci], the tests run under CI
// (the environment variable CI is set), where a missing tool is a failure
// rather than a reason to skip; [race], under the race detector, where the
// programs take several times the CPU time; [long], the long lane of the
// tests (go test -tags long: testkit.LongLane), so that a long script says
// `[!long] skip` first.
func scriptCondition(cond string) (bool, error) {
	switch cond {
	case "ci":
		return os.Getenv("CI") != "", nil
	case "long":
		return testkit.LongLane, nil
	case "race":
		return raceEnabled, nil
	case "linux":
		return runtime.GOOS == "linux", nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

// checkGzip reads the whole of a gzip stream.
func checkGzip(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	if _, err := io.Copy(io.Discard, z); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// checkSVG reads the whole of an XML document whose root is <svg>.
func checkSVG(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: not XML: %v", path, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		return fmt.Errorf("%s: root element <%s>, want <svg>", path, root)
	}
	return nil
}

// checkPNG decodes a PNG image of at least w by h pixels.
func checkPNG(path string, w, h int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: not a PNG: %v", path, err)
	}
	if b := img.Bounds(); b.Dx() < w || b.Dy() < h {
		return fmt.Errorf("%s: %dx%d pixels, want at least %dx%d", path, b.Dx(), b.Dy(), w, h)
	}
	return nil
}

// TestHelpListsFlagsOnce checks that no command's help lists a flag twice.
func TestHelpListsFlagsOnce(t *testing.T) {
	flagLine := regexp.MustCompile(`^ {4}((?:-\w+, )?--?[\w-]+)`)
	for name, c := range commands {
		seen := map[string]bool{}
		for _, line := range strings.Split(c.usage, "\n") {
			m := flagLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			for _, f := range strings.Split(m[1], ", ") {
				if seen[f] {
					t.Errorf("mastermind %s --help lists %s twice", name, f)
				}
				seen[f] = true
			}
		}
	}
}
