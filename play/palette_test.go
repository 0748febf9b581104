package play

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The pegs of the terminal have the page's colours (issue 69: the page
// drew 1 blue and 2 green, the terminal 1 green and 2 blue): the table of
// web/static/ui.js, read here, background and number, colour by colour.
func TestPegsArePage(t *testing.T) {
	data, err := os.ReadFile("../web/static/ui.js")
	if err != nil {
		t.Fatal(err)
	}
	table := regexp.MustCompile(`(?s)const palette = \[(.*?)\];`).FindSubmatch(data)
	if table == nil {
		t.Fatal("web/static/ui.js: no palette table")
	}
	long := func(hex string) string { // #000 is #000000
		hex = strings.ToUpper(hex)
		if len(hex) == 4 {
			return "#" + strings.Repeat(hex[1:2], 2) + strings.Repeat(hex[2:3], 2) + strings.Repeat(hex[3:4], 2)
		}
		return hex
	}
	var page []Peg
	for _, m := range regexp.MustCompile(`\[\s*"(#[0-9A-Fa-f]{3,6})"\s*,\s*"(#[0-9A-Fa-f]{3,6})"\s*\]`).FindAllStringSubmatch(string(table[1]), -1) {
		page = append(page, Peg{Back: long(m[1]), Text: long(m[2])})
	}
	if len(page) != len(Pegs) {
		t.Fatalf("the page has %d colours, the terminal %d", len(page), len(Pegs))
	}
	for c, p := range page {
		if Pegs[c] != p {
			t.Errorf("colour %d: the terminal draws %v, the page %v", c, Pegs[c], p)
		}
	}
	if p, ring := PegOf(len(Pegs) + 3); p != Pegs[3] || !ring {
		t.Errorf("colour %d: %v, ring %v; the page draws colour 3 again, ringed", len(Pegs)+3, p, ring)
	}
}
