package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/optimal/optima"
	"github.com/mastermind-go/mastermind/web"
)

// static holds the site's own files: the worker that runs the engine, the
// script that registers the service worker, the service worker's code and
// the manifest.
//
//go:embed static
var static embed.FS

// Where the page and the engine come from.
const (
	pagePackage   = "github.com/mastermind-go/mastermind/web"
	enginePackage = "github.com/mastermind-go/mastermind/cmd/site/wasm"
)

// head is what the site adds to the page's head: the marker that makes
// api.js call the engine in a worker, the manifest, and the script that
// registers the service worker.
const head = `<meta name="mastermind-engine" content="worker">
<link rel="manifest" href="manifest.webmanifest">
<meta name="theme-color" content="#1b1b1f">
<link rel="apple-touch-icon" href="icon-192.png">
<script type="module" src="site.js"></script>
`

// sizes are a built site's figures, in bytes, the trees apart.
type sizes struct {
	files, trees                                 int
	bytes, gzipped, wasm, wasmGzipped, treeBytes int64
}

// build writes the site to dir: it checks dir (a *usageError when the
// site cannot go there), assembles the files, and puts them in place. It
// returns the site's sizes and what dir holds that the build did not write
// (kept).
func build(ctx context.Context, dir string) (s sizes, kept []string, err error) {
	if err := destination(ctx, dir); err != nil {
		return sizes{}, nil, err
	}
	files, err := assemble(ctx)
	if err != nil {
		return sizes{}, nil, err
	}
	for name, data := range files {
		if isTree(name) {
			s.trees++
			s.treeBytes += int64(len(data))
			continue
		}
		z, err := gzipped(data)
		if err != nil {
			return s, nil, err
		}
		s.files++
		s.bytes += int64(len(data))
		s.gzipped += z
		if name == "mastermind.wasm" {
			s.wasm, s.wasmGzipped = int64(len(data)), z
		}
	}
	kept, err = install(dir, files)
	return s, kept, err
}

// assemble returns the site's files, by name in the site's folder.
func assemble(ctx context.Context) (map[string][]byte, error) {
	files := map[string][]byte{} // name in dir -> contents
	if err := page(ctx, files); err != nil {
		return nil, err
	}
	own, err := static.ReadDir("static")
	if err != nil {
		return nil, err
	}
	for _, e := range own {
		if e.Name() == "sw.js" {
			continue
		}
		if files[e.Name()], err = static.ReadFile("static/" + e.Name()); err != nil {
			return nil, err
		}
	}
	for _, n := range []int{192, 512} {
		if files[fmt.Sprintf("icon-%d.png", n)], err = icon(n); err != nil {
			return nil, err
		}
	}
	root, err := goCommand(ctx, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	if files["wasm_exec.js"], err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js")); err != nil {
		return nil, fmt.Errorf("the Go toolchain's wasm_exec.js: %w", err)
	}
	if files["mastermind.wasm"], err = engine(ctx); err != nil {
		return nil, err
	}
	answers, err := startAnswers(ctx)
	if err != nil {
		return nil, err
	}
	files["worker.js"] = fmt.Appendf(nil, "%s\nconst answers = %s;\n\n%s", builtMark, answers, files["worker.js"])
	if files["sw.js"], err = serviceWorker(files); err != nil {
		return nil, err
	}
	return files, nil
}

// page adds the files of the page that "mastermind serve" embeds (package
// web's static folder) to files, with the site's head in index.html, and
// the optimal trees the API walks (web.TreeNames, of package optima), as
// trees/NAME.json.gz, which the engine fetches when the explorer opens one.
func page(ctx context.Context, files map[string][]byte) error {
	out, err := goCommand(ctx, "list", "-f", "{{.Dir}}{{range .EmbedFiles}}\n{{.}}{{end}}", pagePackage)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, f := range lines[1:] {
		name, ok := strings.CutPrefix(f, "static/")
		if !ok {
			continue
		}
		if files[name], err = os.ReadFile(filepath.Join(lines[0], filepath.FromSlash(f))); err != nil {
			return err
		}
	}
	for _, name := range web.TreeNames() {
		if files["trees/"+name+".json.gz"], err = optima.File(name); err != nil {
			return err
		}
	}
	i := bytes.Index(files["index.html"], []byte("</head>"))
	if i < 0 {
		return fmt.Errorf("%s: index.html has no </head> to add the site's head to", pagePackage)
	}
	html := files["index.html"]
	files["index.html"] = slices.Concat(html[:i], []byte(head), html[i:])
	return nil
}

// engine builds the engine for the browser and returns it.
func engine(ctx context.Context) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "mastermind-site-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "mastermind.wasm")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, enginePackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the engine (GOOS=js GOARCH=wasm go build %s): %v\n%s", enginePackage, err, msg)
	}
	return os.ReadFile(out)
}

// goCommand runs the go command with args and returns its output.
func goCommand(ctx context.Context, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var missing *exec.Error
		if errors.As(err, &missing) {
			return nil, fmt.Errorf("the go command is needed to build the site: %v", err)
		}
		return nil, fmt.Errorf("go %s: %v\n%s(run it in the mastermind module)", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}

// isTree reports whether the site's file name is an optimal tree, which
// the engine fetches only when the explorer opens it or a strategy plays
// it: not counted in the site's size, nor kept on install but for the
// trees auto plays (installed).
func isTree(name string) bool { return strings.HasPrefix(name, "trees/") }

// installed reports whether the site's file name is kept on install: every
// file but the trees, and the trees auto plays (choose.AutoTreeFiles:
// classic's under black and slots, bulls' under slots, 30 KB), so that
// auto plays them offline from the first visit, as it plays black-white.
func installed(name string) bool {
	tree, ok := strings.CutPrefix(name, "trees/")
	return !ok || slices.Contains(choose.AutoTreeFiles(), strings.TrimSuffix(tree, ".json.gz"))
}

// builtMark is the first line of a built site's sw.js: the mark of a
// folder that a new build may replace.
const builtMark = "// Written by \"go run ./cmd/site\"."

// serviceWorker returns sw.js for the site of files: the version (a hash of
// every file, the trees too, so that a build that changes only a tree is a
// new version, whose service worker drops the old trees kept) and the list
// of files it keeps on install (installed; the other trees are kept when
// fetched), then its code.
func serviceWorker(files map[string][]byte) ([]byte, error) {
	names := []string{"./"}
	h := sha256.New()
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if name == "sw.js" {
			continue // the version's own file, from an earlier build
		}
		if installed(name) {
			names = append(names, path.Clean(name))
		}
		fmt.Fprintf(h, "%s %d\n", name, len(files[name]))
		h.Write(files[name])
	}
	list, err := json.Marshal(names)
	if err != nil {
		return nil, err
	}
	code, err := static.ReadFile("static/sw.js")
	if err != nil {
		return nil, err
	}
	version := hex.EncodeToString(h.Sum(nil))[:16]
	return fmt.Appendf(nil, "%s\nconst version = %q;\nconst files = %s;\n\n%s", builtMark, version, list, code), nil
}

// gzipped returns the size of data compressed by gzip -9.
func gzipped(data []byte) (int64, error) {
	var n counter
	w, err := gzip.NewWriterLevel(&n, gzip.BestCompression)
	if err == nil {
		_, err = w.Write(data)
	}
	if err == nil {
		err = w.Close()
	}
	return int64(n), err
}

// A counter counts the bytes written to it.
type counter int64

func (c *counter) Write(p []byte) (int, error) { *c += counter(len(p)); return len(p), nil }
