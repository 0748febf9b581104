// Command site builds the static site: the page of "mastermind serve" with
// the engine compiled to WebAssembly, answering the page in a Web Worker, so
// that the folder works from any static host and, after the first visit,
// offline.
//
//	go run ./cmd/site DIR
//
// Run it in the module (it builds the engine with the go command).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

const usage = `usage: go run ./cmd/site DIR

Writes the static site to the folder DIR: the page of "mastermind serve", the engine compiled to
WebAssembly (built by the go command on $PATH with GOOS=js GOARCH=wasm) with
the toolchain's wasm_exec.js and the Web Worker that runs it, the optimal
trees of the explorer (trees/, fetched only when opened), a web app
manifest, icons and a service worker, so the page installs and works offline
after the first visit. The files are written in a folder inside DIR, then
moved into place, so that a failed build leaves DIR as it was. DIR must be
new, empty, a site this command built, or hold only files of publishing
(named with a dot, such as .git or .nojekyll, or CNAME), and be outside the
module's sources (the page's own files are read from them). A rebuild
replaces the files the build wrote and keeps the others (it names them).
DIR may be a link (the folder it names is written) or a mount point.
Publish DIR on any static host, or open it locally:

    python3 -m http.server -d DIR 8000      then http://localhost:8000/

Run it in the mastermind module. Exit status: 0 success, 2 bad usage, 1 a
failed build.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run builds the site that args name and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("site", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	switch err := flags.Parse(args); {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "site: %v\n\n%s", err, usage)
		return 2
	case flags.NArg() != 1:
		fmt.Fprintf(stderr, "site: want one argument, the folder to write, not %d\n\n%s", flags.NArg(), usage)
		return 2
	case flags.Arg(0) == "":
		fmt.Fprintf(stderr, "site: the folder to write has an empty name\n\n%s", usage)
		return 2
	}
	dir := flags.Arg(0)
	var usageErr *usageError
	s, kept, err := build(ctx, dir)
	switch {
	case errors.As(err, &usageErr):
		fmt.Fprintf(stderr, "site: %v\n", err)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "site: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, summary(dir, s))
	if len(kept) > 0 {
		fmt.Fprintf(stdout, "kept in %s what the build did not write: %s\n", dir, strings.Join(kept, ", "))
	}
	return 0
}

// summary is the line that says what the build wrote to dir (docs/site.md
// quotes it, checked by TestDocSizes).
func summary(dir string, s sizes) string {
	return fmt.Sprintf("wrote %s: %d files, %.2f MB, %.2f MB gzipped (mastermind.wasm %.2f MB, %.2f MB gzipped), and %d optimal trees, %.2f MB gzipped, fetched when opened",
		dir, s.files, mb(s.bytes), mb(s.gzipped), mb(s.wasm), mb(s.wasmGzipped), s.trees, mb(s.treeBytes))
}

func mb(n int64) float64 { return float64(n) / 1e6 }
