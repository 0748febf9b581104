package chart

import (
	"io"

	"github.com/mastermind-go/mastermind/internal/files"
	"github.com/mastermind-go/mastermind/tree"
)

// CheckPlot reports whether a chart can be written at path: a format the
// charts have (by its extension) in a folder that exists. The commands
// check it before their work, so that a wrong path is told at once.
func CheckPlot(path string) error {
	if _, err := Format(path); err != nil {
		return err
	}
	return files.CheckWritable(path)
}

// WritePlot draws the figures of strategies on one game, the secrets by
// number of guesses, in the chart file path under title, written whole or
// not at all.
func WritePlot(path, title string, results []tree.Figures) error {
	format, err := Format(path)
	if err != nil || len(results) == 0 {
		return err
	}
	series := make([]Series, len(results))
	for i, r := range results {
		series[i] = Series{Name: r.Strategy, Average: r.Average, Histogram: r.Histogram}
	}
	return files.Write(path, func(w io.Writer) error { return Write(w, format, title, series) })
}
