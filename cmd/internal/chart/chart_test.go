package chart

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// classic are Knuth's minimax figures on classic Mastermind (1976) and a
// made-up second series of another length.
var classic = []Series{
	{Name: "minimax", Average: 4.476, Histogram: []int{0, 1, 6, 62, 533, 694}},
	{Name: "other", Average: 4.5, Histogram: []int{0, 1, 5, 60, 500, 700, 30}},
}

func TestWriteSVG(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "svg", "classic: secrets by number of guesses", classic); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	root := ""
	var texts []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" {
				texts = append(texts, s)
			}
		}
	}
	if root != "svg" {
		t.Errorf("root element %q, want svg", root)
	}
	for _, want := range []string{"classic: secrets by number of guesses", "guesses", "secrets",
		"minimax (average 4.476)", "other (average 4.500)", "694", "6"} {
		if !slices.Contains(texts, want) {
			t.Errorf("the SVG has no text %q", want)
		}
	}
}

func TestWritePNG(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "png", "classic", classic); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 600 || b.Dy() < 400 {
		t.Errorf("the PNG is %dx%d, want at least 600x400", b.Dx(), b.Dy())
	}
}

func TestRefusals(t *testing.T) {
	for _, path := range []string{"c.gif", "c", "dir.png/c"} {
		if _, err := Format(path); err == nil || !strings.Contains(err.Error(), "must end in .svg or .png") {
			t.Errorf("Format(%s) = %v, want an error naming the formats", path, err)
		}
	}
	if f, err := Format("c.SVG"); err != nil || f != "svg" {
		t.Errorf("Format(c.SVG) = %q, %v", f, err)
	}
	for _, series := range [][]Series{nil, {{Name: "x"}}, {{Name: "x", Histogram: []int{0}}}, {{Name: "x", Histogram: []int{0, 0}}}} {
		if err := Write(io.Discard, "svg", "t", series); err == nil {
			t.Errorf("Write(%v) of no secrets succeeded", series)
		}
	}
}

func TestCountTicks(t *testing.T) {
	tests := []struct {
		max  float64
		want []float64
	}{
		{5.5, []float64{0, 1, 2, 3, 4, 5}},
		{25, []float64{0, 5, 10, 15, 20, 25}},
		{800, []float64{0, 100, 200, 300, 400, 500, 600, 700, 800}},
		{2600, []float64{0, 500, 1000, 1500, 2000, 2500}},
	}
	for _, tt := range tests {
		if got := countTicks(tt.max); !slices.Equal(got, tt.want) {
			t.Errorf("countTicks(%v) = %v, want %v", tt.max, got, tt.want)
		}
	}
}

// TestBarHeights checks the layout: the bars of a series, the first
// rectangles of its colour in the SVG, stand on one line, are as high as
// their counts in proportion, and each group's bars are side by side.
func TestBarHeights(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "svg", "t", classic); err != nil {
		t.Fatal(err)
	}
	type rect struct{ x, y, w, h float64 }
	rects := map[string][]rect{}
	dec := xml.NewDecoder(&b)
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if el, ok := tok.(xml.StartElement); ok && el.Name.Local == "rect" {
			var r rect
			var fill string
			for _, a := range el.Attr {
				v, _ := strconv.ParseFloat(a.Value, 64)
				switch a.Name.Local {
				case "x":
					r.x = v
				case "y":
					r.y = v
				case "width":
					r.w = v
				case "height":
					r.h = v
				case "fill":
					fill = a.Value
				}
			}
			rects[fill] = append(rects[fill], r)
		}
	}
	const guesses = 6 // the longer series' histogram
	var firsts [2][]rect
	for i, s := range classic {
		c := palette[i]
		fill := fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
		got := rects[fill]
		if len(got) != guesses+1 {
			t.Fatalf("series %d: %d rectangles of %s, want %d bars and a swatch", i, len(got), fill, guesses+1)
		}
		bars := got[:guesses]
		firsts[i] = bars
		// The scale: pixels per secret, from the tallest bar.
		most, tallest := 0, 0.0
		for g, r := range bars {
			if g+1 < len(s.Histogram) && s.Histogram[g+1] > most {
				most, tallest = s.Histogram[g+1], r.h
			}
		}
		for g, r := range bars {
			want := 0.0
			if g+1 < len(s.Histogram) {
				want = float64(s.Histogram[g+1]) / float64(most) * tallest
			}
			if math.Abs(r.h-want) > 0.2 {
				t.Errorf("series %d, %d guesses: bar %.1f high, want %.1f", i, g+1, r.h, want)
			}
			if base := r.y + r.h; math.Abs(base-(bars[0].y+bars[0].h)) > 0.2 {
				t.Errorf("series %d, %d guesses: bar ends at %.1f, not on the axis", i, g+1, base)
			}
		}
	}
	for g := range guesses {
		a, b := firsts[0][g], firsts[1][g]
		if math.Abs(a.x+a.w-b.x) > 0.2 || a.w != b.w {
			t.Errorf("%d guesses: bars at %.1f+%.1f and %.1f+%.1f are not side by side", g+1, a.x, a.w, b.x, b.w)
		}
	}
}
