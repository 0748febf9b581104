package main

import (
	"strings"
	"testing"
)

// Two /api/tree requests at once for a tree the engine has not read yet
// (super's, fetched by the worker) both answer, with their nodes: the
// second waits for the first one's read, not for a computing slot until
// its deadline.
func TestTreesAtOnce(t *testing.T) {
	p, _ := open(t, 1280, 800, "#breaker")
	wait(p, `document.querySelectorAll("option.starting").length === 0`)
	got := str(p, `import("./api.js").then(async (m) => {
		await m.call("/api/score", {game: "classic", secret: [0,1,2,3], guess: [3,2,1,0]}); // the engine has started
		const ask = (path) => m.call("/api/tree", {game: "super", path}).then((v) => v.guess.join(""), (e) => "error: " + e.message);
		return (await Promise.all([ask([]), ask([[1, 1]])])).join(" ");
	})`)
	// super's tree (optimal/optima/super.json.gz) opens with 00112.
	if f := strings.Fields(got); len(f) != 2 || f[0] != "00112" || len(f[1]) != 5 {
		t.Errorf("two tree requests at once: %q", got)
	}
}
