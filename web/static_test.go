package web

import (
	"regexp"
	"strings"
	"testing"
)

// Every name a script of the page exports is imported by another: no dead
// exports (a name used only in its own file is not exported).
func TestExportsImported(t *testing.T) {
	entries, err := static.ReadDir("static")
	if err != nil {
		t.Fatal(err)
	}
	scripts := map[string]string{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".js") {
			data, err := static.ReadFile("static/" + e.Name())
			if err != nil {
				t.Fatal(err)
			}
			scripts[e.Name()] = string(data)
		}
	}
	export := regexp.MustCompile(`(?m)^export (?:async )?(?:function|class|const|let) (\w+)`)
	imports := regexp.MustCompile(`import \{([^}]*)\} from "\./([\w.]+)"`)
	imported := map[string]bool{} // "file name"
	for _, src := range scripts {
		for _, m := range imports.FindAllStringSubmatch(src, -1) {
			for _, name := range strings.Split(m[1], ",") {
				imported[m[2]+" "+strings.TrimSpace(name)] = true
			}
		}
	}
	n := 0
	for file, src := range scripts {
		for _, m := range export.FindAllStringSubmatch(src, -1) {
			n++
			if !imported[file+" "+m[1]] {
				t.Errorf("%s exports %s, which no script of the page imports", file, m[1])
			}
		}
	}
	if n < 10 {
		t.Errorf("found %d exports in %d scripts: the test reads nothing", n, len(scripts))
	}
}
