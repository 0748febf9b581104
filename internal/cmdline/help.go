package cmdline

import (
	"text/template"

	"github.com/mastermind-go/mastermind"
	"github.com/mastermind-go/mastermind/choose"
	"github.com/mastermind-go/mastermind/internal/words"
)

// HelpFuncs are the functions of the help texts' templates: the lists the
// help writes from the project's tables, so that no help file spells them.
//
//	{{strategies}}  the --strategy flag and choose's table of strategies
//	{{presets}}     the presets' names: "classic, bulls, super or digits"
func HelpFuncs() template.FuncMap {
	return template.FuncMap{
		"strategies": func() string {
			var rows [][2]string
			for _, s := range choose.Strategies() {
				rows = append(rows, [2]string{s.Name, s.Help()})
			}
			return Table("    --strategy NAME", 28, 12, 80, rows)
		},
		"presets": func() string {
			var names []string
			for _, p := range mastermind.PresetTable() {
				names = append(names, p.Name)
			}
			return words.List(names, "or")
		},
	}
}
