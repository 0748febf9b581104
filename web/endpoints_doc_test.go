package web

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The endpoints listed in the package comment (api.go) and in
// docs/web-api.md are the endpoint table's, each POST with the keys its
// row lists (issue 53 item 4: the comment listed 8 of 10).
func TestEndpointsDocumented(t *testing.T) {
	a := NewAPI(Options{})
	api, err := os.ReadFile("api.go")
	if err != nil {
		t.Fatal(err)
	}
	comment, _, _ := strings.Cut(string(api), "\npackage web")
	docs, err := os.ReadFile("../docs/web-api.md")
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"api.go's package comment": comment, "docs/web-api.md": string(docs)} {
		listed := listedEndpoints(text)
		for path, e := range a.endpoints {
			keys, ok := listed[path]
			switch {
			case !ok:
				t.Errorf("%s does not list %s", name, path)
			case e.get != (keys == nil):
				t.Errorf("%s lists %s with the wrong method", name, path)
			case !e.get:
				if want := bodyKeys(e.keys); !slices.Equal(keys, want) {
					t.Errorf("%s lists %s with the keys %v, want %v (its decoder's)", name, path, keys, want)
				}
			}
		}
		for path := range listed {
			if _, ok := a.endpoints[path]; !ok {
				t.Errorf("%s lists %s, which is no endpoint", name, path)
			}
		}
	}
}

// listedEndpoints returns the endpoints a text lists, a line each
// ("POST /api/next  {"game":G,...}", "GET  /api/games ..."), with the keys
// of the request bodies shown, sorted (those of the lines below that show
// another form of the body, "{...}", too); nil for a GET.
func listedEndpoints(text string) map[string][]string {
	line := regexp.MustCompile(`^\s*(?://\s*)?(POST|GET)\s+(/api/\w+)\s*(.*)$`)
	form := regexp.MustCompile(`^\s*(?://\s*)?(\{.*)$`)
	key := regexp.MustCompile(`"(\w+)":`)
	out := map[string][]string{}
	last := ""
	for l := range strings.Lines(text) {
		l = strings.TrimRight(l, "\r\n")
		if m := line.FindStringSubmatch(l); m != nil {
			last = ""
			out[m[2]] = nil
			if m[1] == "POST" {
				last = m[2]
				out[last] = []string{}
				l = m[3]
			}
		} else if m := form.FindStringSubmatch(l); m == nil || last == "" {
			last = ""
			continue
		}
		if last == "" {
			continue
		}
		request, _, _ := strings.Cut(l, "->")
		for _, k := range key.FindAllStringSubmatch(request, -1) {
			if !slices.Contains(out[last], k[1]) {
				out[last] = append(out[last], k[1])
			}
		}
		slices.Sort(out[last])
	}
	return out
}

// bodyKeys returns the keys of an endpoint's keys, without their "?",
// sorted.
func bodyKeys(list string) []string {
	var keys []string
	for _, k := range strings.Fields(list) {
		keys = append(keys, strings.TrimSuffix(k, "?"))
	}
	slices.Sort(keys)
	return keys
}
