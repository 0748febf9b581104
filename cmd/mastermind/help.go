package main

import (
	"embed"
	"strings"
	"text/template"
)

// The help texts are the files of help/: mastermind.txt is "mastermind
// help", short.txt what "mastermind" alone prints, and each command's its
// --help. They are templates that take the flags every game and strategy
// command shares, as helpFlags names them; docs/commands.md is made of them.
//
//go:embed help/*.txt
var helpFiles embed.FS

var helpTemplates = template.Must(template.ParseFS(helpFiles, "help/*.txt"))

// helpFlags are the descriptions of shared flags that the help texts take.
var helpFlags = struct{ Game, Strategy, StrategyNames, StrategyOther string }{
	gameUsage, strategyUsage, strategyNamesUsage, strategyOtherUsage,
}

// help returns the help text of help/name.txt.
func help(name string) string {
	var b strings.Builder
	if err := helpTemplates.ExecuteTemplate(&b, name+".txt", helpFlags); err != nil {
		panic(err) // a broken help file: every test of the command fails
	}
	return b.String()
}
