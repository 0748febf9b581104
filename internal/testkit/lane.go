package testkit

import "testing"

// Long skips t unless the long lane runs. The tests have two lanes: the
// fast one, `go test ./...` (the README's test command, at most two
// minutes on two cores), and the long one, `go test -tags long ./...`,
// which runs every test, the long ones too: the page's tours, the large
// games, the full optimal recomputations, the WebAssembly site. A test of
// the long lane calls Long first; a script of cmd/mastermind's testdata
// says `[!long] skip` (or `[long]` before a long line). A test that plays
// less in the fast lane asks LongLane.
func Long(t testing.TB) {
	t.Helper()
	if !LongLane {
		t.Skip("long lane only: go test -tags long ./...")
	}
}
