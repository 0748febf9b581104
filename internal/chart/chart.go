// Package chart draws the figures of strategies as a bar chart: how many
// secrets each strategy finds in 1, 2, 3, ... guesses, a series of bars per
// strategy, its average in the legend. Charts are SVG or PNG, drawn with
// gonum.org/v1/plot.
package chart

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A Series is the figures of one strategy.
type Series struct {
	Name      string  // the strategy
	Average   float64 // guesses per secret
	Histogram []int   // Histogram[i] secrets take exactly i guesses; Histogram[0] is not drawn
}

// The size of a chart: 10 by 6 inches, 960 by 576 pixels in PNG.
const (
	width  = 10 * vg.Inch
	height = 6 * vg.Inch
)

// Formats are the formats a chart can be written in, named as the
// extensions of their files.
var Formats = []string{"svg", "png"}

// Format returns the format of a chart file named path ("svg" or "png"),
// from its extension, or an error that names the formats.
func Format(path string) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	for _, f := range Formats {
		if ext == f {
			return f, nil
		}
	}
	return "", fmt.Errorf("%s: a chart file must end in .svg or .png", path)
}

// Check reports whether a chart can be saved at path: a known format, in a
// folder that exists. Commands call it before their work, so that a wrong
// path is told at once.
func Check(path string) error {
	if _, err := Format(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s: the folder %s does not exist", path, dir)
		}
		return fmt.Errorf("%s: %v", path, err)
	}
	if !info.IsDir() {
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	}
	return nil
}

// Write draws the chart titled title in format ("svg" or "png") on w.
func Write(w io.Writer, format, title string, series []Series) error {
	if len(series) == 0 {
		return errors.New("no series to draw")
	}
	p, err := newPlot(title, series)
	if err != nil {
		return err
	}
	c, err := draw.NewFormattedCanvas(width, height, format)
	if err != nil {
		return err
	}
	p.Draw(draw.New(c))
	_, err = c.WriteTo(w)
	return err
}

// Save writes the chart to the file path, in the format of its extension.
// The file appears whole or not at all: the chart is written to a temporary
// file in the same folder, then renamed.
func Save(path, title string, series []Series) (err error) {
	format, err := Format(path)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := Write(f, format, title, series); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// sans is the font of the charts.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// newPlot lays out the bars: a group per number of guesses, a bar per
// series in each group, its height written above it.
func newPlot(title string, series []Series) (*plot.Plot, error) {
	guesses, most := 0, 0
	for _, s := range series {
		guesses = max(guesses, len(s.Histogram)-1)
		for g := 1; g < len(s.Histogram); g++ {
			most = max(most, s.Histogram[g])
		}
	}
	if guesses < 1 || most == 0 {
		return nil, errors.New("no secrets to draw")
	}
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(sans, 14)
	p.Title.Padding = vg.Points(10)
	p.X.Label.Text = "guesses"
	p.Y.Label.Text = "secrets"
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, 12)
		a.Tick.Label.Font = font.From(sans, 11)
	}
	p.Legend.TextStyle.Font = font.From(sans, 12)
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.XOffs = vg.Points(12)
	p.Legend.YOffs = -vg.Points(6)
	p.Legend.Padding = vg.Points(4)
	p.Legend.ThumbnailWidth = vg.Points(18)
	p.Add(plotter.NewGrid())

	// The groups share about 75% of the data area's width.
	group := 0.75 * float64(width-1.2*vg.Inch) / float64(guesses)
	bar := vg.Length(group / float64(len(series)))
	// Each bar's height is written above it, across when it fits, else
	// upwards.
	digits := len(strconv.Itoa(most))
	size := min(10, max(6, float64(bar)*0.45))
	upwards := 0.6*size*float64(digits) > 0.95*float64(bar)
	if upwards {
		size = min(9, max(7, float64(bar)*0.75))
	}
	labelFont := font.From(sans, vg.Points(size))
	labelHeight := size + 4
	if upwards {
		labelHeight = 0.6*size*float64(digits) + 6
	}
	for i, s := range series {
		values := make(plotter.Values, guesses)
		labels := make([]string, guesses)
		xys := make(plotter.XYs, guesses)
		for g := range values {
			if g+1 < len(s.Histogram) {
				values[g] = float64(s.Histogram[g+1])
			}
			labels[g] = strconv.Itoa(int(values[g]))
			xys[g] = plotter.XY{X: float64(g), Y: values[g]}
		}
		bars, err := plotter.NewBarChart(values, bar)
		if err != nil {
			return nil, err
		}
		bars.Color = plotutil.Color(i)
		bars.LineStyle.Width = 0
		bars.Offset = vg.Length(float64(i)-float64(len(series)-1)/2) * bar
		p.Add(bars)
		p.Legend.Add(fmt.Sprintf("%s (average %.3f)", s.Name, s.Average), bars)

		heights, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
		if err != nil {
			return nil, err
		}
		for j := range heights.TextStyle {
			st := &heights.TextStyle[j]
			st.Font = labelFont
			st.XAlign, st.YAlign = text.XCenter, text.YBottom
			if upwards {
				st.Rotation = math.Pi / 2
				st.XAlign, st.YAlign = text.XLeft, text.YCenter
			}
		}
		heights.Offset = vg.Point{X: bars.Offset, Y: vg.Points(2)}
		p.Add(heights)
	}
	names := make([]string, guesses)
	for g := range names {
		names[g] = strconv.Itoa(g + 1)
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(guesses)-0.5
	// Room above the bars for their heights, and for the legend above the
	// groups it covers: a line of about 16 points per series in the
	// roughly 380 points of the data area's height, and about 6.5 points
	// a character of its longest line across.
	legend := 0
	for _, s := range series {
		legend = max(legend, len(s.Name)+len(" (average 0.000)"))
	}
	covered := min(guesses, int(math.Ceil((6.5*float64(legend)+40)/group)))
	under := 0
	for _, s := range series {
		for g := 1; g <= covered && g < len(s.Histogram); g++ {
			under = max(under, s.Histogram[g])
		}
	}
	room := min(0.6, (16*float64(len(series))+30)/380)
	p.Y.Min, p.Y.Max = 0, max(float64(most)/(1-labelHeight/380), float64(under)/(1-room))
	p.Y.Tick.Marker = countTicks{}
	return p, nil
}

// countTicks marks counts: whole numbers only, at a round step (1, 2 or 5
// times a power of ten) that makes 4 to 10 major ticks.
type countTicks struct{}

// Ticks returns the ticks between min and max.
func (countTicks) Ticks(min, max float64) []plot.Tick {
	step := 1.0
	for max/step > 10 {
		switch s := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9)); {
		case s < 1.5:
			step *= 2
		case s < 3:
			step = step / 2 * 5
		default:
			step *= 2
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(min/step) * step; v <= max; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
	}
	return ticks
}
