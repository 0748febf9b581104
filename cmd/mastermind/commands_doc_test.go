package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

// commandsDoc is the command reference, generated from the help texts.
const commandsDoc = "../../docs/commands.md"

// docOrder is the order of the commands in the reference, that of the
// usage text.
var docOrder = []string{"play", "break", "eval", "judge", "optimal", "tree", "solve", "batch", "serve"}

// TestCommandsDoc checks that docs/commands.md is the help texts, as
// "mastermind help" and "mastermind COMMAND --help" print them;
// go test ./cmd/mastermind -run TestCommandsDoc -update writes it again.
func TestCommandsDoc(t *testing.T) {
	if len(docOrder) != len(commands) {
		t.Fatalf("the reference lists %d commands, the command has %d: add the new one to docOrder", len(docOrder), len(commands))
	}
	var doc bytes.Buffer
	doc.WriteString(`# The mastermind command

Generated from the help texts: what "mastermind help" prints, then what
each command's --help prints ("mastermind help COMMAND" prints the same).
Do not edit it by hand: after a change of a help text, write it again with
` + "`go test ./cmd/mastermind -run TestCommandsDoc -update`" + ` (the test fails
while this file and --help differ).
`)
	section := func(title string, args ...string) {
		var stdout, stderr bytes.Buffer
		if status := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr); status != 0 || stderr.Len() > 0 {
			t.Fatalf("mastermind %s: status %d, stderr %q", strings.Join(args, " "), status, stderr.String())
		}
		fmt.Fprintf(&doc, "\n## %s\n\n```text\n%s```\n", title, stdout.String())
	}
	section("mastermind", "help")
	for _, name := range docOrder {
		section("mastermind "+name, name, "--help")
	}
	if *update {
		if err := os.WriteFile(commandsDoc, doc.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(commandsDoc)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/mastermind -run TestCommandsDoc -update writes it)", err)
	}
	if !bytes.Equal(old, doc.Bytes()) {
		t.Errorf("docs/commands.md differs from the help texts: go test ./cmd/mastermind -run TestCommandsDoc -update writes it again\n%s", firstDifference(old, doc.Bytes()))
	}
}

// firstDifference shows the first line where the file and the help differ.
func firstDifference(file, help []byte) string {
	a, b := strings.Split(string(file), "\n"), strings.Split(string(help), "\n")
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  file: %q\n  help: %q", i+1, x, y)
		}
	}
	return ""
}
