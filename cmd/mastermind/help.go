package main

import (
	"embed"
	"strings"
	"text/template"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/cmdline"
	"github.com/mastermind-go/mastermind/internal/words"
)

// The help texts are the files of help/: mastermind.txt is "mastermind
// help", short.txt what "mastermind" alone prints, and each command's its
// --help. They are templates: the flags that several commands share are
// described once, in game.txt and strategy*.txt, which the others include;
// the lists of strategies and presets come from their tables (choose's and
// the root package's).
// docs/commands.md is made of them.
//
//go:embed help/*.txt
var helpFiles embed.FS

var helpTemplates = template.Must(template.New("").Funcs(template.FuncMap{
	"strategies": func() string { return cmdline.Table("    --strategy NAME", 28, 12, 80, strategyRows()) },
	"presets": func() string {
		var names []string
		for _, p := range mastermind.PresetTable() {
			names = append(names, p.Name)
		}
		return words.List(names, "or")
	},
}).ParseFS(helpFiles, "help/*.txt"))

// strategyRows are the rows of choose's table of strategies, as the help
// lists them.
func strategyRows() [][2]string {
	var rows [][2]string
	for _, s := range choose.Strategies() {
		rows = append(rows, [2]string{s.Name, s.Help()})
	}
	return rows
}

// help returns the help text of help/name.txt.
func help(name string) string {
	var b strings.Builder
	if err := helpTemplates.ExecuteTemplate(&b, name+".txt", nil); err != nil {
		panic(err) // a broken help file: every test of the command fails
	}
	return b.String()
}
