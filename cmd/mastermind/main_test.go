package main

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"

	"github.com/mastermind-go/mastermind/internal/bot"
	"github.com/rogpeppe/go-internal/testscript"
)

// update rewrites the expected outputs of the scripts (the files that cmp
// compares with) from what the command prints: go test -run TestScripts -update.
var update = flag.Bool("update", false, "rewrite the expected outputs in testdata/*.txtar")

func TestMain(m *testing.M) {
	// testscript runs this test binary as the mastermind command when it is
	// started under that name (os.Args[0]), as the referee tests and eval
	// --topcoder do.
	testscript.Main(m, map[string]func(){
		"mastermind": main,
		"bot":        func() { os.Exit(bot.Main()) },
		// bigmastermind is mastermind grown to 300 MB first, to tell the
		// peak memory of its children from its own.
		"bigmastermind": func() {
			ballast := make([]byte, 300<<20)
			for i := range ballast {
				ballast[i] = 1
			}
			status := run(signalContext(os.Args[1:]), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
			runtime.KeepAlive(ballast)
			os.Exit(status)
		},
	})
}

// TestScripts runs the end-to-end scripts in testdata/*.txtar against the
// mastermind binary. Besides the standard commands, a script may say
//
//	status N command args...
//
// to run a command and check that it exits with status N.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Condition:           scriptCondition,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"svg":     scriptChecks["svg"],
			"png":     scriptChecks["png"],
			"islink":  scriptChecks["islink"],
			"gzipped": scriptChecks["gzipped"],
			"status": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: status N command args...")
				}
				want, err := strconv.Atoi(args[0])
				ts.Check(err)
				got := 0
				var exitErr *exec.ExitError
				if err := ts.Exec(args[1], args[2:]...); errors.As(err, &exitErr) {
					got = exitErr.ExitCode()
				} else if err != nil {
					ts.Fatalf("%v", err)
				}
				if got != want {
					ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
				}
			},
		},
	})
}
