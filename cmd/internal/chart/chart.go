// Package chart draws the figures of strategies as a bar chart: how many
// secrets each strategy finds in 1, 2, 3, ... guesses, a series of bars per
// strategy, its average in the legend. Charts are SVG or PNG, laid out here
// once (layout) and drawn by either backend (svgCanvas, pngCanvas).
package chart

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
)

// A Series is the figures of one strategy.
type Series struct {
	Name      string  // the strategy
	Average   float64 // guesses per secret
	Histogram []int   // Histogram[i] secrets take exactly i guesses; Histogram[0] is not drawn
}

// The size of a chart in pixels (10 by 6 inches at 96 per inch).
const (
	width  = 960
	height = 576
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

// Write draws the chart titled title in format ("svg" or "png") on w.
func Write(w io.Writer, format, title string, series []Series) error {
	if len(series) == 0 {
		return errors.New("no series to draw")
	}
	var c canvas
	switch format {
	case "svg":
		c = newSVG()
	case "png":
		p, err := newPNG()
		if err != nil {
			return err
		}
		c = p
	default:
		return fmt.Errorf("unknown chart format %q: want svg or png", format)
	}
	if err := layout(c, title, series); err != nil {
		return err
	}
	return c.writeTo(w)
}

// An anchor says which point of a text its position is.
type anchor int

const (
	start  anchor = iota // the left end of the baseline
	middle               // the middle of the baseline
	end                  // the right end of the baseline
)

// A canvas is what layout draws on: rectangles and lines of text, in
// pixels from the top left corner.
type canvas interface {
	// rect fills the rectangle of corner (x, y), width w and height h.
	rect(x, y, w, h float64, c color.RGBA)
	// text writes s in size pixels at (x, y) as anchor says; when up, it
	// runs upwards, (x, y) then being its start, on the left of its
	// baseline.
	text(x, y float64, s string, size float64, a anchor, up bool)
	// measure returns the width of s in size pixels.
	measure(s string, size float64) float64
	// writeTo writes the drawing in its format.
	writeTo(w io.Writer) error
}

// palette holds the colours of the series, soft ones that print well.
var palette = []color.RGBA{
	{241, 90, 96, 255},
	{122, 195, 106, 255},
	{90, 155, 212, 255},
	{250, 167, 91, 255},
	{158, 103, 171, 255},
	{206, 112, 88, 255},
	{215, 127, 180, 255},
}

var (
	black = color.RGBA{0, 0, 0, 255}
	grid  = color.RGBA{220, 220, 220, 255}
)

// Type sizes in pixels.
const (
	titleSize  = 19
	labelSize  = 16
	tickSize   = 15
	legendSize = 16
)

// layout draws the chart on c: a group of bars per number of guesses, a bar
// per series in each group, its height written above it; the legend in the
// top left corner, above the bars it covers.
func layout(c canvas, title string, series []Series) error {
	guesses, most := 0, 0
	for _, s := range series {
		guesses = max(guesses, len(s.Histogram)-1)
		for g := 1; g < len(s.Histogram); g++ {
			most = max(most, s.Histogram[g])
		}
	}
	if guesses < 1 || most == 0 {
		return errors.New("no secrets to draw")
	}
	c.rect(0, 0, width, height, color.RGBA{255, 255, 255, 255})

	// The data area; its left margin makes room for the longest count.
	top, bottom := 44.0, float64(height-52)
	right := float64(width - 16)
	left := 34 + c.measure(strconv.Itoa(10*most), tickSize)
	areaW, areaH := right-left, bottom-top
	c.text(width/2, 26, title, titleSize, middle, false)
	c.text((left+right)/2, height-10, "guesses", labelSize, middle, false)
	c.text(22, (top+bottom)/2+c.measure("secrets", labelSize)/2, "secrets", labelSize, start, true)

	// The groups share 75% of the width; each bar's height is written above
	// it, across when it fits, else upwards.
	group := areaW / float64(guesses)
	bar := 0.75 * group / float64(len(series))
	digits := c.measure(strconv.Itoa(most), 1)
	size := math.Min(13, 0.85*bar/digits)
	upwards := size < 9
	if upwards {
		size = math.Min(12, math.Max(9, bar*0.9))
	}
	labelHeight := size + 5
	if upwards {
		labelHeight = digits*size + 8
	}

	// The legend: a line per series, and room above the bars it covers.
	const line, swatch, pad = 22.0, 26.0, 14.0
	legend := 0.0
	names := make([]string, len(series))
	for i, s := range series {
		names[i] = fmt.Sprintf("%s (average %.3f)", s.Name, s.Average)
		legend = max(legend, c.measure(names[i], legendSize))
	}
	covered := min(guesses, int(math.Ceil((pad+swatch+8+legend)/group)))
	under := 0
	for _, s := range series {
		for g := 1; g <= covered && g < len(s.Histogram); g++ {
			under = max(under, s.Histogram[g])
		}
	}
	legendH := pad + line*float64(len(series))
	ymax := max(float64(most)/(1-labelHeight/areaH), float64(under)/(1-math.Min(0.6, (legendH+8)/areaH)))
	y := func(v float64) float64 { return bottom - v/ymax*areaH }

	// Grid, ticks and axes.
	for _, v := range countTicks(ymax) {
		c.rect(left, math.Round(y(v)), areaW, 1, grid)
		c.rect(left-6, math.Round(y(v)), 6, 1, black)
		c.text(left-10, y(v)+tickSize*0.35, strconv.FormatFloat(v, 'f', 0, 64), tickSize, end, false)
	}
	for g := range guesses {
		x := math.Round(left + (float64(g)+0.5)*group)
		c.rect(x, top, 1, areaH, grid)
		c.rect(x, bottom, 1, 6, black)
		c.text(x, bottom+22, strconv.Itoa(g+1), tickSize, middle, false)
	}
	c.rect(left-1, top, 1, areaH+1, black)
	c.rect(left-1, bottom, areaW+1, 1, black)

	// The bars and their heights.
	for i, s := range series {
		colour := palette[i%len(palette)]
		offset := (float64(i) - float64(len(series)-1)/2) * bar
		for g := 1; g <= guesses; g++ {
			n := 0
			if g < len(s.Histogram) {
				n = s.Histogram[g]
			}
			x := left + (float64(g)-0.5)*group + offset - bar/2
			c.rect(x, y(float64(n)), bar, bottom-y(float64(n)), colour)
			label := strconv.Itoa(n)
			if upwards {
				c.text(x+bar/2+size*0.35, y(float64(n))-4, label, size, start, true)
			} else {
				c.text(x+bar/2, y(float64(n))-4, label, size, middle, false)
			}
		}
	}
	for i := range series {
		ly := top + pad + line*float64(i)
		c.rect(left+pad, ly, swatch, line-5, palette[i%len(palette)])
		c.text(left+pad+swatch+8, ly+legendSize*0.85, names[i], legendSize, start, false)
	}
	return nil
}

// countTicks returns the ticks of counts from 0 to at most ymax: whole
// numbers at a round step (1, 2 or 5 times a power of ten) that makes 4 to
// 10 major ticks.
func countTicks(ymax float64) []float64 {
	step := 1.0
	for ymax/step > 10 {
		switch s := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9)); {
		case s < 1.5:
			step *= 2
		case s < 3:
			step = step / 2 * 5
		default:
			step *= 2
		}
	}
	var ticks []float64
	for v := 0.0; v <= ymax; v += step {
		ticks = append(ticks, v)
	}
	return ticks
}
