package main

import (
	"embed"
	"strings"
	"text/template"

	"github.com/mastermind-go/mastermind/internal/cmdline"
)

// The help texts are the files of help/: mastermind.txt is "mastermind
// help", short.txt what "mastermind" alone prints, and each command's its
// --help. They are templates: the flags that several commands share are
// described once, in game.txt and strategy*.txt, which the others include;
// the lists of strategies and presets come from their tables
// (cmdline.HelpFuncs).
// docs/commands.md is made of them.
//
//go:embed help/*.txt
var helpFiles embed.FS

var helpTemplates = template.Must(template.New("").Funcs(cmdline.HelpFuncs()).ParseFS(helpFiles, "help/*.txt"))

// help returns the help text of help/name.txt.
func help(name string) string {
	var b strings.Builder
	if err := helpTemplates.ExecuteTemplate(&b, name+".txt", nil); err != nil {
		panic(err) // a broken help file: every test of the command fails
	}
	return b.String()
}
