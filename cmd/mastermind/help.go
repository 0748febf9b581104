package main

import (
	"embed"
	"strings"
	"text/template"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/cmd/internal/cmdline"
	"github.com/mastermind-go/mastermind/internal/words"
)

// The help texts are the files of help/: mastermind.txt is "mastermind
// help", short.txt what "mastermind" alone prints, and each command's its
// --help. They are templates: the flags that several commands share are
// described once, in game.txt and strategy*.txt, which the others include;
// the lists of strategies and presets come from their tables (helpFuncs).
// docs/commands.md is made of them.
//
//go:embed help/*.txt
var helpFiles embed.FS

var helpTemplates = template.Must(template.New("").Funcs(helpFuncs()).ParseFS(helpFiles, "help/*.txt"))

// helpFuncs are the functions of the help texts' templates: the lists the
// help writes from the project's tables, so that no help file spells them.
//
//	{{strategies}}  the --strategy flag and choose's table of strategies
//	{{presets}}     the presets' names: "classic, bulls, super or digits"
//	{{rules}}       the answer rules: "black-white (the default), black or slots"
func helpFuncs() template.FuncMap {
	return template.FuncMap{
		"strategies": func() string {
			var rows [][2]string
			for _, s := range choose.Strategies() {
				rows = append(rows, [2]string{s.Name, s.Help()})
			}
			return cmdline.Table("    --strategy NAME", 28, 12, 80, rows)
		},
		"rules": func() string {
			names := mastermind.RuleNames()
			names[0] += " (the default)"
			return words.List(names, "or")
		},
		"presets": func() string {
			var names []string
			for _, p := range mastermind.Presets() {
				names = append(names, p.Name)
			}
			return words.List(names, "or")
		},
	}
}

// help returns the help text of help/name.txt.
func help(name string) string {
	var b strings.Builder
	if err := helpTemplates.ExecuteTemplate(&b, name+".txt", nil); err != nil {
		panic(err) // a broken help file: every test of the command fails
	}
	return b.String()
}
